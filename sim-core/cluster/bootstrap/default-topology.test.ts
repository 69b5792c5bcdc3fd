// The `default` topology starts as a kubeadm-built cluster: everything below is in etcd,
// written through the API server, before the learner's first command.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { createDefaultSimulation } from '../default-topology';
import type { Process } from '../../kernel';
import type { ClusterWire } from '../../apiserver/server';

function json(sim: ReturnType<typeof createDefaultSimulation>, key: string): KubeObject {
  const kv = sim.etcdContents().find((k) => k.key === key);
  if (kv === undefined) throw new Error(`${key} is not in etcd`);
  return JSON.parse(kv.value) as KubeObject;
}

describe('default topology bootstrap', () => {
  const sim = createDefaultSimulation({ seed: 42 });

  it('has 3 etcd members, the API server and the bootstrap objects at their /registry keys', () => {
    expect(sim.memberList().map((m) => m.address)).toEqual(['etcd-1', 'etcd-2', 'etcd-3']);
    expect(sim.kernel.isAlive('kube-apiserver')).toBe(true);
    const keys = sim.etcdContents().map((kv) => kv.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        '/registry/namespaces/default',
        '/registry/namespaces/kube-system',
        '/registry/namespaces/kube-public',
        '/registry/namespaces/kube-node-lease',
        '/registry/minions/control-plane',
        '/registry/minions/node-1',
        '/registry/minions/node-2',
        '/registry/minions/node-3',
        '/registry/leases/kube-node-lease/control-plane',
        '/registry/leases/kube-node-lease/node-1',
        '/registry/leases/kube-node-lease/node-3',
        '/registry/services/specs/default/kubernetes',
        '/registry/services/endpoints/default/kubernetes',
      ]),
    );
    expect(keys).not.toContain('/registry/minions/node-4');
    // the first write of a fresh etcd is revision 2
    expect(Math.min(...sim.etcdContents().map((kv) => kv.create_revision))).toBe(2);
  });

  it('nodes are registered as kubeadm and the kubelet register them', () => {
    const cp = json(sim, '/registry/minions/control-plane');
    expect(cp.metadata?.labels?.['node-role.kubernetes.io/control-plane']).toBe('');
    expect((cp.spec as { taints: unknown[] }).taints).toEqual([{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
    const w = json(sim, '/registry/minions/node-2');
    expect(w.metadata?.labels?.['node-role.kubernetes.io/control-plane']).toBeUndefined();
    expect((w.spec as { taints?: unknown[] }).taints).toBeUndefined();
    expect((w.spec as { podCIDR: string }).podCIDR).toBe('10.244.2.0/24');
    const status = w.status as { capacity: Record<string, string>; allocatable: Record<string, string>; nodeInfo: { kubeletVersion: string }; conditions: Array<{ type: string; status: string }> };
    expect([status.capacity.cpu, status.capacity.memory, status.capacity.pods]).toEqual(['2', '4Gi', '110']);
    expect(status.allocatable.pods).toBe('110');
    expect(status.nodeInfo.kubeletVersion).toMatch(/^v1\.32\.\d+$/);
    expect(status.conditions.find((c) => c.type === 'Ready')?.status).toBe('True');
    const cidrs = ['control-plane', 'node-1', 'node-2', 'node-3'].map((n) => (json(sim, `/registry/minions/${n}`).spec as { podCIDR: string }).podCIDR);
    expect(new Set(cidrs).size).toBe(4);
  });

  it('each node Lease is owned by its Node', () => {
    const node = json(sim, '/registry/minions/node-1');
    const lease = json(sim, '/registry/leases/kube-node-lease/node-1');
    expect(lease.metadata?.ownerReferences?.[0]).toEqual(expect.objectContaining({ kind: 'Node', name: 'node-1', uid: node.metadata?.uid }));
    expect((lease.spec as { holderIdentity: string }).holderIdentity).toBe('node-1');
  });

  it('the kubernetes Service is 10.96.0.1:443 with Endpoints at the API server', () => {
    const svc = json(sim, '/registry/services/specs/default/kubernetes');
    expect((svc.spec as { clusterIP: string }).clusterIP).toBe('10.96.0.1');
    expect((svc.spec as { ports: Array<{ port: number }> }).ports[0]!.port).toBe(443);
    const eps = json(sim, '/registry/services/endpoints/default/kubernetes');
    expect((eps.subsets as Array<{ ports: Array<{ port: number }> }>)[0]!.ports[0]!.port).toBe(6443);
  });

  it('the objects were written by the API server (trace), never by another etcd client', () => {
    const writers = new Set(
      sim.kernel.trace
        .events({ kinds: ['send'] })
        .filter((e) => (e.payload as { kind?: string }).kind === 'request' && (e.peer ?? '').startsWith('etcd-'))
        .map((e) => e.address),
    );
    expect([...writers]).toEqual(['kube-apiserver']);
  });

  it('the same seed gives the same state hash; workers and process factories are options', () => {
    expect(createDefaultSimulation({ seed: 42 }).stateHash()).toBe(sim.stateHash());
    const started: string[] = [];
    const factory = (): Process<ClusterWire> & { start(): void } => ({
      address: 'kube-scheduler',
      receive: () => undefined,
      start: () => started.push('kube-scheduler'),
    });
    const small = createDefaultSimulation({ seed: 42, workers: 5, processes: [factory] });
    expect(small.info.nodes).toEqual(['control-plane', 'node-1', 'node-2', 'node-3', 'node-4', 'node-5']);
    expect(small.etcdContents().some((kv) => kv.key === '/registry/minions/node-5')).toBe(true);
    expect(small.kernel.isAlive('kube-scheduler')).toBe(true);
    expect(started).toEqual(['kube-scheduler']);
  });
});
