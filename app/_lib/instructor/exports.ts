// The dashboard's CSV datasets: each report turned into a header and rows. Column names
// are stable snake_case identifiers (scripts read them); titles and prompts come in the
// viewer's language. Percentages are numbers from 0 to 100 with one decimal, empty when
// there is nothing to divide.
import type { CompletionReport } from './completion';
import type { CsvCell } from './csv';
import type { LabLine } from './labs';
import type { LearnerLine } from './learners';
import type { QuestionReport } from './questions';
import { ratio } from './stats';

export const EXPORT_DATASETS = ['lessons', 'questions', 'answers', 'labs', 'goals', 'learners'] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

/** "questions.csv" → "questions"; anything else is not a dataset. */
export function datasetOfFileName(name: string): ExportDataset | undefined {
  const m = /^([a-z]+)\.csv$/.exec(name);
  return m && (EXPORT_DATASETS as readonly string[]).includes(m[1]!) ? (m[1] as ExportDataset) : undefined;
}

export interface Table {
  header: string[];
  rows: CsvCell[][];
}

export function percent(part: number, whole: number): number | null {
  const r = ratio(part, whole);
  return r === null ? null : Math.round(r * 1000) / 10;
}

export function lessonsTable(report: CompletionReport): Table {
  return {
    header: ['course_id', 'lesson_id', 'lesson_number', 'lesson_title', 'learners', 'in_progress', 'completed', 'completed_pct'],
    rows: report.lessons.map((l) => [l.courseId, l.lessonId, l.number, l.title, report.learners, l.inProgress, l.completed, percent(l.completed, report.learners)]),
  };
}

export function questionsTable(report: QuestionReport): Table {
  return {
    header: [
      'course_id',
      'lesson_id',
      'question_id',
      'question_number',
      'type',
      'prompt',
      'attempts',
      'learners',
      'first_attempt_correct',
      'first_attempt_correct_pct',
      'latest_correct',
      'latest_correct_pct',
      'unreadable_answers',
    ],
    rows: report.lessons.flatMap((l) =>
      l.questions.map((q) => [
        l.courseId,
        l.lessonId,
        q.id,
        q.number,
        q.type,
        q.prompt,
        q.attempts,
        q.learners,
        q.firstCorrect,
        percent(q.firstCorrect, q.learners),
        q.latestCorrect,
        percent(q.latestCorrect, q.learners),
        q.answers.unreadable,
      ]),
    ),
  };
}

/** One row per answer chosen, plus the question's other/unreadable counts and misconception tags. */
export function answersTable(report: QuestionReport): Table {
  const rows: CsvCell[][] = [];
  for (const l of report.lessons)
    for (const q of l.questions) {
      const base = [l.courseId, l.lessonId, q.id];
      for (const r of q.answers.rows) rows.push([...base, 'answer', r.key, r.label, r.correct, r.count]);
      if (q.answers.other > 0) rows.push([...base, 'other', '', '', null, q.answers.other]);
      if (q.answers.unreadable > 0) rows.push([...base, 'unreadable', '', '', null, q.answers.unreadable]);
      for (const m of q.misconceptions) rows.push([...base, 'misconception', m.tag, m.description, false, m.count]);
    }
  return { header: ['course_id', 'lesson_id', 'question_id', 'kind', 'key', 'label', 'correct', 'count'], rows };
}

export function labsTable(labs: readonly LabLine[]): Table {
  return {
    header: ['lab_id', 'title', 'attempts', 'passed_attempts', 'passed_attempts_pct', 'learners', 'learners_passed', 'learners_passed_pct', 'median_hints', 'unreadable_goal_results'],
    rows: labs.map((l) => [
      l.id,
      l.title,
      l.attempts,
      l.passedAttempts,
      percent(l.passedAttempts, l.attempts),
      l.learners,
      l.learnersPassed,
      percent(l.learnersPassed, l.learners),
      l.medianHints,
      l.goalsUnreadable,
    ]),
  };
}

export function goalsTable(labs: readonly LabLine[]): Table {
  return {
    header: ['lab_id', 'goal_id', 'description', 'evaluated', 'failed', 'failed_pct', 'in_content'],
    rows: labs.flatMap((l) => l.goals.map((g) => [l.id, g.id, g.description, g.evaluated, g.failed, percent(g.failed, g.evaluated), g.known])),
  };
}

export const LEARNERS_HEADER = ['email', 'name', 'joined_at', 'lessons_completed', 'quiz_attempts', 'quiz_correct', 'quiz_correct_pct', 'lab_attempts', 'labs_passed', 'last_activity'];

export function learnerRow(l: LearnerLine): CsvCell[] {
  return [l.email, l.name, l.joinedAt, l.lessonsCompleted, l.quizAttempts, l.quizCorrect, percent(l.quizCorrect, l.quizAttempts), l.labAttempts, l.labsPassed, l.lastActivity];
}
