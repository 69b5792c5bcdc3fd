// grade() is the only judge: the same log gives the same verdict and state hash every
// time, a log is replayed from scratch at its recorded ticks, and a hostile log is
// refused with a sentence saying which cap it broke — before it costs much.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, ActionLog } from '../cluster/actions';
import { benchGrade } from './bench';
import { grade, type GradeInput, type GradeResult, type ReplayStep } from './replay';

const goals = [
  { id: 'answer', check: { kind: 'keyValue', key: '/answer', equals: '42' } },
  { id: 'healthy', check: { kind: 'raftHealthy' } },
  { id: 'after-fault', check: { kind: 'committedAfterFault', key: '/answer' } },
  { id: 'never-b', check: { kind: 'always', condition: { kind: 'keyAbsent', key: '/b' } } },
];
const solution: ActionLog = [
  { type: 'command', line: 'sim kill etcd-1' },
  { type: 'tick', ticks: 300 },
  { type: 'command', line: 'etcdctl --endpoints etcd-2 put /answer 42' },
  { type: 'command', line: 'sim restart etcd-1' },
  { type: 'tick', ticks: 300 },
];
const base = (actionLog: unknown, extra: Partial<GradeInput> = {}): GradeInput => ({ topology: 'etcd-only', seed: 11, actionLog, goals, ...extra });

function refused(r: GradeResult): string {
  if (r.ok) throw new Error('expected the log to be refused');
  return r.error;
}

