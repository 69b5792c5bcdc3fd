// `kubectl logs [-p] [-c CONTAINER] [--tail N] POD|TYPE/NAME|-l SELECTOR` (pkg/cmd/logs/logs.go,
// polymorphichelpers/logsforobject.go): the API server proxies GET pods/<name>/log to the
// node's kubelet; here `ports.podLogs` is that answer, given kubectl's PodLogOptions
// (ToLogOptions: --timestamps, --since rounded to whole seconds, --since-time in UTC whole
// seconds, --limit-bytes, --tail, the default 10 lines with -l), which the kubelet applies
// (kubelet/logRead.ts). With several containers and no -c, kubectl picks the
// `kubectl.kubernetes.io/default-container` annotation or the first container and says so
// on stderr (podcmd.FindOrDefaultContainerByName). kubectl keeps its requests in a Go map and
// reads them in its random order; the simulation reads them in the order it made them.
import { kindForResource, selectorString, type KindDefinition, type LabelSelector, type Pod } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import type { LogStream, PodLogOptions } from '../../../kubelet/logRead';
import { millisToTimestamp, parseTimestamp } from '../clock';
import { getObject, listObjects, statusText } from './api';
import { podList, podRunningTimeoutTicks } from './log-pods';
import { nowOf, type PodLogsResult, type RunEnv } from './env';
import { REQUEST_TIMEOUT_TICKS } from './api';
import { POLL_TICKS } from './wait';
import { fail } from './objects';
import { allContainers, defaultContainer } from './log-containers';

const PODS = kindForResource('pods')!;

/**
 * Complete's read of the object: a NotFound is wrapped with the namespace
 * (`error: error from server (NotFound): pods "x" not found in namespace "default"`).
 */
function readTarget(env: RunEnv, def: KindDefinition, name: string): { ok: true; object: KubeObject } | { ok: false; error: string } {
  const r = getObject(env, def, env.namespace, name);
  if (r.ok) return { ok: true, object: r.value };
  if (r.error.reason === 'NotFound') return { ok: false, error: `error: error from server (NotFound): ${r.error.message} in namespace ${JSON.stringify(env.namespace)}\n` };
  return { ok: false, error: statusText(r.error) };
}

/** A number flag's value (int flags parse to bigint, durations to nanoseconds). */
const numberFlag = (env: RunEnv, name: string): number => Number(env.cmd.flags.values.get(name) ?? 0);

/** ToLogOptions: what kubectl asks of the kubelet (the container is set per request). */
function logOptions(env: RunEnv): PodLogOptions {
  const flags = env.cmd.flags;
  const o: PodLogOptions = {};
  if (flags.values.get('follow') === true) o.follow = true;
  if (env.cmd.previous) o.previous = true;
  if (flags.values.get('timestamps') === true) o.timestamps = true;
  // metav1.Time in a query: UTC, whole seconds (parse.ts has refused what Go's time.Parse refuses)
  const sinceTime = flags.values.get('since-time');
  const sinceMs = typeof sinceTime === 'string' && sinceTime !== '' ? parseTimestamp(sinceTime) : undefined;
  if (sinceMs !== undefined) o.sinceTime = millisToTimestamp(Math.floor(sinceMs / 1000) * 1000);
  const limitBytes = numberFlag(env, 'limit-bytes');
  if (limitBytes !== 0) o.limitBytes = limitBytes;
  // time.Duration.Round(time.Second): halves away from zero
  const since = numberFlag(env, 'since');
  if (since !== 0) o.sinceSeconds = Math.sign(since) * Math.round(Math.abs(since) / 1e9);
  if (env.cmd.selector !== undefined && env.cmd.selector !== '' && env.cmd.tail === -1 && !flags.changed.has('tail')) o.tailLines = SELECTOR_TAIL;
  else if (env.cmd.tail !== -1) o.tailLines = env.cmd.tail;
  return o;
}

/** logs.go's selectorTail: with -l, the last 10 lines of each container unless --tail says otherwise. */
const SELECTOR_TAIL = 10;

