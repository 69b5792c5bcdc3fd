// `-f FILE|DIR|-`: the objects a command works on, read as cli-runtime's resource.Builder
// reads them (FileVisitor / StreamVisitor): a file, every .json/.yaml/.yml file of a folder
// in lexical order (sub-folders only with -R), or standard input (`-`, source "STDIN"); paths
// relative to the workspace root, as a shell there resolves them (workspace.ts);
// multi-document YAML, JSON streams and `kind: List`. Each object is mapped to its kind
// (the RESTMapper) and gets the namespace it will be sent to.
import { decodeManifests, kindFor, type KindDefinition } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import type { RunEnv } from './env';
import { filesUnder, globWorkspace, resolvePath } from './workspace';

export interface ManifestObject {
  /** the file it came from, as kubectl names it in messages ("web.yaml", "STDIN") */
  source: string;
  def: KindDefinition;
  object: KubeObject;
  name: string;
  /** '' for cluster-scoped kinds */
  namespace: string;
}

export type ManifestRead = { ok: true; objects: ManifestObject[] } | { ok: false; error: string };

const EXTENSIONS = ['.json', '.yaml', '.yml'];

type Sources = { ok: true; texts: { source: string; text: string }[] } | { ok: false; error: string };

/**
 * builder.go Path for one existing path: a file as it is (named as typed, whatever its
 * extension), a folder's .json/.yaml/.yml files (named as filepath.Walk joins them: the
 * workspace keys, `-f ./k8s/` gives `k8s/web.yaml`).
 */
function pathSources(env: RunEnv, path: string): Sources {
  const r = resolvePath(env.files, path);
  if (!r.ok) {
    return { ok: false, error: r.error === 'missing' ? `error: the path "${path}" does not exist\n` : `error: the path "${path}" cannot be accessed: stat ${path}: not a directory\n` };
  }
  if (r.entry.kind === 'file') return { ok: true, texts: [{ source: path, text: env.files.readFile?.(r.entry.key) ?? '' }] };
  const files = filesUnder(env.files, r.entry.key, env.cmd.recursive).filter((f) => EXTENSIONS.some((e) => f.endsWith(e)));
  if (files.length === 0) return { ok: false, error: `error: error reading [${path}]: recognized file extensions are [.json .yaml .yml]\n` };
  return { ok: true, texts: files.map((f) => ({ source: f, text: env.files.readFile?.(f) ?? '' })) };
}

/**
 * builder.go reads an http(s) `-f` with readHttpWithRetries (http.Get, three attempts); the
 * simulated cluster's machine has no network beyond the simulation, so the name of the host
 * never resolves. kubectl 1.32 prints the url.Error as a connection failure (CheckErr:
 * `Unable to connect to the server: dial tcp: lookup <host> on <resolver>:53: no such host`,
 * recorded offline; the simulation has no resolver to name); localhost refuses the
 * connection (recorded), and an IP address is dialled without a lookup.
 */
function urlFetchError(url: string): string {
  const m = /^(https?):\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)(?::(\d*))?/.exec(url);
  const host = m?.[2] ?? '';
  if (host === '') return 'Unable to connect to the server: http: no Host in request URL';
  const name = host.replace(/^\[|\]$/g, '');
  // this machine itself: nothing listens (StandardErrorMessage's connection-refused sentence, host[:port] as written)
  if (name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name)) {
    return `The connection to the server ${host}${m?.[3] ? `:${m[3]}` : ''} was refused - did you specify the right host or port?`;
  }
  // an address is not looked up: the dial finds no route out of the simulation and times out
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name) || name.includes(':')) {
    const port = m?.[3] || (m?.[1] === 'https' ? '443' : '80');
    return `Unable to connect to the server: dial tcp ${name.includes(':') ? `[${name}]` : name}:${port}: i/o timeout`;
  }
  return `Unable to connect to the server: dial tcp: lookup ${name}: no such host`;
}

/**
 * Read every `-f` source into texts (builder.go FilenameParam): standard input, or a path in
 * the workspace — one that does not exist is tried as a glob pattern (expandIfFilePattern;
 * the terminal's shell expands none) — with kubectl's errors.
 */
function sources(env: RunEnv): Sources {
  const texts: { source: string; text: string }[] = [];
  for (const path of env.cmd.filenames) {
    if (path === '-') {
      texts.push({ source: 'STDIN', text: env.stdin ?? '' });
      continue;
    }
    if (/^https?:\/\//.test(path)) return { ok: false, error: `${urlFetchError(path)}\n` };
    let matches = [path];
    if (!resolvePath(env.files, path).ok && /[*?[\\]/.test(path)) {
      const g = globWorkspace(env.files, path);
      if (!g.ok) return { ok: false, error: `error: pattern "${path}" is not valid: syntax error in pattern\n` };
      if (g.matches.length > 0) matches = g.matches;
    }
    for (const m of matches) {
      const s = pathSources(env, m);
      if (!s.ok) return s;
      texts.push(...s.texts);
    }
  }
  return { ok: true, texts };
}

export function readManifests(env: RunEnv): ManifestRead {
  const s = sources(env);
  if (!s.ok) return s;
  const out: ManifestObject[] = [];
  for (const { source, text } of s.texts) {
    const decoded = decodeManifests(text, source);
    if (!decoded.ok) return { ok: false, error: `${decoded.error}\n` };
    for (const object of decoded.objects as KubeObject[]) {
      const apiVersion = String(object.apiVersion);
      const kind = String(object.kind);
      const name = object.metadata?.name ?? '';
      const def = kindFor(apiVersion, kind);
      if (def === undefined) {
        const gv = apiVersion;
        return {
          ok: false,
          error:
            `error: resource mapping not found for name: "${name}" namespace: "${object.metadata?.namespace ?? ''}" from "${source}": ` +
            `no matches for kind "${kind}" in version "${gv}"\nensure CRDs are installed first\n`,
        };
      }
      let namespace = '';
      if (def.namespaced) {
        const own = object.metadata?.namespace;
        if (own !== undefined && own !== '' && env.cmd.namespace !== undefined && own !== env.cmd.namespace) {
          return {
            ok: false,
            error: `error: the namespace from the provided object "${own}" does not match the namespace "${env.cmd.namespace}". You must pass '--namespace=${own}' to perform this operation.\n`,
          };
        }
        namespace = own !== undefined && own !== '' ? own : env.namespace;
      }
      out.push({ source, def, object, name, namespace });
    }
  }
  return { ok: true, objects: out };
}
