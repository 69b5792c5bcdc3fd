// The kubectl command runner: parse the line (../parse), then turn the typed command into
// API requests through the KubeApiPort and print the results with ../get, ../describe,
// ../messages — one file per command family. Without an API server (the etcd-only
// topology) every command that needs one prints what kubectl prints with no cluster.
import { impersonating, impersonationOf } from './impersonate';
import { connectionRefused, type KubeApiPort } from '../../../apiserver/server';
import type { CommandContext } from '../../command-line';
import type { CommandOutput } from '../../ports';
import { Terminal } from '../../terminal';
import { helpPage } from '../help-pages';
import { parseKubectl, type KubectlCommand } from '../parse';
import { runApply } from './apply';
import { runAuthCanI } from './auth';
import { runCreate, runCreateDeployment, runCreateNamespace, runCreateServiceAccount } from './create';
import { runCreateConfigMap, runCreateSecretGeneric } from './create-data';
import { runDelete } from './delete';
import { runDescribe } from './describe';
import { runDrain } from './drain';
import type { KubectlPorts, RunEnv } from './env';
import { runExpose } from './expose';
import { runGet } from './get';
import { runLogs } from './logs';
import { runAnnotate, runLabel } from './metadata';
import { runCordon } from './cordon';
import { readManifests } from './manifests';
import { noServerOutput } from './no-server';
import { runRolloutHistory, runRolloutPauseOrResume, runRolloutRestart, runRolloutStatus, runRolloutUndo } from './rollout';
import { runScale } from './scale';
import { runSetImage } from './set-image';
import { runCreateService } from './create-service';
import { runSetEnv } from './set-env';
import { runSetResources } from './set-resources';
import { runRun } from './run';
import { runVersion } from './version';
import { runTaint } from './taint';
import { runPatch } from './patch';
import { runReplace } from './replace';
import { runEdit } from './edit';
import { runRaw } from './raw';
import { runApiResources } from './api-resources';
import { runApiVersions } from './api-versions';
import { runWait } from './wait-command';
import { runConfig } from './config';
import { checkTemplateOutput } from './templates';

export type { KubectlPorts, FollowLogsPort, PodLogsPort, PodLogsResult, RunEnv } from './env';
export { kubectlEditorOpen, type EditorOpen } from './edit-open';
export { REQUEST_TIMEOUT_TICKS, statusText } from './api';
export { ROLLOUT_STATUS_CAP_TICKS } from './rollout-status';

const COMMANDS: Record<KubectlCommand['command'], (env: RunEnv) => void> = {
  get: runGet,
  describe: runDescribe,
  apply: runApply,
  create: runCreate,
  'create deployment': runCreateDeployment,
  'create namespace': runCreateNamespace,
  'create serviceaccount': runCreateServiceAccount,
  'create configmap': runCreateConfigMap,
  'create secret generic': runCreateSecretGeneric,
  run: runRun,
  version: runVersion,
  taint: runTaint,
  patch: runPatch,
  'api-resources': runApiResources,
  'api-versions': runApiVersions,
  wait: runWait,
  'config view': runConfig,
  'config current-context': runConfig,
  'config get-contexts': runConfig,
  'config get-clusters': runConfig,
  'config get-users': runConfig,
  'config use-context': runConfig,
  expose: runExpose,
  delete: runDelete,
  scale: runScale,
  'create service clusterip': runCreateService,
  'create service nodeport': runCreateService,
  'create service loadbalancer': runCreateService,
  'create service externalname': runCreateService,
  'set image': runSetImage,
  'set env': runSetEnv,
  'set resources': runSetResources,
  'rollout status': runRolloutStatus,
  'rollout history': runRolloutHistory,
  'rollout undo': runRolloutUndo,
  'rollout restart': runRolloutRestart,
  'rollout pause': runRolloutPauseOrResume,
  'rollout resume': runRolloutPauseOrResume,
  label: runLabel,
  annotate: runAnnotate,
  cordon: runCordon,
  uncordon: runCordon,
  drain: runDrain,
  logs: runLogs,
  'auth can-i': runAuthCanI,
  replace: runReplace,
  edit: runEdit,
};

