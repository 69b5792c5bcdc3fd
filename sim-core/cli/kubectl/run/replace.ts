// `kubectl replace -f FILE|DIR|-` (pkg/cmd/replace/replace.go, cli-runtime helper.go
// Replace): a PUT of each object as the file has it (its namespace set, the last-applied
// annotation with --save-config). Without a resourceVersion in the file kubectl first GETs
// the object and sends the stored one, so the PUT overwrites whatever is there; with one,
// it is the server's precondition (409 Conflict when stale). An object that does not exist
// is the server's 404: replace does not create. `--dry-run=client` prints without sending,
// `--dry-run=server` sends with dryRun. `--force` (forceReplace) deletes every object
// instead (missing ones ignored, `configmap "x" deleted`), waits until each is gone (1 s
// polls, --timeout or 5 minutes), then creates them (`configmap/x replaced`).
import type { KubeObject } from '../../../client';
import { createObject, deleteObject, getObject, statusText, statusTextFromFile, updateObject } from './api';
import { modifiedConfiguration } from './apply';
import { cascadePolicy, printDeleted } from './delete';
import type { RunEnv } from './env';
import { readManifests, type ManifestObject } from './manifests';
import { exitCodeLater } from './objects';
import { printObject } from './print-object';
import { waitUntil } from './wait';

/** forceReplace's wait for each deletion when --timeout is 0. */
const FORCE_WAIT_TICKS = 30_000;

/** The object kubectl sends: the file's, in the namespace it goes to, annotated with --save-config (CreateOrUpdateAnnotation). */
function bodyOf(env: RunEnv, m: ManifestObject): KubeObject {
  if (env.cmd.flags.values.get('save-config') === true) return modifiedConfiguration(m);
  const metadata = { ...(m.object.metadata ?? {}) };
  if (m.def.namespaced) metadata.namespace = m.namespace;
  return { ...m.object, metadata };
}

export function runReplace(env: RunEnv): void {
  const read = readManifests(env);
  if (!read.ok) {
    env.out.printErr(read.error);
    return env.out.exit(1);
  }
  if (env.cmd.force) return forceReplace(env, read.objects);
  const subresource = env.cmd.flags.values.get('subresource') === 'status' ? 'status' : undefined;
  const report = exitCodeLater(env);
  for (const m of read.objects) {
    let body = bodyOf(env, m);
    if (env.cmd.dryRun === 'client') {
      printObject(env, m.def.kind, body, 'replaced', false);
      continue;
    }
    if ((body.metadata?.resourceVersion ?? '') === '') {
      // the stored version, to overwrite it; an object that cannot be read is sent as it is
      const current = getObject(env, m.def, m.namespace, m.name);
      const rv = current.ok ? current.value.metadata?.resourceVersion : undefined;
      if (rv !== undefined) body = { ...body, metadata: { ...body.metadata, resourceVersion: rv } };
    }
    const r = updateObject(env, m.def, m.namespace, body, subresource);
    if (!r.ok) {
      report.fail(statusTextFromFile(r.error, 'replacing', m.source));
      continue;
    }
    printObject(env, m.def.kind, r.value, 'replaced', false);
  }
  report.finish();
}

/** replace.go forceReplace: delete them all (DeleteResult), wait until each is gone, create them all. */
function forceReplace(env: RunEnv, objects: readonly ManifestObject[]): void {
  // Complete: --grace-period=0 is sent as 1
  const grace = env.cmd.gracePeriod === 0 ? 1 : env.cmd.gracePeriod;
  const options = { propagationPolicy: cascadePolicy(env.cmd.cascade), ...(grace >= 0 ? { gracePeriodSeconds: grace } : {}) };
  for (const m of objects) {
    const r = deleteObject(env, m.def, m.namespace, m.name, options);
    if (!r.ok) {
      if (r.error.reason === 'NotFound') continue;
      env.out.printErr(statusText(r.error));
      return env.out.exit(1);
    }
    env.out.print(printDeleted(env, { def: m.def, namespace: m.namespace, name: m.name, object: r.value }, grace < 0 ? undefined : grace));
  }
  const timeout = env.cmd.flags.values.get('timeout');
  const cap = typeof timeout === 'number' && timeout > 0 ? Math.max(1, Math.ceil(timeout / 10_000_000)) : FORCE_WAIT_TICKS;
  const start = env.ports.sim.now();
  for (const m of objects) {
    const gone = (): boolean => {
      const r = getObject(env, m.def, m.namespace, m.name);
      return !r.ok && r.error.reason === 'NotFound';
    };
    if (!waitUntil(env, gone, Math.max(0, cap - (env.ports.sim.now() - start)))) {
      // wait.PollUntilContextTimeout's error (the context's), as CheckErr prints it
      env.out.printErr('error: context deadline exceeded\n');
      return env.out.exit(1);
    }
  }
  if (objects.length === 0) {
    env.out.printErr('error: no objects passed to replace\n');
    return env.out.exit(1);
  }
  for (const m of objects) {
    const r = createObject(env, m.def, m.namespace, bodyOf(env, m));
    if (!r.ok) {
      env.out.printErr(statusText(r.error));
      return env.out.exit(1);
    }
    printObject(env, m.def.kind, r.value, 'replaced', false);
  }
}
