// Reads for the instructor dashboard. Callers check the role first (checkRole or the
// export route's gate). The aggregation lives in app/_lib/instructor/, over a client the
// tests can point at a throw-away database; this module binds it to the app's `db` and
// content.
import 'server-only';
import { db } from '../db';
import type { Locale } from '../i18n/routing';
import type { AnswerWords } from '../instructor/answers';
import { lessonCompletion } from '../instructor/completion';
import { validateContent } from '../instructor/content-report';
import { toCsv, type CsvCell } from '../instructor/csv';
import { answersTable, goalsTable, labsTable, LEARNERS_HEADER, learnerRow, lessonsTable, questionsTable, type ExportDataset, type Table } from '../instructor/exports';
import { goalFailures } from '../instructor/goal-failures';
import { labReport } from '../instructor/labs';
import { learnerDetail } from '../instructor/learner-detail';
import { allLearnerLines, learnerPage, LEARNERS_PER_PAGE, type LearnerSort } from '../instructor/learners';
import { questionReport } from '../instructor/questions';
import { getContent } from './content';

export function getLessonCompletion(locale: Locale) {
  return lessonCompletion(db, getContent().content, locale);
}

export function getQuestionReport(locale: Locale, words: AnswerWords) {
  return questionReport(db, getContent().content, locale, words);
}

export function getLabReport(locale: Locale) {
  return labReport(db, getContent().content, locale);
}

export function getGoalFailures(locale: Locale, labId: string, goalId: string, page: number) {
  return goalFailures(db, getContent().content, locale, { labId, goalId, page });
}

export function getLearnerPage(page: number, sort: LearnerSort, search: string | undefined, locale: Locale) {
  return learnerPage(db, page, LEARNERS_PER_PAGE, sort, { search, locale });
}

export function getLearnerDetail(locale: Locale, userId: string) {
  return learnerDetail(db, getContent().content, locale, userId);
}

export function getAllLearnerLines() {
  return allLearnerLines(db);
}

export function getContentValidation() {
  const { content, problems } = getContent();
  return validateContent(content, problems);
}

/** The CSV text of one export dataset (app/api/instructor/export/[file]/route.ts). */
export async function exportCsv(dataset: ExportDataset, locale: Locale, words: AnswerWords): Promise<string> {
  switch (dataset) {
    case 'lessons':
      return csvOf(lessonsTable(await getLessonCompletion(locale)));
    case 'questions':
      return csvOf(questionsTable(await getQuestionReport(locale, words)));
    case 'answers':
      return csvOf(answersTable(await getQuestionReport(locale, words)));
    case 'labs':
      return csvOf(labsTable(await getLabReport(locale)));
    case 'goals':
      return csvOf(goalsTable(await getLabReport(locale)));
    case 'learners': {
      const rows: CsvCell[][] = [];
      for await (const page of getAllLearnerLines()) rows.push(...page.map(learnerRow));
      return toCsv(LEARNERS_HEADER, rows);
    }
  }
}

function csvOf(table: Table): string {
  return toCsv(table.header, table.rows);
}
