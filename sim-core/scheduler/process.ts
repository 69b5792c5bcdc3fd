// The kube-scheduler process on the simulated network: the Scheduler's loop driven by the
// kernel's ticks, talking to the API server only through a RemoteApiClient (requests and
// answers are messages, so the UI can draw the bind travelling). Like the real binary it
// runs leader election on the Lease kube-system/kube-scheduler (leaseDuration 15 s,
// renewDeadline 10 s, retryPeriod 2 s) and schedules only while it leads; a standby
// watches nothing. Losing the lease ends the process, as the real one exits (its node's
// kubelet starts it again, with empty caches); the next term relists.
import type { Lease } from '../apiserver';
import type { Envelope, Process, ProcessContext } from '../kernel';
import { Candidacy, RemoteApiClient, type ElectionLogLine, type KubeObject } from '../client';
import { Scheduler, DEFAULT_SCHEDULER_NAME, type SchedulerOptions } from './scheduler';
import { newEvent } from './events';

export const SCHEDULER_ADDRESS = 'kube-scheduler';
export const DEFAULT_APISERVER_ADDRESS = 'kube-apiserver';
export const SCHEDULER_LEASE = { namespace: 'kube-system', name: 'kube-scheduler' } as const;

export interface SchedulerProcessOptions extends SchedulerOptions {
  address?: string;
  apiServer?: string;
  /** a fixed holderIdentity (default `<hostname>_<uuid>`, new at every start) */
  identity?: string;
  /** the first half of the identity; default `control-plane` */
  hostname?: string;
}

export { isApiResponse } from '../client';

/**
 * What kube-scheduler logs when it loses its lease, just before it exits with code 1
 * (cmd/kube-scheduler/app/server.go, OnStoppedLeading: logger.Error(nil, "Leaderelection
 * lost"), a structured call, so klog quotes the message).
 */
export const SCHEDULER_LEASE_LOST = { source: 'server.go:298', message: '"Leaderelection lost"' };

export class SchedulerProcess implements Process<unknown> {
  readonly address: string;
  private readonly apiServer: string;
  private ctx: ProcessContext<unknown> | undefined;
  /** one client for the process's life: request ids keep counting across restarts */
  private readonly client: RemoteApiClient;
  private readonly candidacy: Candidacy;
  private scheduler: Scheduler | undefined;

  constructor(private readonly options: SchedulerProcessOptions = {}) {
    this.address = options.address ?? SCHEDULER_ADDRESS;
    this.apiServer = options.apiServer ?? DEFAULT_APISERVER_ADDRESS;
    this.client = new RemoteApiClient(
      (msg) => this.ctx?.send(this.apiServer, msg),
      () => this.ctx?.now ?? 0,
    );
    this.candidacy = new Candidacy({
      api: this.client,
      ...SCHEDULER_LEASE,
      hostname: options.hostname ?? 'control-plane',
      identity: options.identity,
      onStartedLeading: (now) => this.startScheduling(now),
      onStoppedLeading: () => this.stopScheduling(),
      exitOnLoss: SCHEDULER_LEASE_LOST,
      recordEvent: (lease, message, now) => this.recordEvent(lease, message, now),
    });
  }

  /** The running scheduler (undefined while standing by, before the first tick or while crashed). */
  get current(): Scheduler | undefined {
    return this.scheduler;
  }

  /** Whether this process holds the kube-scheduler Lease. */
  get leading(): boolean {
    return this.candidacy.leading;
  }

  get identity(): string | undefined {
    return this.candidacy.identity;
  }

  /** What its leader election logged: in this life (`back` 0), the life that ended last (1), the one before (2): its static Pod's container logs. */
  electionLog(back: 0 | 1 | 2 = 0): readonly ElectionLogLine[] | undefined {
    return this.candidacy.log(back);
  }

  receive(msg: Envelope<unknown>, ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    if (!this.client.receive(msg)) return;
    this.scheduler?.drain();
  }

  tick(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    this.candidacy.tick(ctx);
    this.scheduler?.tick(ctx.now);
  }

  crash(): void {
    // Everything is volatile: the queue, the caches, the assumptions. A restart relists.
    this.candidacy.reset();
    this.scheduler = undefined;
    this.client.reset();
  }

  restart(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
  }

  hasPendingWork(): boolean {
    return this.client.outstanding() > 0 || this.candidacy.hasPendingWork() || (this.scheduler?.hasPendingWork() ?? false);
  }

  private startScheduling(now: number): void {
    const ctx = this.ctx;
    if (!ctx) return;
    // a new stream per term, derived from the process's stream
    const rng = ctx.rng.child(`term-${ctx.rng.nextU32()}`);
    this.scheduler = new Scheduler(this.client, rng, { ...this.options, onDecision: (d) => this.ctx?.trace({ scheduling: d }) });
    this.scheduler.start(now);
  }

  private stopScheduling(): void {
    this.scheduler?.pods.stop();
    this.scheduler?.nodes.stop();
    this.scheduler = undefined;
    this.client.reset();
  }

  /** Leader election Events come from the recorder named after the first profile's scheduler (options.go). */
  private recordEvent(lease: Lease, message: string, now: number): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const involved: KubeObject = { ...(lease as KubeObject), kind: 'Lease', apiVersion: 'coordination.k8s.io/v1' };
    const ev = newEvent(involved, 'Normal', 'LeaderElection', message, { component: this.options.schedulerName ?? DEFAULT_SCHEDULER_NAME }, now, ctx.rng);
    this.client.request({ verb: 'create', resource: 'events', namespace: ev.metadata?.namespace ?? 'kube-system', body: ev as KubeObject });
  }
}
