// `kubectl logs [-p] [-c CONTAINER] [--tail N] POD` (pkg/cmd/logs/logs.go): the API server
// proxies GET pods/<name>/log to the node's kubelet; here `ports.podLogs` is that kubelet
// answer. With several containers and no -c, kubectl picks the
// `kubectl.kubernetes.io/default-container` annotation or the first container and says so
// on stderr (podcmd.FindOrDefaultContainerByName).
import { kindForResource, type KindDefinition, type Pod } from '../../../apiserver';
import { parseTimestamp } from '../clock';
import { getObject, listObjects, statusText } from './api';
import type { RunEnv } from './env';
import { fail } from './objects';

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

/** `logs deploy/web`, `logs rs/web-…`: polymorphichelpers.AttachablePodForObject — a Pod its selector matches. */
function podFor(env: RunEnv, def: KindDefinition, name: string): { ok: true; pod: Pod } | { ok: false; error: string } {
  const r = getObject(env, def, env.namespace, name);
  if (!r.ok) return { ok: false, error: statusText(r.error) };
  if (def.kind === 'Pod') return { ok: true, pod: r.value as Pod };
  const selector = (r.value.spec as { selector?: { matchLabels?: Record<string, string> } } | undefined)?.selector?.matchLabels;
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
  const found = podFor(env, target.def, target.name ?? '');
  if (!found.ok) return fail(env, found.error);
  const pod = found.pod;
  const name = pod.metadata?.name ?? '';
  const containers = (pod.spec?.containers ?? []).map((c) => c.name);
  let container = env.cmd.container;
  if (container === undefined && containers.length > 1) {
    const annotated = pod.metadata?.annotations?.['kubectl.kubernetes.io/default-container'];
    container = annotated !== undefined && containers.includes(annotated) ? annotated : containers[0];
    env.out.printErr(`Defaulted container "${container}" out of: ${containers.join(', ')}\n`);
  }
  if (env.ports.podLogs === undefined) return fail(env, 'error: container logs are not available in this topology (no kubelet answers)\n');
  const logs = env.ports.podLogs(env.namespace, name, container, env.cmd.previous);
  if (!logs.ok) {
    const text = /^(error|Error)/.test(logs.error) ? logs.error : `Error from server (BadRequest): ${logs.error}`;
    return fail(env, text.endsWith('\n') ? text : `${text}\n`);
  }
  env.out.print(tail(logs.text, env.cmd.tail));
}
