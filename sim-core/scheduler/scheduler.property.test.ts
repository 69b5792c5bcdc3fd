// Property: whatever the nodes, taints and Pods, the scheduler never binds a Pod to a
// node whose allocatable cpu/memory the bound Pods' requests would exceed, nor to a node
// with a NoSchedule taint the Pod does not tolerate. Runs: SCHEDULER_PROPERTY_RUNS (default 60).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FakeApiServer } from '../client/testing/fakeApiServer';
import { Prng } from '../kernel';
import { Scheduler } from './scheduler';
import { firstUntoleratedTaint, toleratesTaint } from './taints';
import { UNSCHEDULABLE_TAINT_KEY } from './filters';
import { amountsOf, podRequests } from './requests';
import { node, pod } from './testing/objects';
import type { Node, Pod } from '../apiserver';

const RUNS = Number(process.env.SCHEDULER_PROPERTY_RUNS ?? 60);

const nodeArb = fc.record({
  cpuMilli: fc.integer({ min: 500, max: 4000 }),
  memMi: fc.integer({ min: 256, max: 4096 }),
  taint: fc.constantFrom(undefined, 'dedicated', 'gpu'),
  cordoned: fc.boolean(),
});
const podArb = fc.record({
  cpuMilli: fc.integer({ min: 0, max: 2000 }),
  memMi: fc.integer({ min: 0, max: 2048 }),
  tolerates: fc.constantFrom(undefined, 'dedicated', 'gpu', '*'),
  deleteAfter: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
});

describe('scheduler property', () => {
  it('never overcommits a node and never ignores a NoSchedule taint', () => {
    fc.assert(
      fc.property(fc.array(nodeArb, { minLength: 1, maxLength: 5 }), fc.array(podArb, { minLength: 1, maxLength: 25 }), fc.integer(), (nodeSpecs, podSpecs, seed) => {
        const api = new FakeApiServer();
        api.seed(
          'nodes',
          ...nodeSpecs.map((n, i) =>
            node(`node-${i + 1}`, {
              cpu: `${n.cpuMilli}m`,
              memory: `${n.memMi}Mi`,
              unschedulable: n.cordoned,
              ...(n.taint ? { taints: [{ key: n.taint, value: 'true', effect: 'NoSchedule' as const }] } : {}),
            }),
          ),
        );
        const s = new Scheduler(api, new Prng(seed));
        s.start(0);
        api.flush();
        podSpecs.forEach((p, i) => {
          const tolerations = p.tolerates === '*' ? [{ operator: 'Exists' }] : p.tolerates ? [{ key: p.tolerates, operator: 'Exists', effect: 'NoSchedule' }] : [];
          api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod(`p${i}`, { ...(p.cpuMilli ? { cpu: `${p.cpuMilli}m` } : {}), ...(p.memMi ? { memory: `${p.memMi}Mi` } : {}), tolerations }) });
        });
        api.flush();
        for (let t = 1; t <= 8; t++) {
          s.tick(t);
          api.flush();
          // some bound Pods go away, making room for the rest
          podSpecs.forEach((p, i) => {
            if (p.deleteAfter === t) api.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: `p${i}` });
          });
          api.flush();
        }
        const nodes = api.all('nodes') as Node[];
        const pods = api.all('pods') as Pod[];
        for (const n of nodes) {
          const onNode = pods.filter((p) => p.spec?.nodeName === n.metadata?.name);
          const alloc = amountsOf(n.status?.allocatable);
          for (const resource of ['cpu', 'memory']) {
            const used = onNode.reduce((sum, p) => sum + (podRequests(p).get(resource) ?? 0n), 0n);
            expect(used <= (alloc.get(resource) ?? 0n), `${n.metadata?.name} ${resource} overcommitted (seed=${seed})`).toBe(true);
          }
          for (const p of onNode) {
            expect(firstUntoleratedTaint(n.spec?.taints, p.spec?.tolerations), `${p.metadata?.name} on tainted ${n.metadata?.name}`).toBeUndefined();
            // a cordoned node takes only Pods that tolerate its unschedulable taint (an empty-key Exists does)
            if (n.spec?.unschedulable) {
              expect((p.spec?.tolerations ?? []).some((t) => toleratesTaint(t, { key: UNSCHEDULABLE_TAINT_KEY, effect: 'NoSchedule' })), `${p.metadata?.name} on cordoned ${n.metadata?.name}`).toBe(true);
            }
          }
        }
        // and the scheduler was not idle while room existed for nothing: every unbound Pod says why
        for (const p of pods.filter((x) => !x.spec?.nodeName)) {
          expect(p.status?.conditions?.find((c) => c.type === 'PodScheduled')?.message ?? '').toMatch(/^0\/\d+ nodes are available: /);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
