// A learner's standing in each lab, from their stored attempts: how many, passed or not,
// the best result (most goals passed) and the latest attempt (for its replay link).
import type { GoalOutcome } from './protocol';

export interface LabAttemptRow {
  id: string;
  labId: string;
  passed: boolean;
  /** LabAttempt.goalResults: JSON of [{ id, passed, explanation }] */
  goalResults: string;
  createdAt: Date;
}

export interface LabProgress {
  labId: string;
  attempts: number;
  passed: boolean;
  best: { passedGoals: number; totalGoals: number };
  lastAttemptId: string;
  lastAttemptAt: Date;
}

/** How many of an attempt's goals passed, out of how many; an unreadable record counts as none of none. */
export function goalCounts(goalResults: string): { passedGoals: number; totalGoals: number } {
  try {
    const goals = JSON.parse(goalResults) as GoalOutcome[];
    if (!Array.isArray(goals)) return { passedGoals: 0, totalGoals: 0 };
    return { passedGoals: goals.filter((g) => g?.passed === true).length, totalGoals: goals.length };
  } catch {
    return { passedGoals: 0, totalGoals: 0 };
  }
}

/**
 * Newest attempt first; attempts stored in the same millisecond by id, the larger first
 * (a cuid grows with time, so that is the later one), so that the syllabus's "last
 * attempt" and the lab page's are the same one.
 */
export function newestFirst(a: Pick<LabAttemptRow, 'id' | 'createdAt'>, b: Pick<LabAttemptRow, 'id' | 'createdAt'>): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id > b.id ? -1 : a.id < b.id ? 1 : 0);
}

/** One line per lab with at least one attempt, in the order of each lab's latest attempt (newest first). */
export function summariseLabAttempts(rows: readonly LabAttemptRow[]): LabProgress[] {
  const byLab = new Map<string, LabProgress>();
  for (const row of [...rows].sort(newestFirst)) {
    const counts = goalCounts(row.goalResults);
    const seen = byLab.get(row.labId);
    if (seen === undefined) {
      byLab.set(row.labId, { labId: row.labId, attempts: 1, passed: row.passed, best: counts, lastAttemptId: row.id, lastAttemptAt: row.createdAt });
      continue;
    }
    seen.attempts++;
    seen.passed ||= row.passed;
    if (counts.passedGoals > seen.best.passedGoals) seen.best = counts;
  }
  return [...byLab.values()];
}
