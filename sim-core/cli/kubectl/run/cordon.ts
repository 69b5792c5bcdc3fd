// `kubectl cordon|uncordon NODE…` (pkg/cmd/drain/drain.go RunCordonOrUncordon and
// pkg/drain/cordon.go): set spec.unschedulable, print `node/node-1 cordoned`, or
// `node/node-1 already cordoned` when there is nothing to change.
import { kindForResource } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { operationResult } from '../messages';
import { getObject, listObjects, statusText, updateWithRetry } from './api';
import type { RunEnv } from './env';
import { exitCodeLater, type Reporter } from './objects';

export const NODES = kindForResource('nodes')!;

/** The nodes named on the command line, or those matching --selector. */
export function namedNodes(env: RunEnv, report: Reporter): KubeObject[] {
  if (env.cmd.args.length === 0) {
    const r = listObjects(env, NODES, { namespace: undefined, ...(env.cmd.selector !== undefined ? { labelSelector: env.cmd.selector } : {}) });
    if (!r.ok) {
      report.fail(statusText(r.error));
      return [];
    }
    return r.value.items;
  }
  const out: KubeObject[] = [];
  for (const name of env.cmd.args) {
    const r = getObject(env, NODES, '', name);
    if (!r.ok) {
      report.fail(statusText(r.error));
      if (r.error.code === 0) break;
      continue;
    }
    out.push(r.value);
  }
  return out;
}

/** cordon.go PatchOrReplace: returns whether the node changed, or the failure text. */
export function setUnschedulable(env: RunEnv, name: string, desired: boolean): { ok: true; changed: boolean } | { ok: false; error: string } {
  const r = updateWithRetry(env, NODES, '', name, (node) => {
    const spec = (node.spec ?? {}) as { unschedulable?: boolean };
    if ((spec.unschedulable ?? false) === desired) return undefined;
    const next: Record<string, unknown> = { ...spec };
    if (desired) next.unschedulable = true;
    else delete next.unschedulable;
    node.spec = next;
    return node;
  });
  if (!r.ok) return { ok: false, error: statusText(r.error) };
  return { ok: true, changed: r.value.after !== undefined };
}

export function runCordon(env: RunEnv): void {
  const desired = env.cmd.command === 'cordon';
  const report = exitCodeLater(env);
  for (const node of namedNodes(env, report)) {
    const name = node.metadata?.name ?? '';
    const already = (((node.spec ?? {}) as { unschedulable?: boolean }).unschedulable ?? false) === desired;
    const word = desired ? 'cordoned' : 'uncordoned';
    if (already) {
      env.out.print(operationResult('Node', name, `already ${word}`, env.cmd.dryRun));
      continue;
    }
    if (env.cmd.dryRun !== 'client') {
      const r = setUnschedulable(env, name, desired);
      if (!r.ok) {
        report.fail(r.error);
        continue;
      }
    }
    env.out.print(operationResult('Node', name, word, env.cmd.dryRun));
  }
  report.finish();
}
