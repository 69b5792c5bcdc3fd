// Tab completion of command words in the terminal, as bash completion for kubectl,
// etcdctl and the sim commands would offer them: the programs, their subcommands, common
// flags, member names where a command takes one, and workspace files after `-f`. Pure:
// the terminal calls it on Tab.

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
// kubectl's commands this terminal runs (DESIGN.md §2 cli/), and the resource names
// `kubectl get` accepts for them (plural forms, as `kubectl api-resources` lists them)
const KUBECTL_COMMANDS = ['annotate', 'api-resources', 'api-versions', 'apply', 'auth', 'config', 'cordon', 'create', 'delete', 'describe', 'drain', 'edit', 'expose', 'get', 'help', 'label', 'logs', 'patch', 'replace', 'rollout', 'run', 'scale', 'set', 'taint', 'uncordon', 'version', 'wait'];
const KUBECTL_RESOURCES = ['clusterrolebindings', 'clusterroles', 'configmaps', 'deployments', 'endpoints', 'endpointslices', 'events', 'leases', 'namespaces', 'nodes', 'pods', 'replicasets', 'rolebindings', 'roles', 'secrets', 'serviceaccounts', 'services'];
const TAKES_RESOURCE = new Set(['delete', 'describe', 'get', 'label', 'annotate', 'scale', 'expose', 'patch', 'taint']);
const KUBECTL_SUBCOMMANDS: Record<string, string[]> = {
  help: KUBECTL_COMMANDS.filter((c) => c !== 'help'),
  rollout: ['history', 'pause', 'restart', 'resume', 'status', 'undo'],
  create: ['configmap', 'deployment', 'namespace', 'secret', 'service', 'serviceaccount'],
  set: ['env', 'image', 'resources'],
  auth: ['can-i'],
  config: ['current-context', 'get-clusters', 'get-contexts', 'get-users', 'use-context', 'view'],
};
const KUBECTL_FLAGS = ['--all-namespaces', '--dry-run=client', '--filename=', '--image=', '--namespace=', '--output=', '--raw=', '--replicas=', '--selector=', '--show-labels', '--watch'];
const SIM_COMMANDS = ['curl', 'events', 'heal', 'kill', 'partition', 'restart', 'settle', 'status', 'tick', 'trace'];
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

function kubectlVocabulary(before: readonly string[], current: string, files: readonly string[]): string[] {
  const last = before.at(-1);
  if (last === '-f' || last === '--filename') return [...files];
  if (current.startsWith('--filename=')) return files.map((f) => `--filename=${f}`);
  if (current.startsWith('-')) return KUBECTL_FLAGS;
  const words = before.slice(1).filter((w) => !w.startsWith('-'));
  if (words.length === 0) return KUBECTL_COMMANDS;
  const command = words[0] ?? '';
  if (words.length === 1 && TAKES_RESOURCE.has(command)) return KUBECTL_RESOURCES;
  const sub = KUBECTL_SUBCOMMANDS[command];
  if (words.length === 1 && sub !== undefined) return sub;
  if (command === 'rollout' && words.length === 2) return ['deployment/'];
  return [];
}

function vocabulary(before: readonly string[], current: string, members: readonly string[], files: readonly string[]): string[] {
  const [program, command] = before;
  if (program === undefined) return ['etcdctl', 'kubectl', 'sim'];
  if (program === 'kubectl') return kubectlVocabulary(before, current, files);
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

/** Complete the last word of `line` (the cursor is at its end); `files` are the workspace's, for `-f`. */
export function completeLine(line: string, members: readonly string[], files: readonly string[] = []): Completion {
  const words = line.split(/\s+/);
  const current = words.pop() ?? '';
  const before = words.filter((w) => w !== '');
  const matches = vocabulary(before, current, members, files).filter((w) => w.startsWith(current));
  if (matches.length === 0) return { line, candidates: [] };
  const head = line.slice(0, line.length - current.length);
  if (matches.length === 1) {
    const only = matches[0] ?? '';
    return { line: head + only + (only.endsWith('=') ? '' : ' '), candidates: [] };
  }
  return { line: head + commonPrefix(matches), candidates: matches };
}
