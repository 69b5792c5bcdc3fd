// `kubectl label` and `kubectl annotate` (pkg/cmd/label/label.go, pkg/cmd/annotate/annotate.go):
// refuse to change an existing value without --overwrite, remove `key-`, send the JSON merge
// patch from the object as read to the object changed (no retry: a stale --resource-version
// is the server's 409), and print `pod/web labeled`, `pod/web unlabeled` (a change that shortens the object),
// `pod/web not labeled` (label only, when nothing changed) or `pod/web annotated`;
// --list prints the result instead of writing it.
import { deepCopy, type KubeObject } from '../../../client';
import { createMergePatch } from '../strategic-diff';
import { patchObject, statusText } from './api';
import type { RunEnv } from './env';
import { exitCodeLater, liveObjects } from './objects';
import { printObject } from './print-object';

type Field = 'labels' | 'annotations';

/** label.go validateNoOverwrites: one error as `error: …`, several (an aggregate) each on a line */
function labelOverwrites(current: Record<string, string>, set: Record<string, string>): string | undefined {
  const errs = Object.keys(set)
    .filter((k) => Object.hasOwn(current, k) && current[k] !== set[k])
    .map((k) => `'${k}' already has a value (${current[k]}), and --overwrite is false`);
  if (errs.length === 0) return undefined;
  return errs.length === 1 ? `error: ${errs[0]}\n` : errs.map((e) => `${e}\n`).join('');
}

/** annotate.go validateNoAnnotationOverwrites (kubernetes.io/change-cause may always change) */
function annotationOverwrites(current: Record<string, string>, set: Record<string, string>): string | undefined {
  const found = Object.keys(set)
    .filter((k) => k !== 'kubernetes.io/change-cause' && Object.hasOwn(current, k) && current[k] !== set[k])
    .map((k) => `'${k}' already has a value (${current[k]})`);
  return found.length === 0 ? undefined : `error: --overwrite is false but found the following declared annotation(s): ${found.join('; ')}\n`;
}

/** The labels or annotations with the command's changes made (labelFunc / the annotate equivalent). */
function changedMap(current: Record<string, string>, changes: { set: Record<string, string>; remove: readonly string[] }): Record<string, string> {
  const next = { ...current, ...changes.set };
  for (const k of changes.remove) delete next[k];
  return next;
}

function changeMetadata(env: RunEnv, field: Field): void {
  const report = exitCodeLater(env);
  const changes = env.cmd.metadataChanges ?? { set: {}, remove: [] };
  // IntoSingleItemImplied: one object named on the command line
  const cmd = env.cmd;
  const single = cmd.filenames.length === 0 && cmd.selector === undefined && !cmd.all && cmd.targets.length === 1 && cmd.targets[0]!.name !== undefined;
  const rvFlag = cmd.flags.values.get('resource-version');
  const resourceVersion = typeof rvFlag === 'string' ? rvFlag : '';
  const objects = liveObjects(env, report);
  // resource version locking only on a single resource
  if (!single && resourceVersion !== '') {
    report.fail('error: --resource-version may only be used with a single resource\n');
    return report.finish();
  }
  for (const live of objects) {
    const current = { ...((live.object.metadata?.[field] as Record<string, string> | undefined) ?? {}) };
    if (!env.cmd.overwrite) {
      const refusal = field === 'labels' ? labelOverwrites(current, changes.set) : annotationOverwrites(current, changes.set);
      if (refusal !== undefined) {
        report.fail(refusal);
        continue;
      }
    }
    if (env.cmd.flags.values.get('list') === true) {
      // --list: what the object would carry with the changes, written nowhere (Go's map order
      // is random; the object's own order here)
      const indent = single ? '' : ' ';
      if (!single) env.out.print(`Listing ${field} for ${live.def.kind}.${live.def.group}/${live.name}:\n`);
      for (const [k, v] of Object.entries(changedMap(current, changes))) env.out.print(`${indent}${k}=${v}\n`);
      continue;
    }
    // label.go / annotate.go: the JSON of the object as read (without its resourceVersion
    // when --resource-version is given, so that the patch always carries that version) and
    // of the object changed here; the patch is the JSON merge patch between the two, sent
    // even when it is empty
    const obj = deepCopy(live.object);
    const meta = (obj.metadata ??= {});
    if (resourceVersion !== '') delete meta.resourceVersion;
    const oldData = JSON.stringify(obj);
    const before = deepCopy(obj);
    if (field === 'labels') {
      for (const k of changes.remove) if (!Object.hasOwn(current, k)) env.out.print(`label "${k}" not found.\n`);
    }
    meta[field] = changedMap(current, changes);
    if (resourceVersion !== '') meta.resourceVersion = resourceVersion;
    const newData = JSON.stringify(obj);
    // updateDataChangeMsg: a change that leaves the object's JSON shorter, without --overwrite, is "unlabeled"
    const op = field === 'annotations' ? 'annotated' : oldData === newData ? 'not labeled' : !env.cmd.overwrite && newData.length < oldData.length ? 'unlabeled' : 'labeled';
    // what -o prints: label the object as changed here, annotate the server's answer
    let result: KubeObject = obj;
    if (env.cmd.dryRun !== 'client') {
      const r = patchObject(env, live.def, live.namespace, live.name, 'application/merge-patch+json', createMergePatch(before as Record<string, unknown>, obj as Record<string, unknown>));
      if (!r.ok) {
        report.fail(statusText(r.error));
        continue;
      }
      if (field === 'annotations') result = r.value;
    }
    printObject(env, live.def.kind, result, op, false);
  }
  report.finish();
}

export function runLabel(env: RunEnv): void {
  changeMetadata(env, 'labels');
}

export function runAnnotate(env: RunEnv): void {
  changeMetadata(env, 'annotations');
}
