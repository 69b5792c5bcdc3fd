// `kubectl taint nodes NAME… | -l SELECTOR | --all  KEY[=VALUE]:EFFECT… KEY[:EFFECT]-…`
// (kubectl pkg/cmd/taint/taint.go RunTaint): for each Node in turn, the new taints
// (../taints.ts), then a strategic merge patch of spec.taints — the whole list, or null
// when none is left, as CreateTwoWayMergePatch writes it for a list without a merge key —
// and `node/node-1 tainted|untainted|modified`. The first failure stops the rest, as the
// builder's visitor does. A client dry run patches nothing, and prints no "(dry run)": taint
// names its operation after the dry-run decoration was made.
import type { KubeObject } from '../../../client';
import type { Taint } from '../taints';
import { updateTaints } from '../taints';
import { REQUEST_TIMEOUT_TICKS, statusText } from './api';
import { NODES, namedNodes } from './cordon';
import type { RunEnv } from './env';
import { exitCodeLater } from './objects';
import { printObject } from './print-object';

/**
 * What CreateTwoWayMergePatch sends for new taints: the whole list (taints have no merge
 * key), each taint's keys sorted as Go marshals a map, or null when none is left.
 */
export function strategicTaintPatch(taints: readonly Taint[]): { spec: { taints: Record<string, unknown>[] | null } } {
  const one = (t: Taint): Record<string, unknown> => ({ effect: t.effect, key: t.key, ...(t.timeAdded !== undefined ? { timeAdded: t.timeAdded } : {}), ...(t.value !== undefined && t.value !== '' ? { value: t.value } : {}) });
  return { spec: { taints: taints.length > 0 ? taints.map(one) : null } };
}

export function runTaint(env: RunEnv): void {
  const { cmd } = env;
  const changes = cmd.taintChanges ?? { add: [], remove: [] };
  const report = exitCodeLater(env);
  const nodes = cmd.flags.values.get('all') === true ? namedNodes({ ...env, cmd: { ...cmd, args: [] } }, report) : namedNodes(env, report);
  for (const node of nodes) {
    const name = node.metadata?.name ?? '';
    const old = (((node.spec ?? {}) as { taints?: Taint[] }).taints ?? []).map((t) => ({ ...t }));
    const r = updateTaints(name, old, changes, cmd.flags.values.get('overwrite') === true);
    if (!r.ok) {
      report.fail(`error: ${r.error}\n`);
      break;
    }
    let shown: KubeObject = { ...node, spec: { ...(node.spec ?? {}), taints: r.value.taints } };
    if (r.value.taints.length === 0) shown = { ...node, spec: withoutTaints(node.spec) };
    if (cmd.dryRun !== 'client') {
      const patch = strategicTaintPatch(r.value.taints);
      const sent = env.kube.request(
        { verb: 'patch', resource: NODES.resource, namespace: '', name, patchType: 'application/strategic-merge-patch+json', patch, ...(cmd.dryRun === 'server' ? { dryRun: true } : {}) },
        { timeoutTicks: REQUEST_TIMEOUT_TICKS },
      );
      if (!sent.ok) {
        report.fail(statusText(sent.error));
        break;
      }
      shown = sent.value;
    }
    printObject(env, 'Node', shown, r.value.operation, false, 'none');
  }
  report.finish();
}

function withoutTaints(spec: KubeObject['spec']): Record<string, unknown> {
  const { taints: _t, ...rest } = (spec ?? {}) as Record<string, unknown>;
  return rest;
}
