// `kubectl wait (TYPE NAME… | TYPE -l SEL | TYPE --all | -f FILE) --for=…` (kubectl
// pkg/cmd/wait/wait.go 1.32 RunWait): each object in turn, re-read every simulated second
// until it meets the condition (../wait-condition.ts) — `pod/web condition met` — or the
// --timeout passes for it (`timed out waiting for the condition on pods/web`, and the
// rest are not waited for). --for=create waits for a named object to appear; --for=delete
// treats an object already gone as done and prints nothing for it; a zero --timeout checks once; a negative one waits as long as a
// terminal may (run/wait.ts).
import type { KubeObject } from '../../../client';
import { conditionMet } from '../wait-condition';
import { getObject, listObjects, statusText } from './api';
import type { RunEnv } from './env';
import { fail } from './objects';
import { printObject } from './print-object';
import { commandTargets } from './targets';
import { DEFAULT_WAIT_CAP_TICKS, waitUntil } from './wait';

export function runWait(env: RunEnv): void {
  const { cmd } = env;
  const cond = cmd.waitFor;
  if (cond === undefined) return fail(env, 'error: unrecognized condition: ""\n');
  const forDelete = cond.kind === 'delete';
  const targets = commandTargets(env);
  if (!targets.ok) return fail(env, targets.error);
  const found: { resource: string; kind: string; def: (typeof targets.targets)[number]['def']; namespace: string; object: KubeObject }[] = [];
  for (const t of targets.targets) {
    if (t.name !== undefined) {
      const r = getObject(env, t.def, t.namespace, t.name);
      if (r.ok) found.push({ resource: t.def.resource, kind: t.def.kind, def: t.def, namespace: t.namespace, object: r.value });
      // --for=create: an object not there yet is what it waits for
      else if (cond.kind === 'create' && r.error.reason === 'NotFound') found.push({ resource: t.def.resource, kind: t.def.kind, def: t.def, namespace: t.namespace, object: { metadata: { name: t.name } } });
      // --for=delete: an object already gone is what it waits for (IgnoreErrors(IsNotFound))
      else if (!(forDelete && r.error.reason === 'NotFound')) return fail(env, statusText(r.error));
      continue;
    }
    const r = listObjects(env, t.def, {
      namespace: cmd.allNamespaces ? undefined : t.namespace,
      ...(cmd.selector !== undefined ? { labelSelector: cmd.selector } : {}),
      ...(cmd.fieldSelector !== undefined ? { fieldSelector: cmd.fieldSelector } : {}),
    });
    if (!r.ok) return fail(env, statusText(r.error));
    for (const o of r.value.items) found.push({ resource: t.def.resource, kind: t.def.kind, def: t.def, namespace: o.metadata?.namespace ?? t.namespace, object: o });
  }
  if (found.length === 0 && !forDelete) return fail(env, 'error: no matching resources found\n');

  // --timeout: per object; 0 checks once, a negative one is kubectl's week (the terminal's cap)
  const nanos = cmd.flags.values.get('timeout');
  const ns = typeof nanos === 'number' ? nanos : 30e9;
  const cap = ns < 0 ? DEFAULT_WAIT_CAP_TICKS : Math.ceil(ns / 10_000_000);
  for (const f of found) {
    const name = f.object.metadata?.name ?? '';
    const uid = f.object.metadata?.uid;
    let latest = f.object;
    let error: string | undefined;
    const done = waitUntil(
      env,
      () => {
        const r = getObject(env, f.def, f.namespace, name);
        if (forDelete) return !r.ok ? r.error.reason === 'NotFound' : r.value.metadata?.uid !== uid;
        if (!r.ok) return false;
        latest = r.value;
        const met = conditionMet(cond, r.value as Record<string, unknown>);
        if (typeof met === 'boolean') return met;
        error = met.error;
        return true;
      },
      cap,
    );
    if (error !== undefined) return fail(env, `error: ${error}\n`);
    if (!done) return fail(env, `error: timed out waiting for the condition on ${f.resource}/${name}\n`);
    printObject(env, f.kind, latest, 'condition met', false, 'none');
  }
}
