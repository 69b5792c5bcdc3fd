// The Problems list agrees with Apply. Apply's `kubectl apply -f` reads a manifest with
// sim-core's hostile-input-proof decoder (sim-core/apiserver/manifest: size, depth, alias
// and node limits, no parser recursion on deep input); monaco-yaml's own parser has none
// of those limits, so on such text it either finds nothing (a billion-laughs file) or
// reports its own crash ("Maximum call stack size exceeded"). A file the decoder refuses
// is listed with the decoder's refusal — word for word what Apply prints — instead of
// monaco-yaml's markers; a file it reads keeps monaco-yaml's schema problems. The schema
// knows types, not rules: what the API server's validation would refuse (a container with
// no image, replicas below 0) is listed too, at the line of the field, in the server's words.
// An object the lab's cluster already holds is judged as Apply would send it — merged into
// the live one, then the update's validation (an immutable selector…) — by the simulation's
// worker, which has the cluster (liveCheck, app/_lib/sim-worker/apply-update.ts); so is what
// the cluster's allocators would refuse (a node port another Service has), and a failure of
// Apply that is no field's (a patch kubectl cannot compute), in kubectl's words.
import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document } from 'yaml';
import { admitForCreate, kindFor, type KindDefinition } from '@/sim-core/apiserver/kinds';
import { formatFieldError, type FieldError } from '@/sim-core/apiserver/kinds/fieldErrors';
import { decodeManifests, parseDocuments } from '@/sim-core/apiserver/manifest';

export interface EditorProblem {
  path: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
  /**
   * `apiserver`: the API server's validation, in its words (validationProblems); `kubectl`:
   * Apply would fail otherwise, as kubectl apply prints it; absent: the editor's schema or the decoder
   */
  source?: 'apiserver' | 'kubectl';
  /** the live object Apply would update, as kubectl names it (`deployment.apps/web`); absent: Apply would create the object */
  updates?: string;
  /** everything kubectl apply prints of a `kubectl` failure, when that is more than the message (a patch it cannot compute: the three documents it diffed) */
  output?: string;
}

/** A failure of Apply that is no field error of the server's, in kubectl's words. */
export interface ApplyFailure {
  /** what kubectl apply prints (the reason alone, when `output` has the whole text) */
  message: string;
  output?: string;
  /** the field it is about, as a path (`spec.template.spec.containers`), when kubectl or the server names one */
  field?: string;
}

/** How Apply would fare with one object, as far as the live cluster decides it. */
export interface ApplyVerdict {
  /** the field errors the API server would refuse it with (422 Invalid) */
  errors: FieldError[];
  /** Apply would fail otherwise */
  failure?: ApplyFailure;
}

/**
 * What the live cluster says of an object Apply would write (the simulation's worker:
 * app/_lib/sim-worker/apply-update.ts). `source` is the file, as Apply names it.
 */
