// The `default` topology as a learner meets it: a Pod created through the API runs on a
// worker, its logs come from its node's kubelet, a Service answers through kube-proxy,
// killing its node takes it down, and `sim trace` follows the chain hop by hop.
import { describe, expect, it } from 'vitest';
import { createSimulation } from './index';
import { ARP_TIMEOUT_TICKS, type DefaultSimulation } from './default-topology';

function pod(name: string, image = 'nginx:1.27', labels: Record<string, string> = { app: 'web' }) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels },
    spec: {
      containers: [{ name: 'web', image, ports: [{ containerPort: 80 }] }],
    },
  };
}

// A Service without a selector and its hand-written Endpoints: the endpoints controller
// leaves such a Service alone (endpoints_controller.go skips selector-less Services).
function service(name: string) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'default' },
    spec: { ports: [{ port: 80, targetPort: 80 }] },
  };
}

// a selector-less Service's endpoints written by hand, as the EndpointSlice kube-proxy reads
function endpointSlice(name: string, ip: string) {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${name}-manual`, namespace: 'default', labels: { 'kubernetes.io/service-name': name } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [ip], conditions: { ready: true } }],
    ports: [{ port: 80 }],
  };
}

function create(sim: DefaultSimulation, resource: string, body: unknown) {
  const r = sim.kubectl.request({ verb: 'create', resource, namespace: 'default', body } as never, { timeoutTicks: 500 });
  if (!r.ok) throw new Error(r.error.message);
}

function phaseOf(sim: DefaultSimulation, name: string): string | undefined {
  for (const n of sim.nodes()) for (const p of n.pods) if (p.name === name) return p.phase;
  return undefined;
}

describe('createSimulation({ topology: "default" })', () => {
  const sim = createSimulation({ topology: 'default', seed: 7 });
  create(sim, 'pods', pod('web'));
  sim.runUntil(() => phaseOf(sim, 'web') === 'Running', 3000);

  it('runs a Pod to Running on a worker, never on the tainted control-plane node', () => {
    const nodes = sim.nodes();
    expect(nodes.map((n) => n.name)).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    expect(nodes[0]?.role).toBe('control-plane');
    const host = nodes.find((n) => n.pods.some((p) => p.name === 'web'));
    expect(host?.role).toBe('worker');
    expect(host?.pods).toEqual([{ namespace: 'default', name: 'web', phase: 'Running' }]);
    expect(host?.processes.map((p) => p.role).sort()).toEqual(['kube-proxy', 'kubelet']);
    expect(nodes[0]?.processes.map((p) => p.address)).toEqual(expect.arrayContaining(['kube-apiserver', 'kube-scheduler', 'kubelet@control-plane']));
  });

  it('answers kubectl logs through the Pod node’s kubelet', () => {
    const logs = sim.ports().podLogs('default', 'web', {});
    expect(logs.ok).toBe(true);
    expect(sim.podLogs('default', 'nope', {})).toEqual({
      ok: false,
      error: 'pods "nope" not found',
    });
  });

  it('curls a Service through kube-proxy and fails as curl does for an unknown name', () => {
    const got = sim.kubectl.request({ verb: 'get', resource: 'pods', namespace: 'default', name: 'web' }, { timeoutTicks: 500 });
    const ip = got.ok ? (got.value as { status?: { podIP?: string } }).status?.podIP : undefined;
    expect(ip).toMatch(/^10\.244\.\d+\.\d+$/);
    create(sim, 'services', service('web'));
    create(sim, 'endpointslices', endpointSlice('web', ip ?? ''));
    sim.tick(300);
    const ok = sim.curl('web');
    expect(ok).toMatchObject({ ok: true });
    if (ok.ok) expect(ok.output).toContain('Welcome to nginx!');
    expect(sim.curl('nosuch')).toEqual({
      ok: false,
      exitCode: 6,
      output: 'curl: (6) Could not resolve host: nosuch',
    });
  });

  it('traces the chain behind the Pod: kubectl create, etcd put, watch events, scheduling, kubelet status', () => {
    const r = sim.chain({
      resource: 'pods',
      namespace: 'default',
      name: 'web',
    });
    if (!r.ok) throw new Error(r.error);
    const whats = r.hops.map((h) => `${h.kind} ${h.from} → ${h.to} ${h.what}`);
    const created = whats.findIndex((w) => w === 'request kubectl → kube-apiserver create pods default/web');
    const put = whats.findIndex((w) => /^etcd kube-apiserver → etcd-\d txn put \/registry\/pods\/default\/web$/.test(w));
    // the kubelet watches only its node's Pods (spec.nodeName=<node>): the Pod reaches it as
    // ADDED once the scheduler's bind has put spec.nodeName, not when it is created
    const watched = whats.findIndex((w) => /^watch kube-apiserver → kubelet@node-\d watch ADDED pods default\/web$/.test(w));
    const bound = whats.findIndex((w, i) => i > put && /^etcd kube-apiserver → etcd-\d txn put \/registry\/pods\/default\/web$/.test(w));
    const scheduled = whats.findIndex((w) => /^step kube-scheduler → kube-scheduler schedule pod default\/web → node-\d$/.test(w));
    const status = whats.findIndex((w) => /^request kubelet@node-\d → kube-apiserver patch pods\/status default\/web$/.test(w));
    expect({ created, put, watched, scheduled, status }).toEqual({
      created: expect.any(Number),
      put: expect.any(Number),
      watched: expect.any(Number),
      scheduled: expect.any(Number),
      status: expect.any(Number),
    });
    expect([created, put, watched, scheduled, status].every((i) => i >= 0)).toBe(true);
    // the bind's etcd hop is recorded when etcd's answer reaches the API server, which may be
    // after the watch event of the same revision reached the kubelet (etcd answers and
    // notifies at once); the revisions below tie them together
    expect(put < scheduled && scheduled < bound && scheduled < watched && watched < status).toBe(true);
    // the create's revision is the one etcd answered with; the kubelet's event carries the bind's
    expect(r.hops[created]?.revision).toBe(r.hops[put]?.revision);
    expect(r.hops[watched]?.revision).toBe(r.hops[bound]?.revision);
    // the kubelet's status write names the watch event that reached it
    expect(r.hops[status]?.cause?.to).toBe(r.hops[status]?.from);
    // a Pod nobody made has no hops
    const none = sim.chain({
      resource: 'pods',
      namespace: 'default',
      name: 'ghost',
    });
    expect(none).toEqual({ ok: true, hops: [] });
  });

  it('takes a whole node down with sim kill and brings it back with sim restart', () => {
    const host = sim.nodes().find((n) => n.pods.some((p) => p.name === 'web'))!.name;
    expect(sim.control.kill(host)).toEqual({ ok: true, value: '' });
    expect(sim.control.kill(host)).toEqual({
      ok: false,
      error: `node ${host} is already down`,
    });
    const down = sim.nodes().find((n) => n.name === host)!;
    expect(down.up).toBe(false);
    expect(down.processes.every((p) => !p.up)).toBe(true);
    const logs = sim.podLogs('default', 'web', {});
    expect(logs.ok).toBe(false);
    if (!logs.ok) expect(logs.error).toMatch(/^Get "https:\/\/172\.18\.0\.\d:10250\/containerLogs\/default\/web\/web": dial tcp 172\.18\.0\.\d:10250: connect: no route to host$/);
    expect(sim.control.restart(host).ok).toBe(true);
    expect(sim.nodes().find((n) => n.name === host)!.up).toBe(true);
  });

  it('kills and restarts control-plane processes by name', () => {
    expect(sim.control.kill('kube-scheduler').ok).toBe(true);
    expect(sim.processes().find((p) => p.address === 'kube-scheduler')).toEqual({
      address: 'kube-scheduler',
      role: 'kube-scheduler',
      node: 'control-plane',
      up: false,
    });
    expect(sim.control.restart('kube-scheduler').ok).toBe(true);
    expect(sim.control.kill('node-9')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^no member, node or process named node-9 \(members etcd-N, nodes control-plane, node-1, node-2, node-3, /),
    });
  });
});

describe('the control-plane node', () => {
  it('takes the API server, scheduler and controller-manager down with it; kubectl finds no route to it until it is back', () => {
    const sim = createSimulation({ topology: 'default', seed: 9, workers: 1 });
    expect(sim.nodeProcesses('control-plane')).toEqual(['kube-apiserver', 'kube-controller-manager', 'kube-proxy@control-plane', 'kube-scheduler', 'kubelet@control-plane']);
    expect(sim.kill('control-plane').ok).toBe(true);
    expect(sim.processes().filter((p) => p.node === 'control-plane' && p.up)).toEqual([]);
    expect(sim.nodes()[1]?.up).toBe(true);
    // no host answers: the dial gives up after the ARP timeout (3 s), unless the request's own timeout comes first
    const before = sim.now;
    const unrouted = sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { timeoutTicks: 500 });
    expect(unrouted.ok ? '' : unrouted.error.message).toBe('Unable to connect to the server: dial tcp 172.18.0.2:6443: connect: no route to host');
    expect(sim.now - before).toBe(ARP_TIMEOUT_TICKS);
    const cut = sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { timeoutTicks: 100 });
    expect(cut.ok ? '' : cut.error.message).toMatch(/^Unable to connect to the server: net\/http: request canceled/);
    expect(sim.restart('control-plane').ok).toBe(true);
    sim.tick(300);
    expect(sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { timeoutTicks: 500 }).ok).toBe(true);
    // the API server alone down, its host up: refused at once
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    const at = sim.now;
    const refused = sim.kubectl.request({ verb: 'list', resource: 'pods', namespace: 'default' }, { timeoutTicks: 500 });
    expect(refused.ok ? '' : refused.error.message).toBe('The connection to the server kube-apiserver:6443 was refused - did you specify the right host or port?');
    expect(sim.now).toBe(at);
  });
});

describe('determinism', () => {
  it('gives the same state hash for the same seed and actions', () => {
    const run = () => {
      const sim = createSimulation({
        topology: 'default',
        seed: 11,
        workers: 2,
      });
      create(sim, 'pods', pod('a'));
      sim.tick(400);
      return sim.stateHash();
    };
    expect(run()).toBe(run());
  });

  it('keeps a bare API server when processes is []', () => {
    const sim = createSimulation({
      topology: 'default',
      seed: 3,
      processes: [],
    });
    expect(sim.processes().map((p) => p.role)).not.toContain('kubelet');
  });
});
