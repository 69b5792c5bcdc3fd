// The `default` topology (DESIGN.md §6): 3 etcd members, the kube-apiserver process (the
// only etcd client), one control-plane node (or several: `controlPlanes`, a kubeadm HA
// cluster whose controller-managers and schedulers elect leaders through Leases) and N
// workers registered as Node objects, and
// everything else a kubeadm-built cluster holds — written through the API server before
// `createDefaultSimulation` returns. Controllers, the scheduler, kubelets and kube-proxy
// join as process factories (`processes`), added once the cluster is bootstrapped.
import type { Kernel, Process, ProcessContext, ProcessLife } from '../kernel';
import { KubeApiServer, KubeClientProcess, SimKubeApiPort, APISERVER_ADDRESS, timestampAt, type ApiServerConfig, type ClusterWire, type KubeApiPort } from '../apiserver/server';
import { APISERVER_ADVERTISE_ADDRESS, APISERVER_SECURE_PORT } from '../apiserver/server/advertise';
import { connectionRefusedError, noRouteToHostError, type ApiResponseMessage, type ElectionLogLine } from '../client';
import type { Envelope } from '../kernel';
import { Simulation, type EtcdOnlySimulationOptions, type SimulationPorts } from './etcd-only';
import { memberName } from './topology';
import { bootstrapCluster, clusterNodes, MAX_CONTROL_PLANES } from './bootstrap';
import type { ChainQueryResult, SimCurlResult, SimResult, StoredObjectsPort } from '../cli/ports';
import { DEFAULT_PROCESSES } from './default-processes';
import { controlPlaneProcessAddress, nodeOf, podsByNode, roleOf, type NodeView, type ProcessView } from './cluster-view';
import { ChainJournal, resourceOfKind } from './chain/journal';
import { causalChain, type ObjectQuery } from './chain/causal';
import type { ChainHop, HopObject } from './chain/hop';
import { KubeletProcess } from '../kubelet/process';
import { kubeletLogQuery, type LogResume, type LogsResult, type PodLogOptions } from '../kubelet/logRead';
import { KubeProxyProcess } from '../kube-proxy/process';
import { DefaultSimControl } from './default-control';
import type { SimControl } from './sim-control';
import { storedObjects } from './stored-objects';
import { kindForResource } from '../apiserver/kinds';

/** The address kubectl talks from. */
export const KUBECTL_ADDRESS = 'kubectl';
/** The client the bootstrap writes from (kubeadm and the kubelets' registration, folded into one). */
export const BOOTSTRAP_ADDRESS = 'kubeadm';

/** What a process factory may read about the cluster it joins. */
export interface TopologyInfo {
  seed: number;
  apiServer: string;
  /** whether a process of the cluster is up (not killed) */
  isAlive: (address: string) => boolean;
  /** what a host's runtime knows of a process: up or down, kills, when its lives began and ended (a static Pod's status) */
  lifeOf: (address: string) => ProcessLife | undefined;
  /** etcd's client URLs, `http://etcd-1:2379`, … (kube-apiserver's --etcd-servers) */
  etcdServers: readonly string[];
  /** what a control-plane process logged in this life (`back` 0), the life that ended last (1), or the one before it (2): its static Pod's container logs */
  logOf: (address: string, back: 0 | 1 | 2) => readonly ElectionLogLine[] | undefined;
  /** start a process that exited on its own again (its node's kubelet restarting a static Pod's container); one that was killed stays down */
  startAgain: (address: string, by: string) => void;
  /** Node names, control-plane nodes first */
  nodes: readonly string[];
  /** the control-plane nodes: `control-plane`, then `control-plane-2`, … (kubeadm HA) */
  controlPlanes: readonly string[];
  workers: readonly string[];
}

/** A process that needs to begin work once added (open informers, arm timers). */
export interface StartableProcess extends Process<ClusterWire> {
  start?(ctx: ProcessContext<ClusterWire>): void;
}

export type ProcessFactory = (info: TopologyInfo) => StartableProcess | StartableProcess[];

