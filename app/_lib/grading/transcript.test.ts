import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/loader';
import { jobLabOf } from './job-lab';
import { runJob } from './jobs';
import type { GradeOutcome, TranscriptOutcome } from './protocol';
import { TRANSCRIPT_OUTPUT_LIMIT } from './transcript';

const labs = loadContent(path.resolve(import.meta.dirname, '../../../content')).content.labs;

describe('the replay page’s transcript', () => {
  for (const [id, loaded] of labs) {
    it(`ends where grading ended for lab ${id}'s reference solution, one step per action`, () => {
      const lab = jobLabOf(loaded);
      const graded = runJob({ kind: 'grade', lab, actionLog: loaded.solution }) as GradeOutcome;
      const transcript = runJob({ kind: 'transcript', lab, actionLog: loaded.solution }) as TranscriptOutcome;
      if (!graded.ok || !transcript.ok) throw new Error(JSON.stringify({ graded, transcript }).slice(0, 500));
      expect(transcript.stateHash).toBe(graded.stateHash);
      expect(transcript.steps).toHaveLength(loaded.solution!.length);
      expect(transcript.steps.every((s, i) => s.index === i + 1)).toBe(true);
      // ticks only move forward
      expect(transcript.steps.map((s) => s.tick)).toEqual([...transcript.steps.map((s) => s.tick)].sort((a, b) => a - b));
    });
  }

  it('cuts a huge output for the page and says so', () => {
    const loaded = labs.get('etcd-read-the-truth')!; // a healthy cluster at the start
    const puts = Array.from({ length: 10 }, (_, i) => ({ type: 'command', line: `etcdctl put /big/${i} ${'v'.repeat(4_000)}` }));
    const t = runJob({ kind: 'transcript', lab: jobLabOf(loaded), actionLog: [...puts, { type: 'command', line: 'etcdctl get /big/ --prefix' }] });
    if (!t.ok || !('steps' in t)) throw new Error(JSON.stringify(t).slice(0, 300));
    expect(t.steps[0]).toMatchObject({ stdout: 'OK\n', exitCode: 0 });
    const get = t.steps[10]!;
    expect(get.stdout).toHaveLength(TRANSCRIPT_OUTPUT_LIMIT);
    expect(get.truncated).toBe(true);
  });

  it('replays under grading’s tick budget: a wait that reaches its end is cut there on the page too, and both end in the same state', () => {
    const loaded = labs.get('etcd-quorum-recovery')!; // quorum is lost at the start: a put waits for it
    const lab = jobLabOf(loaded);
    // how much simulated time the lab's setup left, as `sim tick` says when asked for too much
    const probe = runJob({ kind: 'transcript', lab, actionLog: [{ type: 'command', line: 'sim tick 10000000' }] }) as TranscriptOutcome;
    if (!probe.ok || !('steps' in probe)) throw new Error(JSON.stringify(probe).slice(0, 300));
    const step = probe.steps[0]!;
    const left = Number(/only (\d+) ticks/.exec(`${step.stdout}${step.stderr}`)?.[1]);
    expect(left).toBeGreaterThan(1_000);
    const log = [{ type: 'command', line: `sim tick ${left - 100}` }, { type: 'command', line: 'etcdctl put /app/late yes' }];
    const graded = runJob({ kind: 'grade', lab, actionLog: log }) as GradeOutcome;
    const t = runJob({ kind: 'transcript', lab, actionLog: log }) as TranscriptOutcome;
    if (!graded.ok || !t.ok || !('steps' in t)) throw new Error(JSON.stringify({ graded, t }).slice(0, 500));
    expect(t.stateHash).toBe(graded.stateHash);
    // the put waited for a quorum until the budget ran out, 100 ticks later, and no longer
    expect(t.steps[1]!.tick - t.steps[0]!.tick).toBe(100);
  });

  it('refuses a log that is not an action log, as grading does', () => {
    const loaded = labs.get('etcd-quorum-recovery')!;
    expect(runJob({ kind: 'transcript', lab: jobLabOf(loaded), actionLog: { not: 'a log' } })).toMatchObject({ ok: false });
  });
});
