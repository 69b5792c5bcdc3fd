// `kubectl create configmap NAME` and `kubectl create secret generic NAME`
// (pkg/cmd/create/create_configmap.go, create_secret.go): the object built here from
// --from-file (a workspace file, `key=path`, or a folder: each file directly in it),
// --from-literal (`key=value`) and --from-env-file (`KEY=value` lines; blank lines and `#`
// comments skipped), each key checked as IsConfigMapKey checks it and refused when it
// repeats; --append-hash names it after the hash of its content (pkg/util/hash); then
// created like `create -f`, or printed without a request under --dry-run=client. A Secret's
// values are base64 in `data`. The workspace holds text, so nothing goes to `binaryData`.
import { encodeBase64, kindForResource, isConfigMapKey } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { setOwn, sha256Hex } from '../../../kernel';
import { goCompactJson } from '../structured';
import { typedSaveConfig } from './apply';
import { createObject, goErrorText, statusText } from './api';
import type { RunEnv } from './env';
import { printObject } from './print-object';
import { envVarNameErrors } from './envVarName';
import { filesUnder, readWorkspaceFile, resolvePath } from './workspace';

type Kind = 'ConfigMap' | 'Secret';

/** Where a key came from, in the order kubectl adds them (a ConfigMap: files, literals, env files; a Secret: literals, files, env files). */
type Source = { from: 'file'; spec: string } | { from: 'literal'; spec: string } | { from: 'env'; path: string };

type Built = { ok: true; data: [string, string][] } | { ok: false; error: string };

/** util.ParseFileSource: `path` (its base name is the key) or `key=path`. */
function parseFileSource(source: string): { ok: true; key: string; path: string } | { ok: false; error: string } {
  const separators = source.split('=').length - 1;
  if (separators === 0) return { ok: true, key: source.replace(/\/+$/, '').split('/').pop() ?? source, path: source };
  if (separators === 1 && source.startsWith('=')) return { ok: false, error: `key name for file path ${source.slice(1)} missing` };
  if (separators === 1 && source.endsWith('=')) return { ok: false, error: `file path for key name ${source.slice(0, -1)} missing` };
  if (separators > 1) return { ok: false, error: "key names or file paths cannot contain '='" };
  const [key, path] = source.split('=') as [string, string];
  return { ok: true, key, path };
}

/** util.ParseLiteralSource: `key=value`, the value may hold more `=`. */
function parseLiteralSource(source: string): { ok: true; key: string; value: string } | { ok: false; error: string } {
  const i = source.indexOf('=');
  if (i <= 0) return { ok: false, error: `invalid literal source ${source}, expected key=value` };
  return { ok: true, key: source.slice(0, i), value: source.slice(i + 1) };
}

/** The files directly in a workspace folder, sorted (os.ReadDir); undefined when the path names no folder. */
function folderFiles(env: RunEnv, path: string): string[] | undefined {
  const r = resolvePath(env.files, path);
  if (!r.ok || r.entry.kind !== 'folder') return undefined;
  return filesUnder(env.files, r.entry.key, false);
}

function build(env: RunEnv, kind: Kind, name: string, sources: Source[]): Built {
  const data: [string, string][] = [];
  const add = (key: string, value: string): string | undefined => {
    const errs = isConfigMapKey(key);
    if (errs.length > 0) return kind === 'ConfigMap' ? `${JSON.stringify(key)} is not a valid key name for a ConfigMap: ${errs.join(',')}` : `${JSON.stringify(key)} is not valid key name for a Secret ${errs.join(';')}`;
    if (data.some(([k]) => k === key)) return kind === 'ConfigMap' ? `cannot add key ${JSON.stringify(key)}, another key by that name already exists in Data for ConfigMap ${JSON.stringify(name)}` : `cannot add key ${key}, another key by that name already exists`;
    data.push([key, value]);
    return undefined;
  };
  for (const s of sources) {
    if (s.from === 'literal') {
      const l = parseLiteralSource(s.spec);
      if (!l.ok) return l;
      const err = add(l.key, l.value);
      if (err !== undefined) return { ok: false, error: err };
    } else if (s.from === 'file') {
      const f = parseFileSource(s.spec);
      if (!f.ok) return f;
      const text = readWorkspaceFile(env.files, f.path);
      if (text !== undefined) {
        const err = add(f.key, text);
        if (err !== undefined) return { ok: false, error: err };
        continue;
      }
      const files = folderFiles(env, f.path);
      if (files === undefined) return { ok: false, error: `error reading ${f.path}: no such file or directory` };
      if (s.spec.includes('=')) return { ok: false, error: 'cannot give a key name for a directory path' };
      for (const file of files) {
        const err = add(file.split('/').pop() ?? file, env.files.readFile?.(file) ?? '');
        if (err !== undefined) return { ok: false, error: err };
      }
    } else {
      const text = readWorkspaceFile(env.files, s.path);
      if (text === undefined) {
        if (folderFiles(env, s.path) !== undefined) return { ok: false, error: `env ${kind === 'ConfigMap' ? 'config' : 'secret'} file cannot be a directory` };
        return { ok: false, error: `error reading ${s.path}: no such file or directory` };
      }
      // AddFromEnvFile: line by line, leading space trimmed; a line without `=` takes the
      // variable from kubectl's environment (what the command line sets: `A=1 kubectl …`)
      const lines = text.replace(/^\uFEFF/, '').split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      for (const raw of lines) {
        const line = raw.replace(/\r$/, '').replace(/^\s+/, '');
        if (line === '' || line.startsWith('#')) continue;
        const i = line.indexOf('=');
        const key = i < 0 ? line : line.slice(0, i);
        // env_file.go processEnvFileLine: validation.IsEnvVarName
        const errs = envVarNameErrors(key);
        if (errs.length > 0) return { ok: false, error: `${JSON.stringify(key)} is not a valid key name: ${errs.join(';')}` };
        const err = add(key, i < 0 ? (env.environment[key] ?? '') : line.slice(i + 1));
        if (err !== undefined) return { ok: false, error: err };
      }
    }
  }
  return { ok: true, data };
}

