// kubectl's command line, from the words after `kubectl` to a typed command — or to the
// exact text kubectl 1.32 prints when it refuses the line before talking to the API server
// (recordings in ../testdata/real-1.32/). Three shapes of refusal, as in kubectl:
// - pflag errors (cobra's FlagErrorFunc): `Error: unknown flag: --foo` + `See 'kubectl get --help' for usage.`
// - usage errors (cmdutil.UsageErrorf): `error: <msg>` + `See 'kubectl cordon -h' for help and examples`
// - plain errors (cmdutil.CheckErr): `error: <msg>`
// and cobra's required flags, which kubectl logs through klog (`E1122 … run.go:72] "command failed" …`).
import { parseFlags } from '../../flags/flagset';
import type { DryRun } from '../messages';
import type { CommandName, KubectlCommand, ParseOptions, ParseResult } from './command';
import {
  applyNoOptDefaults,
  cascadingStrategy,
  commandWords,
  dryRunStrategy,
  fail,
  flagError,
  GET_FORMATS,
  HELP,
  MISSING_RESOURCES,
  plainError,
  PRINT_FORMATS,
  removeWord,
  unknownRootCommand,
  usageError,
} from './cobra';
import { AUTH_COMMANDS, COMMAND_FLAGS, CONFIG_COMMANDS, GLOBAL_FLAGS, ROLLOUT_COMMANDS, ROOT_COMMANDS } from './flags';
import { klogLine } from './klog';
import { HELP_PAGES } from '../help-pages';
import { KINDS, kindForResource } from '../../../apiserver';
import { conflictingTaints, parseTaints } from '../taints';
import { parseWaitCondition } from '../wait-condition';
import { requestURIError } from '../request-uri';
import { parseImageUpdates, parseMetadataChanges, resourcesAndPairs, resourceTargets, selectorConflict, splitEnvironmentFromResources } from './resources';
import { rfc3339Error } from './rfc3339';
import { parseLabelSelector } from '../../../apiserver/server';

export type { CommandName, KubectlCommand, ParseOptions, ParseResult } from './command';

const COMMAND_USE: Partial<Record<CommandName, string>> = { cordon: 'cordon NODE', uncordon: 'uncordon NODE', drain: 'drain NODE' };

/** kubectl 1.32's `create` subcommands other than deployment and namespace, by name and alias. */
const CREATE_SUBCOMMANDS_NOT_SIMULATED = new Map(
  Object.entries({
    clusterrole: 'clusterrole',
    clusterrolebinding: 'clusterrolebinding',
    cronjob: 'cronjob',
    cj: 'cronjob',
    ingress: 'ingress',
    ing: 'ingress',
    job: 'job',
    poddisruptionbudget: 'poddisruptionbudget',
    pdb: 'poddisruptionbudget',
    priorityclass: 'priorityclass',
    pc: 'priorityclass',
    quota: 'quota',
    resourcequota: 'quota',
    role: 'role',
    rolebinding: 'rolebinding',
    token: 'token',
  }),
);

/** `kubectl create service`'s subcommands. */
const SERVICE_TYPES = ['clusterip', 'nodeport', 'loadbalancer', 'externalname'];

/** kubectl 1.32's `set` subcommands other than image. */
const SET_SUBCOMMANDS_NOT_SIMULATED = new Map(Object.entries({ selector: 'selector', serviceaccount: 'serviceaccount', sa: 'serviceaccount', subject: 'subject' }));
const SET_SUBCOMMANDS = ['image', 'env', 'resources'];

const wantsHelp = (argv: readonly string[]): boolean => argv.includes('-h') || argv.includes('--help');

/** The words after a group command, its own flags known: cobra names them all in `unknown command "a b"`. */
function groupWords(group: string, argv: readonly string[]): string[] {
  return commandWords(argv, [...GLOBAL_FLAGS, ...(COMMAND_FLAGS[group] ?? [])]);
}

/**
 * A cobra group command given no subcommand: -h or --help prints its help; otherwise it
 * prints its help and exits 1 — rollout's own Run on standard output, the other groups'
 * cobra usage on standard error.
 */
function groupWithoutSubcommand(group: string[], argv: readonly string[]): ParseResult {
  if (wantsHelp(argv)) return { ok: true, help: group, exitCode: 0 };
  if (group.join(' ') === 'rollout') return { ok: true, help: group, exitCode: 1 };
  return { ok: false, stdout: '', stderr: HELP_PAGES[group.join(' ')] ?? '', exitCode: 1 };
}

/** A word that is none of a group's subcommands: with -h or --help cobra prints the group's help, else it names every word. */
function unknownSubcommand(group: string[], words: readonly string[], argv: readonly string[]): ParseResult {
  if (wantsHelp(argv)) return { ok: true, help: group, exitCode: 0 };
  return usageError(group.join(' '), `unknown command "${words.join(' ')}"`);
}

/** The flags whose values each command's Complete checks before it sends anything. */
type FlagCheck = 'dry-run' | 'validate' | 'output';

/** The `create <kind>` generators (create_*.go): they share create's late flag checks and where it builds its client. */
const CREATE_SUBCOMMANDS: readonly CommandName[] = [
  'create deployment',
  'create namespace',
  'create configmap',
  'create secret generic',
  'create serviceaccount',
  'create service clusterip',
  'create service nodeport',
  'create service loadbalancer',
  'create service externalname',
];

/**
 * The commands that check --dry-run, --validate and -o in an order of their own, after some of
 * their own checks (apply.go ToOptions, create.go Complete and Validate, the create
 * subcommands' Complete after NameFromCommandArgs, taint.go Complete); the others check them
 * first, in that order.
 */
const LATE_FLAG_CHECKS: ReadonlySet<CommandName> = new Set<CommandName>(['apply', 'create', ...CREATE_SUBCOMMANDS, 'taint', 'replace', 'delete', 'edit']);

