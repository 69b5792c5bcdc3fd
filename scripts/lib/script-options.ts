// The options of a command-line script, as the database scripts take them: parsed as
// node:util parseArgs does (a bad one: its message and the usage, exit 2), with `--help`
// (`-h`) printing the help and exiting 0.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
const helpOption = { help: { type: 'boolean', short: 'h' } } as const;

/** `options`' values from the command line (`--help` handled here). */
export function scriptOptions<const O extends Options>(options: O, usage: string, help: string): ReturnType<typeof parseArgs<{ options: O & typeof helpOption }>>['values'] {
  let parsed: ReturnType<typeof parseArgs<{ options: O & typeof helpOption }>>;
  try {
    parsed = parseArgs({ options: { ...options, ...helpOption } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  // help is among the options whatever O is, which the type of a generic O's values cannot say
  if ((parsed.values as { help?: boolean }).help) {
    console.log(help);
    process.exit(0);
  }
  return parsed.values;
}
