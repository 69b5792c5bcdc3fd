// The replay page's view of an attempt: the replay sim-core's grade() makes (the lab's
// seed and topology, its setup, the starter files, each action at its tick), keeping what
// each command printed so the learner can step through it. It replays stored attempts,
// which grading accepted, under the same tick budget (a wait that reached its end is cut
// there, as grading and the browser cut it), and the terminal runs as in the browser
// (app/_lib/sim-worker/sim-host.ts). The worker's wall-clock cap
// still bounds it. A command's output is cut at TRANSCRIPT_OUTPUT_LIMIT for the page.
import { commandInput } from '../../../sim-core/cluster/actions';
import { budgetLab } from '../../../sim-core/grading/budgeted-runner';
import { DEFAULT_GRADE_CAPS, type GradeCaps } from '../../../sim-core/grading/caps';
import { checkActionLog } from '../../../sim-core/grading/refuse';
import { buildLabSimulation, writeStarterFiles } from '../../../sim-core/grading/replay';
import type { JobLab, TranscriptOutcome, TranscriptStep } from './protocol';

/** characters of one command's stdout (and of its stderr) kept for the page */
export const TRANSCRIPT_OUTPUT_LIMIT = 16_384;

function cut(text: string): { text: string; truncated: boolean } {
  return text.length > TRANSCRIPT_OUTPUT_LIMIT ? { text: text.slice(0, TRANSCRIPT_OUTPUT_LIMIT), truncated: true } : { text, truncated: false };
}

export function replayTranscript(lab: JobLab, actionLog: unknown, capsOverride: Partial<GradeCaps> = {}): TranscriptOutcome {
  const caps: GradeCaps = { ...DEFAULT_GRADE_CAPS, ...capsOverride };
  const log = checkActionLog(actionLog, caps);
  if (!log.ok) return log;
  const built = buildLabSimulation(lab);
  if (!built.ok) return built;
  const sim = built.sim;
  // the budget grading replays under (replay.ts): a wait cut at the end of it is cut here too
  budgetLab(sim, caps);
  writeStarterFiles(sim, lab.starterFiles);
  for (const line of lab.setup ?? []) sim.dispatch({ type: 'command', line });

  const steps: TranscriptStep[] = [];
  for (const [i, action] of log.value.entries()) {
    const r = sim.dispatch(action);
    const step: TranscriptStep = {
      index: i + 1,
      tick: sim.now,
      action:
        action.type === 'command'
          ? { type: 'command', line: action.line, ...commandInput(action) }
          : action.type === 'writeFile'
            ? { type: 'writeFile', path: action.path, content: action.content }
            : { type: 'tick', ticks: action.ticks },
    };
    if (action.type === 'command') {
      const out = r.ok ? (r.output ?? { stdout: '', stderr: '', exitCode: 0 }) : { stdout: '', stderr: `${r.error}\n`, exitCode: 1 };
      const stdout = cut(out.stdout);
      const stderr = cut(out.stderr);
      Object.assign(step, { stdout: stdout.text, stderr: stderr.text, exitCode: out.exitCode });
      if (stdout.truncated || stderr.truncated) step.truncated = true;
      if (out.budget !== undefined) step.budget = out.budget;
    }
    steps.push(step);
  }
  sim.runUntilIdle(caps.settleTicks);
  return { ok: true, steps, stateHash: sim.stateHash() };
}
