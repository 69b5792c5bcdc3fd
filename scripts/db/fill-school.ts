// `npx tsx scripts/db/fill-school.ts <new.db> [--learners N] [--answers N] [--attempts N] [--seed N]`:
// a new database file, migrated and filled with a school (school.ts; by default 5,000
// learners, 50,000 answers and 10,000 lab attempts) — to look at the dashboard at scale
// (`DATABASE_URL=file:<new.db> npm start`, with an account made by `npm run admin:create`
// on the same DATABASE_URL) or to read its query plans (explain-dashboard.ts --db). It
// refuses a file that exists: it never writes into a database that holds anything else.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadContent } from '../../app/_lib/content/loader';
import { deployMigrations } from './deploy';
import { MIGRATIONS_DIR, REPO_ROOT, SCHEMA_PATH } from './paths';
import { fillSchool, SCHOOL_SCALE } from './school';

const usage = 'usage: npx tsx scripts/db/fill-school.ts <new.db> [--learners N] [--answers N] [--attempts N] [--seed N]';
const count = (raw: string | undefined, fallback: number, name: string): number => {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) {
    console.error(`--${name} takes a whole number, not "${raw}"\n${usage}`);
    process.exit(2);
  }
  return Number(raw);
};

let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { learners: { type: 'string' }, answers: { type: 'string' }, attempts: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}
const [target, ...extra] = parsed.positionals;
if (target === undefined || extra.length > 0) {
  console.error(usage);
  process.exit(2);
}
const file = path.resolve(target);
if (existsSync(file)) {
  console.error(`${file} exists; give the name of a new file.`);
  process.exit(1);
}
const str = (k: string) => parsed.values[k] as string | undefined;
const scale = {
  ...SCHOOL_SCALE,
  learners: count(str('learners'), SCHOOL_SCALE.learners, 'learners'),
  quizAnswers: count(str('answers'), SCHOOL_SCALE.quizAnswers, 'answers'),
  labAttempts: count(str('attempts'), SCHOOL_SCALE.labAttempts, 'attempts'),
  seed: count(str('seed'), SCHOOL_SCALE.seed, 'seed'),
};

const deployed = await deployMigrations({ databaseFile: file, migrationsDir: MIGRATIONS_DIR, schemaPath: SCHEMA_PATH });
if (!deployed.ok) {
  console.error(deployed.error);
  process.exit(1);
}
const { content } = loadContent(path.join(REPO_ROOT, 'content'));
const counts = fillSchool(file, content, scale);
console.log(`${file}: ${counts.learners} learners and ${counts.users - counts.learners} staff, ${counts.quizAttempts} answers, ${counts.labAttempts} lab attempts, ${counts.lessonProgress} lessons opened, ${counts.hintUses} hints`);
