// The leader's view of each member (etcd-io/raft tracker/progress.go, inflights.go):
// nextIndex and matchIndex from Figure 2, plus the flow-control state etcd adds —
// probe (one MsgApp per heartbeat until the follower's position is known), replicate
// (pipelined MsgApps, at most maxInflight unacknowledged) and snapshot (waiting for a
// snapshot to be installed). docs: etcd-io/raft design.md "Progress".
import type { ProgressState, ProgressView } from './types';

/** The last index of each MsgApp sent and not yet acknowledged, oldest first. */
export class Inflights {
  private buf: number[] = [];
  private head = 0;
  constructor(readonly capacity: number) {}

  get count(): number {
    return this.buf.length - this.head;
  }

  full(): boolean {
    return this.count >= this.capacity;
  }

  add(last: number): void {
    if (this.full()) throw new Error('Inflights.add: full');
    this.buf.push(last);
  }

  /** Acknowledge every MsgApp whose last index is <= to. */
  freeLE(to: number): void {
    while (this.head < this.buf.length && (this.buf[this.head] as number) <= to) this.head++;
    if (this.head > 1024 && this.head * 2 > this.buf.length) {
      this.buf = this.buf.slice(this.head);
      this.head = 0;
    }
  }

  freeFirstOne(): void {
    if (this.count > 0) this.head++;
  }

  reset(): void {
    this.buf = [];
    this.head = 0;
  }
}

export class Progress {
  /** matchIndex (§5.3): highest index known to be replicated on the member; only grows while we lead */
  match = 0;
  /** nextIndex (§5.3): the next entry to send; match < next always */
  next: number;
  state: ProgressState = 'probe';
  /** in snapshot state: the index of the snapshot being sent */
  pendingSnapshot = 0;
  /** ticks spent in snapshot state (a lost MsgSnap is retried after an election timeout) */
  snapshotElapsed = 0;
  /** highest commitIndex the member has reported back (it piggybacks on MsgAppResp/MsgHeartbeatResp) */
  commitKnown = 0;
  /** heard from the member since the last CheckQuorum round */
  recentActive = false;
  /** in probe state: a MsgApp is out, wait for its answer or the next heartbeat response */
  probeSent = false;
  readonly inflights: Inflights;

  constructor(next: number, maxInflight: number) {
    this.next = next;
    this.inflights = new Inflights(maxInflight);
  }

  private resetState(state: ProgressState): void {
    this.probeSent = false;
    this.pendingSnapshot = 0;
    this.snapshotElapsed = 0;
    this.state = state;
    this.inflights.reset();
  }

  becomeProbe(): void {
    // after a snapshot, probing resumes after the snapshot's index
    if (this.state === 'snapshot') {
      const pending = this.pendingSnapshot;
      this.resetState('probe');
      this.next = Math.max(this.match + 1, pending + 1);
    } else {
      this.resetState('probe');
      this.next = this.match + 1;
    }
  }

  becomeReplicate(): void {
    this.resetState('replicate');
    this.next = this.match + 1;
  }

  becomeSnapshot(snapshotIndex: number): void {
    this.resetState('snapshot');
    this.pendingSnapshot = snapshotIndex;
  }

  /** An acknowledgement up to n arrived; returns whether matchIndex grew. */
  maybeUpdate(n: number): boolean {
    let updated = false;
    if (this.match < n) {
      this.match = n;
      updated = true;
      this.probeSent = false;
    }
    if (this.next < n + 1) this.next = n + 1;
    return updated;
  }

  /** Pipelining: assume the MsgApp ending at n will succeed. */
  optimisticUpdate(n: number): void {
    this.next = n + 1;
  }

  /**
   * A MsgApp with prevLogIndex `rejected` was refused; `matchHint` is where the follower's
   * log may match (fast backtracking). Returns false for a stale rejection.
   */
  maybeDecrTo(rejected: number, matchHint: number): boolean {
    if (this.state === 'replicate') {
      if (rejected <= this.match) return false; // stale: we already know it matches further
      this.next = this.match + 1;
      return true;
    }
    if (this.next - 1 !== rejected) return false; // stale: not the probe we sent last
    this.next = Math.max(Math.min(rejected, matchHint + 1), 1);
    this.probeSent = false;
    return true;
  }

  isPaused(): boolean {
    switch (this.state) {
      case 'probe':
        return this.probeSent;
      case 'replicate':
        return this.inflights.full();
      case 'snapshot':
        return true;
    }
  }

  view(): ProgressView {
    return { match: this.match, next: this.next, state: this.state, recentActive: this.recentActive, inflight: this.inflights.count };
  }
}

/** Majority of n voters: (n/2)+1 (§5.2). */
export function quorumSize(voters: number): number {
  return Math.floor(voters / 2) + 1;
}

/** The highest index replicated on a quorum: the quorum-th largest matchIndex. */
export function quorumMatch(matches: number[]): number {
  if (matches.length === 0) return 0;
  const sorted = matches.slice().sort((a, b) => b - a);
  return sorted[quorumSize(matches.length) - 1] as number;
}

export type VoteResult = 'won' | 'lost' | 'pending';

export function tallyVotes(voters: readonly number[], votes: ReadonlyMap<number, boolean>): VoteResult {
  let granted = 0;
  let rejected = 0;
  for (const id of voters) {
    const v = votes.get(id);
    if (v === true) granted++;
    else if (v === false) rejected++;
  }
  const q = quorumSize(voters.length);
  if (granted >= q) return 'won';
  if (voters.length - rejected < q) return 'lost';
  return 'pending';
}
