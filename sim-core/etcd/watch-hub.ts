// The member's live watch streams (api/v3rpc/watch.go serverWatchStream over
// mvcc/watchable_store.go): each client stream's watchers, caught up from history when
// created (unsynced) and then fed every applied write txn (synced). A stream lives on
// the member that created it; when that member dies the client must create it again
// elsewhere from the revision after the last one it saw, as clientv3 does.
import type { ProcessContext } from '../kernel';
import { etcdErrors } from './errors';
import { batchByRevision, catchUp, eventsFor, makeWatcher, type KeyRecord, type MvccStore, type Watcher } from './mvcc';
import type { ResponseHeader, WatchCreateRequest, WatchResponse } from './types';
import type { EtcdWire } from './wire';

interface Stream {
  client: string;
  /** the client's request number that created the watch; every response carries it */
  cid: number;
  watcher: Watcher;
  /** created with clientv3.WithRequireLeader: canceled when its member has gone without a leader too long */
  requireLeader: boolean;
}


function response(h: ResponseHeader, watchId: number, fields: Partial<WatchResponse>): WatchResponse {
  return { header: h, watch_id: watchId, created: false, canceled: false, compact_revision: 0, cancel_reason: '', events: [], ...fields };
}

/**
 * A stream that ends in an error rather than a cancel response (no leader) reaches the
 * watcher as the response clientv3 makes up for it, with an empty header.
 */
const CLOSED_HEADER: ResponseHeader = { cluster_id: 0n, member_id: 0n, revision: 0, raft_term: 0 };

export class WatchHub {
  private readonly streams = new Map<number, Stream>();
  private nextId = 1;

  get size(): number {
    return this.streams.size;
  }

  create(ctx: ProcessContext<EtcdWire>, client: string, cid: number, req: WatchCreateRequest, store: MvccStore, h: ResponseHeader, requireLeader = false): void {
    const id = this.nextId++;
    const watcher = makeWatcher(id, req, store.currentRev);
    ctx.send(client, { kind: 'watch', cid, resp: response(h, id, { created: true }) });
    const evs = catchUp(store, watcher);
    if (evs === 'compacted') {
      ctx.send(client, { kind: 'watch', cid, resp: response(h, id, { canceled: true, compact_revision: store.compactRev }) });
      return;
    }
    this.streams.set(id, { client, cid, watcher, requireLeader });
    for (const events of batchByRevision(evs)) ctx.send(client, { kind: 'watch', cid, resp: response(h, id, { events }) });
  }

  cancel(ctx: ProcessContext<EtcdWire>, client: string, watchId: number, h: ResponseHeader): void {
    const s = this.streams.get(watchId);
    if (s === undefined || s.client !== client) return;
    this.streams.delete(watchId);
    ctx.send(client, { kind: 'watch', cid: s.cid, resp: response(h, watchId, { canceled: true }) });
  }

  /**
   * A stream refused before it was made (the gRPC interceptor's ErrGRPCNoLeader for a
   * require-leader stream): the client closes the watch with the error, as canceled.
   */
  refuse(ctx: ProcessContext<EtcdWire>, client: string, cid: number, reason: string): void {
    ctx.send(client, { kind: 'watch', cid, resp: response(CLOSED_HEADER, 0, { canceled: true, cancel_reason: reason, closed: true }) });
  }

  /** monitorLeader: the member has had no leader for three election timeouts, so every require-leader stream is canceled. */
  cancelRequireLeader(ctx: ProcessContext<EtcdWire>): void {
    for (const [id, s] of this.streams) {
      if (!s.requireLeader) continue;
      this.streams.delete(id);
      ctx.send(s.client, { kind: 'watch', cid: s.cid, resp: response(CLOSED_HEADER, id, { canceled: true, cancel_reason: etcdErrors.noLeader.message, closed: true }) });
    }
  }

  /**
   * The member was removed from the cluster and stops serving (a real one exits): the
   * clients of its require-leader streams — the terminal's etcdctl — lose their connection.
   * The API server's streams are left as they were: it finds out through its requests.
   */
  closeRequireLeader(ctx: ProcessContext<EtcdWire>): void {
    const clients = new Set<string>();
    for (const [id, s] of this.streams) {
      if (!s.requireLeader) continue;
      this.streams.delete(id);
      clients.add(s.client);
    }
    for (const client of clients) ctx.send(client, { kind: 'closed' });
  }

  /** One applied write txn: send each matching watcher its events. */
  notify(ctx: ProcessContext<EtcdWire>, changes: readonly KeyRecord[], compactRev: number, h: ResponseHeader): void {
    if (this.streams.size === 0) return;
    // every stream looks at every write: nothing is allocated for one that wants none of it
    for (const s of this.streams.values()) {
      const events = eventsFor(s.watcher, changes, compactRev);
      if (events !== undefined) ctx.send(s.client, { kind: 'watch', cid: s.cid, resp: response(h, s.watcher.id, { events }) });
    }
  }

  /** After a snapshot replaced the store, every watcher is unsynced again and catches up. */
  afterRestore(ctx: ProcessContext<EtcdWire>, store: MvccStore, h: ResponseHeader): void {
    for (const [id, s] of this.streams) {
      const evs = catchUp(store, s.watcher);
      if (evs === 'compacted') {
        this.streams.delete(id);
        ctx.send(s.client, { kind: 'watch', cid: s.cid, resp: response(h, id, { canceled: true, compact_revision: store.compactRev }) });
        continue;
      }
      for (const events of batchByRevision(evs)) ctx.send(s.client, { kind: 'watch', cid: s.cid, resp: response(h, id, { events }) });
    }
  }

  clear(): void {
    this.streams.clear();
  }
}
