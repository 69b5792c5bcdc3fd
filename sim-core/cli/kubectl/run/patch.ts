// `kubectl patch (TYPE NAME… | -f FILE) -p PATCH|--patch-file FILE [--type strategic|merge|json]`
// (kubectl pkg/cmd/patch/patch.go RunPatch): the patch text is YAML or JSON (yaml.ToJSON);
// each object named is read first (the builder's lazy GET; a file's object is taken as it is
// written), then the API server applies the patch (or, for a client dry run or --local, the
// same patch functions apply it here), and kubectl prints `deployment.apps/web patched` — or
// `patched (no change)` when the answer is the object it started from. Every object is
// visited; failures come together at the end. As with taint, a dry run's result line carries
// no "(dry run)".
import { statusError, type KubeObject, type PatchType } from '../../../client';
import { applyJsonPatch, applyPatch } from '../../../apiserver/server';
import { MAX_MANIFEST_BYTES, parseDocuments } from '../../../apiserver/manifest';
import { canonicalJson } from '../../../kernel';
import { getObject, getScale, REQUEST_TIMEOUT_TICKS } from './api';
import type { RunEnv } from './env';
import { readManifests } from './manifests';
import { readWorkspaceFile } from './workspace';
import { plainFailure, reportFailures, statusFailure, type Failure } from './objects';
import { printObject } from './print-object';

const PATCH_TYPES: Record<string, PatchType> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
};

/** yaml.ToJSON of the patch text: its one document as a value, or kubectl's error. */
function patchValue(env: RunEnv): { ok: true; value: unknown } | { ok: false; error: string } {
  const flags = env.cmd.flags.values;
  const file = (flags.get('patch-file') as string | undefined) ?? '';
  let text = (flags.get('patch') as string | undefined) ?? '';
  if (file !== '') {
    const read = readWorkspaceFile(env.files, file);
    if (read === undefined) return { ok: false, error: `error: unable to read patch file: open ${file}: no such file or directory\n` };
    text = read;
  }
  // yaml.ToJSON, with the guards every learner's text gets (size, depth) before the parser sees it
  const parsed = parseDocuments(text);
  if (!parsed.ok) {
    const p = parsed.problem;
    // kubectl would send it, and the API server would refuse the body (413)
    if (p.reason === 'tooLarge') return { ok: false, error: `Error from server (RequestEntityTooLarge): Request entity too large: limit is ${MAX_MANIFEST_BYTES}\n` };
    return { ok: false, error: `error: unable to parse ${JSON.stringify((flags.get('patch') as string | undefined) ?? '')}: ${p.reason === 'yaml' ? 'yaml: ' : ''}${p.detail}\n` };
  }
  return { ok: true, value: parsed.values[0] ?? null };
}

export function runPatch(env: RunEnv): void {
  const { cmd } = env;
  const patch = patchValue(env);
  if (!patch.ok) {
    env.out.printErr(patch.error);
    return env.out.exit(1);
  }
  const patchType = PATCH_TYPES[((cmd.flags.values.get('type') as string | undefined) || 'strategic').toLowerCase()]!;
  const subresource = (cmd.flags.values.get('subresource') as string | undefined) ?? '';
  // the builder reads the subresource (a Scale for scale; the object itself for status);
  // one the kind does not have is the server's 404
  const readTarget = (t: (typeof cmd.targets)[number]) =>
    subresource === '' || subresource === 'status'
      ? getObject(env, t.def, env.namespace, t.name ?? '')
      : subresource === 'scale'
        ? getScale(env, t.def, env.namespace, t.name ?? '')
        : ({ ok: false, error: statusError('NotFound', 'the server could not find the requested resource') } as const);
  const local = cmd.flags.values.get('local') === true;
  // the builder continues on error: every object is visited, the failures come at the end
  const failures: Failure[] = [];
  // what the builder hands the visitor: a file's object as written (-f: no GET), or the object
  // a name reads from the server
  const objects: { kind: string; live: KubeObject; resource: string; namespace: string; name: string }[] = [];
  if (cmd.filenames.length > 0) {
    const read = readManifests(env);
    if (!read.ok) {
      env.out.printErr(read.error);
      return env.out.exit(1);
    }
    for (const m of read.objects) objects.push({ kind: m.def.kind, live: m.object, resource: m.def.resource, namespace: m.namespace, name: m.object.metadata?.name ?? '' });
  }
  if (!local) {
    for (const t of cmd.targets) {
      const r = readTarget(t);
      if (!r.ok) failures.push(statusFailure(r.error));
      else objects.push({ kind: subresource === 'scale' ? 'Scale' : t.def.kind, live: r.value, resource: t.def.resource, namespace: t.def.namespaced ? env.namespace : '', name: t.name ?? '' });
    }
  }
  if (objects.length === 0 && failures.length === 0) {
    env.out.printErr('error: no objects passed to patch\n');
    return env.out.exit(1);
  }
  for (const o of objects) {
    let patched: KubeObject;
    if (local || cmd.dryRun === 'client') {
      const r = patchLocally(o.live, patchType, patch.value);
      if (!r.ok) {
        failures.push(plainFailure(r.error));
        continue;
      }
      patched = r.value;
    } else {
      const r = env.kube.request(
        { verb: 'patch', resource: o.resource, namespace: o.namespace, name: o.name, patchType, patch: patch.value, ...(subresource === 'status' || subresource === 'scale' ? { subresource } : {}), ...(cmd.dryRun === 'server' ? { dryRun: true } : {}) },
        { timeoutTicks: REQUEST_TIMEOUT_TICKS },
      );
      if (!r.ok) {
        failures.push(statusFailure(r.error));
        continue;
      }
      patched = r.value;
    }
    // reflect.DeepEqual of two unstructured maps: key order does not count
    const unchanged = canonicalJson(o.live) === canonicalJson(patched);
    printObject(env, o.kind, patched, unchanged ? 'patched (no change)' : 'patched', false, 'none');
  }
  reportFailures(env, failures);
}

/** getPatchedJSON: the patch applied here (--local, --dry-run=client), with the client libraries' error texts. */
function patchLocally(obj: KubeObject, type: PatchType, patch: unknown): { ok: true; value: KubeObject } | { ok: false; error: string } {
  const plain = typeof patch === 'object' && patch !== null && !Array.isArray(patch);
  if (type === 'application/json-patch+json') {
    const r = applyJsonPatch(obj, patch);
    if (r.ok) return { ok: true, value: r.value as KubeObject };
    // kubectl's own rewording of the library's "doc is missing key" (patch.go getPatchedJSON)
    const at = r.error.indexOf('doc is missing key');
    if (at >= 0) return { ok: false, error: `Object to be patched is missing field (${r.error.slice(r.error.indexOf('key:', at) + 5)})` };
    return { ok: false, error: r.error };
  }
  // jsonpatch.MergePatch's and strategicpatch's refusals of a patch that is no JSON object
  if (!plain) return { ok: false, error: type === 'application/merge-patch+json' ? 'Invalid JSON Patch' : 'invalid JSON document' };
  const r = applyPatch(obj, { patchType: type, patch });
  return r.ok ? r : { ok: false, error: r.error.message };
}
