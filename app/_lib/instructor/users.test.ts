// The users page's list over a throw-away migrated database: newest first, a page at a
// time, a search by email or name, and the true totals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../scripts/db/migrated-database';
import type { Database } from '../db';
import { countUsersByRole, userPage } from './users';

let mdb: MigratedDatabase;
let client: Database;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

beforeAll(async () => {
  mdb = await migratedDatabase();
  client = mdb.client;
  const people: [string, string | null, string][] = [
    ['admin@school.example', 'Head Teacher', 'admin'],
    ['ann_lee@school.example', 'Ann Lee', 'learner'],
    ['annxlee@school.example', null, 'learner'],
    ['kim@school.example', '김민준', 'instructor'],
    ['bob@school.example', 'Bob 100% Kim', 'learner'],
    ['odd@school.example', 'made-up-role', 'superuser'],
  ];
  for (const [i, [email, name, role]] of people.entries()) {
    await client.user.create({ data: { email, name, role, passwordHash: 'argon2id-secret-hash', createdAt: at(i) } });
  }
});
afterAll(() => mdb.close());

const emails = (page: { users: { email: string }[] }) => page.users.map((u) => u.email.split('@')[0]);

describe('userPage', () => {
  it('lists every account newest first, a page at a time, with the true total', async () => {
    const first = await userPage(client, { page: 1, perPage: 4 });
    expect(first).toMatchObject({ total: 6, matching: 6, page: 1, pages: 2, search: undefined });
    expect(emails(first)).toEqual(['odd', 'bob', 'kim', 'annxlee']);
    const second = await userPage(client, { page: 2, perPage: 4 });
    expect(emails(second)).toEqual(['ann_lee', 'admin']);
    expect((await userPage(client, { page: 99, perPage: 4 })).page).toBe(2);
    // an unknown stored role is shown as the least privilege
    expect(first.users[0]).toMatchObject({ role: 'learner', name: 'made-up-role', createdAt: at(5) });
    expect(JSON.stringify([first, second])).not.toContain('argon2id');
  });

  it('finds accounts by a part of the email or the name, ignoring the case of ASCII letters', async () => {
    expect(emails(await userPage(client, { page: 1, search: 'KIM' }))).toEqual(['bob', 'kim']);
    expect(emails(await userPage(client, { page: 1, search: '민준' }))).toEqual(['kim']);
    expect(emails(await userPage(client, { page: 1, search: 'teacher' }))).toEqual(['admin']);
    const found = await userPage(client, { page: 1, search: 'lee' });
    expect(found).toMatchObject({ total: 6, matching: 2, pages: 1, search: 'lee' });
  });

  it('matches % and _ as themselves, not as wildcards', async () => {
    expect(emails(await userPage(client, { page: 1, search: 'ann_' }))).toEqual(['ann_lee']);
    expect(emails(await userPage(client, { page: 1, search: '100%' }))).toEqual(['bob']);
    expect(emails(await userPage(client, { page: 1, search: '%' }))).toEqual(['bob']);
    expect(await userPage(client, { page: 3, search: 'nobody-has-this' })).toMatchObject({ users: [], total: 6, matching: 0, page: 1, pages: 1 });
  });
});

describe('countUsersByRole', () => {
  it('counts the accounts of each role, an unknown stored role among the learners', async () => {
    expect(await countUsersByRole(client)).toEqual({ learner: 4, instructor: 1, admin: 1 });
  });
});
