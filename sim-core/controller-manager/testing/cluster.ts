// The default topology with the control plane's processes, for the controller-manager's
// end-to-end tests: reads go through kubectl's port (the API server), facts about storage
// through etcd's contents, and the trace is collected from the start.
import type { Lease, Node, Pod } from '../../apiserver';
import type { KubeObject } from '../../client';
import { createDefaultSimulation, type DefaultSimulation, type ProcessFactory } from '../../cluster/default-topology';
import type { TraceEvent } from '../../kernel';
import { KubeletProcess } from '../../kubelet/process';
import { KubeProxyProcess } from '../../kube-proxy/process';
import { SchedulerProcess } from '../../scheduler/process';
import { ControllerManagerProcess } from '../process';

export const TIMEOUT = { timeoutTicks: 2_000 };

export const controllerManager: ProcessFactory = () => new ControllerManagerProcess();
export const scheduler: ProcessFactory = () => new SchedulerProcess();
export const nodeProcesses: ProcessFactory = (info) => info.nodes.flatMap((nodeName) => [new KubeletProcess({ nodeName }), new KubeProxyProcess({ nodeName })]);

export interface TestCluster {
  sim: DefaultSimulation;
  trace: TraceEvent[];
  list<T = KubeObject>(resource: string, namespace?: string): T[];
  get<T = KubeObject>(resource: string, namespace: string, name: string): T | undefined;
  create(resource: string, body: KubeObject): void;
  update(resource: string, body: KubeObject): void;
  /** kubectl scale deployment <name> --replicas=<n> in the default namespace */
  scale(name: string, replicas: number): void;
  etcdKeys(prefix: string): string[];
  lease(name: string): Lease | undefined;
  pods(): Pod[];
  node(name: string): Node | undefined;
}

export function testCluster(seed: number, processes: readonly ProcessFactory[] = [controllerManager, scheduler, nodeProcesses]): TestCluster {
  const sim = createDefaultSimulation({ seed, processes });
  const trace: TraceEvent[] = [];
  sim.subscribe((e) => {
    if (e.kind === 'state' || e.kind === 'kill') trace.push(e);
  });
  const list = <T,>(resource: string, namespace?: string): T[] => {
    const r = sim.kubectl.request({ verb: 'list', resource, ...(namespace !== undefined ? { namespace } : {}) }, TIMEOUT);
    if (!r.ok) throw new Error(`list ${resource} (seed=${seed}): ${r.error.message}`);
    return (r.value as unknown as { items: T[] }).items;
  };
  const get = <T,>(resource: string, namespace: string, name: string): T | undefined => {
    const r = sim.kubectl.request({ verb: 'get', resource, namespace, name }, TIMEOUT);
    return r.ok ? (r.value as T) : undefined;
  };
  const write = (verb: 'create' | 'update', resource: string, body: KubeObject) => {
    const r = sim.kubectl.request({ verb, resource, namespace: body.metadata?.namespace ?? 'default', body }, TIMEOUT);
    if (!r.ok) throw new Error(`${verb} ${resource} (seed=${seed}): ${r.error.message}`);
  };
  return {
    sim,
    trace,
    list,
    get,
    create: (resource, body) => write('create', resource, body),
    update: (resource, body) => write('update', resource, body),
    scale: (name, replicas) => {
      // kubectl scale: a patch carries no resourceVersion, so it never races the controllers' status writes.
      const patch = { spec: { replicas } };
      const r = sim.kubectl.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name, patchType: 'application/merge-patch+json', patch }, TIMEOUT);
      if (!r.ok) throw new Error(`scale deployments/${name} (seed=${seed}): ${r.error.message}`);
    },
    etcdKeys: (prefix) => sim.etcdContents().map((kv) => kv.key).filter((k) => k.startsWith(prefix)),
    lease: (name) => get<Lease>('leases', 'kube-system', name),
    pods: () => list<Pod>('pods', 'default'),
    node: (name) => get<Node>('nodes', '', name),
  };
}

export function nginxDeployment(name = 'web', replicas = 3): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } },
    },
  };
}

export function runningPods(c: TestCluster): Pod[] {
  return c.pods().filter((p) => p.status?.phase === 'Running' && p.metadata?.deletionTimestamp === undefined);
}
