// Kubernetes API objects as the API server stores them in etcd: JSON under
// /registry/<resource>/<namespace>/<name>, with the few historical exceptions of the
// real storage layout (kubernetes/kubernetes pkg/registry/*/storage: Services under
// services/specs, Endpoints under services/endpoints, Nodes under minions).
import type { KeyValue } from '../etcd/types';
import type { LabelSelector } from './goals';
import { selectorMatches as kindsSelectorMatches } from '../apiserver/kinds/labelSelector';
import type { ClusterView } from './view';

const STORAGE_PREFIX: Record<string, string> = {
  services: '/registry/services/specs/',
  endpoints: '/registry/services/endpoints/',
  nodes: '/registry/minions/',
};

/** Resources that live outside namespaces: their key is /registry/<resource>/<name>. */
const CLUSTER_SCOPED = new Set(['nodes', 'namespaces', 'persistentvolumes', 'clusterroles', 'clusterrolebindings', 'storageclasses', 'priorityclasses']);

/** The etcd prefix holding a resource's objects, narrowed to a namespace when it has one. */
export function resourcePrefix(resource: string, namespace?: string): string {
  const base = STORAGE_PREFIX[resource] ?? `/registry/${resource}/`;
  return namespace === undefined || CLUSTER_SCOPED.has(resource) ? base : `${base}${namespace}/`;
}

export function objectKey(resource: string, namespace: string, name: string): string {
  return CLUSTER_SCOPED.has(resource) ? `${resourcePrefix(resource)}${name}` : `${resourcePrefix(resource, namespace)}${name}`;
}

export interface StoredObject {
  kv: KeyValue;
  /** namespace/name as kubectl prints it, or just the name when cluster-scoped */
  name: string;
  object: Record<string, unknown>;
}

/** Every stored object of a resource (values that are not JSON objects are skipped). */
export function listObjects(view: ClusterView, resource: string, namespace?: string): StoredObject[] {
  const prefix = resourcePrefix(resource, namespace);
  const base = resourcePrefix(resource);
  const out: StoredObject[] = [];
  for (const kv of view.range(prefix)) {
    const object = view.json(kv);
    if (object !== undefined) out.push({ kv, name: kv.key.slice(base.length), object });
  }
  return out;
}

export function getObject(view: ClusterView, resource: string, namespace: string, name: string): StoredObject | undefined {
  const kv = view.get(objectKey(resource, namespace, name));
  const object = kv === undefined ? undefined : view.json(kv);
  return kv === undefined || object === undefined ? undefined : { kv, name: `${namespace}/${name}`, object };
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function field(object: Record<string, unknown>, ...path: string[]): unknown {
  let cur: unknown = object;
  for (const p of path) {
    const r = record(cur);
    if (r === undefined || !Object.hasOwn(r, p)) return undefined;
    cur = r[p];
  }
  return cur;
}

export function metadataName(object: Record<string, unknown>): string | undefined {
  const n = field(object, 'metadata', 'name');
  return typeof n === 'string' ? n : undefined;
}

export function uidOf(object: Record<string, unknown>): string | undefined {
  const u = field(object, 'metadata', 'uid');
  return typeof u === 'string' ? u : undefined;
}

export function labelsOf(object: Record<string, unknown>): Record<string, string> {
  const labels = record(field(object, 'metadata', 'labels')) ?? {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The uids this object's ownerReferences name with the given kind. */
export function ownerUids(object: Record<string, unknown>, kind: string): string[] {
  const refs = field(object, 'metadata', 'ownerReferences');
  if (!Array.isArray(refs)) return [];
  return refs.flatMap((r) => {
    const ref = record(r);
    return ref !== undefined && ref.kind === kind && typeof ref.uid === 'string' ? [ref.uid] : [];
  });
}

/**
 * metav1.LabelSelector semantics, as the API server applies them (apiserver/kinds); a
 * goal that names no selector selects every object.
 */
export function selectorMatches(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  return selector === undefined || kindsSelectorMatches(selector, labels);
}

/** A Pod is ready when it is Running and its Ready condition is True (kubectl's READY column). */
export function podIsReady(pod: Record<string, unknown>): boolean {
  if (field(pod, 'status', 'phase') !== 'Running') return false;
  const conditions = field(pod, 'status', 'conditions');
  return Array.isArray(conditions) && conditions.some((c) => record(c)?.type === 'Ready' && record(c)?.status === 'True');
}

export function podPhase(pod: Record<string, unknown>): string {
  const p = field(pod, 'status', 'phase');
  return typeof p === 'string' ? p : 'Pending';
}
