// The frame of a script that works on the app's database (admin:create, user:password):
// its options parsed with `--help` (script-options.ts, which explain-dashboard.ts shares),
// then `main`, whose number is the exit code; the connection closes either way.
import { db } from '../../app/_lib/db';
import { scriptOptions } from './script-options';

type Values = { email?: string; password?: string };

export function runDatabaseScript(usage: string, help: string, main: (values: Values) => Promise<number>): void {
  const values = scriptOptions({ email: { type: 'string' }, password: { type: 'string' } }, usage, help);
  main(values)
    .then(async (code) => {
      await db.$disconnect();
      process.exit(code);
    })
    .catch(async (error) => {
      console.error(error);
      await db.$disconnect();
      process.exit(1);
    });
}
