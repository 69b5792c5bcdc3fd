// The kube-proxy process of one node (address `kube-proxy@<node>`).
import type { Envelope, Process, ProcessContext } from '../kernel';
import { RemoteApiClient } from '../client';
import { DEFAULT_APISERVER_ADDRESS } from '../scheduler/process';
import { KubeProxy, type KubeProxyOptions } from './proxy';

export function kubeProxyAddress(node: string): string {
  return `kube-proxy@${node}`;
}

export interface KubeProxyProcessOptions extends KubeProxyOptions {
  apiServer?: string;
}

export class KubeProxyProcess implements Process<unknown> {
  readonly address: string;
  private readonly apiServer: string;
  private ctx: ProcessContext<unknown> | undefined;
  private client: RemoteApiClient;
  private proxy: KubeProxy | undefined;

  constructor(private readonly options: KubeProxyProcessOptions) {
    this.address = kubeProxyAddress(options.nodeName);
    this.apiServer = options.apiServer ?? DEFAULT_APISERVER_ADDRESS;
    this.client = this.newClient();
  }

  private newClient(): RemoteApiClient {
    return new RemoteApiClient(
      (msg) => this.ctx?.send(this.apiServer, msg),
      () => this.ctx?.now ?? 0,
    );
  }

  /** The running kube-proxy (undefined before its first tick and while down). */
  get current(): KubeProxy | undefined {
    return this.proxy;
  }

  receive(msg: Envelope<unknown>, ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    this.client.receive(msg);
  }

  tick(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    if (!this.proxy) {
      this.proxy = new KubeProxy(this.client, ctx.rng, this.options);
      this.proxy.start(ctx.now);
    }
    const before = this.proxy.syncCount;
    this.proxy.tick(ctx.now);
    if (this.proxy.syncCount !== before) ctx.trace({ rules: this.proxy.rules().length, sync: this.proxy.syncCount });
  }

  crash(): void {
    this.client.reset();
    this.proxy = undefined;
  }

  restart(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    this.client = this.newClient();
    this.proxy = undefined;
  }

  hasPendingWork(): boolean {
    return this.client.outstanding() > 0 || (this.proxy?.hasPendingWork() ?? false);
  }
}
