// The learners table's search and order over a throw-away migrated database: names and
// emails in the page language's order with digits as numbers, quiz correctness ranked so
// that one lucky answer does not beat many good ones, and a search that keeps the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../scripts/db/migrated-database';
import type { Database } from '../db';
import { learnerCollator, learnerPage, quizRank, type LearnerSort } from './learners';

let mdb: MigratedDatabase;
let client: Database;
const ids = new Map<string, string>();

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

async function answers(email: string, right: number, wrong: number) {
  const userId = ids.get(email)!;
  const rows = [...Array(right).fill(true), ...Array(wrong).fill(false)].map((correct: boolean, i) => ({
    userId,
    courseId: 'c',
    quizId: 'q',
    questionId: `q${i}`,
    response: '{}',
    correct,
    score: correct ? 1 : 0,
    createdAt: at(30 + i),
  }));
  await client.quizAttempt.createMany({ data: rows });
}

beforeAll(async () => {
  mdb = await migratedDatabase();
  client = mdb.client;
  // sign-up order is the order of this list
  const people: [string, string | null, string?][] = [
    ['learner10@school.example', '최수아99'],
    ['learner9@school.example', '최수아315'],
    ['Zed@school.example', null],
    ['learner100@school.example', '최수아51'],
    ['eve@school.example', 'eve'],
    ['fay@school.example', 'Fay'],
    ['teacher@school.example', '최수아1', 'instructor'],
    ['gus@school.example', '최수아75'],
  ];
  for (const [i, [email, name, role]] of people.entries()) {
    ids.set(email, (await client.user.create({ data: { email: email.toLowerCase(), name, role: role ?? 'learner', passwordHash: 'x', createdAt: at(i) } })).id);
  }
  await answers('eve@school.example', 1, 0); // 1/1: 100 %, ranked (1+1)/(1+2) = 0.67
  await answers('fay@school.example', 19, 4); // 19/23: 83 %, ranked 20/25 = 0.8
  await answers('gus@school.example', 0, 1); // 0/1: 0 %, ranked 1/3 = 0.33
  await answers('learner10@school.example', 5, 18); // 5/23: 22 %, ranked 6/25 = 0.24
});
afterAll(() => mdb.close());

const order = async (sort: LearnerSort, options: { search?: string; locale?: 'ko' | 'en' } = {}, page = 1, perPage = 50) =>
  (await learnerPage(client, page, perPage, sort, options)).learners.map((l) => l.name ?? l.email.split('@')[0]);

describe('the learners table’s order', () => {
  it('sorts names with digits as numbers, in the page language’s order, a learner without a name last either way', async () => {
    // Korean puts Hangul before Latin letters, English the other way round; case does not split names
    expect(await order({ key: 'name', dir: 'asc' }, { locale: 'ko' })).toEqual(['최수아51', '최수아75', '최수아99', '최수아315', 'eve', 'Fay', 'zed']);
    expect(await order({ key: 'name', dir: 'asc' }, { locale: 'en' })).toEqual(['eve', 'Fay', '최수아51', '최수아75', '최수아99', '최수아315', 'zed']);
    expect(await order({ key: 'name', dir: 'desc' }, { locale: 'en' })).toEqual(['최수아315', '최수아99', '최수아75', '최수아51', 'Fay', 'eve', 'zed']);
    expect(await order({ key: 'name', dir: 'asc' }, { locale: 'en' }, 2, 3)).toEqual(['최수아75', '최수아99', '최수아315']);
    expect(await order({ key: 'name', dir: 'asc' }, { locale: 'en' }, 3, 3)).toEqual(['zed']);
  });

  it('sorts emails with digits as numbers', async () => {
    expect(await order({ key: 'email', dir: 'asc' })).toEqual(['eve', 'Fay', '최수아75', '최수아315', '최수아99', '최수아51', 'zed']);
  });

  it('ranks quiz correctness so a few answers weigh less than many: 19 of 23 above 1 of 1, 5 of 23 below 0 of 1', async () => {
    expect(await order({ key: 'quiz', dir: 'desc' })).toEqual(['Fay', 'eve', '최수아75', '최수아99', '최수아315', 'zed', '최수아51']);
    expect(await order({ key: 'quiz', dir: 'asc' })).toEqual(['최수아99', '최수아75', 'eve', 'Fay', '최수아315', 'zed', '최수아51']);
    expect(quizRank(19, 23)).toBeGreaterThan(quizRank(1, 1));
    expect(quizRank(0, 1)).toBeGreaterThan(quizRank(5, 23));
    expect(quizRank(90, 100)).toBeGreaterThan(quizRank(8, 10));
  });

  it('compares Korean names as Korean readers do', () => {
    expect(['최수아99', '김민준', '이서연', '박지호'].sort(learnerCollator('ko').compare)).toEqual(['김민준', '박지호', '이서연', '최수아99']);
  });
});

describe('the learners table’s search', () => {
  it('finds learners by a part of the email or the name, counts them, and keeps the order asked for', async () => {
    const found = await learnerPage(client, 1, 50, { key: 'name', dir: 'desc' }, { search: '최수아', locale: 'en' });
    expect(found).toMatchObject({ total: 7, matching: 4, pages: 1, search: '최수아' });
    expect(found.learners.map((l) => l.name)).toEqual(['최수아315', '최수아99', '최수아75', '최수아51']);
    expect(await order({ key: 'quiz', dir: 'desc' }, { search: 'learner1' })).toEqual(['최수아99', '최수아51']);
    expect(await order({ key: 'joined', dir: 'desc' }, { search: 'SCHOOL.example' })).toEqual(['최수아75', 'Fay', 'eve', '최수아51', 'zed', '최수아315', '최수아99']);
    expect(await order({ key: 'activity', dir: 'desc' }, { search: 'e' })).toHaveLength(7);
  });

  it('leaves staff out of a search, and finds nobody for a term no learner has', async () => {
    expect(await order({ key: 'joined', dir: 'asc' }, { search: 'teacher' })).toEqual([]);
    expect(await learnerPage(client, 4, 50, { key: 'joined', dir: 'asc' }, { search: 'nobody' })).toMatchObject({ learners: [], total: 7, matching: 0, page: 1, pages: 1 });
  });
});
