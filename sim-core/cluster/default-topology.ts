// The `default` topology (DESIGN.md §6): 3 etcd members, the kube-apiserver process (the
// only etcd client), a control-plane node and N workers registered as Node objects, and
// everything else a kubeadm-built cluster holds — written through the API server before
// `createDefaultSimulation` returns. Controllers, the scheduler, kubelets and kube-proxy
// join as process factories (`processes`), added once the cluster is bootstrapped.
import type { Kernel, Process, ProcessContext } from '../kernel';
import {
  KubeApiServer,
  KubeClientProcess,
  SimKubeApiPort,
  APISERVER_ADDRESS,
  timestampAt,
  type ApiServerConfig,
  type ClusterWire,
  type KubeApiPort,
} from '../apiserver/server';
import { Simulation, type SimulationOptions, type SimulationPorts } from './simulation';
import { memberName } from './topology';
import { bootstrapCluster, clusterNodes } from './bootstrap';
import type { SimResult } from '../cli/ports';

/** The address kubectl talks from. */
export const KUBECTL_ADDRESS = 'kubectl';
/** The client the bootstrap writes from (kubeadm and the kubelets' registration, folded into one). */
export const BOOTSTRAP_ADDRESS = 'kubeadm';

/** What a process factory may read about the cluster it joins. */
export interface TopologyInfo {
  seed: number;
  apiServer: string;
  /** Node names, control-plane first */
  nodes: readonly string[];
  workers: readonly string[];
}

/** A process that needs to begin work once added (open informers, arm timers). */
export interface StartableProcess extends Process<ClusterWire> {
  start?(ctx: ProcessContext<ClusterWire>): void;
}

export type ProcessFactory = (info: TopologyInfo) => StartableProcess | StartableProcess[];

export interface DefaultSimulationOptions extends Omit<SimulationOptions, 'topology'> {
  topology?: 'default';
  /** worker nodes node-1 … node-N; default 3 */
  workers?: number;
  apiServer?: Partial<Omit<ApiServerConfig, 'etcdEndpoints'>>;
  /** control-plane and node processes, added after the bootstrap */
  processes?: readonly ProcessFactory[];
  /** most ticks the bootstrap may take; default 20,000 */
  bootstrapCapTicks?: number;
}

export class DefaultSimulation extends Simulation {
  readonly topology = 'default' as const;
  readonly apiServer: KubeApiServer;
  readonly kubectl: SimKubeApiPort;
  readonly info: TopologyInfo;
  /** the kernel with the cluster's full wire type (etcd + API messages) */
  readonly clusterKernel: Kernel<ClusterWire>;
  private readonly extraProcesses = new Set<string>();

  constructor(options: DefaultSimulationOptions) {
    const { workers = 3, apiServer = {}, processes = [], bootstrapCapTicks = 20_000, topology: _t, ...rest } = options;
    super({ ...rest, topology: 'etcd-only' });
    if (!Number.isInteger(workers) || workers < 0 || workers > 100) throw new Error(`default topology: workers must be 0–100, got ${workers}`);
    // one network carries etcd's and the API's messages; the etcd-only kernel is widened here
    this.clusterKernel = this.kernel as unknown as Kernel<ClusterWire>;
    const endpoints = this.memberList().map((m) => m.address);
    this.apiServer = new KubeApiServer({ ...apiServer, etcdEndpoints: endpoints.length > 0 ? endpoints : [memberName(1)] });
    this.addClusterProcess(this.apiServer);
    const kubectlProcess = new KubeClientProcess(KUBECTL_ADDRESS);
    this.addClusterProcess(kubectlProcess);
    this.kubectl = new SimKubeApiPort(this.clusterKernel, kubectlProcess);
    const nodes = clusterNodes(workers).map((n) => n.name);
    this.info = { seed: options.seed, apiServer: APISERVER_ADDRESS, nodes, workers: nodes.slice(1) };

    this.runUntil(() => this.apiServer.ready, bootstrapCapTicks);
    const bootClient = new KubeClientProcess(BOOTSTRAP_ADDRESS);
    this.addClusterProcess(bootClient);
    const result = bootstrapCluster(new SimKubeApiPort(this.clusterKernel, bootClient), {
      workers,
      capTicks: bootstrapCapTicks,
      now: () => this.now,
      timestamp: timestampAt,
    });
    // a bootstrap that cannot finish is a bug in the topology or the API server, not a learner error
    if (!result.ok) throw new Error(`default topology (seed=${options.seed}): ${result.error}`);
    for (const factory of processes) {
      const made = factory(this.info);
      for (const p of Array.isArray(made) ? made : [made]) this.addProcess(p);
    }
  }

  /** The terminal's ports; `kube` is what kubectl talks through. */
  override ports(): SimulationPorts & { kube: KubeApiPort } {
    return { ...super.ports(), kube: this.kubectl };
  }

  /** Add a control-plane or node process (controller-manager, scheduler, kubelet-node-1, …). */
  addProcess(p: StartableProcess): void {
    this.addClusterProcess(p);
    this.extraProcesses.add(p.address);
  }

  private addClusterProcess(p: StartableProcess): void {
    this.clusterKernel.addProcess(p);
    const ctx = this.clusterKernel.contextOf(p.address)!;
    p.start?.(ctx);
  }

  /** Also kills control-plane and node processes by address (`kube-apiserver`, …). */
  override kill(target: string): SimResult {
    if (target === APISERVER_ADDRESS || this.extraProcesses.has(target)) {
      const r = this.kernel.kill(target);
      return r.ok ? { ok: true, value: '' } : { ok: false, error: r.error };
    }
    return super.kill(target);
  }

  override restart(target: string): SimResult {
    if (target === APISERVER_ADDRESS || this.extraProcesses.has(target)) {
      const r = this.kernel.restart(target);
      return r.ok ? { ok: true, value: '' } : { ok: false, error: r.error };
    }
    return super.restart(target);
  }

  override snapshot(): unknown {
    return {
      ...(super.snapshot() as Record<string, unknown>),
      topology: 'default',
      nodes: this.info.nodes,
      processes: this.clusterKernel.addresses().map((a) => ({ address: a, alive: this.kernel.isAlive(a) })),
      apiServer: { etcdEndpoint: this.apiServer.etcdEndpoint, compactedRevision: this.apiServer.compactedRevision },
    };
  }
}

export function createDefaultSimulation(options: DefaultSimulationOptions): DefaultSimulation {
  return new DefaultSimulation(options);
}
