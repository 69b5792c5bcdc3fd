// `kubectl delete` (pkg/cmd/delete/delete.go): named objects, `-f`, `-l`, `--all`;
// --cascade=background|foreground|orphan as the propagation policy, --grace-period,
// --now (1 s), --force (0 s, with kubectl's warning); prints `pod "web" deleted`, then —
// --wait is on by default — blocks until each object is gone (capped in simulated time).
import type { PropagationPolicy } from '../../../client';
import { cascadingStrategy } from '../parse/cobra';
import { deletedMessage } from '../messages';
import { deleteObject, getObject, statusText, type DeleteOptions } from './api';
import type { RunEnv } from './env';
import { fail, exitCodeLater, liveObjects, type LiveObject, type Reporter } from './objects';
import { timeoutTicks, waitUntil } from './wait';
import { kindPrefix } from '../get';

const FORCE_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';

/** --cascade as a propagation policy (background for a value the parser would have refused). */
export function cascadePolicy(value: string): PropagationPolicy {
  const c = cascadingStrategy(value);
  return c.ok ? c.policy : 'Background';
}

function gracePeriod(env: RunEnv): number | undefined {
  const cmd = env.cmd;
  let grace = cmd.gracePeriod;
  if (cmd.flags.values.get('now') === true) {
    if (grace !== -1) return undefined;
    grace = 1;
  }
  // delete.go: --grace-period=0 without --force becomes 1 (backwards compatibility)
  if (grace === 0 && !cmd.force) grace = 1;
  if (cmd.force && grace < 0) grace = 0;
  return grace < 0 ? undefined : grace;
}

export function runDelete(env: RunEnv): void {
  const cmd = env.cmd;
  // ToOptions: the cascade (the parser refused a bad one and gave a boolean one's warning)
  const cascade = cascadePolicy(cmd.cascade);
  // Complete, then Validate
  if (cmd.flags.values.get('now') === true && cmd.gracePeriod !== -1) return fail(env, 'error: --now and --grace-period cannot be specified together\n');
  if (cmd.output !== '' && cmd.output !== 'name') return fail(env, `error: unexpected -o output mode: ${cmd.output}. We only support '-o name'\n`);
  const grace = gracePeriod(env);
  if (cmd.force && grace !== undefined && grace > 0) return fail(env, 'error: --force and --grace-period greater than 0 cannot be specified together\n');
  if (grace === 0 && cmd.force) env.out.printErr(FORCE_WARNING);
  const options: DeleteOptions = { propagationPolicy: cascade, ...(grace !== undefined ? { gracePeriodSeconds: grace } : {}) };
  // an explicit -n (not -A) on a cluster-scoped object is warned about once
  let warnClusterScope = cmd.namespace !== undefined && !cmd.allNamespaces;

  const report = exitCodeLater(env);
  const quiet: Reporter = { fail: (text, status) => (cmd.ignoreNotFound && status?.reason === 'NotFound' ? undefined : report.fail(text, status)), finish: report.finish, failed: report.failed };
  const objects = liveObjects(env, quiet, { readNamed: false });
  const named = cmd.filenames.length > 0 || cmd.targets.some((t) => t.name !== undefined);
  if (objects.length === 0 && !named && !report.failed()) {
    env.out.print('No resources found\n');
    return report.finish();
  }
  const deleted: LiveObject[] = [];
  for (const live of objects) {
    if (warnClusterScope && !live.def.namespaced) {
      env.out.printErr('Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n');
      warnClusterScope = false;
    }
    if (cmd.dryRun !== 'client') {
      const r = deleteObject(env, live.def, live.namespace, live.name, options);
      if (!r.ok) {
        quiet.fail(statusText(r.error), r.error);
        continue;
      }
      // a server dry run deleted nothing: there is nothing to wait for; the uid to wait on is the answer's
      if (cmd.dryRun === 'none') deleted.push({ ...live, object: r.value });
    }
    env.out.print(printDeleted(env, live, grace));
  }
  if (cmd.flags.values.get('wait') !== false) waitForDeletion(env, deleted, report.fail);
  report.finish();
}

/** delete.go PrintObj: `pod "web" deleted`, `force deleted` with a zero grace period, `pod/web` with -o name. */
export function printDeleted(env: RunEnv, live: LiveObject, grace: number | undefined): string {
  if (env.cmd.output === 'name') return `${kindPrefix(live.def.kind)}/${live.name}\n`;
  if (grace === 0) {
    const suffix = env.cmd.dryRun === 'client' ? ' (dry run)' : env.cmd.dryRun === 'server' ? ' (server dry run)' : '';
    return `${kindPrefix(live.def.kind)} "${live.name}" force deleted${suffix}\n`;
  }
  return deletedMessage(live.def.kind, live.name, env.cmd.dryRun);
}

/** delete.go wait: until each object is gone or replaced by a new one (another uid). */
function waitForDeletion(env: RunEnv, objects: readonly LiveObject[], onTimeout: (text: string) => void): void {
  const cap = timeoutTicks(env);
  const start = env.ports.sim.now();
  for (const o of objects) {
    const uid = o.object.metadata?.uid;
    const gone = (): boolean => {
      const r = getObject(env, o.def, o.namespace, o.name);
      return (!r.ok && r.error.reason === 'NotFound') || (r.ok && r.value.metadata?.uid !== uid);
    };
    const left = cap - (env.ports.sim.now() - start);
    if (!waitUntil(env, gone, Math.max(0, left))) {
      onTimeout(`error: timed out waiting for the condition on ${o.def.resource}/${o.name}\n`);
      return;
    }
  }
}
