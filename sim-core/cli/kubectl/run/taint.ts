// `kubectl taint nodes NAME… | -l SELECTOR | --all  KEY[=VALUE]:EFFECT… KEY[:EFFECT]-…`
// (kubectl pkg/cmd/taint/taint.go RunTaint): for each Node in turn, the new taints
// (../taints.ts), then a strategic merge patch of spec.taints — the whole list, or null
// when none is left, as CreateTwoWayMergePatch writes it for a list without a merge key —
// and `node/node-1 tainted|untainted|modified`. The builder continues on error: every Node is
// visited and the failures come together at the end. A client dry run patches nothing, and
// prints no "(dry run)": taint names its operation after the dry-run decoration was made.
import type { KubeObject } from '../../../client';
import type { Taint } from '../taints';
import { updateTaints } from '../taints';
import { getObject, listObjects, REQUEST_TIMEOUT_TICKS } from './api';
import { plainFailure, reportFailures, statusFailure, type Failure } from './objects';
import { NODES } from './cordon';
import type { RunEnv } from './env';
import { printObject } from './print-object';

/**
 * What CreateTwoWayMergePatch sends for new taints: the whole list (taints have no merge
 * key), each taint's keys sorted as Go marshals a map, or null when none is left.
 */
export function strategicTaintPatch(taints: readonly Taint[]): { spec: { taints: Record<string, unknown>[] | null } } {
  const one = (t: Taint): Record<string, unknown> => ({ effect: t.effect, key: t.key, ...(t.timeAdded !== undefined ? { timeAdded: t.timeAdded } : {}), ...(t.value !== undefined && t.value !== '' ? { value: t.value } : {}) });
  return { spec: { taints: taints.length > 0 ? taints.map(one) : null } };
}

/** The Nodes taint.go's builder visits: -l wins over names, --all takes every Node, else the names. */
function taintTargets(env: RunEnv, failures: Failure[]): KubeObject[] {
  const { cmd } = env;
  const selector = cmd.selector ?? '';
  if (selector !== '' || cmd.flags.values.get('all') === true) {
    const r = listObjects(env, NODES, { namespace: undefined, ...(selector !== '' ? { labelSelector: selector } : {}) });
    if (!r.ok) failures.push(statusFailure(r.error));
    return r.ok ? r.value.items : [];
  }
  const nodes: KubeObject[] = [];
  for (const name of cmd.args) {
    const r = getObject(env, NODES, '', name);
    if (r.ok) nodes.push(r.value);
    else failures.push(statusFailure(r.error));
  }
  return nodes;
}

export function runTaint(env: RunEnv): void {
  const { cmd } = env;
  const changes = cmd.taintChanges ?? { add: [], remove: [] };
  // ContinueOnError: every Node is visited; the failures are reported together at the end
  const failures: Failure[] = [];
  for (const node of taintTargets(env, failures)) {
    const name = node.metadata?.name ?? '';
    const old = (((node.spec ?? {}) as { taints?: Taint[] }).taints ?? []).map((t) => ({ ...t }));
    const r = updateTaints(name, old, changes, cmd.flags.values.get('overwrite') === true);
    if (!r.ok) {
      failures.push(plainFailure(r.error));
      continue;
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
        failures.push(statusFailure(sent.error));
        continue;
      }
      shown = sent.value;
    }
    printObject(env, 'Node', shown, r.value.operation, true, 'none');
  }
  reportFailures(env, failures);
}

function withoutTaints(spec: KubeObject['spec']): Record<string, unknown> {
  const { taints: _t, ...rest } = (spec ?? {}) as Record<string, unknown>;
  return rest;
}
