// The kubelet process of one node (address `kubelet@<node>`): the Kubelet driven by the
// kernel's ticks, reaching the API server only through messages.
import type { Envelope, Process, ProcessContext } from '../kernel';
import { RemoteApiClient } from '../client';
import { DEFAULT_APISERVER_ADDRESS } from '../scheduler/process';
import { Kubelet, type KubeletOptions } from './kubelet';

export function kubeletAddress(node: string): string {
  return `kubelet@${node}`;
}

export interface KubeletProcessOptions extends KubeletOptions {
  apiServer?: string;
}

export class KubeletProcess implements Process<unknown> {
  readonly address: string;
  private readonly apiServer: string;
  private ctx: ProcessContext<unknown> | undefined;
  private client: RemoteApiClient;
  private kubelet: Kubelet | undefined;

  constructor(private readonly options: KubeletProcessOptions) {
    this.address = kubeletAddress(options.nodeName);
    this.apiServer = options.apiServer ?? DEFAULT_APISERVER_ADDRESS;
    this.client = this.newClient();
  }

  private newClient(): RemoteApiClient {
    return new RemoteApiClient(
      (msg) => this.ctx?.send(this.apiServer, msg),
      () => this.ctx?.now ?? 0,
    );
  }

  /** The running kubelet (undefined before its first tick and while the node is down). */
  get current(): Kubelet | undefined {
    return this.kubelet;
  }

  receive(msg: Envelope<unknown>, ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    this.client.receive(msg);
  }

  tick(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    if (!this.kubelet) {
      this.kubelet = new Kubelet(this.client, ctx.rng, { ...this.options, onRuntimeEvent: (pod, e) => this.ctx?.trace({ pod, reason: e.reason, message: e.message }) });
      this.kubelet.start(ctx.now);
    }
    this.kubelet.tick(ctx.now);
  }

  /** The node went down: its containers die with it (the simulated runtime is volatile). */
  crash(): void {
    this.client.reset();
    this.kubelet = undefined;
  }

  restart(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    this.client = this.newClient();
    this.kubelet = undefined;
  }

  /** Its work, or, before the first tick of a life has built the kubelet, that very start (a restarted kubelet has Pods to sync and static containers to start). */
  hasPendingWork(): boolean {
    return this.client.outstanding() > 0 || (this.kubelet?.hasPendingWork() ?? true);
  }
}
