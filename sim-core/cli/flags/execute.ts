// cobra's Execute as etcdctl 3.4.23 runs it (cobra command.go: Find, stripFlags,
// legacyArgs, execute; etcdctl/ctlv3/ctl.go: MustStart): find the subcommand (unique
// prefixes match, because etcdctl sets cobra.EnablePrefixMatching), parse its flags, and
// print cobra's errors exactly as the real binary does — each error twice, once from
// cobra and once from etcdctl's ExitWithError.
import { commandName, commandPath, HELP_FLAG_NAME, inheritedFlags, localFlags, type Command } from './command';
import { flagTable, parseFlags, type FlagTable } from './flagset';
import { goQuote } from './go-values';
import type { Terminal } from '../terminal';
import { renderUsage, type UsageExtras } from './usage';

/** What Execute looks up in a command on every run, built once per command (the trees are module constants). */
interface CommandIndex {
  /** the parent it was built under (a relinked command gets a new index) */
  parent: Command<unknown> | undefined;
  /** its local and inherited flags, in that order */
  table: FlagTable;
  /** names and shorthands of its bool flags (stripFlags: they take no value word) */
  boolNames: ReadonlySet<string>;
  boolShorts: ReadonlySet<string>;
  /** its children by exact name (the first of equal names, as Array.find would) */
  children: ReadonlyMap<string, Command<unknown>>;
}

const indexByCommand = new WeakMap<Command<unknown>, CommandIndex>();

function commandIndex(cmd: Command<unknown>): CommandIndex {
  let ix = indexByCommand.get(cmd);
  if (ix === undefined || ix.parent !== cmd.parent) {
    const specs = [...localFlags(cmd), ...inheritedFlags(cmd)];
    const bools = specs.filter((f) => f.kind === 'bool');
    const children = new Map<string, Command<unknown>>();
    for (const c of cmd.children ?? []) if (!children.has(commandName(c))) children.set(commandName(c), c);
    ix = {
      parent: cmd.parent,
      table: flagTable(specs),
      boolNames: new Set(bools.map((f) => f.name)),
      boolShorts: new Set(bools.flatMap((f) => (f.shorthand !== undefined ? [f.shorthand] : []))),
      children,
    };
    indexByCommand.set(cmd, ix);
  }
  return ix;
}

/** stripFlags: the words that are not flags or flag values (a flag without `=` that is not a bool swallows the next word). */
function stripFlags(args: string[], cmd: Command<unknown>): string[] {
  const { boolNames, boolShorts } = commandIndex(cmd);
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const s = args[i] as string;
    if (s === '--') break;
    if (s.startsWith('--') && !s.includes('=') && !boolNames.has(s.slice(2))) i++;
    else if (s.startsWith('-') && !s.includes('=') && s.length === 2 && !boolShorts.has(s.slice(1))) i++;
    else if (s !== '' && !s.startsWith('-')) words.push(s);
  }
  return words;
}

function findChild<Env>(cmd: Command<Env>, name: string): Command<Env> | undefined {
  const exact = commandIndex(cmd).children.get(name) as Command<Env> | undefined;
  if (exact) return exact;
  const children = cmd.children ?? [];
  const byPrefix = children.filter((c) => commandName(c).startsWith(name));
  return byPrefix.length === 1 ? byPrefix[0] : undefined;
}

function removeFirst(args: string[], word: string): string[] {
  const i = args.indexOf(word);
  return i < 0 ? args : [...args.slice(0, i), ...args.slice(i + 1)];
}

/** cobra's ld(): Levenshtein distance, case-insensitive. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d = Array.from({ length: s.length + 1 }, (_, i) => [i, ...new Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (s[i - 1] === t[j - 1] ? 0 : 1),
      );
    }
  }
  return (d[s.length] as number[])[t.length] as number;
}

function unknownCommandError(root: Command<unknown>, word: string, rootNames: string[]): string {
  const suggestions = rootNames.filter(
    (n) => distance(word, n) <= 2 || n.toLowerCase().startsWith(word.toLowerCase()),
  );
  let msg = `unknown command ${goQuote(word)} for ${goQuote(commandName(root))}`;
  if (suggestions.length > 0) msg += `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}`;
  return msg;
}

export interface ExecuteOptions extends UsageExtras {
  /** every top-level command name of the real tool, for cobra's "Did you mean this?" */
  rootNames: string[];
}

export function executeCommand<Env>(
  root: Command<Env>,
  argv: string[],
  env: Env,
  term: Terminal,
  options: ExecuteOptions,
): void {
  let cmd = root;
  let rest = argv;
  for (;;) {
    const word = stripFlags(rest, cmd)[0];
    if (word === undefined) break;
    const child = findChild(cmd, word);
    if (!child) break;
    cmd = child;
    rest = removeFirst(rest, word);
  }
  // legacyArgs: the root accepts no arguments, so a leftover word is an unknown command.
  const leftover = stripFlags(rest, cmd);
  if (!cmd.parent && (cmd.children ?? []).length > 0 && leftover.length > 0) {
    const msg = unknownCommandError(cmd, leftover[0] as string, options.rootNames);
    term.printErr(`Error: ${msg}\nRun '${commandPath(cmd)} --help' for usage.\n`);
    term.exitWithError(1, msg);
    return;
  }

  const parsed = parseFlags(rest, commandIndex(cmd).table);
  if (!parsed.ok) {
    // cobra prints the error, then the usage (etcdctl's usage function writes it to
    // stdout and returns an empty string, which cobra prints as an empty line on stderr).
    term.printErr(`Error: ${parsed.error}\n`);
    term.print(renderUsage(cmd, options));
    term.printErr('\n');
    term.exitWithError(1, parsed.error);
    return;
  }
  if (parsed.flags.values.get(HELP_FLAG_NAME) === true || !cmd.run) {
    term.print(renderUsage(cmd, options));
    return;
  }
  cmd.run({ command: cmd, args: parsed.flags.args, argv: rest, flags: parsed.flags, env, term });
}
