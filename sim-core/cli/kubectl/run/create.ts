// `kubectl create -f`, `create deployment` and `create namespace` (pkg/cmd/create/create.go,
// create_deployment.go, create_namespace.go): send each object as it is (with the
// last-applied annotation when --save-config), print `deployment.apps/web created`, or the
// object with -o. `--dry-run=client` builds the object here and sends nothing;
// `--dry-run=server` sends it with dryRun: the server admits and validates it, stores
// nothing, and kubectl prints `(server dry run)`.
import { createDeployment, dropNulls, kindForResource } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { hash64 } from '../../../kernel';
import { RANDOM_SUFFIX_ALPHABET } from '../../../apiserver';
import { createObject, goErrorText, statusText, statusTextFromFile } from './api';
import { modifiedConfiguration, typedSaveConfig } from './apply';
import { nowOf, type RunEnv } from './env';
import { readManifests } from './manifests';
import { exitCodeLater } from './objects';
import { printObject } from './print-object';

/** -o for a created object; `typed`: an object kubectl built itself (create deployment|namespace). */
function printCreated(env: RunEnv, kind: string, obj: KubeObject, typed = false): void {
  printObject(env, kind, obj, 'created', typed);
}

export function runCreate(env: RunEnv): void {
  const read = readManifests(env);
  if (!read.ok) {
    env.out.printErr(read.error);
    return env.out.exit(1);
  }
  if (read.objects.length === 0) {
    env.out.printErr('error: no objects passed to create\n');
    return env.out.exit(1);
  }
  const report = exitCodeLater(env);
  const save = env.cmd.flags.values.get('save-config') === true;
  for (const m of read.objects) {
    const body = save ? modifiedConfiguration(m) : m.object;
    if (env.cmd.dryRun === 'client') {
      printCreated(env, m.def.kind, body);
      continue;
    }
    const r = createObject(env, m.def, m.namespace, body);
    if (!r.ok) {
      report.fail(statusTextFromFile(r.error, 'creating', m.source));
      continue;
    }
    printCreated(env, m.def.kind, r.value);
  }
  report.finish();
}

/**
 * kubectl draws the suffix of a sanitized container name from math/rand; the simulation
 * derives it from the name and the tick so a replay prints the same one.
 */
function suffixFor(seed: string): () => string {
  let h = hash64(seed);
  return () => {
    let out = '';
    for (let i = 0; i < 5; i++) {
      out += RANDOM_SUFFIX_ALPHABET[parseInt(h.slice(i * 2, i * 2 + 2), 16) % RANDOM_SUFFIX_ALPHABET.length];
    }
    h = hash64(h);
    return out;
  };
}

export function runCreateDeployment(env: RunEnv): void {
  const cmd = env.cmd;
  const name = cmd.args[0] ?? '';
  const built = createDeployment({
    name,
    images: cmd.images,
    replicas: cmd.replicas ?? 1,
    ...(cmd.port >= 0 ? { port: cmd.port } : {}),
    ...(cmd.namespace !== undefined ? { namespace: cmd.namespace } : {}),
    command: cmd.commandArgs,
    randomSuffix: suffixFor(`${name}/${nowOf(env)}`),
  });
  if (!built.ok) {
    env.out.printErr(`${built.error}\n`);
    return env.out.exit(1);
  }
  // --save-config annotates before the dry-run check: a client dry run shows it too
  const obj = saveConfig(env, built.object as KubeObject);
  if (cmd.dryRun === 'client') return printCreated(env, 'Deployment', obj, true);
  const r = createObject(env, kindForResource('deployments')!, env.namespace, dropNulls(obj) as KubeObject);
  if (!r.ok) {
    // create_deployment.go: fmt.Errorf("failed to create deployment: %v", err), which CheckErr
    // prints as it is (an Invalid one too: the API server's own text, not kubectl's rewording)
    env.out.printErr(r.error.code === 0 ? statusText(r.error) : `error: failed to create deployment: ${goErrorText(r.error)}\n`);
    return env.out.exit(1);
  }
  printCreated(env, 'Deployment', r.value, true);
}

function saveConfig(env: RunEnv, obj: KubeObject): KubeObject {
  return env.cmd.flags.values.get('save-config') === true ? typedSaveConfig(obj) : obj;
}

/** `kubectl create namespace NAME` (create_namespace.go): a Namespace with an empty spec and status; the server validates the name. */
export function runCreateNamespace(env: RunEnv): void {
  const name = env.cmd.args[0] ?? '';
  const obj = saveConfig(env, { kind: 'Namespace', apiVersion: 'v1', metadata: { name, creationTimestamp: null }, spec: {}, status: {} } as unknown as KubeObject);
  if (env.cmd.dryRun === 'client') return printCreated(env, 'Namespace', obj, true);
  const r = createObject(env, kindForResource('namespaces')!, '', dropNulls(obj) as KubeObject);
  if (!r.ok) {
    env.out.printErr(statusText(r.error));
    return env.out.exit(1);
  }
  printCreated(env, 'Namespace', r.value, true);
}

/** `kubectl create serviceaccount|sa NAME` (create_serviceaccount.go): a ServiceAccount with only its name; `--save-config` records it. */
export function runCreateServiceAccount(env: RunEnv): void {
  const name = env.cmd.args[0] ?? '';
  const namespace = env.cmd.namespace !== undefined ? { namespace: env.cmd.namespace } : {};
  const obj = saveConfig(env, { kind: 'ServiceAccount', apiVersion: 'v1', metadata: { name, ...namespace, creationTimestamp: null } } as unknown as KubeObject);
  if (env.cmd.dryRun === 'client') return printCreated(env, 'ServiceAccount', obj, true);
  const r = createObject(env, kindForResource('serviceaccounts')!, env.namespace, dropNulls(obj) as KubeObject);
  if (!r.ok) {
    // fmt.Errorf("failed to create serviceaccount: %v", err)
    env.out.printErr(r.error.code === 0 ? statusText(r.error) : `error: failed to create serviceaccount: ${goErrorText(r.error)}\n`);
    return env.out.exit(1);
  }
  printCreated(env, 'ServiceAccount', r.value, true);
}
