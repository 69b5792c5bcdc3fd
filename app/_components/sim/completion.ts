// Tab completion of command words in the terminal, as bash completion for etcdctl and
// the sim commands would offer them: the programs, their subcommands, common flags, and
// member names where a command takes one. Pure: the terminal calls it on Tab.

const ETCDCTL_COMMANDS = ['compact', 'del', 'endpoint', 'get', 'lease', 'member', 'put', 'txn', 'watch'];
const ETCDCTL_SUBCOMMANDS: Record<string, string[]> = {
  lease: ['grant', 'keep-alive', 'list', 'revoke', 'timetolive'],
  member: ['add', 'list', 'remove'],
  endpoint: ['health', 'status'],
};
const ETCDCTL_FLAGS = [
  '--cluster',
  '--command-timeout=',
  '--consistency=',
  '--endpoints=',
  '--from-key',
  '--keys-only',
  '--lease=',
  '--limit=',
  '--order=',
  '--prefix',
  '--prev-kv',
  '--print-value-only',
  '--rev=',
  '--sort-by=',
  '--write-out=',
];
const SIM_COMMANDS = ['heal', 'kill', 'partition', 'restart', 'settle', 'status', 'tick'];
const TAKES_MEMBER = new Set(['kill', 'restart']);

export interface Completion {
  /** the line after completion (unchanged when nothing could be added) */
  line: string;
  /** what the last word could become, when more than one */
  candidates: string[];
}

function commonPrefix(words: readonly string[]): string {
  let p = words[0] ?? '';
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}

function vocabulary(before: readonly string[], current: string, members: readonly string[]): string[] {
  const [program, command] = before;
  if (program === undefined) return ['etcdctl', 'sim'];
  if (program === 'etcdctl') {
    if (current.startsWith('--endpoints=')) return members.map((m) => `--endpoints=${m}`);
    if (before.at(-1) === '--endpoints') return [...members];
    if (current.startsWith('-')) return ETCDCTL_FLAGS;
    const words = before.slice(1).filter((w) => !w.startsWith('-'));
    if (words.length === 0) return ETCDCTL_COMMANDS;
    const sub = ETCDCTL_SUBCOMMANDS[words[0] ?? ''];
    return words.length === 1 && sub !== undefined ? sub : [];
  }
  if (program === 'sim') {
    if (command === undefined) return SIM_COMMANDS;
    if (before.length === 2 && TAKES_MEMBER.has(command)) return [...members];
  }
  return [];
}

/** Complete the last word of `line` (the cursor is at its end). */
export function completeLine(line: string, members: readonly string[]): Completion {
  const words = line.split(/\s+/);
  const current = words.pop() ?? '';
  const before = words.filter((w) => w !== '');
  const matches = vocabulary(before, current, members).filter((w) => w.startsWith(current));
  if (matches.length === 0) return { line, candidates: [] };
  const head = line.slice(0, line.length - current.length);
  if (matches.length === 1) {
    const only = matches[0] ?? '';
    return { line: head + only + (only.endsWith('=') ? '' : ' '), candidates: [] };
  }
  return { line: head + commonPrefix(matches), candidates: matches };
}
