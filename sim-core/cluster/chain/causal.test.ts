// Which hops belong to an object's chain: its own, its owners' and its dependents', by
// ownerReferences — also after an owner is gone — with each write's causing watch event.
import { describe, expect, it } from 'vitest';
import { causalChain, relatedObjects } from './causal';
import { objectOfKey } from './journal';
import type { ChainHop, HopObject } from './hop';

const deploy: HopObject = { resource: 'deployments', namespace: 'default', name: 'web', uid: 'd1' };
const rs: HopObject = { resource: 'replicasets', namespace: 'default', name: 'web-7d4', uid: 'r1', owners: ['d1'] };
const pod: HopObject = { resource: 'pods', namespace: 'default', name: 'web-7d4-abc', uid: 'p1', owners: ['r1'] };
const other: HopObject = { resource: 'pods', namespace: 'default', name: 'db-0', uid: 'p9' };

describe('relatedObjects', () => {
  it('takes a Deployment’s ReplicaSets and their Pods, and a Pod’s owners — never an unrelated Pod', () => {
    expect([...relatedObjects({ resource: 'deployments', namespace: 'default', name: 'web' }, [deploy, rs, pod, other])].sort()).toEqual([
      'deployments|default|web',
      'pods|default|web-7d4-abc',
      'replicasets|default|web-7d4',
    ]);
    expect([...relatedObjects({ resource: 'pods', namespace: 'default', name: 'web-7d4-abc' }, [deploy, rs, pod, other])].sort()).toEqual([
      'deployments|default|web',
      'pods|default|web-7d4-abc',
      'replicasets|default|web-7d4',
    ]);
    expect([...relatedObjects({ resource: 'pods', namespace: 'default', name: 'db-0' }, [deploy, rs, pod, other])]).toEqual(['pods|default|db-0']);
  });
});

describe('causalChain', () => {
  const hop = (seq: number, kind: ChainHop['kind'], from: string, to: string, object: HopObject, what: string): ChainHop => ({ seq, tick: seq, kind, from, to, what, object });
  const hops: ChainHop[] = [
    hop(1, 'request', 'kubectl', 'kube-apiserver', deploy, 'create deployments default/web'),
    hop(2, 'watch', 'kube-apiserver', 'kube-controller-manager', deploy, 'watch ADDED deployments default/web'),
    hop(3, 'watch', 'kube-apiserver', 'kube-scheduler', other, 'watch ADDED pods default/db-0'),
    hop(4, 'request', 'kube-controller-manager', 'kube-apiserver', rs, 'create replicasets default/web-7d4'),
    hop(5, 'request', 'kube-scheduler', 'kube-apiserver', other, 'update pods default/db-0'),
  ];

  it('keeps the family’s hops in order and names the watch event behind each write', () => {
    const chain = causalChain(hops, { resource: 'deployments', namespace: 'default', name: 'web' }, [deploy, rs, pod, other]);
    expect(chain.map((h) => h.seq)).toEqual([1, 2, 4]);
    expect(chain[2]?.cause?.seq).toBe(2);
    expect(chain[0]?.cause).toBeUndefined();
  });
});

describe('objectOfKey', () => {
  it('reads the registry layout, Services and Endpoints and Nodes included', () => {
    expect(objectOfKey('/registry/deployments/default/web')).toEqual({ resource: 'deployments', namespace: 'default', name: 'web' });
    expect(objectOfKey('/registry/services/specs/default/web')).toEqual({ resource: 'services', namespace: 'default', name: 'web' });
    expect(objectOfKey('/registry/services/endpoints/default/web')).toEqual({ resource: 'endpoints', namespace: 'default', name: 'web' });
    expect(objectOfKey('/registry/minions/node-1')).toEqual({ resource: 'nodes', name: 'node-1' });
    expect(objectOfKey('/answer')).toBeUndefined();
  });
});