/** logs.go Validate, after the object is read, in its order; the refusal, if any. */
function invalidOptions(env: RunEnv, options: PodLogOptions): string | undefined {
  const sinceTime = env.cmd.flags.values.get('since-time');
  if (typeof sinceTime === 'string' && sinceTime !== '' && numberFlag(env, 'since') !== 0) return 'at most one of `sinceTime` or `sinceSeconds` may be specified';
  const container = env.cmd.container;
  if (env.cmd.flags.values.get('all-containers') === true && container !== undefined && container !== '') return `--all-containers=true should not be specified with container name ${container}`;
  if (env.cmd.flags.changed.has('container') && env.cmd.args.length === 2) return 'only one of -c or an inline [CONTAINER] arg is allowed';
  if (numberFlag(env, 'limit-bytes') < 0) return '--limit-bytes must be greater than 0';
  if (options.sinceSeconds !== undefined && options.sinceSeconds < 0) return '--since must be greater than 0';
  if (options.tailLines !== undefined && options.tailLines < -1) return '--tail must be greater than or equal to -1';
  return undefined;
}

/**
 * logsForObjectWithClient for an object with a selector (polymorphichelpers.SelectorsForObject):
 * GetFirstPod (log-pods.ts: waiting --pod-running-timeout for one when none matches yet),
 * and how many it found; with --all-pods and more than one, every one, listed again.
 */
function selectedPods(env: RunEnv, def: KindDefinition, object: KubeObject, allPods: boolean): { ok: true; pods: Pod[]; count: number } | { ok: false; error: string } {
  const selector = selectorOf(def, object);
  if (!selector.ok) return { ok: false, error: `error: cannot get the logs from *v1.${def.kind}: ${selector.error}\n` };
  const timeout = podRunningTimeoutTicks(env);
  const first = podList(env, selector.value, timeout);
  if (!first.ok) return first;
  const count = first.pods.length;
  if (count > 1 && allPods) {
    const all = podList(env, selector.value, timeout);
    return all.ok ? { ok: true, pods: all.pods, count } : all;
  }
  return { ok: true, pods: first.pods.slice(0, 1), count };
}

/**
 * polymorphichelpers.SelectorsForObject as a label selector string: a workload's
 * spec.selector (matchLabels and matchExpressions), a Service's selector map (which it
 * needs); anything else has none.
 */
function selectorOf(def: KindDefinition, object: KubeObject): { ok: true; value: string } | { ok: false; error: string } {
  const spec = (object.spec ?? {}) as { selector?: unknown };
  if (def.kind === 'Service') {
    const set = (spec.selector ?? {}) as Record<string, string>;
    if (Object.keys(set).length === 0) return { ok: false, error: `invalid service '${object.metadata?.name ?? ''}': Service is defined without a selector` };
    return { ok: true, value: selectorString({ matchLabels: set }) };
  }
  if (def.kind === 'Deployment' || def.kind === 'ReplicaSet') return { ok: true, value: selectorString(spec.selector as LabelSelector | undefined) };
  return { ok: false, error: `selector for *v1.${def.kind} not implemented` };
}

/** One log request: a container of a Pod. */
interface LogRequest {
  pod: string;
  container: string;
}

/**
 * logsForObjectWithClient for one Pod: every container with --all-containers, else -c's, the
 * annotated default or the first (saying so unless --all-pods); a container the Pod does not
 * have fails the whole command before any log is read.
 */
function requestsFor(env: RunEnv, pod: Pod, allPods: boolean): { ok: true; requests: LogRequest[] } | { ok: false; error: string } {
  const name = pod.metadata?.name ?? '';
  if (env.cmd.flags.values.get('all-containers') === true) return { ok: true, requests: allContainers(pod).map((container) => ({ pod: name, container })) };
  let container = env.cmd.container;
  if (container === undefined || container === '') {
    const chosen = defaultContainer(pod);
    env.out.printErr(chosen.warning);
    if (!allPods) env.out.printErr(chosen.notice);
    container = chosen.container ?? '';
  }
  if (!allContainers(pod).includes(container)) return { ok: false, error: `error: container ${container} is not valid for pod ${name}\n` };
  return { ok: true, requests: [{ pod: name, container }] };
}

