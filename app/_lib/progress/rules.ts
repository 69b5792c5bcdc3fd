// What "progress" means, as pure functions over rows from the database, so the course
// page, the progress page and the server actions agree and tests can pin the rules down.
//
// The rule (documented in the course page's legend and in the report):
// - a lesson is *started* when a signed-in learner first opens it;
// - it is *completed* when the learner marks it complete, or when they have answered every
//   question of its quiz correctly at least once (whichever comes first). Completion is
//   never taken back: a later wrong answer is practice, not a regression.

export type LessonStatus = 'not-started' | 'started' | 'completed';

export interface ProgressRow {
  lessonId: string;
  completedAt: Date | null;
  updatedAt: Date;
}

export interface AttemptRow {
  questionId: string;
  correct: boolean;
  misconceptions: string[];
  createdAt: Date;
}

export interface SyllabusEntry {
  id: string;
  questionIds: readonly string[];
}

export interface LessonProgressSummary {
  lessonId: string;
  status: LessonStatus;
  /** questions of the lesson's quiz answered correctly at least once */
  questionsCorrect: number;
  questionCount: number;
}

/** True when every question id has at least one correct answer. A lesson with no quiz is never completed this way. */
export function quizMastered(questionIds: readonly string[], correctQuestionIds: ReadonlySet<string>): boolean {
  return questionIds.length > 0 && questionIds.every((id) => correctQuestionIds.has(id));
}

export function correctQuestionIds(attempts: readonly Pick<AttemptRow, 'questionId' | 'correct'>[]): Set<string> {
  return new Set(attempts.filter((a) => a.correct).map((a) => a.questionId));
}

export function lessonStatus(row: Pick<ProgressRow, 'completedAt'> | undefined, mastered: boolean): LessonStatus {
  if (row?.completedAt || mastered) return 'completed';
  return row ? 'started' : 'not-started';
}

export function summariseLessons(
  lessons: readonly SyllabusEntry[],
  rows: readonly ProgressRow[],
  attempts: readonly Pick<AttemptRow, 'questionId' | 'correct'>[],
): LessonProgressSummary[] {
  const byLesson = new Map(rows.map((r) => [r.lessonId, r]));
  const correct = correctQuestionIds(attempts);
  return lessons.map((lesson) => {
    const questionsCorrect = lesson.questionIds.filter((id) => correct.has(id)).length;
    return {
      lessonId: lesson.id,
      status: lessonStatus(byLesson.get(lesson.id), quizMastered(lesson.questionIds, correct)),
      questionsCorrect,
      questionCount: lesson.questionIds.length,
    };
  });
}

/**
 * "Continue where you left off": the unfinished lesson the learner opened most recently;
 * else the first lesson not completed yet; undefined when every lesson is completed.
 */
export function continueLessonId(
  lessons: readonly SyllabusEntry[],
  rows: readonly ProgressRow[],
  summaries: readonly LessonProgressSummary[],
): string | undefined {
  const status = new Map(summaries.map((s) => [s.lessonId, s.status]));
  const known = new Set(lessons.map((l) => l.id));
  const recent = [...rows]
    .filter((r) => known.has(r.lessonId) && status.get(r.lessonId) === 'started')
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  if (recent) return recent.lessonId;
  return lessons.find((l) => status.get(l.id) !== 'completed')?.id;
}

export interface Accuracy {
  attempts: number;
  correct: number;
  /** correct / attempts, 0 when there are none */
  ratio: number;
}

export function accuracyOf(attempts: readonly Pick<AttemptRow, 'correct'>[]): Accuracy {
  const correct = attempts.filter((a) => a.correct).length;
  return { attempts: attempts.length, correct, ratio: attempts.length === 0 ? 0 : correct / attempts.length };
}

/** Misconception tags revealed by wrong answers, most frequent first (ties by tag). */
export function topMisconceptions(attempts: readonly Pick<AttemptRow, 'correct' | 'misconceptions'>[], limit = 5): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const a of attempts) {
    if (a.correct) continue;
    for (const tag of new Set(a.misconceptions)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
    .slice(0, limit);
}

/** QuizAttempt.misconceptions is JSON text; anything unexpected reads as no tags. */
export function parseMisconceptions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
