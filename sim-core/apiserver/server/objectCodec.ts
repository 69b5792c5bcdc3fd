// How objects are stored: JSON text under the /registry key (real clusters store most
// built-in kinds as protobuf; the course stores JSON so learners can read it with
// etcdctl). metadata.resourceVersion is never stored: it is the key's mod_revision, set
// on the way out, as storage/etcd3's versioner does.
import type { KubeObject } from '../../client';
import type { KeyValue } from '../../etcd/types';

export function encodeObject(obj: KubeObject): string {
  // nothing to leave out (a create, a spec update): the object as it is
  if (obj.metadata !== undefined && obj.metadata.resourceVersion === undefined) return JSON.stringify(obj);
  const meta = { ...(obj.metadata ?? {}) };
  delete meta.resourceVersion;
  return JSON.stringify({ ...obj, metadata: meta });
}

/** The stored object at `revision` (its mod_revision, or a delete's revision). */
export function decodeAt(value: string, revision: number): KubeObject | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined; // a key someone wrote with etcdctl put: not an object the API server can serve
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const obj = parsed as KubeObject;
  const m: unknown = obj.metadata;
  // the parse made this metadata: set the version in it (appended, as the text has none),
  // rather than copying it; anything but a JSON object (hand-written keys) gets a new one
  if (typeof m === 'object' && m !== null && !Array.isArray(m)) (m as { resourceVersion?: string }).resourceVersion = String(revision);
  else obj.metadata = { ...((m ?? {}) as object), resourceVersion: String(revision) };
  return obj;
}

export function decodeKv(kv: KeyValue): KubeObject | undefined {
  return decodeAt(kv.value, kv.mod_revision);
}