export interface DefaultSimulationOptions extends Omit<EtcdOnlySimulationOptions, 'topology'> {
  topology?: 'default';
  /** worker nodes node-1 … node-N; default 3 */
  workers?: number;
  /**
   * control-plane nodes `control-plane`, `control-plane-2`, … (1–MAX_CONTROL_PLANES; default 1):
   * each runs a kube-controller-manager and a kube-scheduler, candidates for the same Leases.
   * The API server stays one process on the first (a real HA cluster runs one per
   * control-plane node behind a load balancer).
   */
  controlPlanes?: number;
  apiServer?: Partial<Omit<ApiServerConfig, 'etcdEndpoints'>>;
  /** control-plane and node processes, added after the bootstrap; default DEFAULT_PROCESSES ([] = a bare API server) */
  processes?: readonly ProcessFactory[];
  /** hops the chain journal keeps for `sim trace`/`sim events`; default 5,000 (none when traceCapacity is 0) */
  journalCapacity?: number;
  /** most ticks the bootstrap may take; default 20,000 */
  bootstrapCapTicks?: number;
}

/** How long (1 s) etcd must see no change but Lease renewals and Events before `sim settle` calls a cluster converged. */
export const SETTLE_QUIET_TICKS = 100;

/**
 * How long a client's kernel tries to reach a host that is down before it gives up with
 * `no route to host` (3 s: Linux sends 3 ARP requests 1 s apart, and on kind's bridge
 * nobody answers for a stopped node's address).
 */
export const ARP_TIMEOUT_TICKS = 300;

/** Where the components dial the API server (kubeadm's kubeconfigs: the advertise address). */
const APISERVER_HOST_PORT = `${APISERVER_ADVERTISE_ADDRESS}:${APISERVER_SECURE_PORT}`;

export class DefaultSimulation extends Simulation {
  readonly topology = 'default' as const;
  readonly apiServer: KubeApiServer;
  readonly kubectl: SimKubeApiPort;
  readonly info: TopologyInfo;
  /** the kernel with the cluster's full wire type (etcd + API messages) */
  readonly clusterKernel: Kernel<ClusterWire>;
  /** the processes added after the bootstrap, by address */
  private readonly extraProcesses = new Map<string, StartableProcess>();
  /** the watch chain's hops (undefined when tracing is off, e.g. in benchmarks) */
  readonly journal: ChainJournal | undefined;
  /** nodes taken down whole (`sim kill <node>`) and not yet back: their hosts answer nothing */
  private readonly downNodes = new Set<string>();

