// A learner's standing in one lab, for the lab page's own status line: passed or not and
// since when, how many attempts, which one to replay, and the newest attempts listed.
// Pure, from the learner's stored attempts (LabAttempt rows of that lab only).
import { goalCounts, newestFirst, type LabAttemptRow } from './lab-progress';

export interface LabAttemptLine {
  id: string;
  passed: boolean;
  passedGoals: number;
  totalGoals: number;
  at: Date;
}

export interface LabStatus {
  attempts: number;
  /**
   * The first attempt that passed: the date the lab was passed is when the learner first
   * got there, and later attempts (perhaps failing, trying something else) do not undo it.
   */
  firstPassed?: LabAttemptLine;
  last: LabAttemptLine;
  /** the most goals passed in one attempt, out of that attempt's goals */
  best: { passedGoals: number; totalGoals: number };
  /** the newest attempts first, at most `listed` of them */
  recent: LabAttemptLine[];
}

/** The attempts the lab page lists; more are counted, not listed. */
export const LISTED_ATTEMPTS = 20;

/** Undefined without attempts: the page then shows no status at all. */
export function labStatusOf(rows: readonly Omit<LabAttemptRow, 'labId'>[], listed = LISTED_ATTEMPTS): LabStatus | undefined {
  const lines = [...rows].sort(newestFirst).map((r): LabAttemptLine => ({ id: r.id, passed: r.passed, ...goalCounts(r.goalResults), at: r.createdAt }));
  const last = lines[0];
  if (last === undefined) return undefined;
  const firstPassed = lines.findLast((l) => l.passed);
  const best = lines.reduce((b, l) => (l.passedGoals > b.passedGoals ? l : b), last);
  return {
    attempts: lines.length,
    ...(firstPassed ? { firstPassed } : {}),
    last,
    best: { passedGoals: best.passedGoals, totalGoals: best.totalGoals },
    recent: lines.slice(0, listed),
  };
}
