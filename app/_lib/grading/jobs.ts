// What a grading worker does with one job. Pure apart from sim-core: the worker thread
// (worker-entry.mjs) calls runJob; tests may call it directly.
import { gradeLab } from '../../../sim-core/grading/lab';
import type { GradeOutcome, GradingJob, TranscriptOutcome } from './protocol';
import { replayTranscript } from './transcript';

export function runJob(job: GradingJob): GradeOutcome | TranscriptOutcome {
  if (job.kind === 'transcript') return replayTranscript(job.lab, job.actionLog, job.caps);
  const r = gradeLab(job.lab, job.actionLog, { starterFiles: job.lab.starterFiles, ...(job.caps ? { caps: job.caps } : {}) });
  if (!r.ok) return { ok: false, reason: r.reason, error: r.error };
  return { ok: true, passed: r.passed, goals: r.goals.map((g) => ({ id: g.id, passed: g.passed, explanation: g.explanation })), stateHash: r.stateHash };
}