/** The sources of the command line, in the order kubectl reads them for `kind`. */
function sourcesOf(env: RunEnv, kind: Kind): Source[] {
  const values = env.cmd.flags.values;
  const files = ((values.get('from-file') as string[] | undefined) ?? []).map((spec): Source => ({ from: 'file', spec }));
  const literals = ((values.get('from-literal') as string[] | undefined) ?? []).map((spec): Source => ({ from: 'literal', spec }));
  const envFiles = ((values.get('from-env-file') as string[] | undefined) ?? []).map((path): Source => ({ from: 'env', path }));
  return kind === 'ConfigMap' ? [...files, ...literals, ...envFiles] : [...literals, ...files, ...envFiles];
}

/** pkg/util/hash encodeHash: the first ten hex digits of the SHA-256, 0 1 3 a e turned into g h k m t. */
function contentHash(doc: Record<string, unknown>): string {
  const hex = sha256Hex(goCompactJson(doc));
  return hex.slice(0, 10).replace(/[013ae]/g, (c) => ({ '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' })[c]!);
}

function runCreateData(env: RunEnv, kind: Kind): void {
  const cmd = env.cmd;
  let name = cmd.args[0] ?? '';
  const values = cmd.flags.values;
  const envFiles = (values.get('from-env-file') as string[] | undefined) ?? [];
  if (envFiles.length > 0 && (((values.get('from-file') as string[] | undefined) ?? []).length > 0 || ((values.get('from-literal') as string[] | undefined) ?? []).length > 0)) {
    env.out.printErr('error: from-env-file cannot be combined with from-file or from-literal\n');
    return env.out.exit(1);
  }
  const built = build(env, kind, name, sourcesOf(env, kind));
  if (!built.ok) {
    env.out.printErr(`error: ${built.error}\n`);
    return env.out.exit(1);
  }
  const data: Record<string, string> = {};
  for (const [k, v] of built.data) setOwn(data, k, kind === 'Secret' ? encodeBase64(v) : v);
  const type = (values.get('type') as string | undefined) ?? '';
  if (values.get('append-hash') === true) {
    const doc: Record<string, unknown> = kind === 'ConfigMap' ? { data, kind, name } : { data, kind, name, type };
    name = `${name}-${contentHash(doc)}`;
  }
  const namespace = cmd.namespace !== undefined ? { namespace: cmd.namespace } : {};
  let obj = {
    kind,
    apiVersion: 'v1',
    metadata: { name, ...namespace, creationTimestamp: null },
    ...(kind === 'Secret' && type !== '' ? { type } : {}),
    ...(Object.keys(data).length > 0 ? { data } : {}),
  } as unknown as KubeObject;
  if (values.get('save-config') === true) obj = typedSaveConfig(obj);
  if (cmd.dryRun === 'client') return printObject(env, kind, obj, 'created', true);
  const def = kindForResource(kind === 'ConfigMap' ? 'configmaps' : 'secrets')!;
  const { creationTimestamp: _c, ...meta } = obj.metadata as Record<string, unknown>;
  const r = createObject(env, def, env.namespace, { ...obj, metadata: meta } as KubeObject);
  if (!r.ok) {
    // create_configmap.go: fmt.Errorf("failed to create configmap: %v", err); the secret's has no colon
    const prefix = kind === 'ConfigMap' ? 'failed to create configmap: ' : 'failed to create secret ';
    env.out.printErr(r.error.code === 0 ? statusText(r.error) : `error: ${prefix}${goErrorText(r.error)}\n`);
    return env.out.exit(1);
  }
  printObject(env, kind, r.value, 'created', true);
}

export function runCreateConfigMap(env: RunEnv): void {
  runCreateData(env, 'ConfigMap');
}

export function runCreateSecretGeneric(env: RunEnv): void {
  runCreateData(env, 'Secret');
}
