// The dashboard's heavy reads stay on the indexes made for them (prisma/migrations/
// …_dashboard_covering_indexes): SQLite's plan for each statement the questions, labs and
// overview pages and the learners table's figure sorts send. Without statistics (the app
// never runs ANALYZE) SQLite plans the same for ten rows or fifty thousand, so a small
// school shows the plans a large one gets. A plan that starts from User and reads each
// learner's rows one learner at a time, or sorts every answer, is what made these pages
// take a second at 50,000 answers.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/db/paths';
import { queryPlan, recordingClient } from '../../../scripts/db/query-plan';
import { schoolDatabase } from '../../../scripts/db/school';
import type { MigratedDatabase } from '../../../scripts/db/migrated-database';
import { loadContent } from '../content/loader';
import { lessonCompletion } from './completion';
import { labReport } from './labs';
import { learnerPage, type LearnerSortKey } from './learners';
import { questionReport } from './questions';

const { content } = loadContent(path.join(REPO_ROOT, 'content'));

let school: MigratedDatabase;
let recording: ReturnType<typeof recordingClient>;
let sqlite: Database.Database;

beforeAll(async () => {
  school = await schoolDatabase(content, { learners: 40, staff: 2, quizAnswers: 400, labAttempts: 80, seed: 3 });
  recording = recordingClient(school.ws.databaseFile);
  sqlite = new Database(school.ws.databaseFile, { readonly: true });
});
afterAll(async () => {
  sqlite.close();
  await recording.client.$disconnect();
  await school.close();
});

/** The plan of each statement `work` sends, one string per statement. */
async function plans(work: () => Promise<unknown>): Promise<string[]> {
  recording.sent.length = 0;
  await work();
  return recording.sent.map((s) => queryPlan(sqlite, s.sql, s.params).join('\n'));
}

const startsFromUsers = /SEARCH \w+ USING (COVERING )?INDEX (QuizAttempt|LabAttempt|LessonProgress)_userId\w* \(userId=\?\)/;

describe('the questions page', () => {
  it('reads each question’s answers from two covering indexes in their order: no table, no sort of every answer', async () => {
    const [counts, groups] = await plans(() => questionReport(recording.client, content, 'en', { true: 'True', false: 'False' }));
    expect(counts).toContain('SCAN a USING COVERING INDEX QuizAttempt_question_learner_time_idx');
    expect(counts).toContain('SEARCH b USING COVERING INDEX QuizAttempt_question_learner_time_idx (courseId=? AND quizId=? AND questionId=? AND userId=?)');
    expect(counts).not.toContain('TEMP B-TREE');
    expect(groups).toContain('SCAN a USING COVERING INDEX QuizAttempt_question_response_idx');
    expect(groups).not.toContain('TEMP B-TREE');
    for (const plan of [counts, groups]) expect(plan).not.toMatch(startsFromUsers);
  });
});

describe('the labs page', () => {
  it('counts attempts, learners and hints from a covering index, not from rows with action logs', async () => {
    const [counts, hints, goals] = await plans(() => labReport(recording.client, content, 'en'));
    expect(counts).toContain('SCAN a USING COVERING INDEX LabAttempt_labId_userId_passed_hintsUsed_idx');
    expect(counts).not.toContain('TEMP B-TREE');
    expect(hints).toContain('SCAN a USING COVERING INDEX LabAttempt_labId_userId_passed_hintsUsed_idx');
    for (const plan of [counts, hints, goals]) expect(plan).not.toMatch(startsFromUsers);
  });
});

describe('the overview', () => {
  it('counts lessons opened and completed in the order of the lesson index', async () => {
    const statements = await plans(() => lessonCompletion(recording.client, content, 'en'));
    const completion = statements.find((p) => p.includes('LessonProgress'));
    expect(completion).toContain('SCAN p USING INDEX LessonProgress_courseId_lessonId_idx');
    expect(completion).not.toContain('TEMP B-TREE FOR GROUP BY');
  });
});

describe('the learners table sorted by a figure', () => {
  it.each<[LearnerSortKey, string[]]>([
    ['activity', ['SCAN QuizAttempt USING COVERING INDEX QuizAttempt_userId_courseId_quizId_correct_createdAt_idx', 'SCAN LabAttempt USING COVERING INDEX LabAttempt_userId_labId_createdAt_passed_idx']],
    ['quiz', ['SCAN QuizAttempt USING COVERING INDEX QuizAttempt_userId_courseId_quizId_correct_createdAt_idx']],
    ['labs', ['SCAN LabAttempt USING COVERING INDEX LabAttempt_userId_labId_createdAt_passed_idx']],
  ])('by %s reads the answers and attempts from covering indexes, not the tables', async (key, scans) => {
    const statements = await plans(() => learnerPage(recording.client, 1, 50, { key, dir: 'desc' }));
    const figure = statements.find((p) => p.includes('MATERIALIZE f'));
    for (const scan of scans) expect(figure).toContain(scan);
  });
});
