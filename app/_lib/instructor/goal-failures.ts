// The attempts that failed one goal of a lab, for the labs page's drill-down
// (/[locale]/instructor/labs/<lab>/goals/<goal>): newest first, a page at a time, each with
// its learner and a link to its replay. The goal results are JSON text (goals.ts), so the
// database cannot pick the failing attempts out: the lab's attempts by learners are read
// in chunks of their short columns and results (one distinct results text is parsed
// once), and only the failing attempts' ids, learners and times are kept — memory stays a
// chunk deep, whatever the number of attempts. The figures agree with the labs page's
// "failed in attempts", which counts the same rows.
import type { ContentSet, Locale } from '../content';
import type { Database } from '../db';
import { textOf } from './answers';
import { readGoalResults } from './goals';
import { byLearners } from './learner-scope';
import { pageSlice } from './paging';

export const GOAL_FAILURES_PER_PAGE = 50;
const CHUNK = 500;

export interface GoalFailureLine {
  id: string;
  labId: string;
  userId: string;
  email: string;
  name: string | null;
  createdAt: Date;
  hintsUsed: number;
  /** goals this attempt failed, this one included */
  goalsFailed: number;
  /** goals this attempt reported */
  goals: number;
}

export interface GoalFailures {
  labId: string;
  labTitle: string;
  goalId: string;
  /** plain text in the page's language, or the id of a goal the lab no longer has */
  description: string;
  /** false for a goal the lab's content no longer has (old attempts still name it) */
  known: boolean;
  /** attempts that failed the goal */
  failed: number;
  /** attempts that reported the goal at all */
  evaluated: number;
  /** learners with at least one attempt that failed it */
  learners: number;
  attempts: GoalFailureLine[];
  page: number;
  pages: number;
}

/** undefined when the content has no such lab and no attempt names it, or neither the lab nor any attempt has the goal. */
export async function goalFailures(
  client: Database,
  content: ContentSet,
  locale: Locale,
  { labId, goalId, page, perPage = GOAL_FAILURES_PER_PAGE, chunkSize = CHUNK }: { labId: string; goalId: string; page: number; perPage?: number; chunkSize?: number },
): Promise<GoalFailures | undefined> {
  const lab = content.labs.get(labId)?.lab;
  const goal = lab?.goals.find((g) => g.id === goalId);
  const failing: { id: string; userId: string; createdAt: Date; hintsUsed: number; goalsFailed: number; goals: number }[] = [];
  const learners = new Set<string>();
  let evaluated = 0;
  let cursor: string | undefined;
  for (;;) {
    const chunk = await client.labAttempt.findMany({
      where: { labId, ...byLearners },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: chunkSize,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      select: { id: true, userId: true, createdAt: true, hintsUsed: true, goalResults: true },
    });
    const parsed = new Map<string, ReturnType<typeof readGoalResults>>();
    for (const a of chunk) {
      let results = parsed.get(a.goalResults);
      if (!parsed.has(a.goalResults)) parsed.set(a.goalResults, (results = readGoalResults(a.goalResults)));
      const result = results?.find((r) => r.id === goalId);
      if (!results || !result) continue;
      evaluated += 1;
      if (result.passed) continue;
      learners.add(a.userId);
      failing.push({ id: a.id, userId: a.userId, createdAt: a.createdAt, hintsUsed: a.hintsUsed, goalsFailed: results.filter((r) => !r.passed).length, goals: results.length });
    }
    if (chunk.length < chunkSize) break;
    cursor = chunk[chunk.length - 1]!.id;
  }
  if (!goal && evaluated === 0) return undefined;
  const slice = pageSlice(failing.length, perPage, page);
  const shown = failing.slice(slice.skip, slice.skip + perPage);
  const people = await client.user.findMany({ where: { id: { in: [...new Set(shown.map((a) => a.userId))] } }, select: { id: true, email: true, name: true } });
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    labId,
    labTitle: lab ? textOf(lab.title, locale) : labId,
    goalId,
    description: goal ? textOf(goal.description, locale) : goalId,
    known: goal !== undefined,
    failed: failing.length,
    evaluated,
    learners: learners.size,
    attempts: shown.map((a) => ({ ...a, labId, email: byId.get(a.userId)?.email ?? '', name: byId.get(a.userId)?.name ?? null })),
    page: slice.page,
    pages: slice.pages,
  };
}