/** The commands that build their client before they check --dry-run, --validate or -o (get.go, version.go and taint.go Complete). */
const CLIENT_BEFORE_FLAG_CHECKS: ReadonlySet<CommandName> = new Set<CommandName>(['get', 'version', 'taint']);

/**
 * The commands that build their client amid their own checks, so that some of their errors
 * come first (commandChecks says where, with clientRefused): create's and apply's
 * arguments and flags, the create subcommands' NAME, replace's and delete's --cascade, the
 * usage errors of logs, cordon, uncordon and drain, set env's --all with -l, api-resources'
 * arguments.
 */
const CLIENT_IN_OWN_CHECKS: ReadonlySet<CommandName> = new Set<CommandName>([
  'create',
  'apply',
  'replace',
  'delete',
  ...CREATE_SUBCOMMANDS,
  'logs',
  'cordon',
  'uncordon',
  'drain',
  'set env',
  'api-resources',
  'api-versions',
  'edit',
]);

/** delete.go Validate's warning for --force with a grace period of 0 (run/delete.ts prints the same for a delete that runs). */
const FORCE_DELETION_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';

/** The commands whose --raw is a URI to send one request to. */
const RAW_COMMANDS: ReadonlySet<CommandName> = new Set<CommandName>(['get', 'create', 'replace', 'delete']);

/** what strconv.ParseBool accepts */
const GO_BOOLS: ReadonlySet<string> = new Set(['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False']);

/**
 * prune.ParseResources, which ApplyFlags.ToOptions runs for --prune before Validate: each
 * entry GROUP/VERSION/KIND (`core` for the core group), found by the discovery REST mapper,
 * which knows a kind by its name and by its name in lower case (restmapper's discovery.go
 * adds both), so `core/v1/pod` is found and `core/v1/POD` is not. The first bad entry's error.
 */
function pruneAllowlistError(entries: readonly string[]): string | undefined {
  for (const entry of entries) {
    const parts = entry.split('/');
    if (parts.length !== 3) return `invalid GroupVersionKind format: ${entry}, please follow <group/version/kind>`;
    const [g, version, kind] = parts as [string, string, string];
    const group = g === 'core' ? '' : g;
    const known = KINDS.some((k) => k.group === group && k.version === version && (k.kind === kind || k.kind.toLowerCase() === kind));
    if (!known) return `no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(group === '' ? version : `${group}/${version}`)}`;
  }
  return undefined;
}

