// The Problems list agrees with Apply. Apply's `kubectl apply -f` reads a manifest with
// sim-core's hostile-input-proof decoder (sim-core/apiserver/manifest: size, depth, alias
// and node limits, no parser recursion on deep input); monaco-yaml's own parser has none
// of those limits, so on such text it either finds nothing (a billion-laughs file) or
// reports its own crash ("Maximum call stack size exceeded"). A file the decoder refuses
// is listed with the decoder's refusal — word for word what Apply prints — instead of
// monaco-yaml's markers; a file it reads keeps monaco-yaml's schema problems.
import { decodeManifests, parseDocuments } from '@/sim-core/apiserver/manifest';

export interface EditorProblem {
  path: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

/** The files Apply reads as manifests (kubectl's recognized extensions). */
export function isManifestPath(path: string): boolean {
  return /\.(ya?ml|json)$/i.test(path);
}

/** Why Apply would refuse to read `text` as manifests, as a problem at its line (0: the whole file); undefined when it reads it. */
export function decoderProblem(path: string, text: string): EditorProblem | undefined {
  if (!isManifestPath(path)) return undefined;
  const parsed = parseDocuments(text);
  if (parsed.ok) return undefined;
  const decoded = decodeManifests(text, path);
  if (decoded.ok) return undefined;
  const line = parsed.problem.reason === 'yaml' ? (parsed.problem.line ?? 0) : 0;
  return { path, line, column: 1, message: decoded.error, severity: 'error' };
}

/**
 * The list shown: for each file the decoder refuses, its refusal alone (monaco-yaml's
 * markers on such text are noise or a crash); every other file's markers as they are.
 */
export function mergeProblems(markers: readonly EditorProblem[], refusals: readonly EditorProblem[]): EditorProblem[] {
  const refused = new Set(refusals.map((r) => r.path));
  const problems = [...refusals, ...markers.filter((m) => !refused.has(m.path))];
  return problems.sort((a, b) => (a.path === b.path ? a.line - b.line || a.column - b.column : a.path < b.path ? -1 : 1));
}
