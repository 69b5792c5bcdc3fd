// Which goals of a lab learners fail: from LabAttempt.goalResults, JSON of
// [{ id, passed, explanation }] (app/_lib/grading/protocol.ts GoalOutcome), grouped by the
// stored text so each distinct result list is parsed once. A row that is not such a list
// counts as unreadable; goals the lab no longer has are kept at the end, so old attempts
// are not silently dropped.

export interface GoalResultsGroup {
  goalResults: string;
  count: number;
}

export interface GoalFailures {
  id: string;
  /** attempts in which this goal failed */
  failed: number;
  /** attempts that reported this goal at all */
  evaluated: number;
  /** false for a goal the lab's content no longer has */
  known: boolean;
}

export interface GoalTally {
  goals: GoalFailures[];
  unreadable: number;
}

export function readGoalResults(json: string): { id: string; passed: boolean }[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const out: { id: string; passed: boolean }[] = [];
  for (const g of value) {
    if (typeof g !== 'object' || g === null) return undefined;
    const { id, passed } = g as { id?: unknown; passed?: unknown };
    if (typeof id !== 'string' || typeof passed !== 'boolean') return undefined;
    out.push({ id, passed });
  }
  return out;
}

export function tallyGoalFailures(goalIds: readonly string[], groups: readonly GoalResultsGroup[]): GoalTally {
  const goals = new Map<string, GoalFailures>(goalIds.map((id) => [id, { id, failed: 0, evaluated: 0, known: true }]));
  let unreadable = 0;
  for (const g of groups) {
    const results = readGoalResults(g.goalResults);
    if (!results) {
      unreadable += g.count;
      continue;
    }
    for (const r of results) {
      let line = goals.get(r.id);
      if (!line) {
        line = { id: r.id, failed: 0, evaluated: 0, known: false };
        goals.set(r.id, line);
      }
      line.evaluated += g.count;
      if (!r.passed) line.failed += g.count;
    }
  }
  return { goals: [...goals.values()], unreadable };
}
