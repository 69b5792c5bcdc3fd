// A client watch of a resource that has no watch cache, served straight from etcd as
// k8s.io/apiserver storage/etcd3/watcher.go does: one etcd watch per client watch, on the
// resource's key prefix (narrowed to the namespace when the watch names one). kube-apiserver
// keeps no watch cache for Events (pkg/kubeapiserver/default_storage_factory_builder.go:
// DefaultWatchCacheSizes sets `events` to 0), so nobody pays for decoding an Event unless a
// client watches Events.
// - resourceVersion '' or '0': the current state first, as ADDED events (watcher.go's sync:
//   a Get of the prefix), then every change after the Get's revision;
// - any other resourceVersion: the changes after it; one etcd has compacted ends the watch
//   with 410 Gone "The resourceVersion for the provided watch is too old." (interpretWatchError).
// Selectors filter as the cacher's do, with the previous object for transitions.
import { statusError, type KubeObject, type Status, type WatchEvent as ApiWatchEvent } from '../../client';
import type { WatchEvent as EtcdEvent } from '../../etcd/types';
import type { KindDefinition } from '../kinds';
import type { EtcdConnection } from './etcdConnection';
import type { Ctx } from './handlerEnv';
import { storageFailure } from './handlerEnv';
import { decodeAt } from './objectCodec';
import { statusWithCode } from './statuses';
import { prefixEnd, type Storage } from './storage';
import { filterEvent, parseWatchResourceVersion } from './watchCache';

export interface EtcdWatchRequest {
  def: KindDefinition;
  resourceVersion: string;
  namespace: string | undefined;
  /** the watch's label and field selectors; absent = everything */
  matches?: (obj: KubeObject) => boolean;
  /** deliver one event (or the ERROR that ends the watch) */
  send: (event: ApiWatchEvent) => void;
}

/** interpretWatchError: what a watch from a compacted revision ends with. */
export function watchExpired(): Status {
  return statusError('Expired', 'The resourceVersion for the provided watch is too old.');
}

/** A running watch; `cancel` stops it (the client went away). */
export interface EtcdClientWatch {
  cancel(): void;
}

/**
 * Start the watch; returns it, or the Status the request is refused with (a resourceVersion
 * that is not a number). Errors after the start arrive through `send` as an ERROR event.
 */
export function watchFromEtcd(ctx: Ctx, etcd: EtcdConnection, storage: Storage, req: EtcdWatchRequest): EtcdClientWatch | Status {
  const rv = parseWatchResourceVersion(req.resourceVersion);
  if (typeof rv !== 'number') return rv;
  const { def, send } = req;
  const prefix = def.namespaced && req.namespace !== undefined && req.namespace !== '' ? `${def.etcdPrefix}/${req.namespace}/` : `${def.etcdPrefix}/`;
  let canceled = false;
  let stream: number | undefined;
  /** the last revision delivered: a stream re-created on another member resumes after it */
  let seen = rv;
  /** End the watch with an error; `etcdEnded`: etcd canceled the stream itself, so it need not be told. */
  const end = (status: Status, etcdEnded: boolean): void => {
    if (canceled) return;
    canceled = true;
    if (stream !== undefined) etcd.cancelWatch(stream, etcdEnded ? undefined : ctx);
    send({ type: 'ERROR', status });
  };
  const start = (): void => {
    stream = etcd.watch(ctx, { key: prefix, range_end: prefixEnd(prefix), prev_kv: true }, () => seen + 1, (resp) => {
      if (canceled) return;
      if (resp.canceled) return end(resp.compact_revision > 0 ? watchExpired() : statusWithCode('InternalError', 500, resp.cancel_reason), true);
      for (const ev of resp.events) {
        if (ev.kv.mod_revision <= seen) continue; // a resumed stream repeating what was sent
        seen = ev.kv.mod_revision;
        const out = toApiEvent(ev, req.matches);
        if (out !== undefined) send(out);
      }
    });
  };
  if (rv > 0) start();
  else
    storage.list(ctx, prefix, (r) => {
      if (canceled) return;
      if (!r.ok) return end(storageFailure(r.error), false);
      for (const kv of r.value.kvs) {
        const obj = decodeAt(kv.value, kv.mod_revision);
        if (obj !== undefined && (req.matches?.(obj) ?? true)) send({ type: 'ADDED', object: obj });
      }
      seen = r.value.revision;
      start();
    });
  return {
    cancel(): void {
      canceled = true;
      if (stream !== undefined) etcd.cancelWatch(stream, ctx);
    },
  };
}

/** An etcd PUT/DELETE (with prev_kv) as the watch event a client with these selectors sees. */
function toApiEvent(ev: EtcdEvent, matches: ((obj: KubeObject) => boolean) | undefined): ApiWatchEvent | undefined {
  const rev = ev.kv.mod_revision;
  if (ev.type === 'DELETE') {
    // a DELETED event carries the object's last state at the delete's revision (and is its own previous state)
    const last = ev.prev_kv === undefined ? undefined : decodeAt(ev.prev_kv.value, rev);
    return last === undefined ? undefined : filterEvent(matches, { type: 'DELETED', object: last }, last);
  }
  const object = decodeAt(ev.kv.value, rev);
  if (object === undefined) return undefined;
  // the previous object matters only to a filtered watch's transitions
  const prev = ev.prev_kv === undefined || matches === undefined ? undefined : decodeAt(ev.prev_kv.value, ev.prev_kv.mod_revision);
  return filterEvent(matches, { type: ev.kv.create_revision === rev ? 'ADDED' : 'MODIFIED', object }, prev);
}
