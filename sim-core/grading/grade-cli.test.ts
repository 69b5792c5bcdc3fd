// `npm run --silent grade` (scripts/grade.ts) through tsx, on the lab fixture in
// testdata/: one JSON object on stdout, exit 0 when graded, 1 when refused, 2 on bad usage.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const content = path.join(import.meta.dirname, 'testdata', 'content');

function gradeCli(args: string[], stdin?: string): { status: number | null; json: unknown; stderr: string } {
  const r = spawnSync(path.join(repo, 'node_modules', '.bin', 'tsx'), [path.join(repo, 'scripts', 'grade.ts'), ...args, '--content', content], {
    cwd: repo,
    encoding: 'utf8',
    input: stdin ?? '',
  });
  const lines = r.stdout.trim().split('\n');
  return { status: r.status, json: lines.length === 1 && lines[0] !== '' ? JSON.parse(lines[0]!) : r.stdout, stderr: r.stderr };
}

describe('npm run grade', () => {
  it('grades the reference solution with --solution', () => {
    const r = gradeCli(['write-after-failure', '--solution']);
    expect(r.status).toBe(0);
    const out = r.json as { passed: boolean; goals: { id: string; passed: boolean; explanation: string; explanationKo: string }[]; stateHash: string };
    expect(Object.keys(out)).toEqual(['passed', 'goals', 'stateHash']);
    expect(out.passed).toBe(true);
    expect(out.goals.map((g) => g.id)).toEqual(['answer-written', 'committed-after-kill', 'healthy-again', 'seed-never-lost']);
    expect(out.goals[0]).toEqual({
      id: 'answer-written',
      passed: true,
      explanation: 'expected /course/answer = "42", found "42"',
      explanationKo: '키 /course/answer: 기대값 "42", 실제 값 "42"',
    });
    expect(out.stateHash).toMatch(/^[0-9a-f]{16}$/);
  }, 30_000);

  it('reads a log from stdin with -, and a failing log still exits 0 with the verdict', () => {
    const r = gradeCli(['write-after-failure', '-'], JSON.stringify([{ type: 'command', line: 'etcdctl put /course/answer 41' }]));
    expect(r.status).toBe(0);
    const out = r.json as { passed: boolean; goals: { id: string; passed: boolean; explanation: string }[] };
    expect(out.passed).toBe(false);
    expect(out.goals[0]).toMatchObject({ id: 'answer-written', passed: false, explanation: 'expected /course/answer = "42", found "41"' });
    expect(out.goals[1]!.explanation).toMatch(/the log has no fault action/);
  }, 30_000);

  it('refuses a bad log or an unknown lab with exit 1 and one JSON error', () => {
    expect(gradeCli(['write-after-failure', '-'], '[{"type":"explode"}]')).toMatchObject({
      status: 1,
      json: { error: 'action 1: unknown action type "explode"; an action is {type: "command" | "writeFile" | "tick", …}' },
    });
    expect(gradeCli(['write-after-failure', '-'], 'not json')).toMatchObject({ status: 1, json: { error: expect.stringMatching(/^the action log is not JSON: /) } });
    expect(gradeCli(['no-such-lab', '--solution'])).toMatchObject({ status: 1, json: { error: "unknown lab 'no-such-lab'; labs: write-after-failure" } });
  }, 60_000);

  it('exits 2 on bad usage', () => {
    const r = gradeCli(['write-after-failure']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^grade: give a lab id and an action log/);
    expect(gradeCli(['write-after-failure', '--answers']).status).toBe(2);
  }, 30_000);
});