/** An object whose Pods are read (a Deployment, a ReplicaSet), once the options are valid. */
interface Owner {
  def: KindDefinition;
  object: KubeObject;
}

/**
 * Complete's read: -l's Pods (`No resources found in … namespace.` when none: Validate still
 * runs), the Pod named, or the object whose Pods RunLogs looks up by its selector (a kind
 * without one is refused there, after Validate, as LogsForObject refuses it).
 */
function readTargets(env: RunEnv): { ok: true; pods: Pod[]; owner?: Owner } | { ok: false; error: string } {
  const target = env.cmd.targets[0];
  if (target === undefined) {
    const list = listObjects(env, PODS, { namespace: env.namespace, labelSelector: env.cmd.selector ?? '' });
    if (!list.ok) return { ok: false, error: statusText(list.error) };
    const pods = list.value.items as Pod[];
    if (pods.length === 0) env.out.printErr(`No resources found in ${env.namespace} namespace.\n`);
    return { ok: true, pods };
  }
  const read = readTarget(env, target.def, target.name ?? '');
  if (!read.ok) return read;
  if (target.def.kind === 'Pod') return { ok: true, pods: [read.object as Pod] };
  return { ok: true, pods: [], owner: { def: target.def, object: read.object } };
}

/** CheckErr's text for a failed log request (an Invalid one as `The … is invalid: …`). */
function requestErrorText(r: Extract<PodLogsResult, { ok: false }>): string {
  const text = r.reason === 'Invalid' ? `The ${r.error}` : /^(error|Error)/.test(r.error) ? r.error : `Error from server (BadRequest): ${r.error}`;
  return text.endsWith('\n') ? text : `${text}\n`;
}

export function runLogs(env: RunEnv): void {
  const allPods = env.cmd.flags.values.get('all-pods') === true;
  const read = readTargets(env);
  if (!read.ok) return fail(env, read.error);
  let pods = read.pods;
  const owner = read.owner;
  const options = logOptions(env);
  const invalid = invalidOptions(env, options);
  if (invalid !== undefined) return fail(env, `error: ${invalid}\n`);
  if (owner !== undefined) {
    const selected = selectedPods(env, owner.def, owner.object, allPods);
    if (!selected.ok) return fail(env, selected.error);
    if (selected.count > 1 && !allPods) env.out.printErr(`Found ${selected.count} pods, using pod/${selected.pods[0]?.metadata?.name ?? ''}\n`);
    pods = selected.pods;
  }
  const requests: LogRequest[] = [];
  for (const pod of pods) {
    const r = requestsFor(env, pod, allPods);
    if (!r.ok) return fail(env, r.error);
    requests.push(...r.requests);
  }
  const maxRequests = numberFlag(env, 'max-log-requests');
  if (options.follow === true && requests.length > 1 && requests.length > maxRequests) {
    return fail(env, `error: you are attempting to follow ${requests.length} log streams, but maximum allowed concurrency is ${maxRequests}, use --max-log-requests to increase the limit\n`);
  }
  if (requests.length === 0) return;
  if (env.ports.podLogs === undefined) return fail(env, 'error: container logs are not available in this topology (no kubelet answers)\n');
  // --prefix (set by --all-pods too): each line led by its source, `[pod/NAME/CONTAINER] `
  const prefixed = allPods || env.cmd.flags.values.get('prefix') === true;
  const ignoreErrors = env.cmd.flags.values.get('ignore-errors') === true;
  const open: OpenStream[] = [];
  for (const request of requests) {
    const logs = env.ports.podLogs(env.namespace, request.pod, { ...options, container: request.container });
    if (!logs.ok) {
      // --ignore-errors: the error on stdout, unprefixed, and on to the next request
      if (ignoreErrors) {
        env.out.print(`error: ${logs.error.replace(/^error: /, '').replace(/\n$/, '')}\n`);
        continue;
      }
      return fail(env, requestErrorText(logs));
    }
    const prefix = prefixed ? `[pod/${request.pod}/${request.container}] ` : '';
    printLog(env, prefix, logs.text);
    if (logs.stream?.open === true) open.push({ request, prefix, stream: logs.stream });
  }
  if (open.length > 0) waitForStreams(env, options, open);
}

