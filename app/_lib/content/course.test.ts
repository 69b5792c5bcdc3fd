// content:check on the real course in content/, and the sim-core connection on a fixture.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from './check';
import { loadContent } from './loader';
import { formatProblem } from './problems';
import { loadSimCoreProvers, simCoreLabProver } from './prove-sim-core';

const repo = path.resolve(import.meta.dirname, '../../..');

describe('the sim-core scenario prover', () => {
  it('builds the scenario, plays its setup and the question lines, and reports what the terminal printed', async () => {
    const provers = await loadSimCoreProvers(repo);
    expect(provers.unavailable.filter((u) => !u.startsWith('sim-core grading'))).toEqual([]);
    const prover = provers.scenario!;
    expect(prover.supports('etcd-only')).toBe(true);
    const scenario = { id: 's', title: { ko: 't', en: 't' }, topology: 'etcd-only' as const, seed: 7, members: 3, setup: ['etcdctl put foo bar'], faults: [], suggested: [] };
    const r = prover.run(scenario, ['etcdctl get foo --print-value-only', 'sim kill etcd-1', 'sim kill etcd-2', 'etcdctl --endpoints etcd-3 put foo baz']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.setup).toEqual([{ line: 'etcdctl put foo bar', output: 'OK\n', exitCode: 0 }]);
    expect(r.value.run[0]).toEqual({ line: 'etcdctl get foo --print-value-only', output: 'bar\n', exitCode: 0 });
    // two of three members down: no quorum, the write cannot commit (Raft §5.3)
    expect(r.value.run[3]!.output).toMatch(/^Error: .*deadline exceeded/);
    expect(r.value.run[3]!.exitCode).not.toBe(0);
  });

  it('verifies the fixture predict question against the real simulation', async () => {
    const loaded = loadContent(path.join(import.meta.dirname, '__fixtures__', 'good', 'content'));
    const report = checkContent(loaded.content, loaded.problems, await loadSimCoreProvers(repo));
    expect(report.problems.map(formatProblem)).toEqual([]);
    expect(report.notes[0]).toBe('predict-then-run verification: 1 question(s) run against sim-core, 0 problem(s)');
  });
});

describe('the sim-core lab prover', () => {
  it("replays the lab's setup then the log through grade(topology, seed, log, goals)", () => {
    const lab = loadContent(path.join(import.meta.dirname, '__fixtures__', 'good', 'content')).content.labs.get('first-lab')!;
    const calls: unknown[][] = [];
    const prover = simCoreLabProver((...args) => {
      calls.push(args);
      return { passed: false, goals: [{ id: 'foo-is-bar', passed: false, explanation: { ko: '키 없음', en: 'no key foo' } }] };
    });
    const r = prover.grade(lab, [{ type: 'command', line: 'etcdctl get foo' }]);
    expect(calls).toEqual([['etcd-only', 5, [{ type: 'command', line: 'etcdctl get foo' }], [{ id: 'foo-is-bar', kind: 'key-equals', key: 'foo', value: 'bar' }]]]);
    expect(r).toEqual({ ok: true, value: [{ id: 'foo-is-bar', passed: false, explanation: 'no key foo' }] });
    expect(simCoreLabProver(() => ({})).grade(lab, [])).toEqual({ ok: false, error: 'sim-core grade() returned no goals list' });
  });
});

describe('content:check on the real course', () => {
  it('finds no problem, and the course has the size issue 5 asks for', async () => {
    const loaded = loadContent(path.join(repo, 'content'), { displayBase: repo });
    const report = checkContent(loaded.content, loaded.problems, await loadSimCoreProvers(repo));
    expect(report.problems.map(formatProblem)).toEqual([]);
    const { lessons, questions } = report.counts;
    expect(lessons.ko).toBeGreaterThanOrEqual(6);
    expect(lessons.en).toBe(lessons.ko);
    expect(questions.total).toBeGreaterThanOrEqual(50);
    for (const type of ['single', 'multiple', 'truefalse', 'ordering', 'numeric', 'short', 'classify', 'predict'] as const) {
      expect(questions[type], `questions of type ${type}`).toBeGreaterThan(0);
    }
    for (const lesson of loaded.content.courses.flatMap((c) => c.lessons)) {
      expect(lesson.quiz?.quiz.questions.length ?? 0, `questions in lesson ${lesson.id}`).toBeGreaterThanOrEqual(7);
    }
  });
});
