// What every verb handler works with: the process context of the request being served,
// the storage layer, and the reply it must call exactly once (with the etcd revision the
// request produced or read, for the trace).
import type { ProcessContext, Prng } from '../../kernel';
import type { ApiResult, FieldValidation, KubeObject, Status } from '../../client';
import type { EtcdError } from '../../etcd/types';
import { kindOfResource, type KindDefinition } from '../kinds';
import type { Storage } from './storage';
import type { WrittenObjects } from './writtenObjects';
import { etcdTimeout, internalError, unknownResource } from './statuses';
import type { ClusterWire } from './wire';
import type { CachedKv } from './watchCache';

export type Ctx = ProcessContext<ClusterWire>;

export type Reply = (result: ApiResult<unknown>, revision?: number) => void;

export interface HandlerEnv {
  ctx: Ctx;
  storage: Storage;
  reply: Reply;
  /** the namespace from the API server's own watch cache (admission reads it, not etcd); the cache's own object: read only */
  cachedNamespace?: (name: string) => Readonly<KubeObject> | undefined;
  /** clusterIPs and node ports this API server's Service creates in flight have claimed (withServiceAllocations) */
  serviceClaims?: { ips: Set<string>; ports: Set<number> };
  /** a key's value from the resource's watch cache (possibly stale): GuaranteedUpdate's first try */
  cachedKv?: (resource: string, key: string) => Readonly<CachedKv> | undefined;
  /** ?dryRun=All: `storage` writes nothing (DryRunStorage), and a created object gets no resourceVersion */
  dryRun?: boolean;
  /** where a write leaves what it encoded, for the resource's watch cache (writtenObjects.ts); absent: the resource has none */
  written?: WrittenObjects;
  /** the admission plugins' random stream (serviceAccountAdmission.ts); absent: the request's own ctx.rng */
  admissionRng?: Prng;
  /** the request's fieldValidation (create, update); absent: Strict */
  fieldValidation?: FieldValidation;
  /** the answer's warnings so far, sent with it (a Warn decode's dropped fields) */
  warnings?: string[];
  /**
   * The sender only reads the answer (RequestOptions.readsAnswerOnly): a write answers with
   * the object it hands the watch cache (writtenObjects.ts) instead of copying it for one
   * of them; the reply marks it read-only.
   */
  answerShared?: boolean;
}

export function definitionOf(resource: string): { ok: true; def: KindDefinition } | { ok: false; error: Status } {
  const def = kindOfResource(resource);
  return def === undefined ? { ok: false, error: unknownResource(resource) } : { ok: true, def };
}

export function keyOf(def: KindDefinition, namespace: string | undefined, name: string): string {
  return def.namespaced ? `${def.etcdPrefix}/${namespace ?? ''}/${name}` : `${def.etcdPrefix}/${name}`;
}

/** An etcd failure as the API server reports it (storage/errors: timeouts → 504). */
export function storageFailure(e: EtcdError): Status {
  return e.code === 'DeadlineExceeded' || e.code === 'Unavailable' ? etcdTimeout() : internalError(e.message);
}

export function fail(env: HandlerEnv, error: Status, revision?: number): void {
  env.reply({ ok: false, error }, revision);
}

export function succeed(env: HandlerEnv, value: KubeObject | unknown, revision: number): void {
  env.reply({ ok: true, value }, revision);
}

export function meta(obj: KubeObject): NonNullable<KubeObject['metadata']> {
  obj.metadata ??= {};
  return obj.metadata;
}