  constructor(options: DefaultSimulationOptions) {
    const { workers = 3, controlPlanes = 1, apiServer = {}, processes = DEFAULT_PROCESSES, bootstrapCapTicks = 20_000, journalCapacity = 5_000, topology: _t, ...rest } = options;
    super({ ...rest, topology: 'etcd-only' });
    this.journal = (rest.traceCapacity ?? 10_000) > 0 && journalCapacity > 0 ? new ChainJournal(this.kernel.trace, journalCapacity, APISERVER_ADDRESS) : undefined;
    if (!Number.isInteger(workers) || workers < 0 || workers > 100) throw new Error(`default topology: workers must be 0–100, got ${workers}`);
    if (!Number.isInteger(controlPlanes) || controlPlanes < 1 || controlPlanes > MAX_CONTROL_PLANES) throw new Error(`default topology: controlPlanes must be 1–${MAX_CONTROL_PLANES}, got ${controlPlanes}`);
    // one network carries etcd's and the API's messages; the etcd-only kernel is widened here
    this.clusterKernel = this.kernel as unknown as Kernel<ClusterWire>;
    const endpoints = this.memberList().map((m) => m.address);
    this.apiServer = new KubeApiServer({
      ...apiServer,
      etcdEndpoints: endpoints.length > 0 ? endpoints : [memberName(1)],
    });
    this.addClusterProcess(this.apiServer);
    this.clusterKernel.onReceiverDown = (envelope) => this.refuseConnection(envelope);
    // a process that exits closes its sockets on the way out, as one that is killed does
    this.clusterKernel.onExit = (address) => this.closeConnections(address);
    const kubectlProcess = new KubeClientProcess(KUBECTL_ADDRESS);
    this.addClusterProcess(kubectlProcess);
    this.kubectl = new SimKubeApiPort(this.clusterKernel, kubectlProcess, APISERVER_ADDRESS, { down: () => this.downNodes.has(this.info.nodes[0] ?? ''), arpTimeoutTicks: ARP_TIMEOUT_TICKS });
    const nodes = clusterNodes(workers, controlPlanes).map((n) => n.name);
    this.info = {
      seed: options.seed,
      apiServer: APISERVER_ADDRESS,
      isAlive: (address) => this.clusterKernel.isAlive(address),
      lifeOf: (address) => this.clusterKernel.lifeOf(address),
      logOf: (address, back) => {
        const p = this.extraProcesses.get(address) as (StartableProcess & { electionLog?: (back: 0 | 1 | 2) => readonly ElectionLogLine[] | undefined }) | undefined;
        return p?.electionLog?.(back);
      },
      startAgain: (address, by) => {
        if (this.clusterKernel.lifeOf(address)?.exited === true) this.clusterKernel.restart(address, by);
      },
      etcdServers: (endpoints.length > 0 ? endpoints : [memberName(1)]).map((m) => `http://${m}:2379`),
      nodes,
      controlPlanes: nodes.slice(0, controlPlanes),
      workers: nodes.slice(controlPlanes),
    };

    this.runUntil(() => this.apiServer.ready, bootstrapCapTicks);
    const bootClient = new KubeClientProcess(BOOTSTRAP_ADDRESS);
    this.addClusterProcess(bootClient);
    const result = bootstrapCluster(new SimKubeApiPort(this.clusterKernel, bootClient), {
      workers,
      controlPlanes,
      capTicks: bootstrapCapTicks,
      now: () => this.now,
      timestamp: timestampAt,
      staticPods: { etcdServers: this.info.etcdServers, apiServer: APISERVER_ADDRESS },
    });
    // a bootstrap that cannot finish is a bug in the topology or the API server, not a learner error
    if (!result.ok) throw new Error(`default topology (seed=${options.seed}): ${result.error}`);
    for (const factory of processes) {
      const made = factory(this.info);
      for (const p of Array.isArray(made) ? made : [made]) this.addProcess(p);
    }
  }

  /**
   * `sim settle` on a cluster: converged, not merely quiet for an instant. Besides no
   * message or request in flight and no process with work pending, no object other than a
   * Lease or an Event may have changed in etcd for SETTLE_QUIET_TICKS: a controller's
   * requeue, a container start or a status report still on its way would write again.
   */
  protected override isSettled(): boolean {
    return super.isSettled() && this.now - this.apiServer.lastObjectChange >= SETTLE_QUIET_TICKS;
  }

  protected override createControl(): SimControl {
    return new DefaultSimControl(this);
  }

  /** The terminal's ports; `kube` is what kubectl talks through, `podLogs` what `kubectl logs` reads, `stored` what `kubectl edit` opens. */
  override ports(): SimulationPorts & {
    kube: KubeApiPort;
    podLogs: DefaultSimulation['podLogs'];
    followLogs: DefaultSimulation['followPodLogs'];
    stored: StoredObjectsPort;
  } {
    return {
      ...super.ports(),
      kube: this.kubectl,
      podLogs: (namespace, pod, options, resume) => this.podLogs(namespace, pod, options, resume),
      followLogs: (namespace, pod, options, resume) => this.followPodLogs(namespace, pod, options, resume),
      stored: this.stored(),
    };
  }

  private storedPort: StoredObjectsPort | undefined;

  private stored(): StoredObjectsPort {
    return (this.storedPort ??= storedObjects(
      () => this.memberList().map((m) => m.sm?.store),
      () => this.clusterKernel.isAlive(APISERVER_ADDRESS),
      (req, impersonate) => this.apiServer.authorizes(KUBECTL_ADDRESS, impersonate, req),
    ));
  }

