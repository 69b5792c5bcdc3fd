// `kubectl scale --replicas=N TYPE NAME` (pkg/cmd/scale/scale.go): the scale subresource
// of Deployments and ReplicaSets, written here as an update of spec.replicas;
// `deployment.apps/web scaled`. Other kinds have no scale subresource (the API server's 404);
// nothing found at all is `no objects passed to scale`.
import { statusText, updateWithRetry } from './api';
import type { RunEnv } from './env';
import { collectFailures, exitCodeLater, liveObjects } from './objects';
import { printObject } from './print-object';

const SCALABLE = ['Deployment', 'ReplicaSet'];

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
  for (const live of objects) {
    if (!SCALABLE.includes(live.def.kind)) {
      // the scale subresource a kind does not have: the API server's 404, and kubectl stops
      report.fail('Error from server (NotFound): the server could not find the requested resource\n');
      return report.finish();
    }
    const spec = (live.object.spec ?? {}) as { replicas?: number };
    if (typeof current === 'bigint' && current >= 0n && BigInt(spec.replicas ?? 1) !== current) {
      report.fail(`error: Expected replicas to be ${current}, was ${spec.replicas ?? 1}\n`);
      continue;
    }
    if (env.cmd.dryRun !== 'client') {
      const r = updateWithRetry(env, live.def, live.namespace, live.name, (obj) => {
        obj.spec = { ...(obj.spec as object), replicas };
        return obj;
      });
      if (!r.ok) {
        report.fail(statusText(r.error));
        continue;
      }
    }
    // -o prints the object as it was read, before the scale (scale.go PrintObj(info.Object))
    printObject(env, live.def.kind, live.object, 'scaled', false);
  }
  for (const text of unread.texts) report.fail(text);
  report.finish();
}
