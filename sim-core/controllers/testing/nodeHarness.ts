// A small cluster for the node lifecycle and taint eviction controllers: the fake API
// server, shared informers for Nodes, Leases and Pods, both controllers wired as the
// controller-manager wires them, and fake kubelets that renew their Lease every 10 s
// (a killed one stops; a revived one renews and posts Ready=True again).
import type { Lease, Node, Pod, Toleration } from '../../apiserver';
import { Informer, WorkQueue, microTime, type KubeObject } from '../../client';
import { FakeApiServer } from '../../client/testing/fakeApiServer';
import { Prng } from '../../kernel';
import { parseTimestamp, tickToMillis, tickToTimestamp } from '../../cli/kubectl/clock';
import { processNextWorkItem, type ControllerContext } from '../context';
import { apiEventRecorder } from '../events';
import { NodeLifecycleController, NODE_LEASE_NAMESPACE } from '../nodeLifecycle';
import { TaintEvictionController } from '../taintEviction';

export const LEASE_RENEW_TICKS = 1000;
/** the tolerations the API server's DefaultTolerationSeconds admission adds */
export const DEFAULT_TOLERATIONS: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

function readyNode(name: string, tick: number): Node {
  const ts = tickToTimestamp(tick);
  const cond = (type: string, status: string, reason: string) => ({ type, status, reason, message: reason, lastHeartbeatTime: ts, lastTransitionTime: ts });
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, creationTimestamp: tickToTimestamp(0), labels: { 'kubernetes.io/hostname': name } },
    spec: {},
    status: { conditions: [cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory'), cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure'), cond('PIDPressure', 'False', 'KubeletHasSufficientPID'), cond('Ready', 'True', 'KubeletReady')] },
  };
}

export function runningPod(name: string, nodeName: string, tolerations: Toleration[] = DEFAULT_TOLERATIONS): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { nodeName, containers: [{ name: 'nginx', image: 'nginx:1.27' }], tolerations },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: tickToTimestamp(0) }] },
  };
}

export function nodeCluster(nodeNames: readonly string[], pods: readonly Pod[] = []) {
  const api = new FakeApiServer();
  let now = 0;
  const clock = {
    tick: () => now,
    timestamp: () => tickToTimestamp(now),
    secondsSince: (ts: string) => Math.floor((tickToMillis(now) - (parseTimestamp(ts) ?? 0)) / 1000),
  };
  for (const n of nodeNames) {
    api.seed('nodes', readyNode(n, 0) as KubeObject);
    const lease: Lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: n, namespace: NODE_LEASE_NAMESPACE }, spec: { holderIdentity: n, leaseDurationSeconds: 40, renewTime: microTime(0) } };
    api.seed('leases', lease as KubeObject);
  }
  for (const p of pods) api.seed('pods', p as KubeObject);
  const nodes = new Informer<Node & KubeObject>(api, { resource: 'nodes' });
  const leases = new Informer<Lease & KubeObject>(api, { resource: 'leases' });
  const podInformer = new Informer<Pod & KubeObject>(api, { resource: 'pods' });
  const ctx = (name: string): ControllerContext => ({ api, queue: new WorkQueue(), prng: new Prng(5).child(name), clock });
  const nlcCtx = ctx('node-lifecycle');
  const nlc = new NodeLifecycleController({ nodes: nodes.lister, leases: leases.lister, pods: podInformer.lister, ctx: nlcCtx, recorder: apiEventRecorder(nlcCtx, 'node-controller') });
  const teCtx = ctx('taint-eviction');
  const te = new TaintEvictionController({ nodes: nodes.lister, pods: podInformer.lister, ctx: teCtx, recorder: apiEventRecorder(teCtx, 'taint-eviction-controller') });
  nodes.addEventHandlers(nlc.nodeHandlers);
  podInformer.addEventHandlers(nlc.podHandlers);
  nodes.addEventHandlers(te.nodeHandlers);
  podInformer.addEventHandlers(te.podHandlers);
  const informers = [nodes, leases, podInformer];
  for (const i of informers) i.run(0);
  api.flush();
  const alive = new Set(nodeNames);

  const renew = (name: string) => {
    const lease = api.find('leases', `${NODE_LEASE_NAMESPACE}/${name}`) as Lease;
    api.request({ verb: 'update', resource: 'leases', namespace: NODE_LEASE_NAMESPACE, body: { ...lease, spec: { ...lease.spec, renewTime: microTime(now) } } as KubeObject });
  };
  const step = () => {
    now++;
    for (const i of informers) i.tick(now);
    nlc.tick(now);
    te.tick(now);
    for (const c of [nlcCtx, teCtx]) {
      c.queue.advance(now);
      while (processNextWorkItem(c.queue, (k) => (c === nlcCtx ? nlc.reconcile(k) : te.reconcile(k))));
    }
    api.flush();
    if (now % LEASE_RENEW_TICKS === 0) for (const n of [...alive].sort()) renew(n);
    api.flush();
  };
  return {
    api,
    nlc,
    te,
    now: () => now,
    run: (ticks: number) => {
      for (let i = 0; i < ticks; i++) step();
    },
    runUntil: (pred: () => boolean, cap: number): number | undefined => {
      for (let i = 0; i < cap; i++) {
        if (pred()) return now;
        step();
      }
      return pred() ? now : undefined;
    },
    kill: (name: string) => alive.delete(name),
    /** the kubelet is back: it renews its Lease and posts Ready=True at once */
    revive: (name: string) => {
      alive.add(name);
      renew(name);
      const cur = api.find('nodes', name) as Node;
      api.request({ verb: 'updateStatus', resource: 'nodes', namespace: '', body: { ...cur, status: readyNode(name, now).status } as KubeObject });
      api.flush();
    },
    node: (name: string) => api.find('nodes', name) as Node,
    pod: (name: string) => api.find('pods', `default/${name}`) as Pod | undefined,
    events: () => (api.all('events') as { reason?: string; message?: string; type?: string; source?: { component?: string } }[]).map((e) => `${e.source?.component}: ${e.type} ${e.reason} ${e.message}`),
  };
}