/** DefaultConsumeRequest writes line by line (a cut last line too), the prefix before each: nothing for an empty log. */
function printLog(env: RunEnv, prefix: string, text: string): void {
  if (text === '') return;
  env.out.print(withPrefix(prefix, text));
}

/** Each line of `text` (a cut last line too) led by `prefix`. */
function withPrefix(prefix: string, text: string): string {
  return prefix === '' || text === '' ? text : text.split(/(?<=\n)/).map((line) => prefix + line).join('');
}

/**
 * -f in the browser's terminal: the command returns still running, and each read prints
 * what the containers followed wrote since, stream by stream, until every one has ended
 * (exit 0) or Ctrl+C. Reading sends nothing (FollowLogsPort), and a container's file reads
 * the same whenever it is read, so one stream's text is the same at any frame rate; with
 * several, their chunks interleave at the frames that read them, as a real kubectl
 * interleaves them as they arrive.
 */
function followLive(env: RunEnv, options: PodLogOptions, streams: OpenStream[], follow: NonNullable<RunEnv['ports']['followLogs']>): void {
  const namespace = env.namespace;
  let open = streams;
  env.out.keepRunning({
    read: () => {
      if (open.length === 0) return { stdout: '', stderr: '' };
      let stdout = '';
      let broken: string | undefined;
      open = open.flatMap((s) => {
        const r = follow(namespace, s.request.pod, { ...options, container: s.request.container }, s.stream);
        if (!r.ok) {
          broken ??= r.error;
          return [];
        }
        stdout += withPrefix(s.prefix, r.text);
        return r.stream?.open === true ? [{ ...s, stream: r.stream }] : [];
      });
      // a broken stream ends the command with its error, as DefaultConsumeRequest's read does
      if (broken !== undefined) {
        open = [];
        return { stdout, stderr: `error: ${broken}\n`, exitCode: 1 };
      }
      return open.length === 0 ? { stdout, stderr: '', exitCode: 0 } : { stdout, stderr: '' };
    },
    stop: () => {
      open = [];
    },
  });
}

/** A followed container whose stream the kubelet keeps open, and the prefix of its lines. */
interface OpenStream {
  request: LogRequest;
  prefix: string;
  stream: LogStream;
}

/**
 * -f: kubectl prints each stream as it comes and returns when every one has ended; the
 * kubelet writes each line as the container writes it and ends the stream when its
 * container instance stops running. The terminal does not stream (a command's output is
 * shown when it returns), so, as `get -w` does, the wait runs in simulated time inside the
 * command, in one-second slices, each printing the lines written in it (stream by stream:
 * kubectl interleaves them as they arrive), and ends when every container followed has
 * stopped (a crash, a deletion: exit 0), or after the request timeout; while no container
 * followed is due to stop or to write, also when the cluster has gone quiet (a container
 * that keeps running would hold a real kubectl until Ctrl-C).
 */
function waitForStreams(env: RunEnv, options: PodLogOptions, streams: OpenStream[]): void {
  const follow = env.ports.followLogs;
  if (env.ports.live === true && follow !== undefined) return followLive(env, options, streams, follow);
  const start = nowOf(env);
  const deadline = start + REQUEST_TIMEOUT_TICKS;
  let open = streams;
  while (open.length > 0 && nowOf(env) < deadline) {
    const before = nowOf(env);
    const due = open.some((s) => s.stream.endsBy !== undefined || (s.stream.nextLineAt !== undefined && s.stream.nextLineAt < deadline));
    // a quiet cluster settles at once; a process due to exit or to write needs its time run
    const slice = Math.min(POLL_TICKS, deadline - before);
    const quiet = due ? (env.ports.sim.tick(slice), false) : env.ports.sim.settle(slice) < slice;
    open = open.flatMap((s) => {
      const r = env.ports.podLogs?.(env.namespace, s.request.pod, { ...options, container: s.request.container }, s.stream);
      if (r === undefined || !r.ok) return [];
      printLog(env, s.prefix, r.text);
      return r.stream?.open === true ? [{ ...s, stream: r.stream }] : [];
    });
    if (quiet || nowOf(env) === before) break;
  }
}
