// `tsx prisma/seed.ts`: seeds the database DATABASE_URL names. Safe to run on every
// start; see seed-admin.ts for what it does.
import { db } from '../app/_lib/db';
import { env } from '../app/_lib/env';
import { seedAdmin } from './seed-admin';

const outcome = await seedAdmin(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
await db.$disconnect();

if (!outcome.ok) {
  console.error(`Seed failed: ${outcome.error}`);
  process.exitCode = 1;
} else if (outcome.admin === 'not-promoted') {
  console.warn(`Seed: warning: ${outcome.warning}`);
} else if (outcome.admin === 'not-requested') {
  console.log('Seed: nothing to do (set ADMIN_EMAIL and ADMIN_PASSWORD to create an admin).');
} else {
  console.log(`Seed: admin ${outcome.email} ${outcome.admin}.`);
}
