// The frame of a script that works on the app's database (admin:create, user:password):
// its options parsed as node:util parseArgs does (a bad one: the message, the usage, exit 2),
// `--help`, then `main`, whose number is the exit code; the connection closes either way.
import { parseArgs } from 'node:util';
import { db } from '../../app/_lib/db';

type Values = { email?: string; password?: string; help?: boolean };

export function runDatabaseScript(usage: string, help: string, main: (values: Values) => Promise<number>): void {
  let values: Values;
  try {
    ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(help);
    process.exit(0);
  }
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
