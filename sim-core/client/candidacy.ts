// A process's standing in a leader election: kube-controller-manager and kube-scheduler
// run leaderelection.RunOrDie and exit when they lose the lease — OnStoppedLeading logs an
// error and calls klog.FlushAndExit(…, 1) — and their node's kubelet starts the static
// Pod's container again: a new process, a new `<hostname>_<uuid>` identity, RESTARTS + 1.
// Here the process logs `exitOnLoss` and asks the kernel to end it so (ProcessContext.exit).
// Traces name every change so the UI can show who holds the lock.
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
  /** the binary's OnStoppedLeading: the error it logs before it exits with code 1 */
  exitOnLoss: { source: string; message: string };
  recordEvent?(lease: Lease, message: string, now: number): void;
}

/**
 * One line the process's leader election logs, as client-go 1.32's leaderelection.go does
 * at klog's default verbosity (tools/leaderelection/leaderelection.go, v0.32): where, and
 * what; the kubelet puts klog's header on it when `kubectl logs` reads the static Pod.
 */
export interface ElectionLogLine {
  at: number;
  severity: 'I' | 'E';
  /** file:line of the klog call */
  source: string;
  message: string;
}

/** Lines kept per life of the process (a long-lived leader logs nothing while it renews). */
const MAX_LOG_LINES = 200;

/** The trace detail of a leader election change. */
export interface LeaderElectionTrace {
  leaderElection: { lease: string; identity: string; event: 'started-leading' | 'stopped-leading' | 'new-leader'; leader?: string };
}

export class Candidacy {
  private elector: LeaderElector | undefined;
  private ctx: ProcessContext<unknown> | undefined;
  /** this life's log lines, and the ended lives' (the last first, two kept: what the runtime keeps of exited containers) */
  private lines: ElectionLogLine[] = [];
  private ended: ElectionLogLine[][] = [];

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
   * The elector's pending work; with none yet (a process just started, or restarted by hand
   * or by its kubelet after a lost lease), the next tick starts one that has work —
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
    if (!this.elector.stopped) return;
    this.elector = undefined;
    const exit = this.options.exitOnLoss;
    this.write(ctx.now, 'E', exit.source, exit.message);
    ctx.exit(1); // klog.FlushAndExit(klog.ExitFlushTimeout, 1)
  }

  /** The process crashed: the elector dies with it, releasing nothing; its log is the previous container's. */
  reset(): void {
    this.elector?.abandon();
    this.elector = undefined;
    this.ended = [this.lines, ...this.ended].slice(0, 2);
    this.lines = [];
  }

  /** What the election logged in this life of the process (`back` 0), the life that ended last (1) or the one before it (2); undefined if none. */
  log(back: 0 | 1 | 2 = 0): readonly ElectionLogLine[] | undefined {
    return back === 0 ? this.lines : this.ended[back - 1];
  }

  private write(at: number, severity: ElectionLogLine['severity'], source: string, message: string): void {
    this.lines.push({ at, severity, source, message });
    if (this.lines.length > MAX_LOG_LINES) this.lines.splice(0, this.lines.length - MAX_LOG_LINES);
  }

  private newElector(ctx: ProcessContext<unknown>): LeaderElector {
    const o = this.options;
    const lease = `${o.namespace}/${o.name}`;
    const identity = o.identity ?? leaderElectionIdentity(o.hostname, ctx.rng);
    this.write(ctx.now, 'I', 'leaderelection.go:257', `attempting to acquire leader lease ${lease}...`);
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
          this.write(now, 'I', 'leaderelection.go:271', `successfully acquired lease ${lease}`);
          trace('started-leading');
          o.onStartedLeading(now);
        },
        onStoppedLeading: (now) => {
          // the renew rounds ran out of renewDeadline (wait.PollUntilContextTimeout's error)
          this.write(now, 'I', 'leaderelection.go:297', `failed to renew lease ${lease}: context deadline exceeded`);
          trace('stopped-leading');
          o.onStoppedLeading(now);
        },
        onNewLeader: (leader) => trace('new-leader', leader),
      },
      recordEvent: o.recordEvent ? (l, m) => o.recordEvent?.(l, m, this.ctx?.now ?? 0) : undefined,
    });
  }
}
