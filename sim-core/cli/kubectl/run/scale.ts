// `kubectl scale --replicas=N TYPE NAME` (pkg/cmd/scale/scale.go): the scale subresource
// of Deployments and ReplicaSets, written here as an update of spec.replicas;
// `deployment.apps/web scaled`. Other kinds have no scaler.
import { operationResult } from '../messages';
import { statusText, updateWithRetry } from './api';
import type { RunEnv } from './env';
import { exitCodeLater, liveObjects } from './objects';

const SCALABLE = ['Deployment', 'ReplicaSet'];

export function runScale(env: RunEnv): void {
  const report = exitCodeLater(env);
  const replicas = env.cmd.replicas ?? 0;
  const current = env.cmd.flags.values.get('current-replicas');
  for (const live of liveObjects(env, report)) {
    if (!SCALABLE.includes(live.def.kind)) {
      report.fail(`error: no scaler has been implemented for {"${live.def.group}" "${live.def.kind}"}\n`);
      continue;
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
    env.out.print(operationResult(live.def.kind, live.name, 'scaled', env.cmd.dryRun));
  }
  report.finish();
}
