// `kubectl set env RESOURCE/NAME KEY=VALUE… KEY-…` (pkg/cmd/set/set_env.go, env/env_parse.go,
// env/env_resolve.go): add, change or remove environment variables of the containers `-c`
// selects (all by default, init containers after the others) in a Pod or a workload's Pod
// template, sent as a strategic merge patch (`deployment.apps/web env updated`). A change
// to a Deployment's template is a new ReplicaSet: a rollout.
//   --from=configmap/NAME|secret/NAME  every key (or --keys) as a valueFrom reference,
//                                      named as the key in upper case, [^A-Za-z0-9_] → _
//   --prefix                           prepended to every variable's name
//   --overwrite=false                  refuse to change a value that is set
//   --list [--resolve]                 print the environment instead (references resolved)
//   --local -f FILE / --dry-run        change nothing on the server
// An object whose environment already is the requested one is skipped without a word.
import { decodeBase64, kindForResource } from '../../../apiserver';
import { deepCopy, type KubeObject } from '../../../client';
import { createTwoWayMergePatch } from '../strategic-diff';
import { getObject, goErrorText, statusText } from './api';
import type { RunEnv } from './env';
import { envVarNameErrors } from './envVarName';
import { errorLine, fail, objectsToChange, reportAggregate, type LiveObject } from './objects';
import { noPodTemplate, podSpecOf, selectedContainers, sendTemplatePatch, type ContainerLike } from './podTemplate';
import { printObject } from './print-object';
import { resourceTargets } from '../parse/resources';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, unknown>;
}

