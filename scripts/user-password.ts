// `npm run user:password -- --email learner@example.com [--password …]` (`--help` explains it)
// Sets a new password for an existing account and keeps its role: the way out for a
// learner who forgot theirs (the site sends no email). Every session of the account ends
// and its sign-in failures are forgotten. Without --password it asks on the terminal.
import { createInterface } from 'node:readline/promises';
import { db } from '../app/_lib/db';
import { runDatabaseScript } from './lib/database-script';
import { emailSchema } from '../app/_lib/auth/credentials';
import { hashPassword, passwordSchema, PASSWORD_MIN_LENGTH } from '../app/_lib/auth/password';
import { accountLockoutsWhere } from '../app/_lib/auth/rate-limit-window';

const usage = 'usage: npm run user:password -- --email <email> [--password <password>]';

const help = `${usage}

Sets a new password for an existing account; its role is kept (admin:create makes an
administrator). Every session of the account ends, so whoever signed in with the old
password is signed out, and the account's sign-in failures are forgotten. Without
--password the new password is asked for on the terminal (at least ${PASSWORD_MIN_LENGTH} characters).
Tell the learner to change it on their account page (/en/account) after signing in.`;

async function askPassword(email: string): Promise<string> {
  if (!process.stdin.isTTY) return '';
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`New password for ${email} (at least ${PASSWORD_MIN_LENGTH} characters): `);
  rl.close();
  return answer;
}

async function main(values: { email?: string; password?: string }): Promise<number> {
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) {
    console.error(`user:password: --email must be an email address.\n${usage}`);
    return 2;
  }
  const user = await db.user.findUnique({ where: { email: email.data }, select: { id: true, role: true } });
  if (!user) {
    console.error(`user:password: no account has the email ${email.data}; the learner signs up at /en/sign-up.`);
    return 1;
  }
  const password = passwordSchema.safeParse(values.password ?? (await askPassword(email.data)));
  if (!password.success) {
    console.error(`user:password: the password must be ${PASSWORD_MIN_LENGTH} to 256 characters and not blank.\n${usage}`);
    return 2;
  }
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password.data) } });
  const ended = (await db.session.deleteMany({ where: { userId: user.id } })).count;
  // the lockouts kept for this account: sign-in's from every address, and the password change's
  await db.rateLimit.deleteMany({ where: accountLockoutsWhere(email.data, user.id) });
  console.log(`user:password: ${email.data} (${user.role}) has a new password; ${ended} session${ended === 1 ? '' : 's'} ended.`);
  return 0;
}

runDatabaseScript(usage, help, main);
