// A process's standing in a leader election, across "restarts": kube-controller-manager and
// kube-scheduler run leaderelection.RunOrDie and exit when they lose the lease (the kubelet
// then restarts their static Pod). Here the process stays up and the exit is modelled by
// starting a fresh elector — a new candidate with a new `<hostname>_<uuid>` identity —
// on the next tick. Traces name every change so the UI can show who holds the lock.
import type { Lease } from '../apiserver';
import type { ProcessContext } from '../kernel';
import type { ApiClient } from './api';
import { LeaderElector, leaderElectionIdentity } from './leaderElection';

export interface CandidacyOptions {
  api: ApiClient;
  /** the Lease: kube-system/kube-controller-manager, kube-system/kube-scheduler */
  namespace: string;
  name: string;
  /** the host's name, the first half of the identity (the control-plane node's) */
  hostname: string;
  /** a fixed identity instead of `<hostname>_<uuid>` (tests) */
  identity?: string;
  onStartedLeading(now: number): void;
  onStoppedLeading(now: number): void;
  recordEvent?(lease: Lease, message: string, now: number): void;
}

/** The trace detail of a leader election change. */
export interface LeaderElectionTrace {
  leaderElection: { lease: string; identity: string; event: 'started-leading' | 'stopped-leading' | 'new-leader'; leader?: string };
}

export class Candidacy {
  private elector: LeaderElector | undefined;
  private ctx: ProcessContext<unknown> | undefined;

  constructor(private readonly options: CandidacyOptions) {}

  get leading(): boolean {
    return this.elector?.isLeader() ?? false;
  }

  /** This incarnation's holderIdentity (undefined before the first tick or after a crash). */
  get identity(): string | undefined {
    return this.elector?.identity;
  }

  /** The holder this candidate last observed. */
  get leader(): string {
    return this.elector?.leader() ?? '';
  }

  /**
   * The elector's pending work; with none yet (a process just started or restarted, or a
   * binary that lost its lease and starts again), the next tick starts one that has work —
   * `sim settle` right after `sim restart kube-scheduler` must not call the cluster settled
   * before the new incarnation has even looked at its Lease. Only a running process is asked.
   */
  hasPendingWork(): boolean {
    return this.elector?.hasPendingWork() ?? true;
  }

  tick(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    if (this.elector === undefined) this.elector = this.newElector(ctx);
    this.elector.tick(ctx.now);
    if (this.elector.stopped) this.elector = undefined; // the binary exits; a new one starts next tick
  }

  /** The process crashed: the elector dies with it, releasing nothing. */
  reset(): void {
    this.elector?.abandon();
    this.elector = undefined;
  }

  private newElector(ctx: ProcessContext<unknown>): LeaderElector {
    const o = this.options;
    const lease = `${o.namespace}/${o.name}`;
    const identity = o.identity ?? leaderElectionIdentity(o.hostname, ctx.rng);
    const trace = (event: LeaderElectionTrace['leaderElection']['event'], leader?: string) =>
      this.ctx?.trace({ leaderElection: { lease, identity, event, ...(leader !== undefined ? { leader } : {}) } } satisfies LeaderElectionTrace);
    return new LeaderElector({
      api: o.api,
      namespace: o.namespace,
      name: o.name,
      identity,
      rng: ctx.rng,
      callbacks: {
        onStartedLeading: (now) => {
          trace('started-leading');
          o.onStartedLeading(now);
        },
        onStoppedLeading: (now) => {
          trace('stopped-leading');
          o.onStoppedLeading(now);
        },
        onNewLeader: (leader) => trace('new-leader', leader),
      },
      recordEvent: o.recordEvent ? (l, m) => o.recordEvent?.(l, m, this.ctx?.now ?? 0) : undefined,
    });
  }
}
