// The scheduler cache's NodeInfos, updated Pod by Pod, must always equal NodeInfos built
// from scratch from the same Pods — also when most updates are status writes that it
// applies without a rebuild.
import { describe, expect, it } from 'vitest';
import { Prng } from '../kernel';
import { buildNodeInfos, type NodeInfo } from './nodeInfo';
import { NodeInfoCache } from './nodeInfoCache';
import { node, pod } from './testing/objects';
import type { Node, Pod } from '../apiserver';

/** What a NodeInfo says, comparable whatever the order its Pods were added in. */
function facts(infos: readonly NodeInfo[]) {
  return infos.map((i) => ({
    name: i.name,
    node: i.node,
    pods: [...i.pods].sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1)),
    requested: Object.fromEntries([...i.requested].filter(([, v]) => v !== 0n).sort()),
    nonZeroRequested: i.nonZeroRequested,
    ownerCounts: Object.fromEntries([...i.ownerCounts].filter(([, v]) => v !== 0).sort()),
    allocatable: Object.fromEntries([...i.allocatable].sort()),
  }));
}

describe('NodeInfoCache', () => {
  it('a status update keeps the totals and swaps in the new Pod object', () => {
    const cache = new NodeInfoCache();
    const nodes = [node('node-1'), node('node-2')];
    const web = pod('web', { nodeName: 'node-1', cpu: '500m', owner: 'rs' });
    cache.setPod('default/web', web);
    const [first] = cache.snapshot(() => nodes);
    const running: Pod = { ...web, status: { phase: 'Running' } };
    cache.setPod('default/web', running);
    const [second] = cache.snapshot(() => nodes);
    expect(second).toBe(first);
    expect(second?.pods).toEqual([running]);
    expect(second?.pods[0]).toBe(running);
    expect(second?.requested.get('cpu')).toBe(500n);
    // a Pod that finished frees its node
    cache.setPod('default/web', { ...web, status: { phase: 'Succeeded' } });
    expect(cache.snapshot(() => nodes)[0]?.pods).toEqual([]);
    expect(cache.snapshot(() => nodes)[0]?.requested.get('cpu') ?? 0n).toBe(0n);
  });

  it('always equals NodeInfos built from scratch, for random Pod events', () => {
    const rng = new Prng(11);
    let nodes: Node[] = [node('node-1', { cpu: '4' }), node('node-2'), node('node-3', { memory: '8Gi' })];
    const cache = new NodeInfoCache();
    /** what the cache should count: key → Pod */
    const counted = new Map<string, Pod>();
    for (let step = 0; step < 3000; step++) {
      const name = `p${rng.int(0, 30)}`;
      const key = `default/${name}`;
      const roll = rng.int(0, 9);
      if (roll === 0) {
        cache.setPod(key, undefined);
        counted.delete(key);
      } else if (roll === 1 && step % 5 === 0) {
        // a Node changes (a heartbeat, a new label): its NodeInfo is rebuilt
        const i = rng.int(0, nodes.length - 1);
        const changed = node(nodes[i]?.metadata?.name ?? '', { labels: { step: String(step) } });
        nodes = nodes.map((n, j) => (j === i ? changed : n));
        cache.nodeChanged(changed.metadata?.name ?? '');
      } else if (roll === 2) {
        // assumed by the scheduler in the batch: counted on the snapshot's NodeInfo at once
        const infos = cache.snapshot(() => nodes);
        const info = infos[rng.int(0, infos.length - 1)] as NodeInfo;
        const bound = pod(name, { nodeName: info.name, cpu: `${rng.int(1, 4) * 100}m`, owner: `rs-${rng.int(0, 2)}` });
        cache.assume(key, bound, info);
        counted.set(key, bound);
      } else {
        const old = counted.get(key);
        const phase = rng.pick(['Pending', 'Running', 'Running', 'Succeeded']);
        const next =
          old !== undefined && rng.int(0, 2) > 0
            ? { ...old, status: { phase } } // a status write: same node, same requests
            : pod(name, { nodeName: rng.pick(['', 'node-1', 'node-2', 'node-3']) || undefined, cpu: `${rng.int(0, 3) * 100}m`, memory: rng.pick(['', '64Mi']) || undefined, owner: rng.pick(['', 'rs-0', 'rs-1']) || undefined, phase });
        cache.setPod(key, next);
        if (next.spec?.nodeName && next.status?.phase !== 'Succeeded') counted.set(key, next);
        else counted.delete(key);
      }
      if (step % 7 === 0) expect(facts(cache.snapshot(() => nodes)), `step ${step}`).toEqual(facts(buildNodeInfos(nodes, [...counted.values()])));
    }
  });
});
