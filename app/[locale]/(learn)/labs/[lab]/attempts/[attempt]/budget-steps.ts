// The replay's budget sentences in the reader's language: a step's `sim tick`/`sim settle`
// budget note replaces the English sentence sim-core printed, in the stream it printed it
// to (a settle cut short on stdout, a refusal on stderr), as the lab's terminal does.
import type { TranscriptStep } from '@/app/_lib/grading/protocol';
import { budgetNoteMessage } from '@/app/_components/sim/budget-note';

/** `sim.terminal`'s translator: `budget.<key>` with the note's values */
export type BudgetTranslator = (key: `budget.${'usedUp' | 'onlyLeft' | 'settleCut'}`, values: Record<string, string>) => string;

export function localizeBudgetSteps(steps: readonly TranscriptStep[], t: BudgetTranslator): TranscriptStep[] {
  return steps.map((step) => {
    if (step.budget === undefined) return step;
    const m = budgetNoteMessage(step.budget);
    const text = `${t(`budget.${m.key}`, m.values)}\n`;
    return step.budget.kind === 'settle-cut' ? { ...step, stdout: text } : { ...step, stderr: text };
  });
}
