// History goals judge the whole run, not just its end: a state that existed for a moment
// (a fourth Pod during a rolling update) fails `always`, even if the end looks right.
import { describe, expect, it } from 'vitest';
import type { ActionLog } from '../cluster/actions';
import { grade, type GradeResult } from './replay';
import { clusterWith, pod, putLine, run } from './testing';

const webPods = { kind: 'countObjects', resource: 'pods', namespace: 'default', selector: { matchLabels: { app: 'web' } } };

function ok(r: GradeResult): Extract<GradeResult, { ok: true }> {
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe('always / eventually over the replay', () => {
  const log: ActionLog = [
    { type: 'command', line: putLine('/registry/pods/default/web-a', pod('web-a', { app: 'web' })) },
    { type: 'command', line: putLine('/registry/pods/default/web-b', pod('web-b', { app: 'web' })) },
    { type: 'command', line: putLine('/registry/pods/default/web-c', pod('web-c', { app: 'web' })) },
    { type: 'command', line: 'etcdctl del /registry/pods/default/web-c' },
  ];
  const goals = [
    { id: 'two-at-the-end', check: { ...webPods, count: { eq: 2 } } },
    { id: 'never-more-than-two', check: { kind: 'always', condition: { ...webPods, count: { lte: 2 } } } },
    { id: 'never-more-than-three', check: { kind: 'always', condition: { ...webPods, count: { lte: 3 } } } },
    { id: 'three-at-some-point', check: { kind: 'eventually', condition: { ...webPods, count: { eq: 3 } } } },
    { id: 'four-never', check: { kind: 'eventually', condition: { ...webPods, count: { eq: 4 } } } },
  ];

  it('fails `always` on a moment the end state does not show, and names that moment', () => {
    const r = ok(grade({ topology: 'etcd-only', seed: 9, actionLog: log, goals }));
    const byId = Object.fromEntries(r.goals.map((g) => [g.id, g]));
    expect(byId['two-at-the-end']!.passed).toBe(true);
    expect(byId['never-more-than-two']!.passed).toBe(false);
    expect(byId['never-more-than-two']!.explanation.en).toMatch(
      /^must always hold, but at tick \d+ \(revision 4\): expected at most 2 pods matching app=web in namespace default, found 3 \(default\/web-a, default\/web-b, default\/web-c\)$/,
    );
    expect(byId['never-more-than-two']!.explanation.ko).toMatch(/^항상 성립해야 하지만 tick \d+\(revision 4\)에서 어긋났습니다: pods \(네임스페이스 default, app=web\): 2개 이하 있어야 합니다 — 3개 있음/);
    expect(byId['never-more-than-three']!.passed).toBe(true);
    expect(byId['never-more-than-three']!.explanation.en).toMatch(/^held at all \d+ observed moments; at the end: expected at most 3 pods matching app=web in namespace default, found 2 /);
    expect(byId['three-at-some-point']!.passed).toBe(true);
    expect(byId['three-at-some-point']!.explanation.en).toMatch(/^held at tick \d+ \(revision 4\): expected exactly 3 pods/);
    expect(byId['four-never']!.passed).toBe(false);
    expect(byId['four-never']!.explanation.en).toMatch(/^never held in \d+ observed moments; at the end: expected exactly 4 pods matching app=web in namespace default, found 2 /);
    expect(r.passed).toBe(false);
  });

  it('starts judging at the learner\'s first action: the setup is not part of the history', () => {
    const r = ok(
      grade({
        topology: 'etcd-only',
        seed: 9,
        setup: ['etcdctl put /scratch 1', 'etcdctl del /scratch'],
        actionLog: [],
        goals: [{ id: 'never-scratch', check: { kind: 'always', condition: { kind: 'keyAbsent', key: '/scratch' } } }],
      }),
    );
    expect(r.goals[0]!.passed).toBe(true);
  });

  it('observes changes inside one long action (a lease expiring during a tick action), not only between actions', () => {
    // learn the lease id this seed gives the first grant: the replay gets the same one
    const probe = clusterWith({}, 31);
    const id = /^lease ([0-9a-f]+) granted/.exec(run(probe, 'etcdctl lease grant 2'))![1]!;
    const r = ok(
      grade({
        topology: 'etcd-only',
        seed: 31,
        actionLog: [
          { type: 'command', line: 'etcdctl lease grant 2' },
          { type: 'command', line: `etcdctl put --lease=${id} /session alive` },
          { type: 'tick', ticks: 2_000 },
        ],
        goals: [
          { id: 'existed', check: { kind: 'eventually', condition: { kind: 'keyExists', key: '/session' } } },
          { id: 'expired', check: { kind: 'eventually', condition: { kind: 'keyAbsent', key: '/session' } } },
        ],
      }),
    );
    expect(r.goals.map((g) => g.passed)).toEqual([true, true]);
    // the key vanished about 2 s (200 ticks) into the 2,000-tick action, and that is when it was seen
    const seenAt = Number(/^held at tick (\d+)/.exec(r.goals[1]!.explanation.en)![1]);
    expect(seenAt).toBeLessThan(r.ticks - 1_000);
  });
});
