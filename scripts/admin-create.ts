// `npm run admin:create -- --email you@example.com [--password …]` (`--help` explains it)
// Makes the first administrator, or promotes an existing account to admin. Without
// --password (and without ADMIN_PASSWORD in the environment) it asks on the terminal.
import { createInterface } from 'node:readline/promises';
import { db } from '../app/_lib/db';
import { runDatabaseScript } from './lib/database-script';
import { emailSchema } from '../app/_lib/auth/credentials';
import { hashPassword, passwordSchema, PASSWORD_MIN_LENGTH } from '../app/_lib/auth/password';

const usage = 'usage: npm run admin:create -- --email <email> [--password <password>]';

const help = `${usage}

Makes an administrator, or promotes an existing account to administrator (without
--password its password is kept). Without --password and ADMIN_PASSWORD, a new account's
password is asked for on the terminal (at least ${PASSWORD_MIN_LENGTH} characters).

Instructors: sign up as a learner, then an administrator gives the account the role
instructor on the dashboard's Users and roles page (/en/instructor/users).`;

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) return '';
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`Password for the new admin (at least ${PASSWORD_MIN_LENGTH} characters): `);
  rl.close();
  return answer;
}

async function main(values: { email?: string; password?: string }): Promise<number> {
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) {
    console.error(`admin:create: --email must be an email address.\n${usage}`);
    return 2;
  }
  const existing = await db.user.findUnique({ where: { email: email.data } });
  const rawPassword = values.password ?? process.env.ADMIN_PASSWORD ?? (existing ? '' : await askPassword());
  if (existing && !rawPassword) {
    await db.user.update({ where: { id: existing.id }, data: { role: 'admin' } });
    console.log(`admin:create: ${email.data} is now an admin (password unchanged).`);
    return 0;
  }
  const password = passwordSchema.safeParse(rawPassword);
  if (!password.success) {
    console.error(`admin:create: the password must be ${PASSWORD_MIN_LENGTH} to 256 characters and not blank.\n${usage}`);
    return 2;
  }
  const passwordHash = await hashPassword(password.data);
  const user = await db.user.upsert({
    where: { email: email.data },
    create: { email: email.data, passwordHash, role: 'admin' },
    update: { passwordHash, role: 'admin' },
  });
  // a replaced password ends the account's sessions: whoever signed in with the old one is signed out
  const ended = existing ? (await db.session.deleteMany({ where: { userId: user.id } })).count : 0;
  console.log(`admin:create: ${email.data} is an admin${existing ? ` (password replaced; ${ended} session${ended === 1 ? '' : 's'} ended)` : ''}. Sign in at /en/sign-in.`);
  return 0;
}

runDatabaseScript(usage, help, main);