/** What a client-only command gets if it asks anyway: the refusal of an empty kubeconfig. */
const NO_SERVER: KubeApiPort = {
  request: () => ({ ok: false, error: connectionRefused('localhost:8080') }),
  watchSoFar: () => ({ ok: false, error: connectionRefused('localhost:8080') }),
  serverVersion: () => ({ ok: false, error: connectionRefused('localhost:8080') }),
};

/**
 * Commands that start without the server: `create deployment|namespace|configmap|secret|service|
 * serviceaccount --dry-run=client` build their object and send nothing, as do `set image|env|resources --local`; `version` prints the client's half first; `run`
 * checks its flags and builds its Pod before it first asks (run.ts says no server then).
 */
function clientOnly(cmd: KubectlCommand): boolean {
  if (cmd.command === 'version' || cmd.command === 'run' || cmd.command === 'api-resources' || cmd.command === 'api-versions' || cmd.command.startsWith('config ')) return true;
  if (cmd.command === 'patch' && cmd.flags.values.get('local') === true) return true;
  // set env|resources --local read -f alone
  if ((cmd.command === 'set image' || cmd.command === 'set env' || cmd.command === 'set resources') && cmd.flags.values.get('local') === true) return true;
  return (cmd.command.startsWith('create ') && cmd.command !== 'create') && cmd.dryRun === 'client';
}

export function runKubectl(
  argv: string[],
  environment: Record<string, string>,
  stdin: string | undefined,
  ports: KubectlPorts,
  context: CommandContext,
): CommandOutput {
  const parsed = parseKubectl(argv, { now: ports.sim.now() });
  if (!parsed.ok) return { stdout: parsed.stdout, stderr: parsed.stderr, exitCode: parsed.exitCode };
  if (!('command' in parsed)) {
    const page = helpPage(parsed.help);
    if (page !== undefined) return { stdout: page, stderr: '', exitCode: parsed.exitCode };
    return { stdout: '', stderr: `error: the help page of "kubectl ${parsed.help.join(' ')}" is not part of this simulation\n`, exitCode: 1 };
  }
  const cmd = parsed.command;
  const out = new Terminal();
  for (const w of cmd.warnings) out.printErr(w);
  const as = impersonationOf(cmd);
  const env: RunEnv = {
    cmd,
    kube: ports.kube === undefined ? NO_SERVER : as === undefined ? ports.kube : impersonating(ports.kube, as),
    ports,
    files: {
      ...(context.readFile ? { readFile: context.readFile } : {}),
      ...(context.listFiles ? { listFiles: context.listFiles } : {}),
    },
    stdin,
    environment,
    namespace: cmd.namespace ?? 'default',
    out,
  };
  // kubectl builds its printer before the first request: a bad template is refused at once
  // (version and api-resources have their own few formats; edit prints YAML or JSON only,
  // and says so once it has read the objects)
  if (cmd.command !== 'version' && cmd.command !== 'api-resources' && cmd.command !== 'api-versions' && cmd.command !== 'edit' && !checkTemplateOutput(env)) return out.output();
  // --raw: one request to a path, its answer printed as sent (without a server, refused as client-go refuses it)
  if (cmd.raw !== undefined) {
    runRaw(env);
    return out.output();
  }
  if (ports.kube === undefined && !clientOnly(cmd)) {
    // kubectl reads and decodes the files before it first needs the server
    const read = cmd.filenames.length > 0 ? readManifests(env) : undefined;
    const r = read !== undefined && !read.ok ? { stderr: read.error, exitCode: 1 } : noServerOutput(cmd, ports.sim.now(), read?.objects.map((o) => o.source));
    out.printErr(r.stderr);
    out.exit(r.exitCode);
    return out.output();
  }
  COMMANDS[cmd.command](env);
  return out.output();
}