export function parseKubectl(argvIn: readonly string[], options: ParseOptions = {}): ParseResult {
  const now = options.now ?? 0;
  let argv = applyNoOptDefaults(argvIn);

  // The command path: `get`, `create deployment`, `rollout status`, `set image`.
  const words = commandWords(argv, GLOBAL_FLAGS);
  const first = words[0];
  if (first === undefined) return { ok: true, help: [], exitCode: 0 };
  if (first === 'help') return helpCommand(removeWord(argv, first), options);
  if (!ROOT_COMMANDS.includes(first)) return unknownRootCommand(first);
  argv = removeWord(argv, first);
  // cobra looks for a subcommand with the parent's flags known (`create -o yaml deployment web`)
  const second = commandWords(argv, [...GLOBAL_FLAGS, ...(COMMAND_FLAGS[first] ?? [])])[0];
  let name = first;
  if (first === 'create' && (second === 'deployment' || second === 'deploy')) {
    argv = removeWord(argv, second);
    name = 'create deployment';
  } else if (first === 'create' && (second === 'namespace' || second === 'ns')) {
    argv = removeWord(argv, second);
    name = 'create namespace';
  } else if (first === 'create' && (second === 'configmap' || second === 'cm')) {
    argv = removeWord(argv, second);
    name = 'create configmap';
  } else if (first === 'create' && second === 'secret') {
    argv = removeWord(argv, second);
    const words = commandWords(argv, [...GLOBAL_FLAGS, ...(COMMAND_FLAGS.create ?? [])]);
    const third = words[0];
    if (third === undefined) return groupWithoutSubcommand(['create', 'secret'], argv);
    if (third === 'tls' || third === 'docker-registry') {
      return plainError(`"kubectl create secret ${third}" is not part of this simulation; write the Secret as a manifest and create it with kubectl apply -f (or kubectl create -f)`);
    }
    if (third !== 'generic') return unknownSubcommand(['create', 'secret'], words, argv);
    argv = removeWord(argv, 'generic');
    name = 'create secret generic';
  } else if (first === 'create' && (second === 'serviceaccount' || second === 'sa')) {
    argv = removeWord(argv, second);
    name = 'create serviceaccount';
  } else if (first === 'create' && (second === 'service' || second === 'svc')) {
    argv = removeWord(argv, second);
    const words = commandWords(argv, [...GLOBAL_FLAGS, ...(COMMAND_FLAGS.create ?? [])]);
    const third = words[0];
    if (third === undefined) return groupWithoutSubcommand(['create', 'service'], argv);
    if (!SERVICE_TYPES.includes(third)) return unknownSubcommand(['create', 'service'], words, argv);
    argv = removeWord(argv, third);
    name = `create service ${third}`;
  } else if (first === 'create' && second !== undefined && CREATE_SUBCOMMANDS_NOT_SIMULATED.has(second)) {
    // a real `kubectl create` subcommand the simulation does not have: say so, rather than
    // let its flags be refused as unknown ones of `create -f`
    return plainError(`"kubectl create ${CREATE_SUBCOMMANDS_NOT_SIMULATED.get(second)}" is not part of this simulation; write the object as a manifest and create it with kubectl apply -f (or kubectl create -f)`);
  } else if (first === 'rollout') {
    const sub = second;
    if (sub === undefined) return groupWithoutSubcommand(['rollout'], argv);
    if (!ROLLOUT_COMMANDS.includes(sub)) return unknownSubcommand(['rollout'], groupWords(first, argv), argv);
    argv = removeWord(argv, sub);
    name = `rollout ${sub}`;
  } else if (first === 'auth') {
    if (second === undefined) return groupWithoutSubcommand(['auth'], argv);
    if (!AUTH_COMMANDS.includes(second)) return unknownSubcommand(['auth'], groupWords(first, argv), argv);
    if (second !== 'can-i') return plainError(`"kubectl auth ${second}" is not part of this simulation; it has kubectl auth can-i`);
    argv = removeWord(argv, 'can-i');
    name = 'auth can-i';
  } else if (first === 'config') {
    if (second === undefined) return groupWithoutSubcommand(['config'], argv);
    if (!CONFIG_COMMANDS.includes(second)) return unknownSubcommand(['config'], groupWords(first, argv), argv);
    if (COMMAND_FLAGS[`config ${second}`] === undefined) {
      return plainError(`"kubectl config ${second}" is not part of this simulation: the terminal's kubeconfig is the admin.conf kubeadm wrote, and it stays as it is`);
    }
    argv = removeWord(argv, second);
    name = `config ${second}`;
  } else if (first === 'set') {
    if (second === undefined) return groupWithoutSubcommand(['set'], argv);
    if (SET_SUBCOMMANDS_NOT_SIMULATED.has(second)) {
      return plainError(`"kubectl set ${SET_SUBCOMMANDS_NOT_SIMULATED.get(second)}" is not part of this simulation; change the object's manifest and kubectl apply -f it (or kubectl patch it)`);
    }
    if (!SET_SUBCOMMANDS.includes(second)) return unknownSubcommand(['set'], groupWords(first, argv), argv);
    argv = removeWord(argv, second);
    name = `set ${second}`;
  }
  const specs = COMMAND_FLAGS[name];
  if (!specs) return plainError(`"kubectl ${name}" is not part of this simulation; the commands it has: ${simulatedCommands()}`);
  const command = name as CommandName;

  const parsed = parseFlags(argv, [...specs, ...GLOBAL_FLAGS, HELP]);
  if (!parsed.ok) return flagError(name, parsed.error);
  const flags = parsed.flags;
  if (flags.values.get('help') === true) return { ok: true, help: name.split(' '), exitCode: 0 };

  const str = (n: string): string => (flags.values.get(n) as string | undefined) ?? '';
  const bool = (n: string): boolean => flags.values.get(n) === true;
  const num = (n: string, d = 0): number => {
    const v = flags.values.get(n);
    return typeof v === 'bigint' ? Number(v) : d;
  };
  const list = (n: string): string[] => (flags.values.get(n) as string[] | undefined) ?? [];
  const changed = (n: string): boolean => flags.changed.has(n);
  const args = flags.args;

  // cobra checks required flags before the command runs; kubectl's klog reports them.
  const required = command === 'scale' ? 'replicas' : command === 'create deployment' || command === 'run' ? 'image' : command === 'create service externalname' ? 'external-name' : undefined;
  if (required && !changed(required)) {
    return fail(klogLine('E', now, 'run.go:72', `"command failed" err="required flag(s) \\"${required}\\" not set"`) + '\n');
  }

  // client-go refuses groups or a uid to impersonate without a user (transport.New:
  // `requesting uid, groups or user-extra for %v without impersonating a user`) when kubectl
  // first builds a client, which each command does at its own point (clientRefused, below):
  // those of CLIENT_BEFORE_FLAG_CHECKS before any of their flag checks; `auth can-i` once
  // it has counted its arguments (cani.go Complete); run and label between --dry-run and
  // -o; the commands of CLIENT_IN_OWN_CHECKS amid their own checks (commandChecks); the
  // others after --dry-run, --validate and -o, before their own checks.
  // `version --client` and the config commands build none. Recorded from kubectl 1.32.
  const clientRefused = (): ParseResult | undefined => {
    if (str('as') !== '' || (list('as-group').length === 0 && str('as-uid') === '')) return undefined;
    if (command.startsWith('config ') || (command === 'version' && bool('client'))) return undefined;
    // label.go Complete refuses --list with -o just before it builds its client
    if (command === 'label' && bool('list') && str('output') !== '') return plainError('--list and --output may not be specified together');
    return plainError('requesting uid, groups or user-extra for  without impersonating a user');
  };
  if (CLIENT_BEFORE_FLAG_CHECKS.has(command) || (command === 'auth can-i' && args.length === (bool('list') ? 0 : 2))) {
    const refused = clientRefused();
    if (refused) return refused;
  }

  // The checks each command's Complete makes of --dry-run, --validate and -o. Their order
  // differs by command (see flagChecks), and a deprecated --dry-run's warning is logged
  // before any error that follows it.
  const warnings: string[] = [];
  // pflag's MarkDeprecated (RecordFlags): said on stderr as soon as the flag is parsed
  if (changed('record')) warnings.push('Flag --record has been deprecated, --record will be removed in the future\n');
  let dryRun: DryRun = 'none';
  let dryRunError: string | undefined;
  if (specs.some((s) => s.name === 'dry-run')) {
    const d = dryRunStrategy(str('dry-run'), (line, msg) => warnings.push(klogLine('W', now, `helpers.go:${line}`, msg) + '\n'));
    if (d.ok) dryRun = d.value;
    else dryRunError = d.error;
  }
  const output = str('output');
  const flagCheck = (check: FlagCheck): ParseResult | undefined => {
    switch (check) {
      case 'dry-run':
        return dryRunError === undefined ? undefined : plainError(dryRunError);
      case 'validate': {
        // cmdutil.GetValidationDirective
        if (!specs.some((s) => s.name === 'validate')) return undefined;
        const v = str('validate');
        if (GO_BOOLS.has(v) || v === 'strict' || v === 'warn' || v === 'ignore') return undefined;
        return fail(`${warnings.join('')}error: invalid - validate option ${JSON.stringify(v)}; must be one of: strict (or true), warn, ignore (or false)\n`);
      }
      case 'output': {
        // version.go Validate: its own two formats, its own words
        if (command === 'version') return output !== '' && output !== 'yaml' && output !== 'json' ? plainError("--output must be 'yaml' or 'json'") : undefined;
        // delete checks its -o itself, after the rest (delete.go Validate)
        if (output === '' || !changed('output') || command === 'api-resources' || command === 'delete' || !specs.some((s) => s.name === 'output')) return undefined;
        const formats = command === 'get' ? GET_FORMATS : PRINT_FORMATS;
        if (formats.split(',').includes(output.split('=')[0] as string)) return undefined;
        return fail(`${warnings.join('')}error: unable to match a printer suitable for the output format "${output}", allowed formats are: ${formats}\n`);
      }
    }
  };
  /** The first of these checks to fail, in this order. */
  const flagChecks = (...checks: FlagCheck[]): ParseResult | undefined => {
    for (const check of checks) {
      const refused = flagCheck(check);
      if (refused) return refused;
    }
    return undefined;
  };
  // Most commands: --dry-run, then --validate, then -o, before their own checks. The commands
  // of LATE_FLAG_CHECKS make these checks themselves, in their own order (below).
  // (run and label build their client between --dry-run and -o)
  if (!LATE_FLAG_CHECKS.has(command)) {
    const clientBetween = command === 'run' || command === 'label';
    const refused = clientBetween ? (flagChecks('dry-run') ?? clientRefused() ?? flagChecks('validate', 'output')) : flagChecks('dry-run', 'validate', 'output');
    if (refused) return refused;
  }
  if (!CLIENT_BEFORE_FLAG_CHECKS.has(command) && !CLIENT_IN_OWN_CHECKS.has(command) && command !== 'auth can-i') {
    const refused = clientRefused();
    if (refused) return refused;
  }

  const base: KubectlCommand = {
    command,
    namespace: changed('namespace') ? str('namespace') : undefined,
    targets: [],
    args: [],
    commandArgs: [],
    filenames: list('filename'),
    recursive: bool('recursive'),
    // --raw URI of get, create, replace and delete (config view's --raw is a boolean of its own)
    ...(RAW_COMMANDS.has(command) && str('raw') !== '' ? { raw: str('raw') } : {}),
    output,
    selector: changed('selector') ? str('selector') : undefined,
    fieldSelector: changed('field-selector') ? str('field-selector') : undefined,
    allNamespaces: bool('all-namespaces'),
    all: bool('all'),
    watch: bool('watch'),
    watchOnly: bool('watch-only'),
    showLabels: bool('show-labels'),
    showKind: bool('show-kind'),
    labelColumns: list('label-columns'),
    noHeaders: bool('no-headers'),
    ignoreNotFound: bool('ignore-not-found'),
    dryRun,
    replicas: changed('replicas') || command === 'create deployment' ? num('replicas', 1) : undefined,
    toRevision: num('to-revision'),
    revision: num('revision'),
    overwrite: bool('overwrite'),
    force: bool('force'),
    gracePeriod: num('grace-period', -1),
    cascade: str('cascade'),
    showEvents: flags.values.get('show-events') !== false,
    ignoreDaemonsets: bool('ignore-daemonsets'),
    deleteEmptydirData: bool('delete-emptydir-data'),
    images: list('image'),
    port: num('port', -1),
    container: changed('container') ? str('container') : undefined,
    follow: bool('follow'),
    previous: bool('previous'),
    tail: num('tail', -1),
    imageUpdates: {},
    warnings,
    flags,
  };
  const hasFiles = base.filenames.length > 0 || str('kustomize') !== '';
  /** a label or field selector the builder takes (an empty one it ignores) */
  const selected = (base.selector ?? '').trim() !== '' || (base.fieldSelector ?? '').trim() !== '';

  const withTargets = (words: readonly string[], extra: Partial<KubectlCommand> = {}): ParseResult => {
    const t = resourceTargets(words);
    if (!t.ok) return plainError(t.error);
    return { ok: true, command: { ...base, targets: t.value, ...extra } };
  };

  /** delete_flags.go parseCascadingFlag, in DeleteFlags.ToOptions: a boolean's warning is printed at once. */
  const cascade = (): ParseResult | undefined => {
    if (!specs.some((s) => s.name === 'cascade')) return undefined;
    const c = cascadingStrategy(str('cascade'));
    if (!c.ok) return fail(`${warnings.join('')}error: ${c.error}\n`);
    if (c.warning !== undefined) warnings.push(c.warning);
    return undefined;
  };

  /**
   * The --raw checks of create.go, replace.go and delete.go Validate, in their order: one
   * local file or stdin (delete: at most one), no URL, no -R, (create) no --edit or -l, no
   * -o, and a request URI.
   */
  const rawChecks = (raw: string, which: { command: 'create' | 'replace' | 'delete' }): ParseResult | undefined => {
    if (which.command === 'create' && bool('edit')) return plainError('--raw and --edit are mutually exclusive');
    if (which.command === 'delete' && bool('interactive')) return plainError('--interactive can not be used with --raw');
    if (which.command === 'delete' ? base.filenames.length > 1 : base.filenames.length !== 1) return plainError('--raw can only use a single local file or stdin');
    if (base.filenames.length === 1 && /^https?:\/\//.test(base.filenames[0]!)) return plainError('--raw cannot read from a url');
    if (base.recursive) return plainError('--raw and --recursive are mutually exclusive');
    if (which.command === 'create' && base.selector !== undefined) return plainError('--raw and --selector (-l) are mutually exclusive');
    if (output !== '') return plainError('--raw and --output are mutually exclusive');
    const bad = requestURIError(raw);
    return bad !== undefined ? plainError(`--raw must be a valid URL path: ${bad}`) : undefined;
  };

  const result = commandChecks();
  // a warning logged before a later refusal (a deprecated --dry-run, a boolean --cascade) is printed before it
  if (!result.ok && warnings.length > 0 && !result.stderr.startsWith(warnings.join(''))) return { ...result, stderr: warnings.join('') + result.stderr };
  // kustomize builds nothing here: once the command's own checks pass, -k is refused rather
  // than taken as an empty set of objects (`No resources found`, exit 0)
  if (result.ok && 'command' in result && str('kustomize') !== '') {
    return fail(`${warnings.join('')}error: -k (kustomize) is not part of this simulation; name the manifests with -f (a folder works: -f DIR)\n`);
  }
  return result;

  /** Each command's own checks, in kubectl's order for it. */
  function commandChecks(): ParseResult {
    switch (command) {
      case 'replace': {
        // replace.go Complete: --validate, --dry-run, its client, -o, the cascade, the files; then Validate
        const refused = flagChecks('validate', 'dry-run') ?? clientRefused() ?? flagChecks('output') ?? cascade();
        if (refused) return refused;
        if (!hasFiles) return plainError('must specify one of -f and -k');
        // Complete turns --grace-period=0 into 1 (and waits for the deletion)
        if (base.gracePeriod >= 0 && !base.force) return plainError('--grace-period must have --force specified');
        if (changed('timeout') && flags.values.get('timeout') !== 0 && !base.force) return plainError('--timeout must have --force specified');
        if (base.force && dryRun !== 'none') return plainError('--dry-run can not be used when --force is set');
        if (base.raw !== undefined) return rawChecks(base.raw, { command: 'replace' }) ?? { ok: true, command: base };
        if (!['', 'status'].includes(str('subresource'))) return plainError(`"kubectl replace --subresource=${str('subresource')}" is not part of this simulation (only status is); kubectl scale changes the scale subresource`);
        // the words after the flags are not looked at (forceReplace's builder would, for names it never uses)
        return { ok: true, command: base };
      }
      case 'get': {
        // get.go Complete: no words with --raw; Validate: no filtering or printing flags, a request URI
        if (base.raw !== undefined) {
          if (args.length > 0) return plainError('arguments may not be passed when --raw is specified');
          if (base.watch || base.watchOnly || base.selector !== undefined) return plainError('--raw may not be specified with other flags that filter the server request or alter the output');
          if (output !== '') return plainError('--raw and --output are mutually exclusive');
          const bad = requestURIError(base.raw);
          if (bad !== undefined) return plainError(`--raw must be a valid URL path: ${bad}`);
          // Validate's next check, which no --raw skips (recorded: after the URI's)
          if (bool('output-watch-events')) return plainError('--output-watch-events option can only be used with --watch or --watch-only');
          return { ok: true, command: base };
        }
        if (args.length === 0 && !hasFiles) {
          return fail(
            'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
              'error: Required resource not specified.\n' +
              'Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
              "See 'kubectl get -h' for help and examples\n",
          );
        }
        if (base.showLabels && output !== '' && output !== 'wide') return plainError(`--show-labels option cannot be used with ${output} printer`);
        if (bool('output-watch-events') && !base.watch && !base.watchOnly) return plainError('--output-watch-events option can only be used with --watch or --watch-only');
        const r = withTargets(args);
        if (r.ok && 'command' in r && base.allNamespaces && r.command.targets.some((t) => t.name !== undefined)) {
          return plainError('a resource cannot be retrieved by name across all namespaces');
        }
        return r;
      }
      case 'describe':
        if (args.length === 0 && !hasFiles) {
          return plainError('You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.');
        }
        return withTargets(args);
      case 'apply': {
        // ApplyFlags.ToOptions: the arguments, --dry-run, its client, the files, then --validate
        if (args.length > 0) return usageError('apply', `Unexpected args: [${args.join(' ')}]`);
        const refused = flagChecks('dry-run') ?? clientRefused() ?? cascade();
        if (refused) return refused;
        if (!hasFiles) return plainError('must specify one of -f and -k');
        const refusedValidate = flagChecks('validate');
        if (refusedValidate) return refusedValidate;
        // then, with --prune, the allowlist through the REST mapper (prune.ParseResources)
        const badAllowlist = bool('prune') ? pruneAllowlistError(list('prune-allowlist')) : undefined;
        if (badAllowlist !== undefined) return plainError(badAllowlist);
        // Validate, in its order
        const serverSide = bool('server-side');
        if (bool('force-conflicts') && !serverSide) return plainError('--force-conflicts only works with --server-side');
        if (dryRun === 'client' && serverSide) return plainError("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)");
        if (serverSide && base.force) return plainError('--force cannot be used with --server-side');
        if (dryRun === 'server' && base.force) return plainError('--dry-run=server cannot be used with --force');
        if (base.all && (base.selector ?? '') !== '') return plainError('cannot set --all and --selector at the same time');
        if (bool('prune') && !base.all && (base.selector ?? '') === '') {
          return plainError('all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector');
        }
        // kubectl looks at -o only when it prints an object it applied; the simulation, before it sends anything
        return flagChecks('output') ?? { ok: true, command: base };
      }
      case 'create': {
        // CreateOptions.Complete (the arguments, --dry-run, --validate, -o), then Validate (the files)
        if (args.length > 0) return usageError('create', `Unexpected args: [${args.join(' ')}]`);
        const refused = flagChecks('dry-run', 'validate', 'output');
        if (refused) return refused;
        if (!hasFiles) return plainError('must specify one of -f and -k');
        // RunCreate builds the client (the validator, or --raw's REST client)
        if (base.raw !== undefined) return rawChecks(base.raw, { command: 'create' }) ?? clientRefused() ?? { ok: true, command: base };
        return clientRefused() ?? { ok: true, command: base };
      }
      case 'create deployment':
      case 'create namespace':
      case 'create configmap':
      case 'create secret generic':
      case 'create serviceaccount':
      case 'create service clusterip':
      case 'create service nodeport':
      case 'create service loadbalancer':
      case 'create service externalname': {
        // NameFromCommandArgs: the words before `--` are the name; after it, the container's command
        const named = flags.argsLenAtDash === -1 ? args.length : flags.argsLenAtDash;
        if (named !== 1) return usageError(command, `exactly one NAME is required, got ${named}`);
        // each subcommand's Complete: the name, its client, then --dry-run, -o and --validate
        return clientRefused() ?? flagChecks('dry-run', 'output', 'validate') ?? { ok: true, command: { ...base, args: [args[0]!], commandArgs: args.slice(1) } };
      }
      case 'run':
        // run.go Run: the first word is NAME, before `--` or after it (`run --image=… -- web sleep 1`)
        if (args.length === 0) return usageError('run', 'NAME is required for run');
        return { ok: true, command: { ...base, args: [args[0]!], commandArgs: args.slice(1) } };
      case 'config view':
      case 'config current-context':
      case 'config get-clusters':
      case 'config get-users':
      case 'config get-contexts':
        return { ok: true, command: { ...base, args: [...args] } };
      case 'config use-context':
        // cobra prints the command's help, then the error
        if (args.length !== 1) return { ok: false, stdout: HELP_PAGES['config use-context'] ?? '', stderr: `error: Unexpected args: [${args.join(' ')}]\n`, exitCode: 1 };
        return { ok: true, command: { ...base, args: [...args] } };
      case 'wait': {
        // ToOptions: the condition is checked first, then the builder wants resources
        const cond = parseWaitCondition(str('for'));
        if (!cond.ok) return plainError(cond.error);
        if (args.length === 0 && !hasFiles) return plainError(MISSING_RESOURCES);
        const t = resourceTargets(args);
        if (!t.ok) return plainError(t.error);
        if (t.value.some((x) => x.name === undefined) && !base.all && base.selector === undefined && base.fieldSelector === undefined) {
          return plainError('resource(s) were provided, but no name was specified');
        }
        // the builder's visitorResult: selectors are visited before names, then names across namespaces
        if (t.value.some((x) => x.name !== undefined)) {
          if (base.selector !== undefined || base.fieldSelector !== undefined) return plainError('selectors and the all flag cannot be used when passing resource/name arguments');
          if (base.allNamespaces) return plainError('a resource cannot be retrieved by name across all namespaces');
        }
        return { ok: true, command: { ...base, targets: t.value, waitFor: cond.value } };
      }
      case 'api-versions':
        // Complete: the arguments, then the discovery client
        if (args.length > 0) return usageError('api-versions', `unexpected arguments: [${args.join(' ')}]`);
        return clientRefused() ?? { ok: true, command: base };
      case 'api-resources': {
        // Complete (the arguments, the discovery client), then Validate
        if (args.length > 0) return usageError('api-resources', `unexpected arguments: [${args.join(' ')}]`);
        const refusedClient = clientRefused();
        if (refusedClient) return refusedClient;
        if (!['', 'name', 'kind'].includes(str('sort-by'))) return plainError('--sort-by accepts only name or kind');
        return { ok: true, command: base };
      }
      case 'edit': {
        // edit's Complete: the builder (its words, with a bare TYPE allowed: every object of
        // it; -f's files are read by the runner, which refuses words beside them), then
        // --validate; -o is checked once the objects are read (run/edit.ts)
        if (args.length === 0 && !hasFiles) return plainError(MISSING_RESOURCES);
        const refusedClient = clientRefused();
        if (refusedClient) return refusedClient;
        if (hasFiles) return flagChecks('validate') ?? { ok: true, command: base };
        const t = resourceTargets(args);
        if (!t.ok) return plainError(t.error);
        if (str('subresource') !== '' && t.value.some((x) => x.name === undefined)) return plainError('subresource cannot be used when bulk resources are specified');
        return flagChecks('validate') ?? { ok: true, command: { ...base, targets: t.value } };
      }
      case 'patch': {
        // patch.go Validate, then the builder's ResourceTypeOrNameArgs
        const patch = str('patch');
        const file = str('patch-file');
        const local = bool('local');
        if (patch !== '' && file !== '') return plainError('cannot specify --patch and --patch-file together');
        if (patch === '' && file === '') return plainError('must specify --patch or --patch-file containing the contents of the patch');
        if (local && args.length > 0) return plainError('cannot specify --local and server resources');
        if (local && dryRun === 'server') return plainError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
        const type = str('type');
        if (type !== '' && !['json', 'merge', 'strategic'].includes(type.toLowerCase())) return plainError(`--type must be one of [json merge strategic], not ${JSON.stringify(type)}`);
        if (args.length === 0 && !hasFiles) return plainError(MISSING_RESOURCES);
        const t = resourceTargets(args);
        if (!t.ok) return plainError(t.error);
        if (t.value.some((x) => x.name === undefined)) return plainError('resource(s) were provided, but no name was specified');
        return { ok: true, command: { ...base, targets: t.value } };
      }
      case 'taint': {
        // taint.go Complete: --dry-run, --validate; then words with `=`, `:` or a trailing `-`
        // are changes, all the others resources, which come first
        const refused = flagChecks('dry-run', 'validate');
        if (refused) return refused;
        const resources: string[] = [];
        const specs: string[] = [];
        for (const word of args) {
          const isTaint = word.includes('=') || word.includes(':') || word.endsWith('-');
          if (isTaint) specs.push(word);
          else if (specs.length === 0) resources.push(word);
          else return plainError(`all resources must be specified before taint changes: ${word}`);
        }
        if (resources.length === 0) return plainError('one or more resources must be specified as <resource> <name>');
        if (specs.length === 0) return plainError('at least one taint update is required');
        const changes = parseTaints(specs);
        if (!changes.ok) return usageError('taint', changes.error);
        // Validate: a Node type, no key both added and removed, names unless --all or -l
        const type = resources[0]!.toLowerCase();
        const def = kindForResource(type);
        if (def === undefined) return fail(`the server doesn't have a resource type "${type}"\n`);
        if (def.kind !== 'Node') return plainError(`invalid resource type ${type}, only node types are supported`);
        const conflicts = conflictingTaints(changes.value);
        if (conflicts.length > 0) return plainError(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
        if (base.all && base.selector !== undefined && base.selector !== '') return plainError("setting 'all' parameter with a non empty selector is prohibited");
        if (!base.all && (base.selector ?? '') === '' && resources.length < 2) return plainError("at least one resource name must be specified since 'all' parameter is not set");
        // kubectl looks at -o only when it prints a Node it patched; the simulation, before it sends anything
        return flagChecks('output') ?? { ok: true, command: { ...base, args: resources.slice(1), taintChanges: changes.value } };
      }
      case 'version':
        // Complete returns at once for --client; Validate refuses arguments only after it
        if (args.length > 0 && !bool('client')) return plainError(`extra arguments: [${args.join(' ')}]`);
        return { ok: true, command: base };
      case 'expose': {
        // RunExpose: the builder's ResourceTypeOrNameArgs(false, …) wants names (no selector
        // flag selects objects here); kubectl says so after discovery, the simulation at once
        if (args.length === 0 && !hasFiles) return plainError(MISSING_RESOURCES);
        const t = resourceTargets(args);
        if (!t.ok) return plainError(t.error);
        if (!hasFiles && t.value.some((x) => x.name === undefined)) return plainError('resource(s) were provided, but no name was specified');
        return { ok: true, command: { ...base, targets: t.value } };
      }
      case 'delete': {
        // DeleteFlags.ToOptions (the cascade), its client, then Complete (--dry-run, the resources)
        const refused = cascade() ?? clientRefused() ?? flagChecks('dry-run', 'validate', 'output');
        if (refused) return refused;
        // Complete stops before the builder with --raw, after --now's check; Validate checks
        // -o, --all with a selector and --force with a grace period before the raw request
        if (base.raw !== undefined) {
          if (bool('now') && base.gracePeriod !== -1) return plainError('--now and --grace-period cannot be specified together');
          if (output !== '' && output !== 'name') return plainError(`unexpected -o output mode: ${output}. We only support '-o name'`);
          if (base.all && base.selector !== undefined) return plainError('cannot set --all and --selector at the same time');
          if (base.all && base.fieldSelector !== undefined) return plainError('cannot set --all and --field-selector at the same time');
          // Complete's grace period: --now is 1 s, 0 without --force is 1, --force alone is 0
          let grace = bool('now') ? 1 : base.gracePeriod;
          if (grace === 0 && !base.force) grace = 1;
          if (base.force && grace < 0) grace = 0;
          if (base.force && grace > 0) return plainError('--force and --grace-period greater than 0 cannot be specified together');
          if (base.force && grace === 0) warnings.push(FORCE_DELETION_WARNING);
          return rawChecks(base.raw, { command: 'delete' }) ?? { ok: true, command: base };
        }
        if (args.length === 0 && !hasFiles) return plainError(MISSING_RESOURCES);
        const t = resourceTargets(args);
        if (!t.ok) return plainError(t.error);
        const named = t.value.some((x) => x.name !== undefined);
        if (named && (base.all || base.selector !== undefined)) return plainError('name cannot be provided when a selector is specified');
        // the builder's checks (delete sends what it names without reading it first)
        if (named && base.allNamespaces) return plainError('a resource cannot be retrieved by name across all namespaces');
        if (base.all && base.selector !== undefined) return plainError("setting 'all' parameter but found a non empty selector. ");
        if (!hasFiles && !named && !base.all && base.selector === undefined && base.fieldSelector === undefined) {
          return plainError('resource(s) were provided, but no name was specified');
        }
        return { ok: true, command: { ...base, targets: t.value } };
      }
      case 'scale':
        if ((base.replicas ?? 0) < 0) return plainError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
        if (typeof flags.values.get('current-replicas') === 'bigint' && (flags.values.get('current-replicas') as bigint) < -1n) return plainError('The --current-replicas must specify an integer of -1 or greater');
        if (hasFiles) return withTargets(args);
        // RunScale returns the builder's own error: a selector's, then no resources, then no name
        if (selectorConflict(args, selected)) return plainError(selectorConflict(args, selected)!);
        if (args.length === 0) return plainError(MISSING_RESOURCES);
        if (!args.some((a) => a.includes('/')) && args.length === 1 && !selected && !base.all) return plainError('resource(s) were provided, but no name was specified');
        return withTargets(args);
      case 'set image': {
        const rp = resourcesAndPairs(args, 'image');
        if (!rp.ok) return plainError(rp.error);
        if (rp.value.resources.length === 0 && !hasFiles) return plainError(MISSING_RESOURCES);
        return withTargets(rp.value.resources, { imageUpdates: parseImageUpdates(rp.value.pairs) });
      }
      case 'set env': {
        // Complete, then Validate (set_env.go); the variables themselves are parsed when it runs
        if (base.all && base.selector !== undefined) return plainError('cannot set --all and --selector at the same time');
        const refusedClient = clientRefused();
        if (refusedClient) return refusedClient;
        const split = splitEnvironmentFromResources(args);
        if (split === undefined) return plainError(`all resources must be specified before environment changes: ${args.join(' ')}`);
        const local = flags.values.get('local') === true;
        if (local && base.dryRun === 'server') return plainError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
        if (!hasFiles && split.resources.length < 1) return plainError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
        if (flags.values.get('list') === true && base.output !== '') return plainError('--list and --output may not be specified together');
        if (((flags.values.get('keys') as string[] | undefined) ?? []).length > 0 && str('from') === '') return plainError('when specifying --keys, a configmap or secret must be provided with --from');
        // --local reads -f alone: the resource words are not looked at, and without -f the builder has nothing
        if (local && !hasFiles) return plainError(MISSING_RESOURCES);
        return withTargets(local ? [] : split.resources, { envArgs: split.envArgs });
      }
      case 'set resources': {
        const local = flags.values.get('local') === true;
        // resource.LocalResourceError, from Complete's builder
        if (local && args.length > 0) return plainError("you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'");
        if (args.length === 0 && !hasFiles) return plainError(MISSING_RESOURCES);
        return withTargets(args);
      }
      case 'rollout status':
      case 'rollout history':
      case 'rollout undo':
      case 'rollout restart':
      case 'rollout pause':
      case 'rollout resume':
        if (args.length === 0 && !hasFiles) return plainError('required resource not specified');
        // history and status: Validate refuses a negative --revision
        if ((command === 'rollout history' || command === 'rollout status') && base.revision < 0) return plainError(`revision must be a positive integer: ${base.revision}`);
        if (!hasFiles && selectorConflict(args, selected)) return plainError(selectorConflict(args, selected)!);
        // ResourceTypeOrNameArgs(true, …): a type alone is every object of it
        if (!hasFiles && !selected && args.length === 1 && !args[0]!.includes('/')) return withTargets(args, { all: true });
        return withTargets(args);
      case 'label':
      case 'annotate': {
        const what = command === 'label' ? 'label' : 'annotation';
        const rp = resourcesAndPairs(args, what);
        if (!rp.ok) return plainError(rp.error);
        const changes = parseMetadataChanges(rp.value.pairs, what);
        if (!changes.ok) return plainError(changes.error);
        // Validate: --all with a selector, the resources, the changes; then the builder's checks
        if (base.all && (base.selector ?? '') !== '') return plainError('cannot set --all and --selector at the same time');
        if (base.all && (base.fieldSelector ?? '') !== '') return plainError('cannot set --all and --field-selector at the same time');
        if (rp.value.resources.length === 0 && !hasFiles) {
          return plainError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
        }
        if (Object.keys(changes.value.set).length === 0 && changes.value.remove.length === 0 && !bool('list')) {
          return plainError(`at least one ${what} update is required`);
        }
        if (bool('list') && output !== '') return plainError('--list and --output may not be specified together');
        if (!hasFiles && selectorConflict(rp.value.resources, selected)) return plainError(selectorConflict(rp.value.resources, selected)!);
        return withTargets(rp.value.resources, { metadataChanges: changes.value });
      }
      case 'cordon':
      case 'uncordon':
      case 'drain':
        if (args.length === 0 && !changed('selector')) return usageError(command, `USAGE: ${COMMAND_USE[command] as string} [flags]`);
        if (args.length > 0 && base.selector) return usageError(command, 'cannot specify both a node name and a --selector option');
        return (
          clientRefused() ??
          // drain's Complete parses --pod-selector once it has its client
          (command === 'drain' && !parseLabelSelector(str('pod-selector')).ok ? plainError('--pod-selector=<pod_selector> must be a valid label selector') : undefined) ?? { ok: true, command: { ...base, args: [...args] } }
        );
      case 'auth can-i':
        // cani.go Complete and Validate
        if (bool('list')) {
          if (args.length !== 0) return plainError('list option must be specified with no arguments');
          if (bool('quiet') || base.allNamespaces || str('subresource') !== '') return plainError("list option can't be specified with neither quiet, all-namespaces nor subresource options");
          return { ok: true, command: { ...base, args: [] } };
        }
        if (args.length !== 2) return plainError("you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.");
        if (args[1]!.startsWith('/') && str('subresource') !== '') return plainError('--subresource can not be used with NonResourceURL');
        if (bool('no-headers')) return plainError('--no-headers cannot be set without --list specified');
        return { ok: true, command: { ...base, args: [...args] } };
      case 'logs': {
        const logsUsage = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";
        if (base.selector === undefined && (args.length === 0 || args.length > 2)) return usageError('logs', logsUsage);
        // Complete: a Pod name with a selector; then its client and the log options (--since-time)
        if (args.length === 1 && (base.selector ?? '') !== '') return usageError('logs', 'only a selector (-l) or a POD name is allowed');
        const refusedClient = clientRefused();
        if (refusedClient) return refusedClient;
        // cmdutil.GetPodRunningTimeoutFlag, before ToLogOptions
        if (Number(flags.values.get('pod-running-timeout') ?? 0) <= 0) return plainError('--pod-running-timeout must be higher than zero');
        const sinceTime = str('since-time') === '' ? undefined : rfc3339Error(str('since-time'));
        if (sinceTime !== undefined) return plainError(sinceTime);
        const [target, container] = args;
        const t = target === undefined ? { ok: true as const, value: [] } : resourceTargets(target.includes('/') ? [target] : ['pods', target]);
        if (!t.ok) return plainError(t.error);
        return { ok: true, command: { ...base, targets: t.value, args: [...args], container: container ?? base.container } };
      }
    }
  }
}

/**
 * cobra's help command: `kubectl help [command path]` is `kubectl <path> --help` (words after
 * the path are ignored: `help get pods` is get's page); a first word that is no command is
 * an unknown topic, printed on standard error with the root's usage, and exit 0 all the same.
 */
function helpCommand(argv: string[], options: ParseOptions): ParseResult {
  const parsed = parseFlags(argv, [...GLOBAL_FLAGS, HELP]);
  if (!parsed.ok) return flagError('help', parsed.error);
  if (parsed.flags.values.get('help') === true) return { ok: true, help: ['help'], exitCode: 0 };
  const topic = parsed.flags.args;
  const first = topic[0];
  if (first === undefined) return { ok: true, help: [], exitCode: 0 };
  // help's own page (`help help get` too: words after it are ignored, as after any path)
  if (first === 'help') return { ok: true, help: ['help'], exitCode: 0 };
  // kubectl's `options` command prints the global flags; its help topic prints nothing at all
  if (first === 'options') return { ok: false, stdout: '', stderr: '', exitCode: 0 };
  if (!ROOT_COMMANDS.includes(first)) {
    const root = HELP_PAGES[''] ?? '';
    const usage = root.slice(root.indexOf('Basic Commands'));
    return { ok: false, stdout: '', stderr: `Unknown help topic [${topic.map((w) => `\`${w}\``).join(' ')}]\n\n\n${usage}`, exitCode: 0 };
  }
  return parseKubectl([...topic, '--help'], options);
}

/** The commands the terminal's kubectl runs, for the refusal of one it does not: the first word of each, once. */
function simulatedCommands(): string {
  return [...new Set(Object.keys(COMMAND_FLAGS).map((c) => c.split(' ')[0]!))].sort().join(', ');
}