  /** Add a control-plane or node process (controller-manager, scheduler, kubelet@node-1, …). */
  addProcess(p: StartableProcess): void {
    this.addClusterProcess(p);
    this.extraProcesses.set(p.address, p);
  }

  private addClusterProcess(p: StartableProcess): void {
    this.clusterKernel.addProcess(p);
    const ctx = this.clusterKernel.contextOf(p.address)!;
    p.start?.(ctx);
  }

  /** The processes a node runs: its kubelet and kube-proxy, and on a control-plane node the control-plane components. */
  nodeProcesses(node: string): string[] {
    if (!this.info.nodes.includes(node)) return [];
    const controlPlane = this.info.nodes[0];
    return this.clusterKernel.addresses().filter((a) => (a === APISERVER_ADDRESS || this.extraProcesses.has(a)) && nodeOf(a, controlPlane ?? '') === node);
  }

  /**
   * `sim kill node-2` takes the whole node down: its kubelet and kube-proxy stop (the
   * Pods' containers die with the kubelet's runtime), and on a control-plane node the
   * scheduler and controller-manager with them (and on the first, the API server). A
   * single process is killed by its address (`kube-controller-manager`, `kube-scheduler`,
   * `kube-apiserver`, `kubelet@node-2`, `kube-controller-manager@control-plane-2`).
   */
  override kill(target: string): SimResult {
    return this.fault('kill', target) ?? super.kill(target);
  }

  override restart(target: string): SimResult {
    return this.fault('restart', target) ?? super.restart(target);
  }

  private unknownTarget(target: string): SimResult {
    // an HA control plane's other instances are named after their node, as the node agents are
    const more = this.info.controlPlanes.slice(1).flatMap((node) => [controlPlaneProcessAddress('kube-scheduler', node, false), controlPlaneProcessAddress('kube-controller-manager', node, false)]);
    const processes = ['kube-apiserver', 'kube-scheduler', 'kube-controller-manager', ...more, 'kubelet@<node>', 'kube-proxy@<node>'];
    return {
      ok: false,
      error: `no member, node or process named ${target} (members etcd-N, nodes ${this.info.nodes.join(', ')}, processes ${processes.join(', ')})`,
    };
  }

  /**
   * A killed process's sockets are closed by its host's operating system, which tells the
   * peer (a FIN on each connection): an API client's watches then end on the API server
   * instead of streaming on into the process's next life; and when the API server dies,
   * every client with a connection open on it (a request in service, a watch) learns that
   * its requests and watches failed, and its informers go to their retry paths. It travels
   * as a message from the process's address, so latency and partitions apply to it as to
   * any packet. A node taken down whole is shut down this way too: its processes are
   * stopped and their sockets closed before the host goes off.
   */
  private closeConnections(address: string): void {
    if (!this.kernel.isAlive(address)) return;
    if (address === APISERVER_ADDRESS) {
      for (const client of this.apiServer.openConnections()) this.clusterKernel.sendFromHost(APISERVER_ADDRESS, client, { type: 'api-connection-closed' });
      return;
    }
    this.clusterKernel.send(address, APISERVER_ADDRESS, { type: 'api-connection-closed' });
  }

  /**
   * A request that reaches the API server's address while the server is down is not lost:
   * its host is up and nothing listens on :6443, so the SYN gets a RST and the client
   * `connection refused`, one network latency later. When the whole node is down no host
   * answers, and the client's own kernel gives up after the ARP timeout with `no route to
   * host` (no client-side timeout is needed: remoteClient.ts). Cancels and FINs for a dead
   * server need no answer, and etcd's answers to it are simply lost.
   */
  private refuseConnection(envelope: Envelope<ClusterWire>): void {
    const p = envelope.payload;
    if (envelope.to !== APISERVER_ADDRESS || !('type' in p) || p.type !== 'api-request') return;
    const hostDown = this.downNodes.has(this.info.nodes[0] ?? '');
    const error = hostDown ? noRouteToHostError(APISERVER_HOST_PORT) : connectionRefusedError(APISERVER_HOST_PORT);
    const answer: ApiResponseMessage = { type: 'api-response', requestId: p.requestId, result: { ok: false, error } };
    if (hostDown) this.clusterKernel.sendFromHost(envelope.from, envelope.from, answer, ARP_TIMEOUT_TICKS);
    else this.clusterKernel.sendFromHost(APISERVER_ADDRESS, envelope.from, answer);
  }

