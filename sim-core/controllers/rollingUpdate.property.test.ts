// Property: over a whole rolling update, for any replicas / maxSurge / maxUnavailable
// (absolute or percent) and any order in which new Pods become ready, the Deployment
// controller never has more than replicas + maxSurge Pods and never fewer than
// replicas − maxUnavailable available, and the rollout finishes.
// Size: ROLLING_PROPERTY_RUNS (default 60).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ReplicaSet } from '../apiserver';
import { Prng } from '../kernel';
import { Fixture } from './testing/fixture';
import { NS, deployment, replicaSet } from './testing/objects';
import { DeploymentController } from './deployment/controller';
import { maxSurge, maxUnavailable } from './deployment/util';

const RUNS = Number(process.env.ROLLING_PROPERTY_RUNS ?? 60);

const intOrPercent = (max: number) =>
  fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 100 }).map((p) => `${p}%`));

interface World {
  ready: number;
  notReady: number;
}

function runRollout(replicas: number, surge: number | string, unavailable: number | string, seed: number) {
  const d = deployment('web', replicas, { image: 'nginx:1.28', surge, unavailable });
  const f = new Fixture(seed);
  f.preload('deployments', d);
  f.preload('replicasets', replicaSet('web-old', replicas, { owner: d, revision: 1 }));
  const c = new DeploymentController({ deployments: f.lister('deployments'), replicaSets: f.lister('replicasets'), pods: f.lister('pods'), ctx: f.ctx });
  const rng = new Prng(seed);
  const world = new Map<string, World>([['web-old', { ready: replicas, notReady: 0 }]]);
  const limitPods = replicas + maxSurge(d);
  const minAvailable = replicas - maxUnavailable(d);
  const violations: string[] = [];
  let maxPodsSeen = 0;
  let minAvailableSeen = Infinity;
  for (let step = 0; step < 400; step++) {
    f.tick = step;
    c.reconcile(`${NS}/web`);
    f.settle();
    const rss = f.api.all('replicasets') as ReplicaSet[];
    // The ReplicaSet controller's part, instantly: Pods follow spec.replicas; scale-down removes not-ready Pods first.
    for (const rs of rss) {
      const name = rs.metadata?.name ?? '';
      const w = world.get(name) ?? { ready: 0, notReady: 0 };
      const want = rs.spec?.replicas ?? 0;
      let extra = w.ready + w.notReady - want;
      if (extra < 0) w.notReady -= extra;
      const dropNotReady = Math.min(Math.max(extra, 0), w.notReady);
      w.notReady -= dropNotReady;
      extra -= dropNotReady;
      if (extra > 0) w.ready -= extra;
      world.set(name, w);
    }
    const total = [...world.values()].reduce((n, w) => n + w.ready + w.notReady, 0);
    const available = [...world.values()].reduce((n, w) => n + w.ready, 0);
    maxPodsSeen = Math.max(maxPodsSeen, total);
    minAvailableSeen = Math.min(minAvailableSeen, available);
    if (total > limitPods) violations.push(`step ${step}: ${total} Pods > ${limitPods}`);
    if (available < minAvailable) violations.push(`step ${step}: ${available} available < ${minAvailable}`);
    // Some new Pods become ready (kubelet + probes), in a random order.
    for (const w of world.values()) {
      const n = w.notReady === 0 ? 0 : rng.int(0, w.notReady);
      w.notReady -= n;
      w.ready += n;
    }
    for (const rs of rss) {
      const w = world.get(rs.metadata?.name ?? '') as World;
      const status = { replicas: w.ready + w.notReady, readyReplicas: w.ready, availableReplicas: w.ready, observedGeneration: 1 };
      f.api.request({ verb: 'updateStatus', resource: 'replicasets', namespace: NS, body: { ...rs, status } });
    }
    f.settle();
    const newRS = rss.find((rs) => rs.metadata?.name !== 'web-old');
    const done =
      newRS !== undefined &&
      world.get(newRS.metadata?.name ?? '')?.ready === replicas &&
      (world.get('web-old')?.ready ?? 0) + (world.get('web-old')?.notReady ?? 0) === 0;
    if (done) return { violations, finished: true, steps: step, maxPodsSeen, minAvailableSeen };
  }
  return { violations, finished: false, steps: 400, maxPodsSeen, minAvailableSeen };
}

describe('RollingUpdate honours maxSurge and maxUnavailable (property)', () => {
  it('never exceeds replicas + maxSurge Pods, never drops below replicas − maxUnavailable available, and finishes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        intOrPercent(5),
        intOrPercent(5),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (replicas, surge, unavailable, seed) => {
          // The API server rejects both being 0 (validation); skip that input.
          fc.pre(!((surge === 0 || surge === '0%') && (unavailable === 0 || unavailable === '0%')));
          const r = runRollout(replicas, surge, unavailable, seed);
          expect(r.violations, `replicas=${replicas} surge=${surge} unavailable=${unavailable} seed=${seed}`).toEqual([]);
          expect(r.finished, `stuck: replicas=${replicas} surge=${surge} unavailable=${unavailable} seed=${seed}`).toBe(true);
        },
      ),
      { numRuns: RUNS, seed: 4242 },
    );
  });

  it('uses exactly the allowance it is given (the bounds are tight, so the check can fail)', () => {
    const surging = runRollout(4, 2, 0, 9);
    expect(surging).toMatchObject({ finished: true, violations: [], maxPodsSeen: 6, minAvailableSeen: 4 });
    const draining = runRollout(4, 0, 2, 9);
    expect(draining).toMatchObject({ finished: true, violations: [], maxPodsSeen: 4, minAvailableSeen: 2 });
    const percent = runRollout(10, '25%', '25%', 9); // surge 3 (rounded up), unavailable 2 (rounded down)
    expect(percent).toMatchObject({ finished: true, violations: [], maxPodsSeen: 13, minAvailableSeen: 8 });
  });
});
