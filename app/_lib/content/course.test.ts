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
    const scenario = { id: 's', title: { ko: 't', en: 't' }, topology: 'etcd-only' as const, seed: 7, members: 3, controlPlanes: 1, setup: ['etcdctl put foo bar'], faults: [], suggested: [] };
    const r = prover.run(scenario, ['etcdctl get foo --print-value-only', 'sim kill etcd-1', 'sim kill etcd-2', 'etcdctl --endpoints etcd-3 put foo baz']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.setup).toEqual([{ line: 'etcdctl put foo bar', output: 'OK\n', exitCode: 0 }]);
    expect(r.value.run[0]).toEqual({ line: 'etcdctl get foo --print-value-only', output: 'bar\n', exitCode: 0 });
    // two of three members down: no quorum, the write cannot commit (Raft §5.3)
    expect(r.value.run[3]!.output).toMatch(/^Error: .*deadline exceeded/);
    expect(r.value.run[3]!.exitCode).not.toBe(0);
  });

  it("builds the control-plane nodes a scenario asks for, and only then", async () => {
    const prover = (await loadSimCoreProvers(repo)).scenario!;
    const scenario = { id: 's', title: { ko: 't', en: 't' }, topology: 'default' as const, seed: 7, members: 3, controlPlanes: 3, setup: [], faults: [], suggested: [] };
    const nodes = (s: typeof scenario) => {
      const r = prover.run(s, ['kubectl get nodes -o name']);
      if (!r.ok) throw new Error(r.error);
      return r.value.run[0]!.output;
    };
    expect(nodes(scenario)).toBe('node/control-plane\nnode/control-plane-2\nnode/control-plane-3\nnode/node-1\nnode/node-2\nnode/node-3\n');
    expect(nodes({ ...scenario, controlPlanes: 1 })).toBe('node/control-plane\nnode/node-1\nnode/node-2\nnode/node-3\n');
  });

  it('verifies the fixture predict question against the real simulation', async () => {
    const loaded = loadContent(path.join(import.meta.dirname, '__fixtures__', 'good', 'content'));
    const report = checkContent(loaded.content, loaded.problems, await loadSimCoreProvers(repo));
    expect(report.problems.map(formatProblem)).toEqual([]);
    expect(report.notes[0]).toBe('predict-then-run verification: 1 question(s) run against sim-core, 0 problem(s)');
  });
});

describe('the sim-core lab prover', () => {
  it("hands grade() the lab's topology, seed, members, setup, starter files and goals with the log", () => {
    const lab = loadContent(path.join(import.meta.dirname, '__fixtures__', 'good', 'content')).content.labs.get('first-lab')!;
    const calls: unknown[] = [];
    const prover = simCoreLabProver((input) => {
      calls.push(input);
      return { ok: true, passed: false, goals: [{ id: 'foo-is-bar', passed: false, explanation: { ko: '키 없음', en: 'no key foo' } }] };
    });
    const r = prover.grade(lab, [{ type: 'command', line: 'etcdctl get foo' }]);
    expect(calls).toEqual([
      {
        topology: 'etcd-only',
        seed: 5,
        members: 3,
        setup: [],
        files: lab.starterFiles,
        actionLog: [{ type: 'command', line: 'etcdctl get foo' }],
        goals: [{ id: 'foo-is-bar', check: { kind: 'keyValue', key: 'foo', equals: 'bar' } }],
      },
    ]);
    expect(r).toEqual({ ok: true, value: { goals: [{ id: 'foo-is-bar', passed: false, explanation: 'no key foo' }], terminal: { setup: [], actions: [undefined] } } });
    expect(simCoreLabProver(() => ({})).grade(lab, [])).toEqual({ ok: false, error: 'sim-core grade() returned no goals list' });
    expect(simCoreLabProver(() => ({ ok: false, error: 'action log exceeds 5000 actions' })).grade(lab, [])).toEqual({ ok: false, error: 'action log exceeds 5000 actions' });
  });

  it('proves the fixture lab with the real grader: the starter fails, the solution passes', async () => {
    const provers = await loadSimCoreProvers(repo);
    const lab = provers.lab!;
    expect(lab.supports?.('etcd-only')).toBe(true);
    const fixture = loadContent(path.join(import.meta.dirname, '__fixtures__', 'good', 'content')).content.labs.get('first-lab')!;
    expect(lab.grade(fixture, [])).toEqual({ ok: true, value: { goals: [{ id: 'foo-is-bar', passed: false, explanation: 'expected foo = "bar", found no key foo' }], terminal: { setup: [], actions: [] } } });
    // the judge's own replay, watched: what the terminal printed for each command, nothing for a tick
    expect(lab.grade(fixture, fixture.solution!)).toEqual({
      ok: true,
      value: {
        goals: [{ id: 'foo-is-bar', passed: true, explanation: 'expected foo = "bar", found "bar"' }],
        terminal: { setup: [], actions: [{ line: 'etcdctl put foo bar', output: 'OK\n', exitCode: 0 }, undefined] },
      },
    });
    const loaded = loadContent(path.join(import.meta.dirname, '__fixtures__', 'good', 'content'));
    const report = checkContent(loaded.content, loaded.problems, provers);
    expect(report.notes).toContain('lab proofs: 1 lab(s) proven (starter fails, solution passes), 0 problem(s)');
  });

  it('reports a lab on a topology sim-core cannot build instead of pretending to prove it', () => {
    const loaded = loadContent(path.join(import.meta.dirname, '__fixtures__', 'good', 'content'));
    const lab = loaded.content.labs.get('first-lab')!;
    const content = { ...loaded.content, labs: new Map([['first-lab', { ...lab, lab: { ...lab.lab, topology: 'default' as const } }]]) };
    const prover = simCoreLabProver((input) => (input.topology === 'default' ? { ok: false, error: 'unknown topology default' } : { ok: true, passed: true, goals: [] }));
    expect(checkContent(content, [], { lab: prover, unavailable: [] }).problems.map(formatProblem)).toEqual([
      'content/labs/first-lab/lab.yaml: topology: the lab uses topology default, which sim-core cannot build, so its starter and solution cannot be proven; use etcd-only or default',
    ]);
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