describe('replay', () => {
  it('passes a correct solution and fails the empty log, goal by goal', () => {
    const solved = grade(base(solution));
    expect(solved.ok && solved.passed).toBe(true);
    const empty = grade(base([]));
    expect(empty.ok && empty.goals.map((g) => [g.id, g.passed])).toEqual([
      ['answer', false],
      ['healthy', true],
      ['after-fault', false],
      ['never-b', true],
    ]);
  });

  it('gives the same verdict and state hash to the same log, and a different hash to a different log', () => {
    const a = grade(base(solution));
    const b = grade(base(solution));
    expect(a).toEqual(b);
    const other = grade(base([...solution, { type: 'command', line: 'etcdctl put /b 1' }]));
    expect(other.ok && a.ok && other.stateHash !== a.stateHash).toBe(true);
    expect(other.ok && other.goals.find((g) => g.id === 'never-b')!.passed).toBe(false);
    // the seed is part of the state
    const reseeded = grade(base(solution, { seed: 12 }));
    expect(reseeded.ok && a.ok && reseeded.stateHash !== a.stateHash).toBe(true);
  });

  it('shows an observer each setup line and action as it replays them, and judges exactly as without one', () => {
    const steps: ReplayStep[] = [];
    const input = base(solution, { setup: ['etcdctl put /seeded 1', 'etcdctl gett /x'] });
    const watched = grade(input, (step) => steps.push(step));
    expect(watched).toEqual(grade(input));
    expect(steps.map((s) => [s.phase, s.index, s.action.type === 'command' ? s.action.line : s.action.type])).toEqual([
      ['setup', 0, 'etcdctl put /seeded 1'],
      ['setup', 1, 'etcdctl gett /x'],
      ...solution.map((a, i) => ['action', i, a.type === 'command' ? a.line : a.type]),
    ]);
    expect(steps[0]!.result).toEqual({ ok: true, output: expect.objectContaining({ stdout: 'OK\n', exitCode: 0 }) });
    expect(steps[1]!.result).toMatchObject({ ok: true, output: { exitCode: 1 } });
    // each step carries the tick after it: the 300-tick wait moves it by 300
    expect(steps[3]!.tick - steps[2]!.tick).toBe(300);
    expect(steps.at(-1)!.tick).toBeLessThanOrEqual(watched.ok ? watched.ticks : 0);
  });

  it('runs each action at its recorded tick and counts steps', () => {
    const r = grade(base([{ type: 'command', line: 'etcdctl put /answer 42', at: 5_000 }], { setup: ['etcdctl put /seeded 1'] }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.ticks).toBeGreaterThanOrEqual(5_000);
    expect(r.steps).toBe(2);
    expect(r.goals[0]!.passed).toBe(true);
  });

  it('puts starter files in the workspace before the first action', () => {
    const r = grade(base([{ type: 'command', line: 'etcdctl put /answer 42' }], { files: { 'notes.txt': 'hi' } }));
    const s = grade(base([{ type: 'command', line: 'etcdctl put /answer 42' }]));
    expect(r.ok && s.ok && r.stateHash !== s.stateHash).toBe(true);
  });

  it('same log ⇒ same result, for random short logs (property)', () => {
    const keys = ['/a', '/b', '/answer'];
    const member = fc.constantFrom('etcd-1', 'etcd-2', 'etcd-3');
    const action: fc.Arbitrary<Action> = fc.oneof(
      fc.record({ type: fc.constant('command' as const), line: fc.tuple(fc.constantFrom(...keys), fc.integer({ min: 0, max: 99 })).map(([k, v]) => `etcdctl put ${k} ${v}`) }),
      fc.record({ type: fc.constant('command' as const), line: fc.constantFrom(...keys).map((k) => `etcdctl del ${k}`) }),
      fc.record({ type: fc.constant('command' as const), line: member.map((m) => `sim kill ${m}`) }),
      fc.record({ type: fc.constant('command' as const), line: member.map((m) => `sim restart ${m}`) }),
      fc.record({ type: fc.constant('command' as const), line: member.map((m) => `sim partition ${m}`) }),
      fc.record({ type: fc.constant('command' as const), line: fc.constant('sim heal') }),
      fc.record({ type: fc.constant('tick' as const), ticks: fc.integer({ min: 1, max: 400 }) }),
    );
    const runs = Number(process.env.GRADING_PROPERTY_RUNS ?? 20);
    fc.assert(
      fc.property(fc.array(action, { maxLength: 8 }), fc.integer({ min: 1, max: 1_000 }), (log, seed) => {
        const first = grade(base(log, { seed }));
        const second = grade(base(log, { seed }));
        expect(second).toEqual(first);
        expect(first.ok).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  it('runs the bench workload deterministically', () => {
    const a = benchGrade(60);
    expect(a).toEqual(benchGrade(60));
    expect(a).toMatchObject({ actions: 60, passed: true });
  });
});

describe('refusals: a log is checked before it is graded', () => {
  it('refuses what is not an action log', () => {
    expect(refused(grade(base({ type: 'command' })))).toBe('an action log is a JSON array of actions');
    expect(refused(grade(base([{ type: 'command', line: 'etcdctl get /a' }, { type: 'explode' }])))).toBe(
      'action 2: unknown action type "explode"; an action is {type: "command" | "writeFile" | "tick", …}',
    );
    // a megabyte type is quoted by its first 100 characters
    expect(refused(grade(base([{ type: 'x'.repeat(1_000_000) }])))).toBe(
      `action 1: unknown action type "${'x'.repeat(99)}… (999902 more characters); an action is {type: "command" | "writeFile" | "tick", …}`,
    );
    expect(refused(grade(base([{ type: 'command' }])))).toMatch(/^action 1 'line': /);
    expect(refused(grade(base([{ type: 'writeFile', path: '../etc/passwd', content: '' }])))).toMatch(/^action 1 'path': a relative path/);
  });

  it('refuses more than 5,000 actions', () => {
    const log = Array.from({ length: 10_001 }, () => ({ type: 'command', line: 'etcdctl get /a' }));
    expect(refused(grade(base(log)))).toBe('action log exceeds 5000 actions (it has 10001)');
  });

  it('refuses ticks that go backwards', () => {
    const log = [
      { type: 'command', line: 'etcdctl put /a 1', at: 500 },
      { type: 'command', line: 'etcdctl put /a 2', at: 400 },
    ];
    expect(refused(grade(base(log)))).toBe("action 2: its tick 400 is before the previous action's tick 500; an action log's ticks never go backwards");
  });

  it('refuses a log of huge tick actions without running it', () => {
    const log = Array.from({ length: 50 }, () => ({ type: 'tick', ticks: 10_000_000 }));
    expect(refused(grade(base(log)))).toBe("replay stopped: more than 200000 ticks (the cap) by action 1; a learner's log never needs that much simulated time");
    expect(refused(grade(base([{ type: 'command', line: 'etcdctl get /a', at: 9_000_000 }])))).toMatch(/^replay stopped: more than 200000 ticks/);
  });

  it('cuts a wait at the end of the tick budget, as the lab terminal does, and still grades the log', () => {
    const caps = { maxTicks: 3_000 };
    // `sim tick` past the budget is refused up front: no time passes, the log is graded
    const tooLong = grade(base([{ type: 'command', line: 'sim tick 10000000' }], { caps }));
    expect(tooLong.ok && tooLong.ticks).toBeLessThan(3_000);
    // a request to a killed member is never answered: etcdctl's long --command-timeout is cut at the deadline
    const deadMember: ActionLog = [
      { type: 'command', line: 'sim kill etcd-1' },
      { type: 'command', line: 'etcdctl --endpoints etcd-1 --command-timeout=100000s get /a' },
      { type: 'command', line: 'etcdctl --endpoints etcd-2 put /answer 42' },
    ];
    const cut = grade(base(deadMember, { caps }));
    expect(cut.ok).toBe(true);
    // the budget is over: the put after it times out too, so /answer was never written
    expect(cut.ok && cut.goals.find((g) => g.id === 'answer')!.passed).toBe(false);
    // a step of time past the budget is what the terminal never records: refused
    expect(refused(grade(base([{ type: 'tick', ticks: 2_000 }, { type: 'tick', ticks: 2_000 }], { caps })))).toMatch(/^replay stopped: more than 3000 ticks \(the cap\) by action 2/);
  });

  it('caps commands and output: a command that starts within the output cap may cross it, the next one is refused', () => {
    const three = [1, 2, 3].map((i) => ({ type: 'command', line: `etcdctl put /k${i} ${'x'.repeat(100)}` }));
    expect(refused(grade(base(three, { caps: { maxCommands: 2 } })))).toBe('replay stopped: more than 2 commands (the cap); the log has 3');
    const chatty = [...three, { type: 'command', line: 'etcdctl get --prefix /k' }];
    expect(grade(base(chatty, { caps: { maxOutputBytes: 200 } })).ok).toBe(true);
    expect(refused(grade(base([...chatty, { type: 'command', line: 'etcdctl get /k1' }], { caps: { maxOutputBytes: 200 } })))).toBe(
      'replay stopped: the commands printed more than 200 bytes (the cap) (at action 5)',
    );
  });

  it('names the cap of every refusal as a reason code (what the learner is told about), next to its sentence', () => {
    const caps = { maxTicks: 3_000, maxCommands: 2, maxOutputBytes: 200 };
    const reasonOf = (log: unknown, more: object = {}) => {
      const r = grade(base(log, { caps: { ...caps, ...more } }));
      if (r.ok) throw new Error('expected the log to be refused');
      return r.reason;
    };
    expect(reasonOf([{ type: 'tick', ticks: 4_000 }])).toBe('ticks');
    expect(reasonOf([{ type: 'command', line: 'etcdctl get /a', at: 9_000 }])).toBe('ticks');
    expect(reasonOf(Array.from({ length: 5_001 }, () => ({ type: 'tick', ticks: 1 })))).toBe('actions');
    expect(reasonOf([1, 2, 3].map(() => ({ type: 'command', line: 'etcdctl get /a' })))).toBe('commands');
    expect(reasonOf([{ type: 'command', line: `etcdctl put /k ${'x'.repeat(300)}` }, { type: 'command', line: 'etcdctl get /k' }, { type: 'command', line: 'etcdctl get /k' }], { maxCommands: 10 })).toBe('output');
    expect(reasonOf([{ type: 'explode' }])).toBe('invalid');
    expect(reasonOf([{ type: 'command', line: 'etcdctl put /a 1', at: 500 }, { type: 'command', line: 'etcdctl get /a', at: 400 }])).toBe('invalid');
    expect(grade({ ...base([]), goals: [] })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(grade(base([], { topology: 'k3s' }))).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses invalid goals and a topology sim-core cannot build', () => {
    expect(refused(grade({ ...base([]), goals: [{ id: 'x', check: { kind: 'count', resource: 'pods' } }] }))).toMatch(/^goal 1 'x' 'check\.kind': unknown kind "count"; use one of keyExists, /);
    expect(refused(grade({ ...base([]), goals: [] }))).toBe('goals: give at least one goal');
    expect(refused(grade(base([], { topology: 'k3s' })))).toBe("cannot build the 'k3s' cluster (seed 11): createSimulation: unknown topology k3s");
  });
});
