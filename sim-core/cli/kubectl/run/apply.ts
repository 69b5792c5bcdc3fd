// `kubectl apply -f` (pkg/cmd/apply/apply.go, client-side apply): for each object in the
// files, create it with the last-applied-configuration annotation if it does not exist;
// otherwise send the three-way strategic merge patch (../strategic-diff: original = the
// annotation, modified = the file, current = the live object; what only the server or
// another writer set is kept, what the last apply set and the file dropped is deleted),
// re-reading and recomputing on 409 Conflict as kubectl's patcher retries. An empty patch is
// not sent: `unchanged`. Prints `deployment.apps/web created|configured|unchanged`; the
// missing annotation warning when the live object was made without it (kubectl create).
import { deepCopy, type KubeObject } from '../../../client';
import { compactJson } from '../../../apiserver';
import { missingLastAppliedWarning } from '../drain';
import { qualifiedResource } from '../errors';
import { operationResult } from '../messages';
import { createObject, getObject, patchObject, statusText, statusTextFromFile } from './api';
import type { RunEnv } from './env';
import { readManifests, type ManifestObject } from './manifests';
import { createThreeWayMergePatch, isPatchComputeError } from '../strategic-diff';
import { exitCodeLater } from './objects';
import { goCompactJson, printStructured, sortedDeep } from '../structured';
import { kindPrefix } from '../get';
import { setOwn } from '../../../kernel';
import { isTemplateOutput, printWithTemplate } from './templates';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * util.GetModifiedConfiguration(obj, annotate=true): the object with its namespace set and
 * the annotation removed, serialized (this text is the annotation, newline included), then
 * the object carrying that annotation.
 */
