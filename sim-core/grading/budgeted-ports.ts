// The terminal's ports, wrapped so no command can run the clock past the replay's tick
// budget: etcdctl's --command-timeout, `sim tick N` and `sim settle N` are all cut at the
// deadline (and the cut is noted, so the replay stops with a clear error).
import type { CallOptions, EtcdClientPort, MemberStatusRow, SimControlPort, SimResult } from '../cli/ports';
import type { Budget } from './caps';

export class BudgetedEtcdClient implements EtcdClientPort {
  constructor(
    private readonly inner: EtcdClientPort,
    private readonly budget: Budget,
    private readonly now: () => number,
  ) {}

  private cut(opts: CallOptions): CallOptions {
    return { ...opts, timeoutTicks: this.budget.allow(opts.timeoutTicks, this.now()) };
  }

  range: EtcdClientPort['range'] = (req, opts) => this.inner.range(req, this.cut(opts));
  put: EtcdClientPort['put'] = (req, opts) => this.inner.put(req, this.cut(opts));
  deleteRange: EtcdClientPort['deleteRange'] = (req, opts) => this.inner.deleteRange(req, this.cut(opts));
  txn: EtcdClientPort['txn'] = (req, opts) => this.inner.txn(req, this.cut(opts));
  compact: EtcdClientPort['compact'] = (req, opts) => this.inner.compact(req, this.cut(opts));
  watchSoFar: EtcdClientPort['watchSoFar'] = (req, opts) => this.inner.watchSoFar(req, this.cut(opts));
  leaseGrant: EtcdClientPort['leaseGrant'] = (req, opts) => this.inner.leaseGrant(req, this.cut(opts));
  leaseRevoke: EtcdClientPort['leaseRevoke'] = (id, opts) => this.inner.leaseRevoke(id, this.cut(opts));
  leaseKeepAliveOnce: EtcdClientPort['leaseKeepAliveOnce'] = (id, opts) => this.inner.leaseKeepAliveOnce(id, this.cut(opts));
  leaseTimeToLive: EtcdClientPort['leaseTimeToLive'] = (id, keys, opts) => this.inner.leaseTimeToLive(id, keys, this.cut(opts));
  leaseLeases: EtcdClientPort['leaseLeases'] = (opts) => this.inner.leaseLeases(this.cut(opts));
  memberList: EtcdClientPort['memberList'] = (opts) => this.inner.memberList(this.cut(opts));
  memberAdd: EtcdClientPort['memberAdd'] = (peerURLs, isLearner, opts) => this.inner.memberAdd(peerURLs, isLearner, this.cut(opts));
  memberRemove: EtcdClientPort['memberRemove'] = (id, opts) => this.inner.memberRemove(id, this.cut(opts));
  status: EtcdClientPort['status'] = (opts) => this.inner.status(this.cut(opts));
  clusterEndpoints: EtcdClientPort['clusterEndpoints'] = (opts) => this.inner.clusterEndpoints(this.cut(opts));
}

export class BudgetedSimControl implements SimControlPort {
  constructor(
    private readonly inner: SimControlPort,
    private readonly budget: Budget,
  ) {}

  now(): number {
    return this.inner.now();
  }
  tick(n: number): void {
    const allowed = this.budget.allow(n, this.inner.now());
    if (allowed > 0) this.inner.tick(allowed);
  }
  settle(capTicks: number): number {
    // a cut settle still reports the full cap as reached, so `sim settle` says "still busy"
    const allowed = this.budget.allow(capTicks, this.inner.now());
    const ran = allowed > 0 ? this.inner.settle(allowed) : 0;
    return ran >= allowed ? capTicks : ran;
  }
  kill(target: string): SimResult {
    return this.inner.kill(target);
  }
  restart(target: string): SimResult {
    return this.inner.restart(target);
  }
  partition(groups: string[][]): SimResult {
    return this.inner.partition(groups);
  }
  heal(): SimResult {
    return this.inner.heal();
  }
  status(): MemberStatusRow[] {
    return this.inner.status();
  }
  resolveMember(target: string): string | undefined {
    return this.inner.resolveMember(target);
  }
}
