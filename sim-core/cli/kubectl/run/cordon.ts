// `kubectl cordon|uncordon NODE…` (pkg/cmd/drain/drain.go RunCordonOrUncordon and
// pkg/drain/cordon.go): set spec.unschedulable, print `node/node-1 cordoned`, or
// `node/node-1 already cordoned` when there is nothing to change.
import { kindForResource } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { operationResult } from '../messages';
import { createTwoWayMergePatch } from '../strategic-diff';
import { getObject, listObjects, patchObject, statusText } from './api';
import type { RunEnv } from './env';
import { exitCodeLater, type Reporter } from './objects';

export const NODES = kindForResource('nodes')!;

/**
 * The nodes named on the command line, or those matching --selector. drain.go Complete
 * visits them without ContinueOnError: a node that cannot be read stops the command before
 * any is cordoned or drained.
 */
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
      return [];
    }
    out.push(r.value);
  }
  return out;
}

/**
 * cordon.go PatchOrReplace: the strategic merge patch from the node as read to the node with
 * spec.unschedulable set (`{"spec":{"unschedulable":true}}`; false is left out, so uncordon
 * sends null). A failure is printed as RunCordonOrUncordon's printError does
 * (`error: unable to cordon node "node-1": <the server's message>`); the command goes on
 * and its exit code is not changed (RunCordonOrUncordon returns nil).
 */
export function setUnschedulable(env: RunEnv, node: KubeObject, desired: boolean): boolean {
  const spec = (node.spec ?? {}) as { unschedulable?: boolean };
  const next: Record<string, unknown> = { ...spec };
  if (desired) next.unschedulable = true;
  else delete next.unschedulable;
  const patch = createTwoWayMergePatch('Node', node as Record<string, unknown>, { ...node, spec: next });
  const name = node.metadata?.name ?? '';
  const r = patchObject(env, NODES, '', name, 'application/strategic-merge-patch+json', patch);
  if (!r.ok) env.out.printErr(`error: unable to ${desired ? 'cordon' : 'uncordon'} node ${JSON.stringify(name)}: ${r.error.message}\n`);
  return r.ok;
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
    if (env.cmd.dryRun !== 'client' && !setUnschedulable(env, node, desired)) continue;
    env.out.print(operationResult('Node', name, word, env.cmd.dryRun));
  }
  report.finish();
}
