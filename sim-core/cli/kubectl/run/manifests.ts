// `-f FILE|DIR|-`: the objects a command works on, read as cli-runtime's resource.Builder
// reads them (FileVisitor / StreamVisitor): a file, every .json/.yaml/.yml file of a folder
// in lexical order (sub-folders only with -R), or standard input (`-`, source "STDIN");
// multi-document YAML, JSON streams and `kind: List`. Each object is mapped to its kind
// (the RESTMapper) and gets the namespace it will be sent to.
import { decodeManifests, kindFor, type KindDefinition } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import type { RunEnv } from './env';

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

function folderFiles(env: RunEnv, path: string, recursive: boolean): string[] | undefined {
  const list = env.files.listFiles?.();
  if (list === undefined) return undefined;
  const prefix = path.endsWith('/') ? path : `${path}/`;
  const under = list.filter((f) => f.startsWith(prefix));
  if (under.length === 0) return undefined;
  return under
    .filter((f) => recursive || !f.slice(prefix.length).includes('/'))
    .filter((f) => EXTENSIONS.some((e) => f.endsWith(e)))
    .sort();
}

/** Read every `-f` source into texts; kubectl's errors for a missing path or an empty folder. */
function sources(env: RunEnv): { ok: true; texts: { source: string; text: string }[] } | { ok: false; error: string } {
  const texts: { source: string; text: string }[] = [];
  for (const path of env.cmd.filenames) {
    if (path === '-') {
      texts.push({ source: 'STDIN', text: env.stdin ?? '' });
      continue;
    }
    const text = env.files.readFile?.(path);
    if (text !== undefined) {
      texts.push({ source: path, text });
      continue;
    }
    const files = folderFiles(env, path, env.cmd.recursive);
    if (files === undefined) return { ok: false, error: `error: the path "${path}" does not exist\n` };
    if (files.length === 0) return { ok: false, error: `error: error reading [${path}]: recognized file extensions are [.json .yaml .yml]\n` };
    for (const f of files) texts.push({ source: f, text: env.files.readFile?.(f) ?? '' });
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
