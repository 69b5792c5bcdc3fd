// A lab's `sim tick` / `sim settle` sentence about the tick budget, in the page's language:
// sim-core prints it in English (budgetSentence) and says what it was as data; the terminal
// shows the message catalogue's sentence instead — word for word the same in English.
import type { TickBudgetNote } from '@/sim-core/cli/ports';

/** ticks as simulated time, split for the catalogue (sim-core's ticksAsTime: 150 → 1.5s, 50 → 500ms) */
function time(ticks: number): { unit: 'ms' | 's'; value: string } {
  const ms = ticks * 10;
  return ms < 1000 ? { unit: 'ms', value: String(ms) } : { unit: 's', value: String(ms / 1000) };
}

/**
 * The catalogue key under `sim.terminal.budget` and its values. Numbers are passed as text:
 * the terminal prints `200000 ticks`, never a locale's `200,000`.
 */
export function budgetNoteMessage(note: TickBudgetNote): { key: 'usedUp' | 'onlyLeft' | 'settleCut'; values: Record<string, string> } {
  switch (note.kind) {
    case 'used-up': {
      const t = time(note.cap);
      return { key: 'usedUp', values: { command: note.command, cap: String(note.cap), unit: t.unit, time: t.value } };
    }
    case 'only-left': {
      const t = time(note.left);
      return { key: 'onlyLeft', values: { left: String(note.left), cap: String(note.cap), unit: t.unit, time: t.value } };
    }
    case 'settle-cut':
      return { key: 'settleCut', values: { ran: String(note.ran), cap: String(note.cap), now: String(note.now) } };
  }
}