/** An EnvVar as the typed object encodes it: value is omitempty (`FOO=` sends no value). */
function envVar(name: string, value: string): EnvVar {
  return value === '' ? { name } : { name, value };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** env_parse.go parseIntoEnvVar: `KEY=VALUE` (the name checked), `KEY-` (removed), `-` (read from standard input). */
function parseEnv(specs: readonly string[], stdin: string | undefined): Parsed<{ env: EnvVar[]; remove: string[] }> {
  const env: EnvVar[] = [];
  const remove: string[] = [];
  const set = new Set<string>();
  for (const spec of specs) {
    if (spec === '-') {
      // readEnv: each line's KEY=VALUE, a `#` and what follows it dropped
      for (const raw of (stdin ?? '').split('\n')) {
        const line = raw.includes('#') ? raw.slice(0, raw.indexOf('#')) : raw;
        const eq = line.indexOf('=');
        if (eq >= 0) env.push(envVar(line.slice(0, eq), line.slice(eq + 1)));
      }
    } else if (spec.includes('=')) {
      const eq = spec.indexOf('=');
      const name = spec.slice(0, eq);
      const errs = envVarNameErrors(name);
      if (errs.length > 0) return { ok: false, error: `${JSON.stringify(name)} is not a valid key name: ${errs.join(';')}` };
      set.add(name);
      env.push(envVar(name, spec.slice(eq + 1)));
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else return { ok: false, error: `unknown environment variable: ${spec}` };
  }
  if (remove.some((name) => set.has(name))) return { ok: false, error: 'can not both modify and remove the same environment variable in the same command' };
  return { ok: true, value: { env, remove } };
}

/** keyToEnvName: upper case, every character but [A-Za-z0-9_] an underscore; kubectl warns of a change. */
function keyToEnvName(env: RunEnv, key: string): string {
  const name = key.replace(/[^a-zA-Z0-9_]/g, '_').toUpperCase();
  if (name !== key) env.out.printErr(`Warning: key ${key} transferred to ${name}\n`);
  return name;
}

/**
 * --from: a valueFrom reference for each key of the ConfigMap's data or the Secret's (only
 * those --keys names). kubectl walks the data as a Go map, in no fixed order; here the keys
 * go in sorted order.
 */
function fromReferences(env: RunEnv, from: string, keys: readonly string[]): Parsed<EnvVar[]> {
  const t = resourceTargets([from]);
  if (!t.ok) return { ok: false, error: errorLine(t.error) };
  const out: EnvVar[] = [];
  for (const target of t.value) {
    if (target.name === undefined) return { ok: false, error: errorLine('resource(s) were provided, but no name was specified') };
    const r = getObject(env, target.def, target.def.namespaced ? env.namespace : '', target.name);
    // the builder's error, as CheckErr prints an API error
    if (!r.ok) return { ok: false, error: statusText(r.error) };
    const kind = r.value.kind;
    if (kind !== 'ConfigMap' && kind !== 'Secret') return { ok: false, error: errorLine('unsupported resource specified in --from') };
    const data = (r.value as { data?: Record<string, unknown> }).data ?? {};
    for (const key of Object.keys(data).sort()) {
      if (keys.length > 0 && !keys.includes(key)) continue;
      const ref = { name: target.name, key };
      out.push({ name: keyToEnvName(env, key), valueFrom: kind === 'Secret' ? { secretKeyRef: ref } : { configMapKeyRef: ref } });
    }
  }
  return { ok: true, value: out };
}

/** helper.go updateEnv: existing variables kept in place (changed or removed), new ones appended. */
function updateEnv(existing: readonly EnvVar[], env: readonly EnvVar[], remove: readonly string[]): EnvVar[] {
  const out: EnvVar[] = [];
  const covered = new Set(remove);
  for (const e of existing) {
    if (covered.has(e.name)) continue;
    const newer = env.find((n) => n.name === e.name);
    if (newer !== undefined) {
      covered.add(e.name);
      out.push(newer);
    } else out.push(e);
  }
  for (const e of env) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

/** GetEnvVarRefString: how --list shows a reference it does not resolve. */
function refString(from: Record<string, unknown>): string {
  const ref = (field: string) => from[field] as { name?: string; key?: string; fieldPath?: string; containerName?: string; resource?: string } | undefined;
  const cm = ref('configMapKeyRef');
  if (cm !== undefined) return `configmap ${cm.name ?? ''}, key ${cm.key ?? ''}`;
  const secret = ref('secretKeyRef');
  if (secret !== undefined) return `secret ${secret.name ?? ''}, key ${secret.key ?? ''}`;
  const field = ref('fieldRef');
  if (field !== undefined) return `field path ${field.fieldPath ?? ''}`;
  const res = ref('resourceFieldRef');
  if (res !== undefined) return `resource field ${res.containerName ? `${res.containerName}/` : ''}${res.resource ?? ''}`;
  return 'invalid valueFrom';
}

/** GetEnvVarRefValue for what a ConfigMap or Secret holds (read once per name, from the command's namespace). */
function resolveRef(env: RunEnv, obj: KubeObject, from: Record<string, unknown>, store: Map<string, KubeObject | string>): Parsed<string> {
  const cm = from.configMapKeyRef as { name?: string; key?: string } | undefined;
  const secret = from.secretKeyRef as { name?: string; key?: string } | undefined;
  const field = from.fieldRef as { fieldPath?: string } | undefined;
  if (field !== undefined) return fieldRefValue(obj, field.fieldPath ?? '');
  const sel = secret ?? cm;
  if (sel === undefined) return { ok: false, error: 'resolving this reference is not part of this simulation' };
  const resource = secret !== undefined ? 'secrets' : 'configmaps';
  const storeKey = `${resource}/${sel.name ?? ''}`;
  let source = store.get(storeKey);
  if (source === undefined) {
    const r = getObject(env, kindForResource(resource)!, env.namespace, sel.name ?? '');
    source = r.ok ? r.value : r.error.message;
    store.set(storeKey, source);
  }
  if (typeof source === 'string') return { ok: false, error: source };
  const data = ((source as { data?: Record<string, string> }).data ?? {}) as Record<string, string>;
  if (!Object.hasOwn(data, sel.key ?? '')) {
    return { ok: false, error: secret !== undefined ? `key ${sel.key ?? ''} not found in secret ${sel.name ?? ''}` : `key ${sel.key ?? ''} not found in config map ${sel.name ?? ''}` };
  }
  const value = data[sel.key ?? ''] ?? '';
  return { ok: true, value: secret !== undefined ? decodeBase64(value) : value };
}

/**
 * getFieldRef: fieldpath.ExtractFieldPathAsString on the object being changed (the
 * Deployment itself, not a Pod of it): its name, namespace, uid, labels or annotations (all, or one).
 */
function fieldRefValue(obj: KubeObject, path: string): Parsed<string> {
  const meta = obj.metadata ?? {};
  const sub = /^(.*)\['(.*)'\]$/.exec(path);
  if (sub !== null) {
    if (sub[1] !== 'metadata.labels' && sub[1] !== 'metadata.annotations') return { ok: false, error: `fieldPath ${JSON.stringify(sub[1])} does not support subscript` };
    return { ok: true, value: (sub[1] === 'metadata.labels' ? meta.labels : meta.annotations)?.[sub[2]!] ?? '' };
  }
  // formatMap: every key="value", sorted, a line each
  const formatMap = (m: Record<string, string> | undefined): string =>
    Object.keys(m ?? {})
      .sort()
      .map((k) => `${k}=${JSON.stringify(m![k])}`)
      .join('\n');
  switch (path) {
    case 'metadata.labels':
      return { ok: true, value: formatMap(meta.labels) };
    case 'metadata.annotations':
      return { ok: true, value: formatMap(meta.annotations) };
    case 'metadata.name':
      return { ok: true, value: meta.name ?? '' };
    case 'metadata.namespace':
      return { ok: true, value: meta.namespace ?? '' };
    case 'metadata.uid':
      return { ok: true, value: meta.uid ?? '' };
    default:
      return { ok: false, error: `unsupported fieldPath: ${path}` };
  }
}


/** --list: the container's environment after the change, as kubectl prints it; true when a reference could not be resolved. */
function listContainer(env: RunEnv, obj: KubeObject, kind: string, name: string, c: ContainerLike, resolve: boolean, store: Map<string, KubeObject | string>): boolean {
  env.out.print(`# ${kind} ${name}, container ${c.name ?? ''}\n`);
  const errors = new Map<string, string[]>();
  for (const e of (c.env as EnvVar[] | undefined) ?? []) {
    if (e.valueFrom === undefined) {
      env.out.print(`${e.name}=${e.value ?? ''}\n`);
      continue;
    }
    if (resolve) {
      const v = resolveRef(env, obj, e.valueFrom, store);
      if (v.ok) {
        env.out.print(`${e.name}=${v.value}\n`);
        continue;
      }
      errors.set(v.error, [...(errors.get(v.error) ?? []), e.name]);
    }
    env.out.print(`# ${e.name} from ${refString(e.valueFrom)}\n`);
  }
  const texts = [...errors].map(([err, vars]) => `error retrieving reference for ${[...vars].sort().join(', ')}: ${err}`).sort();
  for (const t of texts) env.out.printErr(`${t}\n`);
  return errors.size > 0;
}

export function runSetEnv(env: RunEnv): void {
  const flags = env.cmd.flags.values;
  const selector = (flags.get('containers') as string | undefined) ?? '*';
  const from = (flags.get('from') as string | undefined) ?? '';
  const keys = (flags.get('keys') as string[] | undefined) ?? [];
  const prefix = (flags.get('prefix') as string | undefined) ?? '';
  const list = flags.get('list') === true;
  const resolve = flags.get('resolve') === true;
  const overwrite = flags.get('overwrite') !== false;
  const local = flags.get('local') === true;
  const envParams = (flags.get('env') as string[] | undefined) ?? [];
  const envArgs = env.cmd.envArgs ?? [];

  const parsed = parseEnv([...envParams, ...envArgs], env.stdin);
  if (!parsed.ok) return fail(env, errorLine(parsed.error));
  const { remove } = parsed.value;
  let vars = parsed.value.env;
  if (from !== '') {
    const refs = fromReferences(env, from, keys);
    if (!refs.ok) return fail(env, refs.error);
    vars = [...vars, ...refs.value];
  }
  if (prefix !== '') vars = vars.map((v) => ({ ...v, name: `${prefix}${v.name}` }));

  // the builder's Infos(): every object read first; one that cannot be read stops the command
  const objects = objectsToChange(env, local);
  if (objects === undefined) return;

  const store = new Map<string, KubeObject | string>();
  const errors: string[] = [];
  // CalculatePatches: each object's patch, or the error that stopped it, in object order
  const changes: ({ live: LiveObject; changed: KubeObject; patch: Record<string, unknown> } | { error: string })[] = [];
  for (const live of objects) {
    const changed = deepCopy(live.object);
    const spec = podSpecOf(changed);
    if (spec === undefined) {
      changes.push({ error: noPodTemplate(live.def.resource, live.name, live.def.kind) });
      continue;
    }
    const containers = selectedContainers(spec, selector);
    if (containers.length === 0) {
      env.out.printErr(`Warning: ${live.def.kind}/${live.name} does not have any containers matching ${JSON.stringify(selector)}\n`);
      continue;
    }
    let refused: string | undefined;
    let unresolved = false;
    for (const c of containers) {
      const existing = (c.env as EnvVar[] | undefined) ?? [];
      if (!overwrite) {
        // validateNoOverwrites
        const clash = vars.map((v) => [v, existing.find((e) => e.name === v.name)] as const).find(([v, e]) => e !== undefined && (e.value ?? '') !== (v.value ?? ''));
        if (clash !== undefined) {
          refused = `'${clash[1]!.name}' already has a value (${clash[1]!.value ?? ''}), and --overwrite is false`;
          break;
        }
      }
      const next = updateEnv(existing, vars, remove);
      // env is omitempty: a container left with none has no env field
      if (next.length > 0) c.env = next.map((v) => deepCopy(v));
      else delete c.env;
      if (list && listContainer(env, changed, live.def.kind, live.name, c, resolve, store)) unresolved = true;
    }
    if (refused !== undefined || unresolved) {
      changes.push({ error: `error: ${live.def.resource}/${live.name} ${refused ?? 'failed to retrieve valueFrom references'}\n` });
      continue;
    }
    changes.push({ live, changed, patch: createTwoWayMergePatch(live.def.kind, live.object as Record<string, unknown>, changed as Record<string, unknown>) });
  }
  if (list) return;

  for (const change of changes) {
    if ('error' in change) {
      errors.push(change.error);
      continue;
    }
    const { live, changed, patch } = change;
    if (Object.keys(patch).length === 0) continue;
    const r = sendTemplatePatch(env, live, changed, patch, local);
    if (!r.ok) {
      errors.push(`failed to patch env update to pod template: ${goErrorText(r.error)}`);
      continue;
    }
    // set_env.go checks that variables were given only now, after a patch went to the server
    const sent = !local && env.cmd.dryRun !== 'client';
    if (sent && vars.length === 0 && envArgs.length === 0) return fail(env, errorLine('at least one environment variable must be provided'));
    printObject(env, live.def.kind, r.value, 'env updated', true);
  }
  reportAggregate(env, errors);
}
