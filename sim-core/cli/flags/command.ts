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
  return cmd.use.split(' ')[0] as string;
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

/** cobra adds `-h, --help` to every command. */
export function helpFlag(cmd: Command<unknown>): FlagSpec {
  return { name: 'help', shorthand: 'h', kind: 'bool', defValue: 'false', usage: `help for ${commandName(cmd)}` };
}

/** cobra's LocalFlags: the command's own flags, its persistent flags, and help. */
export function localFlags(cmd: Command<unknown>): FlagSpec[] {
  return sortFlags([...(cmd.flags ?? []), ...(cmd.persistentFlags ?? []), helpFlag(cmd)]);
}

/** cobra's InheritedFlags: the persistent flags of every ancestor. */
export function inheritedFlags(cmd: Command<unknown>): FlagSpec[] {
  const out: FlagSpec[] = [];
  for (let p = cmd.parent; p; p = p.parent) out.push(...(p.persistentFlags ?? []));
  return sortFlags(out);
}

/** pflag visits flags in lexicographical order of their names. */
function sortFlags(flags: FlagSpec[]): FlagSpec[] {
  return [...flags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function sortedChildren<Env>(cmd: Command<Env>): Command<Env>[] {
  return [...(cmd.children ?? [])].sort((a, b) => (commandName(a) < commandName(b) ? -1 : 1));
}
