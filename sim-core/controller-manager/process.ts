// The kube-controller-manager process (address `kube-controller-manager`): it takes part in
// leader election on the Lease kube-system/kube-controller-manager and, only while it
// leads, runs the shared informers and the controllers (host.ts). Standbys only renew
// their view of the Lease. Losing the lease ends the process, as the real binary exits (its
// node's kubelet starts it again); a crash loses everything too; either way the next
// leadership relists.
// All of it talks to the API server through one RemoteApiClient: messages on the network.
import type { Lease } from '../apiserver';
import { Candidacy, RemoteApiClient, type ElectionLogLine, type KubeObject } from '../client';
import type { Envelope, Process, ProcessContext } from '../kernel';
import { DEFAULT_APISERVER_ADDRESS } from '../scheduler/process';
import { newEvent } from '../scheduler/events';
import { ControllerHost } from './host';

export const CONTROLLER_MANAGER_ADDRESS = 'kube-controller-manager';
export const CONTROLLER_MANAGER_LEASE = { namespace: 'kube-system', name: 'kube-controller-manager' } as const;
/** the node kubeadm runs the control plane on: the first half of the holder identity */
export const CONTROL_PLANE_HOSTNAME = 'control-plane';

/**
 * What kube-controller-manager logs when it loses its lease, just before it exits with
 * code 1 (cmd/kube-controller-manager/app/controllermanager.go, OnStoppedLeading:
 * logger.Error(nil, "leaderelection lost"), a structured call, so klog quotes the message).
 */
export const CONTROLLER_MANAGER_LEASE_LOST = { source: 'controllermanager.go:328', message: '"leaderelection lost"' };

export interface ControllerManagerProcessOptions {
  address?: string;
  apiServer?: string;
  /** a fixed holderIdentity (default `<hostname>_<uuid>`, new at every start) */
  identity?: string;
  hostname?: string;
}

export class ControllerManagerProcess implements Process<unknown> {
  readonly address: string;
  private readonly apiServer: string;
  private ctx: ProcessContext<unknown> | undefined;
  /** one client for the process's life: request ids keep counting across restarts */
  private readonly client: RemoteApiClient;
  private readonly candidacy: Candidacy;
  private host: ControllerHost | undefined;

  constructor(options: ControllerManagerProcessOptions = {}) {
    this.address = options.address ?? CONTROLLER_MANAGER_ADDRESS;
    this.apiServer = options.apiServer ?? DEFAULT_APISERVER_ADDRESS;
    this.client = new RemoteApiClient(
      (msg) => this.ctx?.send(this.apiServer, msg),
      () => this.ctx?.now ?? 0,
    );
    this.candidacy = new Candidacy({
      api: this.client,
      ...CONTROLLER_MANAGER_LEASE,
      hostname: options.hostname ?? CONTROL_PLANE_HOSTNAME,
      identity: options.identity,
      onStartedLeading: (now) => this.startControllers(now),
      onStoppedLeading: () => this.stopControllers(),
      exitOnLoss: CONTROLLER_MANAGER_LEASE_LOST,
      recordEvent: (lease, message, now) => this.recordEvent(lease, message, now),
    });
  }

  /** Whether this process currently leads (and runs the controllers). */
  get leading(): boolean {
    return this.candidacy.leading;
  }

  /** What its leader election logged: in this life (`back` 0), the life that ended last (1), the one before (2): its static Pod's container logs. */
  electionLog(back: 0 | 1 | 2 = 0): readonly ElectionLogLine[] | undefined {
    return this.candidacy.log(back);
  }

  /** This incarnation's holderIdentity. */
  get identity(): string | undefined {
    return this.candidacy.identity;
  }

  /** The controllers and informers, while leading. */
  get controllers(): ControllerHost | undefined {
    return this.host;
  }

  receive(msg: Envelope<unknown>, ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    this.client.receive(msg);
  }

  tick(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    this.candidacy.tick(ctx);
    this.host?.tick(ctx.now);
  }

  crash(): void {
    this.candidacy.reset();
    this.host = undefined;
    this.client.reset();
  }

  restart(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
  }

  hasPendingWork(): boolean {
    return this.client.outstanding() > 0 || this.candidacy.hasPendingWork() || (this.host?.hasPendingWork() ?? false);
  }

  private startControllers(now: number): void {
    const ctx = this.ctx;
    if (!ctx) return;
    // a new stream per term, so a second term does not replay the first one's Pod names
    const rng = ctx.rng.child(`term-${ctx.rng.nextU32()}`);
    this.host = new ControllerHost(this.client, rng, (detail) => this.ctx?.trace(detail));
    this.host.start(now);
  }

  private stopControllers(): void {
    this.host?.shutdown();
    this.host = undefined;
    this.client.reset();
  }

  /** The lock's Events come from the component's recorder (source kube-controller-manager). */
  private recordEvent(lease: Lease, message: string, now: number): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const involved: KubeObject = { ...(lease as KubeObject), kind: 'Lease', apiVersion: 'coordination.k8s.io/v1' };
    const ev = newEvent(involved, 'Normal', 'LeaderElection', message, { component: 'kube-controller-manager' }, now, ctx.rng);
    this.client.request({ verb: 'create', resource: 'events', namespace: ev.metadata?.namespace ?? 'kube-system', body: ev as KubeObject });
  }
}
