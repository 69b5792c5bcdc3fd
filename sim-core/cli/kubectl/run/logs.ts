// `kubectl logs [-p] [-c CONTAINER] [--tail N] POD` (pkg/cmd/logs/logs.go): the API server
// proxies GET pods/<name>/log to the node's kubelet; here `ports.podLogs` is that kubelet
// answer. With several containers and no -c, kubectl picks the
// `kubectl.kubernetes.io/default-container` annotation or the first container and says so
// on stderr (podcmd.FindOrDefaultContainerByName).
import { kindForResource, type KindDefinition, type Pod } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { parseTimestamp } from '../clock';
import { getObject, listObjects, statusText } from './api';
import type { RunEnv } from './env';
import { fail } from './objects';
import { allContainers, defaultContainer } from './log-containers';

const PODS = kindForResource('pods')!;

/** --tail=N: the last N lines (a trailing newline does not count as a line). */
function tail(text: string, lines: number): string {
  if (lines < 0) return text;
  if (lines === 0) return '';
  const parts = text.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts.slice(-lines).map((l) => `${l}\n`).join('');
}

const isReady = (p: Pod): boolean => (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

/**
 * podutils.ByLogging, the order GetFirstPod picks from: scheduled before unscheduled,
 * Running before other phases, ready before not ready, then the older one.
 */
function byLogging(a: Pod, b: Pod): number {
  const rank = (p: Pod): number[] => [p.spec?.nodeName ? 0 : 1, p.status?.phase === 'Running' ? 0 : 1, isReady(p) ? 0 : 1];
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return (ra[i] as number) - (rb[i] as number);
  const ta = parseTimestamp(a.metadata?.creationTimestamp ?? '') ?? 0;
  const tb = parseTimestamp(b.metadata?.creationTimestamp ?? '') ?? 0;
  if (ta !== tb) return ta - tb;
  return (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1;
}

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

/** logs.go Validate, after the object is read, in its order; the refusal, if any. */
function invalidOptions(env: RunEnv, container: string | undefined): string | undefined {
  const sinceSeconds = Math.round(numberFlag(env, 'since') / 1e9);
  const sinceTime = env.cmd.flags.values.get('since-time');
  if (typeof sinceTime === 'string' && sinceTime !== '' && numberFlag(env, 'since') !== 0) return 'at most one of `sinceTime` or `sinceSeconds` may be specified';
  if (env.cmd.flags.values.get('all-containers') === true && container !== undefined && container !== '') return `--all-containers=true should not be specified with container name ${container}`;
  if (env.cmd.flags.changed.has('container') && env.cmd.args.length === 2) return 'only one of -c or an inline [CONTAINER] arg is allowed';
  if (numberFlag(env, 'limit-bytes') < 0) return '--limit-bytes must be greater than 0';
  if (sinceSeconds < 0) return '--since must be greater than 0';
  if (env.cmd.tail < -1) return '--tail must be greater than or equal to -1';
  return undefined;
}

/** `logs deploy/web`, `logs rs/web-…`: polymorphichelpers.AttachablePodForObject — a Pod its selector matches. */
function podFor(env: RunEnv, def: KindDefinition, object: KubeObject): { ok: true; pod: Pod } | { ok: false; error: string } {
  if (def.kind === 'Pod') return { ok: true, pod: object as Pod };
  const selector = (object.spec as { selector?: { matchLabels?: Record<string, string> } } | undefined)?.selector?.matchLabels;
  if (selector === undefined) return { ok: false, error: `error: cannot attach to *v1.${def.kind}: selector for *v1.${def.kind} not implemented\n` };
  const labelSelector = Object.entries(selector).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join(',');
  const pods = listObjects(env, PODS, { namespace: env.namespace, labelSelector });
  if (!pods.ok) return { ok: false, error: statusText(pods.error) };
  const matching = (pods.value.items as Pod[]).filter((p) => Object.entries(selector).every(([k, v]) => p.metadata?.labels?.[k] === v)).sort(byLogging);
  const first = matching[0];
  if (first === undefined) return { ok: false, error: `error: timed out waiting for the condition\n` };
  if (matching.length > 1) env.out.printErr(`Found ${matching.length} pods, using pod/${first.metadata?.name ?? ''}\n`);
  return { ok: true, pod: first };
}

export function runLogs(env: RunEnv): void {
  const target = env.cmd.targets[0];
  if (target === undefined) return fail(env, 'error: logs with -l are not part of this simulation; name the Pod\n');
  if (!['Pod', 'Deployment', 'ReplicaSet'].includes(target.def.kind)) {
    // polymorphichelpers.SelectorsForObject's refusal (a Service's selector is not followed here)
    return fail(env, `error: cannot attach to *v1.${target.def.kind}: selector for *v1.${target.def.kind} not implemented\n`);
  }
  const read = readTarget(env, target.def, target.name ?? '');
  if (!read.ok) return fail(env, read.error);
  const invalid = invalidOptions(env, env.cmd.container);
  if (invalid !== undefined) return fail(env, `error: ${invalid}\n`);
  const found = podFor(env, target.def, read.object);
  if (!found.ok) return fail(env, found.error);
  const pod = found.pod;
  const name = pod.metadata?.name ?? '';
  let containers: (string | undefined)[];
  if (env.cmd.flags.values.get('all-containers') === true) containers = allContainers(pod);
  else if (env.cmd.container !== undefined) containers = [env.cmd.container];
  else {
    const chosen = defaultContainer(pod);
    env.out.printErr(chosen.notice);
    containers = [chosen.container];
  }
  if (env.ports.podLogs === undefined) return fail(env, 'error: container logs are not available in this topology (no kubelet answers)\n');
  for (const container of containers) {
    const logs = env.ports.podLogs(env.namespace, name, container, env.cmd.previous);
    if (!logs.ok) {
      const text = /^(error|Error)/.test(logs.error) ? logs.error : `Error from server (BadRequest): ${logs.error}`;
      return fail(env, text.endsWith('\n') ? text : `${text}\n`);
    }
    // --prefix: each line led by its source, `[pod/NAME/CONTAINER] `
    const text = tail(logs.text, env.cmd.tail);
    const prefix = env.cmd.flags.values.get('prefix') === true ? `[pod/${name}/${container ?? (pod.spec?.containers ?? [])[0]?.name ?? ''}] ` : '';
    env.out.print(prefix === '' || text === '' ? text : text.split(/(?<=\n)/).map((line) => prefix + line).join(''));
  }
}
