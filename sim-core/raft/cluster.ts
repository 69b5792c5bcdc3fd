// A small Raft cluster on the kernel: N RaftMembers wired through the simulated network.
// The swarm test, the unit tests and the benchmark use it; the etcd layer has its own.
import { Kernel, type NetworkConfig } from '../kernel';
import { isBackgroundMessage } from './message';
import { RaftMember, memberAddress, type MemberOptions } from './member';
import type { ConfChange, RaftMessage } from './types';

export interface RaftClusterOptions {
  seed: number;
  size: number;
  network?: Partial<NetworkConfig>;
  traceCapacity?: number;
  member?: Omit<MemberOptions, 'id' | 'peers'>;
}

export class RaftCluster {
  readonly kernel: Kernel<RaftMessage>;
  readonly members = new Map<number, RaftMember>();
  private readonly memberOpts: Omit<MemberOptions, 'id' | 'peers'>;

  constructor(opts: RaftClusterOptions) {
    this.kernel = new Kernel<RaftMessage>({
      seed: opts.seed,
      ...(opts.network ? { network: opts.network } : {}),
      traceCapacity: opts.traceCapacity ?? 0,
      isBackground: isBackgroundMessage,
    });
    this.memberOpts = opts.member ?? {};
    const ids = Array.from({ length: opts.size }, (_, i) => i + 1);
    for (const id of ids) this.addMember(id, ids);
  }

  /** Create a member process; `peers` only for the bootstrap members of a new cluster. */
  addMember(id: number, peers?: readonly number[]): RaftMember {
    const m = new RaftMember({ ...this.memberOpts, id, ...(peers ? { peers } : {}) }, this.kernel.rng.child(`raft:${id}`));
    this.members.set(id, m);
    this.kernel.addProcess(m);
    return m;
  }

  member(id: number): RaftMember {
    const m = this.members.get(id);
    if (!m) throw new Error(`no member ${id}`);
    return m;
  }

  isUp(id: number): boolean {
    return this.kernel.isAlive(memberAddress(id));
  }

  /** Live members that currently believe they lead, with their terms. */
  leaders(): Array<{ id: number; term: number }> {
    const out: Array<{ id: number; term: number }> = [];
    for (const [id, m] of this.members) {
      if (!this.isUp(id) || !m.node) continue;
      const st = m.node.status();
      if (st.role === 'leader') out.push({ id, term: st.term });
    }
    return out;
  }

  /** The live leader with the highest term, if any. */
  leader(): number | undefined {
    const ls = this.leaders().sort((a, b) => b.term - a.term);
    return ls[0]?.id;
  }

  /** Run until some member is leader; returns it (or undefined after `cap` ticks). */
  waitForLeader(cap = 500): number | undefined {
    this.kernel.runUntil(() => this.leader() !== undefined, cap);
    return this.leader();
  }

  propose(id: number, data: string): boolean {
    const m = this.member(id);
    const ctx = this.kernel.contextOf(m.address);
    if (!ctx || !this.isUp(id)) return false;
    return m.propose(data, ctx);
  }

  proposeMany(id: number, data: readonly string[]): number {
    const m = this.member(id);
    const ctx = this.kernel.contextOf(m.address);
    if (!ctx || !this.isUp(id)) return 0;
    return m.proposeMany(data, ctx);
  }

  readIndex(id: number, requestCtx: string): boolean {
    const m = this.member(id);
    const ctx = this.kernel.contextOf(m.address);
    if (!ctx || !this.isUp(id)) return false;
    return m.readIndex(requestCtx, ctx);
  }

  proposeConfChange(id: number, cc: ConfChange): boolean {
    const m = this.member(id);
    const ctx = this.kernel.contextOf(m.address);
    if (!ctx || !this.isUp(id)) return false;
    return m.proposeConfChange(cc, ctx);
  }

  kill(id: number): void {
    this.kernel.kill(memberAddress(id));
  }

  restart(id: number): void {
    this.kernel.restart(memberAddress(id));
  }

  partition(groups: number[][]): void {
    this.kernel.network.partition(groups.map((g) => g.map(memberAddress)));
  }

  heal(): void {
    this.kernel.network.heal();
  }

  tick(n = 1): void {
    this.kernel.runTicks(n);
  }
}