export interface LiveCheck {
  /**
   * An object the cluster already holds: Apply's update of it (kubectl apply's three-way
   * merge into it, then the API server's update path), and the object as kubectl names it.
   * Undefined when the cluster has no such object: Apply would create it.
   */
  update(object: Record<string, unknown>, def: KindDefinition, namespace: string, name: string, source: string): (ApplyVerdict & { updates: string }) | undefined;
  /** A new object the create path's validation admits (`admitted`, decoded and defaulted): what the API server's allocators would refuse of it (a Service's node port or cluster IP another one has). */
  create(def: KindDefinition, admitted: Record<string, unknown>, source: string): ApplyVerdict;
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
 * What the API server's validation would refuse if Apply wrote these objects: each field
 * error at the line of its field (or of the nearest part of its path the file has), its text
 * the server's own (`source: 'apiserver'`; the list words the sentence around it in the
 * page's language). The create path's own steps come first, as in the server: a missing
 * namespace filled in, a cluster-scoped kind's dropped, a name for `generateName`. An object
 * `live` finds in the cluster is judged as the update Apply would send instead (`updates`
 * names it); without `live` (the editor before the worker answers, or with no worker) every
 * object is judged as new — a partial manifest of an object that exists is merged by Apply
 * into the live one, hence a warning, not an error. Nothing when the decoder refuses the
 * file (decoderProblem says why) or it is too large to check while typing.
 */
export function validationProblems(path: string, text: string, live?: LiveCheck): EditorProblem[] {
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
    // Apply updates an object it finds by name (one named by generateName it refuses to apply)
    const name = typeof meta.name === 'string' ? meta.name : '';
    const update = live !== undefined && name !== '' ? live.update(copy, def, def.namespaced ? String(meta.namespace) : '', name, path) : undefined;
    if ((meta.name === undefined || meta.name === '') && typeof meta.generateName === 'string' && meta.generateName !== '') meta.name = `${meta.generateName}x`;
    const { errors, failure } = update ?? createVerdict(copy, live, path);
    if (errors.length === 0 && failure === undefined) return;
    if (nodes === undefined) {
      // lines only for a file with something to report; the text already passed the
      // hostile-input-proof decoder, so parsing it again is safe
      lines = new LineCounter();
      const documents = parseAllDocuments(text, { lineCounter: lines });
      nodes = Array.isArray(documents) ? documents.filter((d) => d.contents !== null) : [];
    }
    const document = nodes.length === decoded.objects.length ? nodes[i] : undefined;
    const updates = update !== undefined ? { updates: update.updates } : {};
    for (const e of errors) {
      const line = document ? lineOfField(document, e, lines!) : 0;
      problems.push({ path, line, column: 1, message: formatFieldError(e), severity: 'warning', source: 'apiserver', ...updates });
    }
    if (failure !== undefined) {
      const line = document && failure.field !== undefined ? lineOfPath(document, segmentsOf(failure.field), lines!) : 0;
      problems.push({ path, line, column: 1, message: failure.message, severity: 'warning', source: 'kubectl', ...updates, ...(failure.output !== undefined ? { output: failure.output } : {}) });
    }
  });
  return problems;
}

/**
 * The create path of an object prepared as the server prepares a create: its validation's
 * refusal, else what the live cluster's allocators would refuse (none without a cluster).
 */
function createVerdict(object: Record<string, unknown>, live: LiveCheck | undefined, source: string): ApplyVerdict {
  const admitted = admitForCreate(object, 'Ignore');
  if (admitted.ok) return live?.create(admitted.kind, admitted.object, source) ?? { errors: [] };
  return { errors: admitted.code === 422 ? admitted.errors : [] };
}

/**
 * Fields the server names differently from the manifest that set them: a Service's
 * changed `clusterIP` is refused as `spec.clusterIPs[0]` (the update carries it into
 * clusterIPs before validation), found at `clusterIP` when the file has no `clusterIPs`.
 */
const WRITTEN_AS: readonly [RegExp, string][] = [[/^spec\.clusterIPs(\[0\])?$/, 'spec.clusterIP']];

/** `spec.template.spec.containers[0].image` → the deepest node of that path the document has, as a line. */
function lineOfField(document: Document.Parsed, error: FieldError, lines: LineCounter): number {
  for (const [field, written] of WRITTEN_AS) {
    if (field.test(error.field) && !document.hasIn(segmentsOf(error.field)) && document.hasIn(segmentsOf(written))) return lineOfPath(document, segmentsOf(written), lines);
  }
  return lineOfPath(document, segmentsOf(error.field), lines);
}

function segmentsOf(field: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const part of field.matchAll(/([^.[\]]+)|\[(\d+)\]|\[([^\]]*)\]/g)) {
    if (part[1] !== undefined) segments.push(part[1]);
    else if (part[2] !== undefined) segments.push(Number(part[2]));
    else if (part[3] !== undefined) segments.push(part[3]);
  }
  return segments;
}

/**
 * The line of a field: a mapping's member at its key (`selector:`, not the first line of
 * the map under it), a list's item at its `-`, else the nearest part of the path the file has.
 */
function lineOfPath(document: Document.Parsed, segments: (string | number)[], lines: LineCounter): number {
  for (let n = segments.length; n >= 0; n--) {
    const node = n === 0 ? document.contents : nodeOf(document.getIn(segments.slice(0, n - 1), true) ?? (n === 1 ? document.contents : undefined), segments[n - 1]!);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range !== undefined) return lines.linePos(range[0]).line;
  }
  return 0;
}

function nodeOf(parent: unknown, segment: string | number): unknown {
  if (isMap(parent)) {
    const pair = parent.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === String(segment));
    return pair?.key ?? pair?.value;
  }
  if (isSeq(parent) && typeof segment === 'number') return parent.items[segment];
  return undefined;
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
