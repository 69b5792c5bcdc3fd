// `kubectl scale --replicas=N TYPE NAME` (pkg/cmd/scale/scale.go, pkg/scale/scale.go): every
// object read first, then the scale subresource of each written — a PATCH, or with
// --current-replicas/--resource-version a GET and a PUT of the Scale — and
// `deployment.apps/web scaled`. Other kinds have no scale subresource (the API server's 404,
// and kubectl stops there); nothing found at all is `no objects passed to scale`.
import { deepCopy, type ApiResult, type KubeObject } from '../../../client';
import type { KindDefinition } from '../../../apiserver';
import { getScale, patchObject, statusText, updateScale } from './api';
import { POLL_TICKS, waitUntil } from './wait';
import type { RunEnv } from './env';
import { collectFailures, exitCodeLater, liveObjects } from './objects';
import { printObject } from './print-object';

/** How long kubectl keeps retrying a scale that meets conflicts: NewRetryParams(1s, 5m). */
const RETRY_TICKS = 30_000;

/**
 * genericScaler.Scale: ScaleSimple polled every second while it meets conflicts. Without a
 * precondition a merge PATCH of the scale subresource, `{"spec":{"replicas":N}}`, even when
 * nothing changes; with one, a GET of the Scale, the precondition checked here
 * (`Expected replicas to be 5, was 2`), and a PUT of that Scale with the new replicas.
 * Returns the failure's text, if any.
 */
function scaleOne(env: RunEnv, def: KindDefinition, namespace: string, name: string, replicas: number, precondition: { replicas: bigint; resourceVersion: string } | undefined): string | undefined {
  let failure: string | undefined;
  const done = waitUntil(
    env,
    () => {
      const r = precondition === undefined ? patchObject(env, def, namespace, name, 'application/merge-patch+json', { spec: { replicas } }, 'scale') : updateScaleIf(env, def, namespace, name, replicas, precondition);
      if (typeof r === 'string') failure = r;
      else if (!r.ok && r.error.reason === 'Conflict') return false;
      else if (!r.ok) failure = statusText(r.error);
      return true;
    },
    RETRY_TICKS,
  );
  // PollUntilContextTimeout ends with its context's error
  return done ? failure : 'error: context deadline exceeded\n';
}

/**
 * WaitForScaleHasDesiredReplicas: the Scale read every second until its status has the
 * replicas asked for (or its spec was changed by someone else); the failure's text, if any.
 */
function waitForReplicas(env: RunEnv, def: KindDefinition, namespace: string, name: string, replicas: number, capTicks: number): string | undefined {
  // PollUntilContextTimeout, immediate: a read now and one each second before the deadline
  for (let waited = 0; waited < capTicks; waited += POLL_TICKS) {
    const r = getScale(env, def, namespace, name);
    if (!r.ok) return statusText(r.error);
    const spec = (r.value.spec ?? {}) as { replicas?: number };
    const status = (r.value.status ?? {}) as { replicas?: number };
    if ((spec.replicas ?? 0) !== replicas || (status.replicas ?? 0) === replicas) return undefined;
    env.ports.sim.tick(Math.min(POLL_TICKS, capTicks - waited));
  }
  return `error: timed out waiting for "${name}" to be synced\n`;
}

function updateScaleIf(env: RunEnv, def: KindDefinition, namespace: string, name: string, replicas: number, precondition: { replicas: bigint; resourceVersion: string }): ApiResult<KubeObject> | string {
  const got = getScale(env, def, namespace, name);
  if (!got.ok) return got;
  const scale = deepCopy(got.value);
  const spec = (scale.spec ?? {}) as { replicas?: number };
  if (precondition.replicas !== -1n && BigInt(spec.replicas ?? 0) !== precondition.replicas) return `error: Expected replicas to be ${precondition.replicas}, was ${spec.replicas ?? 0}\n`;
  const rv = scale.metadata?.resourceVersion ?? '';
  if (precondition.resourceVersion !== '' && rv !== precondition.resourceVersion) return `error: Expected resource version to be ${precondition.resourceVersion}, was ${rv}\n`;
  scale.spec = { ...spec, replicas };
  return updateScale(env, def, namespace, scale);
}

export function runScale(env: RunEnv): void {
  const report = exitCodeLater(env);
  const replicas = env.cmd.replicas ?? 0;
  const current = env.cmd.flags.values.get('current-replicas');
  // r.Infos(): every object read first; what could not be read is reported at the end
  const unread = collectFailures();
  const objects = liveObjects(env, unread);
  if (objects.length === 0) {
    // `no objects passed to scale %w`: the error's own message (an aggregate's in brackets)
    const messages = unread.texts.map((t, i) => unread.statuses[i]?.message ?? t.replace(/^error: /, '').replace(/\n$/, ''));
    const wrapped = messages.length === 0 ? '' : ` ${messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`}`;
    report.fail(`error: no objects passed to scale${wrapped}\n`);
    return report.finish();
  }
  const rvFlag = env.cmd.flags.values.get('resource-version');
  const resourceVersion = typeof rvFlag === 'string' ? rvFlag : '';
  if (resourceVersion !== '' && objects.length > 1) {
    report.fail('error: cannot use --resource-version with multiple resources\n');
    return report.finish();
  }
  // --timeout: after each scale, wait until the Scale's status has the replicas asked for
  const timeout = env.cmd.flags.values.get('timeout');
  const waitTicks = typeof timeout === 'number' && timeout > 0 ? Math.max(1, Math.ceil(timeout / 10_000_000)) : 0;
  // a precondition only when one is asked for: without one, a blind PATCH of the scale
  const precondition = (typeof current === 'bigint' && current !== -1n) || resourceVersion !== '' ? { replicas: typeof current === 'bigint' ? current : -1n, resourceVersion } : undefined;
  for (const live of objects) {
    if (env.cmd.dryRun !== 'client') {
      const failure = scaleOne(env, live.def, live.namespace, live.name, replicas, precondition) ?? (waitTicks > 0 && env.cmd.dryRun === 'none' ? waitForReplicas(env, live.def, live.namespace, live.name, replicas, waitTicks) : undefined);
      if (failure !== undefined) {
        // scale.go returns at the first failure
        report.fail(failure);
        return report.finish();
      }
    }
    // -o prints the object as it was read, before the scale (scale.go PrintObj(info.Object))
    printObject(env, live.def.kind, live.object, 'scaled', false);
  }
  for (const text of unread.texts) report.fail(text);
  report.finish();
}
