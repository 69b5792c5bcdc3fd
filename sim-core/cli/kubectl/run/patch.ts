// `kubectl patch (TYPE NAME… | -f FILE) -p PATCH|--patch-file FILE [--type strategic|merge|json]`
// (kubectl pkg/cmd/patch/patch.go RunPatch): the patch text is YAML or JSON (yaml.ToJSON);
// each object is read first (the builder's lazy GET), then the API server applies the patch
// (or, for a client dry run or --local, the same patch functions apply it here), and
// kubectl prints `deployment.apps/web patched` — or `patched (no change)` when the answer is
// the object it read. As with taint, a dry run's result line carries no "(dry run)".
import type { KubeObject, PatchType } from '../../../client';
import { applyPatch } from '../../../apiserver/server';
import { MAX_MANIFEST_BYTES, parseDocuments } from '../../../apiserver/manifest';
import { canonicalJson } from '../../../kernel';
import { getObject, REQUEST_TIMEOUT_TICKS, statusText } from './api';
import type { RunEnv } from './env';
import { readManifests } from './manifests';
import { exitCodeLater } from './objects';
import { printObject } from './print-object';
import { commandTargets } from './targets';

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
    const read = env.files.readFile?.(file);
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
  if (subresource !== '' && subresource !== 'status') {
    env.out.printErr(`error: --subresource=${subresource} is not part of this simulation; only status is\n`);
    return env.out.exit(1);
  }
  const report = exitCodeLater(env);
  const local = cmd.flags.values.get('local') === true;
  // the objects as read: from the files (--local), or from the server (names, or -f naming them)
  const objects: { kind: string; live: KubeObject; resource: string; namespace: string; name: string }[] = [];
  if (local) {
    const read = readManifests(env);
    if (!read.ok) {
      env.out.printErr(read.error);
      return env.out.exit(1);
    }
    for (const m of read.objects) objects.push({ kind: m.def.kind, live: m.object, resource: m.def.resource, namespace: m.namespace, name: m.object.metadata?.name ?? '' });
  } else {
    const targets = commandTargets(env);
    if (!targets.ok) {
      env.out.printErr(targets.error);
      return env.out.exit(1);
    }
    for (const t of targets.targets) {
      const r = getObject(env, t.def, t.namespace, t.name ?? '');
      if (!r.ok) {
        report.fail(statusText(r.error));
        return report.finish();
      }
      objects.push({ kind: t.def.kind, live: r.value, resource: t.def.resource, namespace: t.namespace, name: t.name ?? '' });
    }
  }
  if (objects.length === 0) {
    env.out.printErr('error: no objects passed to patch\n');
    return env.out.exit(1);
  }
  for (const o of objects) {
    let patched: KubeObject;
    if (local || cmd.dryRun === 'client') {
      const r = applyPatch(o.live, { patchType, patch: patch.value });
      if (!r.ok) {
        report.fail(`error: ${r.error.message}\n`);
        break;
      }
      patched = r.value;
    } else {
      const r = env.kube.request(
        { verb: 'patch', resource: o.resource, namespace: o.namespace, name: o.name, patchType, patch: patch.value, ...(subresource === 'status' ? { subresource: 'status' as const } : {}), ...(cmd.dryRun === 'server' ? { dryRun: true } : {}) },
        { timeoutTicks: REQUEST_TIMEOUT_TICKS },
      );
      if (!r.ok) {
        report.fail(statusText(r.error));
        break;
      }
      patched = r.value;
    }
    // reflect.DeepEqual of two unstructured maps: key order does not count
    const unchanged = canonicalJson(o.live) === canonicalJson(patched);
    printObject(env, o.kind, patched, unchanged ? 'patched (no change)' : 'patched', false, 'none');
  }
  report.finish();
}