  private fault(action: 'kill' | 'restart', target: string): SimResult | undefined {
    if (this.info.nodes.includes(target)) {
      const addresses = this.nodeProcesses(target).filter((a) => this.kernel.isAlive(a) === (action === 'kill'));
      if (addresses.length === 0)
        return {
          ok: false,
          error: action === 'kill' ? `node ${target} is already down` : `node ${target} is already up`,
        };
      for (const a of addresses) {
        if (action === 'kill') this.closeConnections(a);
        this.kernel[action](a);
      }
      if (action === 'kill') this.downNodes.add(target);
      else this.downNodes.delete(target);
      return { ok: true, value: '' };
    }
    if (target === APISERVER_ADDRESS || this.extraProcesses.has(target)) {
      const life = this.clusterKernel.lifeOf(target);
      // down by its own exit (a lost lease): say so, and that its kubelet brings it back
      if (action === 'kill' && life !== undefined && !life.alive && life.exited)
        return { ok: false, error: `${target} is already down: it exited with code ${life.exitCode ?? 0}, and its kubelet will start it again` };
      if (action === 'kill') this.closeConnections(target);
      const r = this.kernel[action](target);
      // a process started on a node that was down means its host is up again
      if (r.ok && action === 'restart') this.downNodes.delete(nodeOf(target, this.info.nodes[0] ?? '') ?? '');
      return r.ok ? { ok: true, value: '' } : { ok: false, error: r.error };
    }
    // members (and a member added with `member add`, started by restart) are etcd's business
    if (this.resolveMember(target) === undefined) return this.unknownTarget(target);
    return undefined;
  }

  /** Whether `target` names something `sim kill` can stop here (a member, a node, a process). */
  knows(target: string): boolean {
    return this.info.nodes.includes(target) || target === APISERVER_ADDRESS || this.extraProcesses.has(target) || this.resolveMember(target) !== undefined;
  }

  // ---- what the terminal asks of nodes ----

  /**
   * `kubectl logs`: the API server validates the options (validation.ValidatePodLogOptions),
   * checks the container, finds the Pod's node and asks that node's kubelet
   * (pkg/registry/core/pod/strategy.go LogLocation → https://<node>:10250/containerLogs/…?<options>;
   * no node yet: no location, an empty answer). Errors are the API server's words; kubectl
   * prints them after `Error from server …` (`The … is invalid: …` for an Invalid one).
   */
  podLogs(namespace: string, pod: string, options: PodLogOptions = {}, resume?: LogResume): LogsResult {
    // (kubectl checks tailLines and limitBytes itself; a --since under half a second rounds to 0)
    if (options.sinceSeconds !== undefined && options.sinceSeconds < 1) {
      return { ok: false, reason: 'Invalid', error: `PodLogOptions ${JSON.stringify(pod)} is invalid: sinceSeconds: Invalid value: ${options.sinceSeconds}: must be greater than 0` };
    }
    const got = this.kubectl.request({ verb: 'get', resource: 'pods', namespace, name: pod }, { timeoutTicks: 500 });
    if (!got.ok) return { ok: false, error: got.error.message };
    const p = got.value as {
      spec?: { nodeName?: string; containers?: Array<{ name: string }>; initContainers?: Array<{ name: string }>; ephemeralContainers?: Array<{ name: string }> };
    };
    const name = options.container ?? p.spec?.containers?.[0]?.name ?? '';
    const names = [...(p.spec?.containers ?? []), ...(p.spec?.initContainers ?? []), ...(p.spec?.ephemeralContainers ?? [])].map((c) => c.name);
    if (options.container !== undefined && !names.includes(options.container)) return { ok: false, error: `container ${options.container} is not valid for pod ${pod}` };
    // a Pod not yet scheduled has no kubelet to ask: LogLocation gives no location, and the
    // answer is an empty stream (204 No Content), which kubectl prints as nothing
    const nodeName = p.spec?.nodeName;
    if (nodeName === undefined || nodeName === '') return { ok: true, text: '' };
    const kubelet = this.extraProcesses.get(`kubelet@${nodeName}`);
    if (!(kubelet instanceof KubeletProcess) || !this.kernel.isAlive(kubelet.address) || kubelet.current === undefined) {
      const ip = nodeIP(this.info.nodes.indexOf(nodeName));
      const query = kubeletLogQuery(options);
      const url = `https://${ip}:10250/containerLogs/${namespace}/${pod}/${name}${query === '' ? '' : `?${query}`}`;
      return {
        ok: false,
        error: `Get "${url}": dial tcp ${ip}:10250: connect: no route to host`,
      };
    }
    return kubelet.current.logs(namespace, pod, options, resume);
  }

