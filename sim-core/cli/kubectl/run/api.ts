// kubectl's requests to the API server, synchronous in simulated time, and how kubectl
// prints a failed one (kubectl pkg/cmd/util/helpers.go checkErr / StandardErrorMessage).
import { type ApiResult, type KubeObject, type ObjectList, type PatchType, type PropagationPolicy, type Status, type WatchEvent } from '../../../client';
import { goQuote, type KindDefinition } from '../../../apiserver';
import type { RunEnv } from './env';
import type { KubeRequestOptions, OpenWatch, OpenWatchOptions } from '../../../apiserver/server';

/**
 * How long kubectl waits for one answer. kubectl's own --request-timeout defaults to 0
 * (no client timeout); what bounds a real request is the API server's 60 s request
 * timeout, and kubectl's discovery calls carry `?timeout=32s`. We wait 32 s of simulated
 * time (3,200 ticks of 10 ms): long enough for an election after a leader loss (1–2 s),
 * short enough that a dead control plane gives the learner an answer.
 */
export const REQUEST_TIMEOUT_TICKS = 3_200;

const opts = { timeoutTicks: REQUEST_TIMEOUT_TICKS };

/**
 * A failed request's error as Go's err.Error() gives it, for the texts that wrap one
 * (`failed to patch env update to pod template: %v`): the Status's message — for a 422
 * Invalid the API server's own `Deployment.apps "web" is invalid: …` — which CheckErr
 * never rewrites once it is wrapped.
 */
export function goErrorText(s: Status): string {
  return s.message;
}

/**
 * A failed request as kubectl prints it (checkErr): a 422 Invalid from its details —
 * `The Deployment "web" is invalid: ` and the causes, one on the same line, several as a
 * `* ` list (MultilineError), repeats dropped (statusCausesToAggrError); without details
 * `The request is invalid: <message>`. A failure with no HTTP response (code 0: connection
 * refused, client timeout) prints client-go's text, the rest
 * `Error from server (<Reason>): <message>`.
 */
export function statusText(s: Status): string {
  if (s.code === 0) return `${s.message}\n`;
  if (s.reason === 'Invalid') return `${invalidText(s)}\n`;
  // StandardErrorMessage: a Status without a reason (a plain error on the server) names none
  return (s.reason as string) === '' ? `Error from server: ${s.message}\n` : `Error from server (${s.reason}): ${s.message}\n`;
}

function invalidText(s: Status): string {
  const details = s.details;
  let header = 'The request is invalid';
  if (details === undefined) return s.message.length > 0 ? `${header}: ${s.message}` : header;
  const causes = details.causes ?? [];
  if ((details.kind ?? '') !== '' || (details.name ?? '') !== '') header = `The ${details.kind ?? ''} ${goQuote(details.name ?? '')} is invalid`;
  else if (s.message.length > 0 && causes.length === 0) header += `: ${s.message}`;
  if (causes.length === 0) return header;
  const messages = [...new Set(causes.map((c) => `${c.field ?? ''}: ${c.message ?? ''}`))];
  return messages.length === 1 ? `${header}: ${messages[0]}` : `${header}: \n${messages.map((m) => `* ${m}`).join('\n')}`;
}

/** cmdutil.AddSourceToErr: the file a failing object came from, in the server's message. */
export function statusTextFromFile(s: Status, verb: string, source: string): string {
  if (s.code === 0 || s.reason === 'Invalid' || source === '') return statusText(s);
  return `Error from server${(s.reason as string) === '' ? '' : ` (${s.reason})`}: error when ${verb} "${source}": ${s.message}\n`;
}

function ns(def: KindDefinition, namespace: string): string {
  return def.namespaced ? namespace : '';
}

export function getObject(env: RunEnv, def: KindDefinition, namespace: string, name: string): ApiResult<KubeObject> {
  return env.kube.request({ verb: 'get', resource: def.resource, namespace: ns(def, namespace), name }, opts);
}

export interface ListQuery {
  /** undefined: every namespace (-A) */
  namespace: string | undefined;
  labelSelector?: string;
  fieldSelector?: string;
}

export function listObjects(env: RunEnv, def: KindDefinition, q: ListQuery): ApiResult<ObjectList> {
  return env.kube.request(
    {
      verb: 'list',
      resource: def.resource,
      ...(def.namespaced && q.namespace !== undefined ? { namespace: q.namespace } : {}),
      ...(q.labelSelector !== undefined ? { labelSelector: q.labelSelector } : {}),
      ...(q.fieldSelector !== undefined ? { fieldSelector: q.fieldSelector } : {}),
    },
    opts,
  );
}