export function modifiedConfiguration(m: ManifestObject): KubeObject {
  const copy = deepCopy(m.object);
  const meta = { ...(copy.metadata ?? {}) };
  if (m.def.namespaced) meta.namespace = m.namespace;
  const annotations = { ...(meta.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  meta.annotations = annotations;
  copy.metadata = meta;
  const text = `${goCompactJson(copy)}\n`;
  return { ...copy, metadata: { ...meta, annotations: { ...annotations, [LAST_APPLIED]: text } } };
}

/**
 * CreateOrUpdateAnnotation for an object kubectl generated itself (create deployment|namespace,
 * run): the typed object without the annotation, encoded as json.Marshal encodes it (Go
 * field order, compact) plus a newline, then that text added to its annotations.
 */
export function typedSaveConfig(obj: KubeObject): KubeObject {
  const meta = { ...(obj.metadata ?? {}) };
  const annotations = { ...(meta.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  const bare = { ...obj, metadata: Object.keys(annotations).length > 0 ? { ...meta, annotations } : withoutAnnotations(meta) };
  const text = `${compactJson(bare as Record<string, unknown>)}\n`;
  return { ...obj, metadata: { ...meta, annotations: { ...annotations, [LAST_APPLIED]: text } } };
}

function withoutAnnotations(meta: NonNullable<KubeObject['metadata']>): NonNullable<KubeObject['metadata']> {
  const { annotations: _a, ...rest } = meta;
  return rest;
}

/** The last-applied configuration kubectl diffs against (apply.go: none when absent or not a JSON object); the lab editor's update check reads it too. */
export function parseLastApplied(live: KubeObject): Record<string, unknown> | undefined {
  const text = live.metadata?.annotations?.[LAST_APPLIED];
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A patch kubectl could not compute (a list element without its merge key): patcher.go's
 * `creating patch with:` and the three documents, inside AddSourceToErr's `error when
 * patching` and apply.go's `error when applying patch` (whose dump of kubectl's resource Info
 * is left out here). The lab editor shows it for a manifest Apply would fail on.
 */
export function patchComputeError(m: ManifestObject, live: KubeObject, e: Error): string {
  const original = live.metadata?.annotations?.[LAST_APPLIED] ?? '';
  const doc = (o: unknown) => `${goCompactJson(o)}\n`;
  return (
    `error: error when applying patch:\n\nto:\nResource: "${m.def.apiVersion}, Resource=${m.def.resource}", GroupVersionKind: "${m.def.apiVersion}, Kind=${m.def.kind}"\nName: "${m.name}", Namespace: "${m.def.namespaced ? m.namespace : ''}"\n` +
    `for: "${m.source}": error when patching "${m.source}": creating patch with:\noriginal:\n${original}\nmodified:\n${doc(modifiedConfiguration(m))}\ncurrent:\n${doc(live)}\nfor:: ${e.message}\n`
  );
}

/** What was done, and the object kubectl holds for it afterwards (what -o prints). */
type Outcome = { ok: true; operation: 'created' | 'configured' | 'unchanged'; object: KubeObject } | { ok: false; error: string };

/** apply.go pruneNullsFromMap: a create sends no null fields (the annotation keeps them). */
function withoutNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNulls);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== null) setOwn(out, k, withoutNulls(x));
  return out;
}

function applyOne(env: RunEnv, m: ManifestObject): Outcome {
  // applyOneObject: an object named only by generateName cannot be applied (which one would the next apply update?)
  const generateName = m.object.metadata?.generateName;
  if (m.name === '' && typeof generateName === 'string' && generateName !== '') return { ok: false, error: `error: from ${generateName}: cannot use generate name with apply\n` };
  const modified = modifiedConfiguration(m);
  // --dry-run=server sends the requests with dryRun (api.ts): the server admits and validates them
  const dry = env.cmd.dryRun === 'client';
  // patcher.go: maxPatchRetry = 5 attempts, each against a fresh read of the live object
  for (let attempt = 0; attempt < 5; attempt++) {
    const live = getObject(env, m.def, m.namespace, m.name);
    if (!live.ok && live.error.reason === 'NotFound') {
      // the object as json.Marshal writes an unstructured one: keys sorted, nulls pruned
      const body = withoutNulls(sortedDeep(modified)) as KubeObject;
      if (dry) return { ok: true, operation: 'created', object: body };
      const r = createObject(env, m.def, m.namespace, body);
      if (!r.ok) return { ok: false, error: statusTextFromFile(r.error, 'creating', m.source) };
      return { ok: true, operation: 'created', object: r.value };
    }
    if (!live.ok) return { ok: false, error: statusText(live.error) };
    // a client dry run of an existing object computes nothing: always `configured (dry run)`
    if (dry) return { ok: true, operation: 'configured', object: live.value };
    const original = parseLastApplied(live.value);
    if (original === undefined && attempt === 0) env.out.printErr(missingLastAppliedWarning(m.def.resource, m.name));
    // the three-way strategic merge patch; an empty one is not sent
    let patch: Record<string, unknown>;
    try {
      patch = createThreeWayMergePatch(m.def.kind, original, modified as Record<string, unknown>, live.value as Record<string, unknown>);
    } catch (e) {
      if (!isPatchComputeError(e)) throw e;
      return { ok: false, error: patchComputeError(m, live.value, e) };
    }
    if (Object.keys(patch).length === 0) return { ok: true, operation: 'unchanged', object: live.value };
    const r = patchObject(env, m.def, m.namespace, m.name, 'application/strategic-merge-patch+json', patch);
    if (r.ok) return { ok: true, operation: 'configured', object: r.value };
    if (r.error.reason !== 'Conflict') return { ok: false, error: statusTextFromFile(r.error, 'applying patch', m.source) };
  }
  return { ok: false, error: statusTextFromFile({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Conflict', code: 409, message: `Operation cannot be fulfilled on ${qualifiedResource(m.def)} "${m.name}": the object has been modified; please apply your changes to the latest version and try again` }, 'applying patch', m.source) };
}

export function runApply(env: RunEnv): void {
  // server-side apply needs managedFields, which the simulated API server does not keep: a
  // clear refusal rather than a client-side apply that prints `created` where kubectl prints
  // `serverside-applied`
  if (env.cmd.flags.values.get('server-side') === true) {
    env.out.printErr('error: server-side apply (--server-side) is not part of this simulation: the API server keeps no managedFields; apply without --server-side (client-side apply, the last-applied annotation and a three-way patch)\n');
    return env.out.exit(1);
  }
  const read = readManifests(env);
  if (!read.ok) {
    env.out.printErr(read.error);
    return env.out.exit(1);
  }
  if (read.objects.length === 0) {
    env.out.printErr('error: no objects passed to apply\n');
    return env.out.exit(1);
  }
  // --prune (with its allowlist and --all or -l checked as kubectl checks them, parse.ts):
  // kubectl would list every object of the allowed kinds that carries the last-applied
  // annotation and delete those the files no longer hold; the simulation stops short of that
  if (env.cmd.flags.values.get('prune') === true) {
    env.out.printErr('error: --prune is not part of this simulation; delete what the files no longer hold with kubectl delete\n');
    return env.out.exit(1);
  }
  const report = exitCodeLater(env);
  const output = env.cmd.output;
  // -o other than name: the objects are printed once all are applied (printObjects: one
  // object as itself, several as a v1 List)
  const printed: KubeObject[] = [];
  for (const m of read.objects) {
    const r = applyOne(env, m);
    if (!r.ok) {
      report.fail(r.error);
      continue;
    }
    if (output === '') env.out.print(operationResult(m.def.kind, m.name, r.operation, env.cmd.dryRun));
    else if (output === 'name') env.out.print(`${kindPrefix(m.def.kind)}/${m.name}\n`);
    else printed.push(r.object);
  }
  if (printed.length > 0) {
    const doc = printed.length === 1 ? printed[0]! : ({ apiVersion: 'v1', items: printed, kind: 'List', metadata: {} } as KubeObject);
    if (isTemplateOutput(output)) printWithTemplate(env, doc, false);
    else env.out.print(printStructured([doc], output === 'json' ? 'json' : 'yaml', false));
  }
  report.finish();
}

