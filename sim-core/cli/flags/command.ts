// A command tree in cobra's shape (github.com/spf13/cobra): each command has a `use`
// line, a short and long description, local and persistent flags, children and a run
// function. Parents are linked when the tree is built.
import type { FlagSpec, ParsedFlags } from './flagset';
import type { Terminal } from '../terminal';

export interface Invocation<Env> {
  command: Command<Env>;
  /** the positional arguments */
  args: string[];
  /** the words after the command path, flags included (etcdctl's watch looks for `--` in them) */
  argv: string[];
  flags: ParsedFlags;
  env: Env;
  term: Terminal;
}

export interface Command<Env> {
  use: string;
  short: string;
  long?: string;
  flags?: FlagSpec[];
  /** flags this command and all its descendants accept */
  persistentFlags?: FlagSpec[];
  children?: Command<Env>[];
  // a method, so that a Command<Env> can be passed where any command is accepted
  run?(inv: Invocation<Env>): void;
  /** set by linkTree */
  parent?: Command<Env>;
}

export function commandName(cmd: Command<unknown>): string {
  const space = cmd.use.indexOf(' ');
  return space < 0 ? cmd.use : cmd.use.slice(0, space);
}

export function linkTree<Env>(root: Command<Env>): Command<Env> {
  for (const child of root.children ?? []) {
    child.parent = root;
    linkTree(child);
  }
  return root;
}

export function commandPath(cmd: Command<unknown>): string {
  return cmd.parent ? `${commandPath(cmd.parent)} ${commandName(cmd)}` : commandName(cmd);
}

export const HELP_FLAG_NAME = 'help';

/** cobra adds `-h, --help` to every command. */
export function helpFlag(cmd: Command<unknown>): FlagSpec {
  return { name: HELP_FLAG_NAME, shorthand: 'h', kind: 'bool', defValue: 'false', usage: `help for ${commandName(cmd)}` };
}

/**
 * A command's flag lists, worked out once per command: like cobra's, a tree is defined
 * once (module constants, linked by linkTree) and not changed afterwards, so the sorted
 * lists are the same on every run. Callers get them read-only.
 */
interface CommandFlags {
  /** the parent the lists were worked out under (a relinked command gets new ones) */
  parent: Command<unknown> | undefined;
  local: readonly FlagSpec[];
  inherited: readonly FlagSpec[];
}

const flagsByCommand = new WeakMap<Command<unknown>, CommandFlags>();

function commandFlags(cmd: Command<unknown>): CommandFlags {
  let f = flagsByCommand.get(cmd);
  if (f === undefined || f.parent !== cmd.parent) {
    const inherited: FlagSpec[] = [];
    for (let p = cmd.parent; p; p = p.parent) inherited.push(...(p.persistentFlags ?? []));
    f = {
      parent: cmd.parent,
      local: Object.freeze(sortFlags([...(cmd.flags ?? []), ...(cmd.persistentFlags ?? []), helpFlag(cmd)])),
      inherited: Object.freeze(sortFlags(inherited)),
    };
    flagsByCommand.set(cmd, f);
  }
  return f;
}

/** cobra's LocalFlags: the command's own flags, its persistent flags, and help. */
export function localFlags(cmd: Command<unknown>): readonly FlagSpec[] {
  return commandFlags(cmd).local;
}

/** cobra's InheritedFlags: the persistent flags of every ancestor. */
export function inheritedFlags(cmd: Command<unknown>): readonly FlagSpec[] {
  return commandFlags(cmd).inherited;
}

/** pflag visits flags in lexicographical order of their names. */
function sortFlags(flags: FlagSpec[]): FlagSpec[] {
  return [...flags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function sortedChildren<Env>(cmd: Command<Env>): Command<Env>[] {
  return [...(cmd.children ?? [])].sort((a, b) => (commandName(a) < commandName(b) ? -1 : 1));
}
