// The e2e server's database (playwright.config.ts picks its folder, E2E_DATA_DIR), for
// tests that need more rows than the UI can make in a test's time: the dashboard pages
// fifty accounts at a time, and one sign-up through the form takes seconds. Rows are
// written as the app writes them (ids, ISO times with +00:00) and can only be read, not
// signed in with: their password hash is not a hash.
import path from 'node:path';
import Database from 'better-sqlite3';

function open(): Database.Database {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  const db = new Database(path.join(dir, 'e2e.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

const iso = (d: Date) => d.toISOString().replace('Z', '+00:00');

export interface Account {
  email: string;
  name?: string | null;
  role?: 'learner' | 'instructor' | 'admin';
}

/** Inserts the accounts, signed up in this order (a millisecond apart, ending now); returns their ids. */
export function insertAccounts(accounts: readonly Account[]): string[] {
  const db = open();
  try {
    const insert = db.prepare('INSERT INTO "User" ("id", "email", "passwordHash", "name", "role", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?)');
    const now = Date.now();
    const ids: string[] = [];
    db.transaction(() => {
      accounts.forEach((a, i) => {
        const id = `e2e${now.toString(36)}${i.toString(36).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`;
        const at = iso(new Date(now - (accounts.length - 1 - i)));
        insert.run(id, a.email, 'not-a-password-hash', a.name ?? null, a.role ?? 'learner', at, at);
        ids.push(id);
      });
    })();
    return ids;
  } finally {
    db.close();
  }
}
