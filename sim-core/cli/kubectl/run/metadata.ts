// `kubectl label` and `kubectl annotate` (pkg/cmd/label/label.go, pkg/cmd/annotate/annotate.go):
// refuse to change an existing value without --overwrite, remove `key-`, write the object
// (kubectl sends a merge patch; we send an update of the live object, retried on 409),
// and print `pod/web labeled`, `pod/web unlabeled` (a change that shortens the object),
// `pod/web not labeled` (label only, when nothing changed) or `pod/web annotated`;
// --list prints the result instead of writing it.
import type { KubeObject } from '../../../client';
import { statusText, updateWithRetry } from './api';
import type { RunEnv } from './env';
import { exitCodeLater, liveObjects } from './objects';
import { printObject } from './print-object';

type Field = 'labels' | 'annotations';

/** label.go validateNoOverwrites: one error as `error: …`, several (an aggregate) each on a line */
function labelOverwrites(current: Record<string, string>, set: Record<string, string>): string | undefined {
  const errs = Object.keys(set)
    .filter((k) => k in current && current[k] !== set[k])
    .map((k) => `'${k}' already has a value (${current[k]}), and --overwrite is false`);
  if (errs.length === 0) return undefined;
  return errs.length === 1 ? `error: ${errs[0]}\n` : errs.map((e) => `${e}\n`).join('');
}

/** annotate.go validateNoAnnotationOverwrites (kubernetes.io/change-cause may always change) */
function annotationOverwrites(current: Record<string, string>, set: Record<string, string>): string | undefined {
  const found = Object.keys(set)
    .filter((k) => k !== 'kubernetes.io/change-cause' && k in current && current[k] !== set[k])
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
  for (const live of liveObjects(env, report)) {
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
    // updateDataChangeMsg: a change that leaves the object's JSON shorter, without --overwrite, "unlabeled"
    const shorter = field === 'labels' && !env.cmd.overwrite && JSON.stringify({ ...live.object, metadata: { ...live.object.metadata, [field]: changedMap(current, changes) } }).length < JSON.stringify(live.object).length;
    if (field === 'labels') {
      for (const k of changes.remove) if (!(k in current)) env.out.print(`label "${k}" not found.\n`);
    }
    const apply = (obj: KubeObject): KubeObject | undefined => {
      const meta = obj.metadata ?? {};
      const next = changedMap((meta[field] as Record<string, string> | undefined) ?? {}, changes);
      const before = JSON.stringify(meta[field] ?? {});
      if (JSON.stringify(next) === before && env.cmd.dryRun !== 'client') return undefined;
      obj.metadata = { ...meta, [field]: next };
      return obj;
    };
    let changed: boolean;
    // what -o prints: the object as changed here (a client dry run) or as the server answered
    let result: KubeObject = live.object;
    if (env.cmd.dryRun === 'client') {
      changed = apply(live.object) !== undefined && JSON.stringify(live.object.metadata?.[field] ?? {}) !== JSON.stringify(current);
    } else {
      const r = updateWithRetry(env, live.def, live.namespace, live.name, apply);
      if (!r.ok) {
        report.fail(statusText(r.error));
        continue;
      }
      changed = r.value.after !== undefined;
      result = r.value.after ?? r.value.before;
    }
    const op = field === 'labels' ? (changed ? (shorter ? 'unlabeled' : 'labeled') : 'not labeled') : 'annotated';
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