  /**
   * The browser terminal's `kubectl logs -f`: the next part of a stream the first read
   * (podLogs) opened, read from the node's kubelet as it stands. The stream is already open,
   * so nothing is sent, and a container's file reads the same whenever it is read
   * (containerLog.ts): reading at any frame changes nothing. The Pod's node is the one the
   * committed Pod names. The stream runs through the API server: when it dies the stream
   * breaks (`unexpected EOF`); a Pod gone from etcd, or a killed kubelet (its host resets
   * the connection), ends it; a node powered off answers nothing more, and the stream
   * waits, as a real one hangs on a dead connection.
   */
  followPodLogs(namespace: string, pod: string, options: PodLogOptions, resume: LogResume): LogsResult {
    if (!this.kernel.isAlive(APISERVER_ADDRESS)) return { ok: false, error: 'unexpected EOF' };
    const pods = kindForResource('pods');
    const stored = pods === undefined ? undefined : (this.stored().get(pods, namespace, pod) as { spec?: { nodeName?: string } } | undefined);
    const nodeName = stored?.spec?.nodeName ?? '';
    if (this.downNodes.has(nodeName)) return { ok: true, text: '', stream: { ...resume, open: true } };
    const kubelet = this.extraProcesses.get(`kubelet@${nodeName}`);
    if (!(kubelet instanceof KubeletProcess) || !this.kernel.isAlive(kubelet.address) || kubelet.current === undefined) return { ok: true, text: '', stream: { ...resume, open: false } };
    return kubelet.current.logs(namespace, pod, options, resume);
  }

  /**
   * `sim curl <service|clusterIP>[:port]` from the first worker whose kube-proxy is up (the
   * control-plane node as a last resort): its rule table picks the endpoint. The request
   * leaves the node with its Pod bridge's address (kube-proxy masquerades a Service's
   * traffic from outside the Pod network), which the server that answers logs.
   */
  curl(target: string): SimCurlResult {
    const order = [...this.info.workers, ...this.info.nodes.slice(0, 1)];
    for (const node of order) {
      const proxy = this.extraProcesses.get(`kube-proxy@${node}`);
      if (proxy instanceof KubeProxyProcess && this.kernel.isAlive(proxy.address) && proxy.current !== undefined) return proxy.current.curl(target, undefined, podBridgeIP(this.info.nodes.indexOf(node)));
    }
    return {
      ok: false,
      exitCode: 1,
      output: 'no node has a running kube-proxy to send the request through (restart a node with sim restart node-1)',
    };
  }

  // ---- the watch chain ----

