// Proposals waiting to go into Raft. etcd's raft node does not accept proposals while
// no leader is known (node.run stops reading propc), so callers block until their
// context ends; here they wait in this queue, and one whose caller gave up is dropped
// unproposed. Requests queued during one tick are proposed together as one entry
// (etcd batches at the transport and WAL instead; one entry per tick keeps the log
// short under load while a lone request still gets an entry of its own).
import type { ConfChange, RaftNode } from '../raft';
import { encodeBatch, rememberDecoded, type ProposedEntry } from './entry-codec';

export type QueuedProposal =
  /** `waiter` is the request id a client waits on; '' = nobody waits (held until a leader appears) */
  /** `decoded`: what the entry text decodes to, when the proposer knows it (decodedForm) */
  | { kind: 'entry'; data: string; waiter: string; decoded?: ProposedEntry | undefined }
  | { kind: 'conf'; cc: ConfChange; waiter: string };

/** Stop adding requests to one entry past this many characters (raft's MaxSizePerMsg is 1 MiB). */
const MAX_BATCH_CHARS = 256 * 1024;

export class ProposalQueue {
  private items: QueuedProposal[] = [];

  push(p: QueuedProposal): void {
    this.items.push(p);
  }

  get size(): number {
    return this.items.length;
  }

  /** Forget proposals whose caller is gone. */
  prune(waiting: (waiter: string) => boolean): void {
    this.items = this.items.filter((p) => p.waiter === '' || waiting(p.waiter));
  }

  clear(): void {
    this.items = [];
  }

  /**
   * Propose everything in order; what Raft drops for want of a leader stays queued.
   * Callers prune before this whenever a waiter goes away unanswered (its deadline
   * passed, the member's only way to lose one that is still queued), so the queue holds
   * no abandoned proposal here and a tick's batch is not filtered twice.
   */
  flush(node: RaftNode): void {
    const q = this.items;
    this.items = [];
    let i = 0;
    while (i < q.length) {
      const item = q[i]!;
      let taken = 1;
      let r;
      if (item.kind === 'conf') r = node.proposeConfChange(item.cc);
      else {
        const batch: string[] = [];
        let decodedList: ProposedEntry[] | undefined = [];
        let chars = 0;
        for (let j = i; j < q.length && chars < MAX_BATCH_CHARS; j++) {
          const next = q[j]!;
          if (next.kind !== 'entry') break;
          batch.push(next.data);
          if (next.decoded === undefined) decodedList = undefined;
          else decodedList?.push(next.decoded);
          chars += next.data.length;
        }
        taken = batch.length;
        if (batch.length === 1 && item.decoded !== undefined) rememberDecoded(item.data, item.decoded);
        r = node.propose(batch.length === 1 ? batch[0]! : encodeBatch(batch, decodedList));
      }
      if (!r.ok && (r.error === 'proposal-dropped' || r.error === 'transfer-in-progress')) {
        this.items = q.slice(i);
        return;
      }
      // other refusals (a conf change already pending) leave the waiter to time out, as etcd does
      i += taken;
    }
  }
}