/** `--dry-run=server`: every write goes out with ?dryRun=All — admitted and validated by the server, stored nowhere. */
function dryRunOf(env: RunEnv): { dryRun?: true } {
  return env.cmd.dryRun === 'server' ? { dryRun: true } : {};
}

export function createObject(env: RunEnv, def: KindDefinition, namespace: string, body: KubeObject): ApiResult<KubeObject> {
  return env.kube.request({ verb: 'create', resource: def.resource, namespace: ns(def, namespace), body, ...dryRunOf(env) }, opts);
}


/** PATCH of an object (or of its status or scale subresource), with ?dryRun=All under --dry-run=server. */
export function patchObject(
  env: RunEnv,
  def: KindDefinition,
  namespace: string,
  name: string,
  patchType: PatchType,
  patch: unknown,
  subresource?: 'status' | 'scale',
): ApiResult<KubeObject> {
  return env.kube.request({ verb: 'patch', resource: def.resource, namespace: ns(def, namespace), name, patchType, patch, ...(subresource !== undefined ? { subresource } : {}), ...dryRunOf(env) }, opts);
}

/**
 * PUT of a whole object (Helper.Replace): its metadata.resourceVersion, when set, is a
 * precondition; `status` PUTs the status subresource.
 */
export function updateObject(env: RunEnv, def: KindDefinition, namespace: string, body: KubeObject, subresource?: 'status'): ApiResult<KubeObject> {
  const verb = subresource === 'status' ? 'updateStatus' : 'update';
  return env.kube.request({ verb, resource: def.resource, namespace: ns(def, namespace), body, ...dryRunOf(env) }, opts);
}

/** GET of the autoscaling/v1 Scale of a Deployment or ReplicaSet. */
export function getScale(env: RunEnv, def: KindDefinition, namespace: string, name: string): ApiResult<KubeObject> {
  return env.kube.request({ verb: 'get', resource: def.resource, namespace: ns(def, namespace), name, subresource: 'scale' }, opts);
}

/** PUT of a Scale (its metadata.resourceVersion, when set, is a precondition). */
export function updateScale(env: RunEnv, def: KindDefinition, namespace: string, scale: KubeObject): ApiResult<KubeObject> {
  return env.kube.request({ verb: 'update', resource: def.resource, namespace: ns(def, namespace), body: scale, subresource: 'scale', ...dryRunOf(env) }, opts);
}

export interface DeleteOptions {
  propagationPolicy?: PropagationPolicy;
  gracePeriodSeconds?: number;
}

export function deleteObject(env: RunEnv, def: KindDefinition, namespace: string, name: string, o: DeleteOptions = {}): ApiResult<KubeObject> {
  return env.kube.request({ verb: 'delete', resource: def.resource, namespace: ns(def, namespace), name, ...o, ...dryRunOf(env) }, opts);
}

function watchRequest(def: KindDefinition, q: ListQuery & { resourceVersion: string }) {
  return {
    verb: 'watch' as const,
    resource: def.resource,
    resourceVersion: q.resourceVersion,
    ...(def.namespaced && q.namespace !== undefined ? { namespace: q.namespace } : {}),
    ...(q.labelSelector !== undefined ? { labelSelector: q.labelSelector } : {}),
    ...(q.fieldSelector !== undefined ? { fieldSelector: q.fieldSelector } : {}),
  };
}

/** A script's watch: the events delivered from `resourceVersion` until the cluster went idle. */
export function watchSoFar(env: RunEnv, def: KindDefinition, q: ListQuery & { resourceVersion: string }, timeoutTicks = REQUEST_TIMEOUT_TICKS, until?: KubeRequestOptions['until']): ApiResult<WatchEvent[]> {
  return env.kube.watchSoFar(watchRequest(def, q), { timeoutTicks, ...(until !== undefined ? { until } : {}) });
}

/** The browser terminal's watch, left open (KubeApiPort.openWatch); undefined when the port keeps none open. */
export function openWatch(env: RunEnv, def: KindDefinition, q: ListQuery & { resourceVersion: string }, opts: Omit<OpenWatchOptions, 'impersonate'> = {}): ApiResult<OpenWatch> | undefined {
  return env.kube.openWatch?.(watchRequest(def, q), opts);
}
