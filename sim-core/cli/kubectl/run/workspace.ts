// Paths into the learner's workspace as the terminal's shell and kubectl's os.Stat would
// resolve them: relative to the working directory, which is the workspace root. The
// workspace holds files under clean relative keys (`web.yaml`, `manifests/svc.yaml`); its
// folders are the prefixes of those keys, and the root always exists. `.`, `./x.yaml`,
// `dir/../x.yaml`, `dir/`, `dir//x.yaml` resolve as on a disk: each step must be a folder
// that exists (`nope/../x.yaml` does not), a file followed by `/` is ENOTDIR, and nothing
// lies above the root (its parent is not part of the workspace). Absolute paths name
// nothing in it.
import type { KubectlFiles } from './env';

export type WorkspaceEntry = { kind: 'file'; key: string } | { kind: 'folder'; key: string };

/** A path resolved: the entry, or the errno os.Stat would give (ENOENT, ENOTDIR). */
export type Resolved = { ok: true; entry: WorkspaceEntry } | { ok: false; error: 'missing' | 'not-a-folder' };

function isFile(files: KubectlFiles, key: string): boolean {
  const list = files.listFiles?.();
  return list !== undefined ? list.includes(key) : files.readFile?.(key) !== undefined;
}

function isFolder(files: KubectlFiles, key: string): boolean {
  if (key === '') return true;
  return (files.listFiles?.() ?? []).some((f) => f.startsWith(`${key}/`));
}

export function resolvePath(files: KubectlFiles, typed: string): Resolved {
  if (typed === '' || typed.startsWith('/')) return { ok: false, error: 'missing' };
  const parts: string[] = [];
  let current: WorkspaceEntry = { kind: 'folder', key: '' };
  for (const component of typed.split('/')) {
    // every step after the first goes through `current`, which must be a folder
    if (current.kind === 'file') return { ok: false, error: 'not-a-folder' };
    if (component === '' || component === '.') continue;
    if (component === '..') {
      if (parts.length === 0) return { ok: false, error: 'missing' };
      parts.pop();
      current = { kind: 'folder', key: parts.join('/') };
      continue;
    }
    parts.push(component);
    const key = parts.join('/');
    if (isFile(files, key)) current = { kind: 'file', key };
    else if (isFolder(files, key)) current = { kind: 'folder', key };
    else return { ok: false, error: 'missing' };
  }
  return { ok: true, entry: current };
}

/** The text of the file a path names, if it names one. */
export function readWorkspaceFile(files: KubectlFiles, typed: string): string | undefined {
  const r = resolvePath(files, typed);
  return r.ok && r.entry.kind === 'file' ? files.readFile?.(r.entry.key) : undefined;
}

/** filepath.Walk's order: each folder's entries by name, a sub-folder's files where its name sorts. */
function walkOrder(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/** The files under a folder (its key, '' for the root), directly in it or (`recursive`) at any depth, in filepath.Walk's order. */
export function filesUnder(files: KubectlFiles, folder: string, recursive: boolean): string[] {
  const prefix = folder === '' ? '' : `${folder}/`;
  return (files.listFiles?.() ?? [])
    .filter((f) => f.startsWith(prefix) && (recursive || !f.slice(prefix.length).includes('/')))
    .sort(walkOrder);
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** path.Match's pattern as a RegExp over one path component, or undefined for a bad pattern (ErrBadPattern). */
function componentPattern(pattern: string): RegExp | undefined {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '\\') {
      if (i + 1 >= pattern.length) return undefined;
      re += escapeRegExp(pattern[++i] as string);
    } else if (c === '[') {
      // a class: `[abc]`, `[a-z]`, `[^a]`
      const end = pattern.indexOf(']', i + 1);
      if (end <= i + 1) return undefined;
      const body = pattern.slice(i + 1, end);
      re += `[${body.startsWith('^') ? '^' : ''}${(body.startsWith('^') ? body.slice(1) : body).replace(/[\\\]]/g, '\\$&')}]`;
      i = end;
    } else re += escapeRegExp(c);
  }
  return new RegExp(`^${re}$`);
}

/**
 * builder.go expandIfFilePattern: a path that does not exist is taken as a filepath.Glob
 * pattern over the workspace (files and folders, each component matched by path.Match),
 * its matches cleaned and sorted. `{ ok: false }`: the pattern is not valid.
 */
export function globWorkspace(files: KubectlFiles, pattern: string): { ok: true; matches: string[] } | { ok: false } {
  const components: string[] = [];
  for (const c of pattern.split('/')) {
    if (c === '' || c === '.') continue;
    if (c === '..') {
      if (components.length === 0) return { ok: true, matches: [] };
      components.pop();
    } else components.push(c);
  }
  const res = components.map(componentPattern);
  if (res.some((r) => r === undefined)) return { ok: false };
  if (pattern.startsWith('/')) return { ok: true, matches: [] };
  const entries = new Set<string>();
  for (const f of files.listFiles?.() ?? []) {
    const parts = f.split('/');
    for (let i = 1; i <= parts.length; i++) entries.add(parts.slice(0, i).join('/'));
  }
  const matches = [...entries].filter((e) => {
    const parts = e.split('/');
    return parts.length === res.length && parts.every((p, i) => (res[i] as RegExp).test(p));
  });
  return { ok: true, matches: matches.sort(walkOrder) };
}
