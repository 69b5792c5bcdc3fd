// The replay page's view of an attempt: sim-core's grade() replaying it (the lab's seed and
// topology, its setup, the starter files, each action at its tick, under grading's tick
// budget), watched step by step so the learner can see what each command printed. It is
// the judge's replay itself, not a copy of it, so the page always ends where the verdict
// did. The worker's wall-clock cap still bounds it. A command's output is cut at
// TRANSCRIPT_OUTPUT_LIMIT for the page.
import { commandInput } from '../../../sim-core/cluster/actions';
import type { GradeCaps } from '../../../sim-core/grading/caps';
import { gradeLab } from '../../../sim-core/grading/lab';
import type { ReplayStep } from '../../../sim-core/grading/replay';
import type { JobLab, TranscriptOutcome, TranscriptStep } from './protocol';

/** characters of one command's stdout (and of its stderr) kept for the page */
export const TRANSCRIPT_OUTPUT_LIMIT = 16_384;

function cut(text: string): { text: string; truncated: boolean } {
  return text.length > TRANSCRIPT_OUTPUT_LIMIT ? { text: text.slice(0, TRANSCRIPT_OUTPUT_LIMIT), truncated: true } : { text, truncated: false };
}

export function replayTranscript(lab: JobLab, actionLog: unknown, caps: Partial<GradeCaps> = {}): TranscriptOutcome {
  const steps: TranscriptStep[] = [];
  const observe = ({ phase, index, action, result: r, tick, watched }: ReplayStep) => {
    if (phase !== 'action') return;
    const step: TranscriptStep = {
      index: index + 1,
      tick,
      action:
        action.type === 'command'
          ? { type: 'command', line: action.line, ...commandInput(action) }
          : action.type === 'writeFile'
            ? { type: 'writeFile', path: action.path, content: action.content }
            : action.type === 'tick'
              ? { type: 'tick', ticks: action.ticks }
              : { type: 'interrupt' },
    };
    if (action.type === 'command' && action.live === true) step.live = true;
    if (watched !== undefined) {
      const stdout = cut(watched.stdout);
      const stderr = cut(watched.stderr);
      step.watched = { line: watched.line, stdout: stdout.text, stderr: stderr.text, ...(watched.exitCode !== undefined ? { exitCode: watched.exitCode } : {}), ...(stdout.truncated || stderr.truncated ? { truncated: true } : {}) };
    }
    if (action.type === 'command') {
      const out = r.ok ? (r.output ?? { stdout: '', stderr: '', exitCode: 0 }) : { stdout: '', stderr: `${r.error}\n`, exitCode: 1 };
      const stdout = cut(out.stdout);
      const stderr = cut(out.stderr);
      Object.assign(step, { stdout: stdout.text, stderr: stderr.text, exitCode: out.exitCode });
      if (stdout.truncated || stderr.truncated) step.truncated = true;
      if (out.budget !== undefined) step.budget = out.budget;
    }
    steps.push(step);
  };
  // grading's own replay, watched: the same seed, setup, starter files, budget and settle, so the page ends where the verdict did
  const graded = gradeLab(lab, actionLog, { starterFiles: lab.starterFiles, caps, observe });
  if (!graded.ok) return { ok: false, error: graded.error };
  return { ok: true, steps, stateHash: graded.stateHash };
}
