// Quantities in what the API server writes to etcd: canonical text on create and on the
// status subresource's writes too (the real server decodes every body into the typed
// object), whichever way the status is written.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { must, stored, testCluster } from './testCluster';

function nodeStatus(sim: ReturnType<typeof testCluster>): { capacity?: Record<string, unknown>; allocatable?: Record<string, unknown> } {
  return (JSON.parse(stored(sim, '/registry/minions/node-1')!.value) as { status: Record<string, never> }).status;
}

describe('quantities as stored in etcd', () => {
  it('a created Pod: canonical text, always a string', () => {
    const sim = testCluster();
    const body: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: 0.5, memory: '1024Mi' }, limits: { cpu: 2 } } }] },
    };
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body });
    expect(stored(sim, '/registry/pods/default/p')!.value).toContain('"resources":{"requests":{"cpu":"500m","memory":"1Gi"},"limits":{"cpu":"2"}}');
  });

  it('a Node’s capacity and allocatable written through the status subresource: merge patch, strategic merge patch, update', () => {
    const sim = testCluster();
    must(sim, { verb: 'patch', resource: 'nodes', namespace: '', name: 'node-1', subresource: 'status', patchType: 'application/merge-patch+json', patch: { status: { capacity: { 'example.com/dongle': 4, memory: '4096Mi' } } } });
    expect(nodeStatus(sim).capacity).toMatchObject({ 'example.com/dongle': '4', memory: '4Gi' });
    must(sim, { verb: 'patch', resource: 'nodes', namespace: '', name: 'node-1', subresource: 'status', patchType: 'application/strategic-merge-patch+json', patch: { status: { allocatable: { cpu: 1.5 } } } });
    expect(nodeStatus(sim).allocatable).toMatchObject({ cpu: '1500m' });
    const node = must(sim, { verb: 'get', resource: 'nodes', namespace: '', name: 'node-1' });
    const status = node.status as { allocatable: Record<string, unknown> };
    must(sim, { verb: 'updateStatus', resource: 'nodes', namespace: '', body: { ...node, status: { ...status, allocatable: { ...status.allocatable, memory: '3072Mi' } } } });
    expect(nodeStatus(sim).allocatable).toMatchObject({ cpu: '1500m', memory: '3Gi' });
  });
});
