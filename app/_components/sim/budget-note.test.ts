// A lab's `sim tick` / `sim settle` budget sentences reach the terminal as data and are
// worded from the message catalogues: the English is sim-core's sentence byte for byte,
// the Korean is Korean.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { createTranslator } from 'next-intl';
import en from '../../../messages/en.json';
import ko from '../../../messages/ko.json';
import { budgetSentence } from '@/sim-core/cli/sim/time';
import type { TickBudgetNote } from '@/sim-core/cli/ports';
import { DEFAULT_GRADE_CAPS } from '@/sim-core/grading/caps';
import { loadContent } from '@/app/_lib/content/loader';
import { SimHost } from '@/app/_lib/sim-worker/sim-host';
import { commandResultSchema } from '@/app/_lib/sim-worker/protocol';
import { budgetNoteMessage } from './budget-note';

const english = createTranslator({ locale: 'en', messages: en, namespace: 'sim.terminal' });
const korean = createTranslator({ locale: 'ko', messages: ko, namespace: 'sim.terminal' });
const word = (t: typeof english, note: TickBudgetNote) => {
  const m = budgetNoteMessage(note);
  return t(`budget.${m.key}`, m.values);
};

const NOTES: TickBudgetNote[] = [
  { kind: 'used-up', command: 'tick', cap: 200_000 },
  { kind: 'used-up', command: 'settle', cap: 50 },
  { kind: 'used-up', command: 'tick', cap: 1_234 },
  { kind: 'only-left', left: 1, cap: 200_000 },
  { kind: 'only-left', left: 99, cap: 200_000 },
  { kind: 'only-left', left: 100, cap: 3_000 },
  { kind: 'only-left', left: 123_457, cap: 200_000 },
  { kind: 'settle-cut', ran: 1_500, cap: 200_000, now: 200_000 },
];

describe('budget sentences in the lab terminal', () => {
  it('are sim-core’s English sentences, byte for byte, in English', () => {
    for (const note of NOTES) expect(word(english, note)).toBe(budgetSentence(note));
  });

  it('are Korean in Korean, with the same numbers, unformatted', () => {
    for (const note of NOTES) {
      const text = word(korean, note);
      expect(text).not.toMatch(/ticks|left|busy|used up/);
      expect(text).toContain('틱');
      for (const n of Object.values(note).filter((v): v is number => typeof v === 'number')) expect(text).toContain(String(n));
    }
    expect(word(korean, { kind: 'only-left', left: 150, cap: 200_000 })).toContain('1.5초');
    expect(word(korean, { kind: 'only-left', left: 50, cap: 200_000 })).toContain('500밀리초');
  });

  it('come from a lab’s terminal as data the page accepts, next to the English it printed', () => {
    const content = loadContent(path.join(process.cwd(), 'content')).content;
    const lab = content.labs.get('etcd-quorum-recovery')!.lab;
    const created = SimHost.create(
      { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, setup: lab.setup },
      { files: [], goals: lab.goals.map((g) => ({ id: g.id, check: g.check })) },
      { ...DEFAULT_GRADE_CAPS, maxTicks: 5_000 },
    );
    if (!created.ok) throw new Error('no host');
    const host = created.host;
    const left = host.budget()!.ticksLeft;
    const over = host.runCommand(`sim tick ${left + 1}`);
    expect(over.budget).toEqual({ kind: 'only-left', left, cap: 5_000 });
    expect(over.stderr).toBe(`${budgetSentence(over.budget!)}\n`);
    expect(commandResultSchema.parse(over)).toEqual(over);
    host.step(left - 10);
    // a restarted member catching up keeps the cluster busy past the 10 ticks left
    host.runCommand('sim restart etcd-2');
    const settle = host.runCommand('sim settle 100000');
    expect(settle.budget).toMatchObject({ kind: 'settle-cut', cap: 5_000, now: host.now });
    expect(settle.stdout).toBe(`${budgetSentence(settle.budget!)}\n`);
    const usedUp = host.runCommand('sim settle');
    expect(usedUp.budget).toEqual({ kind: 'used-up', command: 'settle', cap: 5_000 });
    expect(usedUp.stderr).toBe(`${budgetSentence(usedUp.budget!)}\n`);
    // a command that fits says nothing about the budget
    expect(host.runCommand('sim status').budget).toBeUndefined();
  });
});
