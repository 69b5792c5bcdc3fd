// The replay page words a stored attempt's budget sentences in the reader's language, in the
// stream sim-core printed them to; the English is sim-core's sentence.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import ko from '@/messages/ko.json';
import { loadContent } from '@/app/_lib/content/loader';
import { jobLabOf } from '@/app/_lib/grading/job-lab';
import { runJob } from '@/app/_lib/grading/jobs';
import type { TranscriptOutcome } from '@/app/_lib/grading/protocol';
import { localizeBudgetSteps } from './budget-steps';

const labs = loadContent(path.resolve(import.meta.dirname, '../../../../../../../content')).content.labs;
const english = createTranslator({ locale: 'en', messages: en, namespace: 'sim.terminal' });
const korean = createTranslator({ locale: 'ko', messages: ko, namespace: 'sim.terminal' });

describe('the replay page’s budget sentences', () => {
  it('are Korean for a Korean reader, in the stream they were printed to, and sim-core’s English otherwise', () => {
    const lab = jobLabOf(labs.get('etcd-read-the-truth')!);
    const log = [
      { type: 'command', line: 'sim tick 10000000' }, // refused: only so many ticks are left (stderr)
      { type: 'command', line: 'etcdctl get /registry/configmaps --prefix --keys-only' },
      { type: 'command', line: 'sim settle 10000000' }, // an idle cluster settles at once: no budget note
    ];
    const t = runJob({ kind: 'transcript', lab, actionLog: log }) as TranscriptOutcome;
    if (!t.ok) throw new Error(t.error);
    expect(t.steps[0]!.budget).toMatchObject({ kind: 'only-left' });
    expect(t.steps[1]!.budget).toBeUndefined();
    const inEnglish = localizeBudgetSteps(t.steps, english);
    expect(inEnglish).toEqual(t.steps);
    const inKorean = localizeBudgetSteps(t.steps, korean);
    expect(inKorean[0]!.stderr).not.toBe(t.steps[0]!.stderr);
    expect(inKorean[0]!.stderr).toMatch(/[가-힣]/);
    expect(inKorean[0]!.stderr).toMatch(/\n$/);
    expect(inKorean[0]!.stdout).toBe(t.steps[0]!.stdout);
    expect(inKorean.slice(1)).toEqual(t.steps.slice(1));
  });

  it('put a settle cut short by the budget on stdout', () => {
    const step = { index: 1, tick: 5, action: { type: 'command' as const, line: 'sim settle' }, stdout: 'still busy…\n', stderr: '', exitCode: 0, budget: { kind: 'settle-cut' as const, ran: 40, cap: 100, now: 100 } };
    const [k] = localizeBudgetSteps([step], korean);
    expect(k!.stdout).toBe(`${korean('budget.settleCut', { ran: '40', cap: '100', now: '100' })}\n`);
    expect(k!.stderr).toBe('');
  });
});
