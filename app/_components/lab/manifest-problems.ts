// The Problems list agrees with Apply. Apply's `kubectl apply -f` reads a manifest with
// sim-core's hostile-input-proof decoder (sim-core/apiserver/manifest: size, depth, alias
// and node limits, no parser recursion on deep input); monaco-yaml's own parser has none
// of those limits, so on such text it either finds nothing (a billion-laughs file) or
// reports its own crash ("Maximum call stack size exceeded"). A file the decoder refuses
// is listed with the decoder's refusal — word for word what Apply prints — instead of
// monaco-yaml's markers; a file it reads keeps monaco-yaml's schema problems. The schema
// knows types, not rules: what the API server's validation would refuse (a container with
// no image, replicas below 0) is listed too, at the line of the field, in the server's words.
import { LineCounter, parseAllDocuments, type Document } from 'yaml';
import { admitForCreate, kindFor } from '@/sim-core/apiserver/kinds';
import { formatFieldError, type FieldError } from '@/sim-core/apiserver/kinds/fieldErrors';
import { decodeManifests, parseDocuments } from '@/sim-core/apiserver/manifest';

export interface EditorProblem {
  path: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
  /** the API server's validation, in its words (validationProblems); absent: the editor's schema or the decoder */
  source?: 'apiserver';
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

/** Larger files are not validated as the learner types (the decoder reads up to 3 MiB). */
export const VALIDATION_MAX_BYTES = 64 * 1024;

/**
 * What the API server's validation would refuse if Apply created these objects: each field
 * error at the line of its field (or of the nearest part of its path the file has), its text
 * the server's own (`source: 'apiserver'`; the list words the sentence around it in the
 * page's language). The create path's own steps come first, as in the server: a missing
 * namespace filled in, a cluster-scoped kind's dropped, a name for `generateName`. A partial
 * manifest for an object that already exists is merged by Apply into the live one, which
 * the editor does not see: hence a warning, not an error. Nothing when the decoder refuses
 * the file (decoderProblem says why) or it is too large to check while typing.
 */
export function validationProblems(path: string, text: string): EditorProblem[] {
  if (!isManifestPath(path) || text.length > VALIDATION_MAX_BYTES) return [];
  const decoded = decodeManifests(text, path);
  if (!decoded.ok) return [];
  let lines: LineCounter | undefined;
  let nodes: Document.Parsed[] | undefined;
  const problems: EditorProblem[] = [];
  decoded.objects.forEach((object, i) => {
    const copy = JSON.parse(JSON.stringify(object)) as Record<string, unknown>;
    const def = kindFor(String(copy.apiVersion ?? ''), String(copy.kind ?? ''));
    if (def === undefined) return; // an unknown kind: the schema's own warning names it
    const meta = (copy.metadata ??= {}) as Record<string, unknown>;
    if (!def.namespaced) delete meta.namespace;
    else if (meta.namespace === undefined || meta.namespace === '') meta.namespace = 'default';
    if ((meta.name === undefined || meta.name === '') && typeof meta.generateName === 'string' && meta.generateName !== '') meta.name = `${meta.generateName}x`;
    const admitted = admitForCreate(copy, 'Ignore');
    if (admitted.ok || admitted.code !== 422) return;
    if (nodes === undefined) {
      // lines only for a file with something to report; the text already passed the
      // hostile-input-proof decoder, so parsing it again is safe
      lines = new LineCounter();
      const documents = parseAllDocuments(text, { lineCounter: lines });
      nodes = Array.isArray(documents) ? documents.filter((d) => d.contents !== null) : [];
    }
    const document = nodes.length === decoded.objects.length ? nodes[i] : undefined;
    for (const e of admitted.errors) {
      problems.push({ path, line: document ? lineOfField(document, e, lines!) : 0, column: 1, message: formatFieldError(e), severity: 'warning', source: 'apiserver' });
    }
  });
  return problems;
}

/** `spec.template.spec.containers[0].image` → the deepest node of that path the document has, as a line. */
function lineOfField(document: Document.Parsed, error: FieldError, lines: LineCounter): number {
  const segments: (string | number)[] = [];
  for (const part of error.field.matchAll(/([^.[\]]+)|\[(\d+)\]|\[([^\]]*)\]/g)) {
    if (part[1] !== undefined) segments.push(part[1]);
    else if (part[2] !== undefined) segments.push(Number(part[2]));
    else if (part[3] !== undefined) segments.push(part[3]);
  }
  for (let n = segments.length; n >= 0; n--) {
    const node = n === 0 ? document.contents : document.getIn(segments.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range !== undefined) return lines.linePos(range[0]).line;
  }
  return 0;
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