  /** The hops behind `kind/name` (`deployment/web`, `pod/web-…`, `rs/web-…`) and its owners and dependents. */
  chain(query: ObjectQuery): ChainQueryResult {
    if (this.journal === undefined)
      return {
        ok: false,
        error: 'tracing is off in this simulation (trace capacity 0)',
      };
    const known: HopObject[] = [...this.journal.seen.values(), ...this.liveObjects()];
    return { ok: true, hops: causalChain(this.journal.hops(), query, known) };
  }

  /** The last `n` hops of the chain journal, oldest first. */
  recentHops(n: number): ChainHop[] | undefined {
    if (this.journal === undefined) return undefined;
    const all = this.journal.hops();
    return all.slice(Math.max(0, all.length - n));
  }

  private liveObjects(): HopObject[] {
    const out: HopObject[] = [];
    for (const kv of this.etcdContents()) {
      if (!kv.key.startsWith('/registry/')) continue;
      let o: {
        kind?: string;
        metadata?: {
          name?: string;
          namespace?: string;
          uid?: string;
          ownerReferences?: Array<{ uid?: string }>;
        };
      };
      try {
        o = JSON.parse(kv.value) as typeof o;
      } catch {
        continue;
      }
      const m = o.metadata;
      if (m?.name === undefined || m.uid === undefined || o.kind === undefined) continue;
      const owners = (m.ownerReferences ?? []).map((r) => r.uid).filter((u): u is string => typeof u === 'string');
      out.push({
        resource: resourceOfKind(o.kind),
        name: m.name,
        uid: m.uid,
        ...(m.namespace !== undefined ? { namespace: m.namespace } : {}),
        ...(owners.length > 0 ? { owners } : {}),
      });
    }
    return out;
  }

  // ---- what the UI draws ----

  /** Every process on the network, by address, with its role, node and whether it is up. */
  processes(): ProcessView[] {
    const controlPlane = this.info.nodes[0] ?? '';
    return this.clusterKernel.addresses().map((address) => {
      const node = nodeOf(address, controlPlane);
      return {
        address,
        role: roleOf(address),
        ...(node !== undefined ? { node } : {}),
        up: this.kernel.isAlive(address),
      };
    });
  }

  /** Every node, control-plane nodes first: up when its kubelet is, its processes and the Pods bound to it. */
  nodes(): NodeView[] {
    const pods = podsByNode(this.etcdContents());
    const procs = this.processes();
    return this.info.nodes.map((name) => {
      const mine = procs.filter((p) => p.node === name);
      const kubelet = mine.find((p) => p.role === 'kubelet');
      return {
        name,
        role: this.info.controlPlanes.includes(name) ? 'control-plane' : 'worker',
        up: kubelet?.up ?? true,
        processes: mine,
        pods: pods.get(name) ?? [],
      };
    });
  }

  /** The whole cluster: etcd members (their state hashes), the network, every process's liveness and the Pods' placement. */
  override snapshot(): unknown {
    return {
      ...(super.snapshot() as Record<string, unknown>),
      topology: 'default',
      nodes: this.nodes().map((n) => ({
        name: n.name,
        up: n.up,
        pods: n.pods,
      })),
      processes: this.clusterKernel.addresses().map((a) => ({ address: a, alive: this.kernel.isAlive(a) })),
      apiServer: {
        etcdEndpoint: this.apiServer.etcdEndpoint,
        compactedRevision: this.apiServer.compactedRevision,
      },
    };
  }
}

/** A node's InternalIP: 172.18.0.<index+2> by its place in `nodes`, 172.18.0.2 for the first control-plane node (bootstrap/objects.ts). */
function nodeIP(index: number): string {
  return `172.18.0.${Math.max(0, index) + 2}`;
}

/** A node's Pod bridge (cni0): the first address of its podCIDR, 10.244.<index>.0/24 (bootstrap/objects.ts, kubelet/ipam.ts). */
function podBridgeIP(index: number): string {
  return `10.244.${Math.max(0, index)}.1`;
}

export function createDefaultSimulation(options: DefaultSimulationOptions): DefaultSimulation {
  return new DefaultSimulation(options);
}
