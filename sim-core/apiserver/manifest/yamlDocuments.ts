// Multi-document YAML → plain values, through the `yaml` package with YAML 1.1 rules
// (what go-yaml v2 under kubectl follows: `yes`/`on` are booleans, `0777` is octal) but
// without the tags go-yaml lacks (timestamps, binary, sets, sexagesimal numbers), which
// would otherwise turn `2024-01-01` or `22:22` into something other than a string.
// Before conversion every document's tree is walked once with aliases expanded, so alias
// bombs, alias cycles and excessive depth are refused with bounded work.
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Document,
  type DocumentOptions,
  type Node,
  type ParseOptions,
  type SchemaOptions,
} from 'yaml';
import { FORBIDDEN_KEYS, MAX_ALIAS_COUNT, MAX_DEPTH, MAX_DOCUMENTS, MAX_NODES } from './limits';

export type YamlResult = { ok: true; values: unknown[] } | { ok: false; line?: number; message: string };

const GO_YAML_LACKS = new Set([
  'tag:yaml.org,2002:timestamp',
  'tag:yaml.org,2002:binary',
  'tag:yaml.org,2002:set',
  'tag:yaml.org,2002:omap',
  'tag:yaml.org,2002:pairs',
]);

const GO_YAML_LACKS_IDS = new Set(['timestamp', 'binary', 'set', 'omap', 'pairs']);

type Options = ParseOptions & DocumentOptions & SchemaOptions;
type TagList = Extract<NonNullable<SchemaOptions['customTags']>, unknown[]>;

/**
 * go-yaml's floats (resolve.go's yamlStyleFloat, underscores aside): a mantissa with at least
 * one digit. The yaml package's YAML 1.1 floats also take `E7`, `e5` and `.` (no digit before
 * the exponent, or none at all) and resolve them to NaN, which JSON cannot carry; to kubectl
 * they are strings.
 */
const GO_YAML_FLOAT = /^[-+]?(?:\.[0-9_]*[0-9][0-9_]*|[0-9][0-9_]*\.[0-9_]*)$/;
const GO_YAML_FLOAT_EXP = /^[-+]?(?:\.[0-9_]*[0-9][0-9_]*|[0-9][0-9_]*(?:\.[0-9_]*)?)[eE][-+]?[0-9]+$/;

function keepGoYamlTags(tags: TagList): TagList {
  return tags
    .filter((t) => (typeof t === 'string' ? !GO_YAML_LACKS_IDS.has(t) : !GO_YAML_LACKS.has(t.tag) && t.format !== 'TIME'))
    .map((t) => {
      if (typeof t === 'string' || t.tag !== 'tag:yaml.org,2002:float' || !('test' in t) || t.test === undefined || /inf/.test(t.test.source)) return t;
      return { ...t, test: t.format === 'EXP' ? GO_YAML_FLOAT_EXP : GO_YAML_FLOAT };
    });
}

const PARSE_OPTIONS: Options = {
  version: '1.1',
  uniqueKeys: true,
  prettyErrors: false,
  merge: true,
  customTags: keepGoYamlTags,
};

/** go-yaml's wording for the syntax errors learners hit most. */
function goYamlMessage(code: string, message: string): string {
  switch (code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'mapping values are not allowed in this context';
    case 'TAB_AS_INDENT':
      return 'found character that cannot start any token';
    case 'BAD_INDENT':
      if (message.startsWith('Flow sequence')) return "did not find expected ',' or ']'";
      if (message.startsWith('Flow map')) return "did not find expected ',' or '}'";
      return 'did not find expected key';
    case 'MISSING_CHAR':
      return message.includes('quote') ? 'found unexpected end of stream' : 'did not find expected node content';
    default:
      return message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? message;
  }
}

/**
 * A flow collection (`[…`, `{…`) still open where the text ends: go-yaml names the line of
 * the last thing it read, and when that opened the collection or ended an entry (`[`, `{`,
 * `,`) it found no node at all ("did not find expected node content"); the `yaml` package
 * reports it where the text ends.
 */
function unclosedFlowAtEnd(text: string, code: string, message: string, pos: number): { at: number; message: string } | undefined {
  if (code !== 'BAD_INDENT' || !/^Flow (sequence|map)/.test(message)) return undefined;
  if (text.slice(pos).trim() !== '') return undefined;
  let at = Math.min(pos, text.length) - 1;
  while (at >= 0 && /\s/.test(text[at]!)) at--;
  if (at < 0) return undefined;
  const last = text[at]!;
  if (last === '[' || last === '{' || last === ',') return { at, message: 'did not find expected node content' };
  return { at, message: message.startsWith('Flow sequence') ? "did not find expected ',' or ']'" : "did not find expected ',' or '}'" };
}

interface WalkState {
  doc: Document;
  /** Alias targets being expanded right now: meeting one again means a cycle. */
  expanding: Set<unknown>;
  nodes: number;
  aliases: number;
}

type WalkProblem = { node: Node | null; message: string } | null;

/** Visit the tree with aliases expanded; the first problem found, or null. */
function walk(node: unknown, depth: number, state: WalkState): WalkProblem {
  state.nodes++;
  if (state.nodes > MAX_NODES) return { node: null, message: 'document contains excessive aliasing' };
  if (depth > MAX_DEPTH) return { node: null, message: `exceeded max depth of ${MAX_DEPTH}` };
  if (isAlias(node)) {
    state.aliases++;
    if (state.aliases > MAX_ALIAS_COUNT) return { node, message: 'document contains excessive aliasing' };
    const target = node.resolve(state.doc);
    if (!target) return { node, message: `unknown anchor '${node.source}' referenced` };
    if (state.expanding.has(target)) return { node, message: `anchor '${node.source}' value contains itself` };
    state.expanding.add(target);
    const problem = walk(target, depth, state);
    state.expanding.delete(target);
    return problem;
  }
  if (isMap(node)) {
    for (const pair of node.items) {
      let key: unknown = pair.key;
      if (isAlias(key)) {
        const target = key.resolve(state.doc);
        if (!target) return { node: key, message: `unknown anchor '${key.source}' referenced` };
        key = target;
      }
      if (key !== null && !isScalar(key)) {
        return { node: key as Node, message: 'invalid map key: a mapping or sequence cannot be a key' };
      }
      if (isScalar(key) && FORBIDDEN_KEYS.has(String(key.value))) {
        return { node: key, message: `key "${String(key.value)}" is not allowed: it could reach an object's prototype` };
      }
      const problem = walk(pair.value, depth + 1, state);
      if (problem) return problem;
    }
    return null;
  }
  if (isSeq(node)) {
    for (const item of node.items) {
      const problem = isPair(item) ? walk(item.value, depth + 1, state) : walk(item, depth + 1, state);
      if (problem) return problem;
    }
    return null;
  }
  return null;
}

/**
 * The `yaml` package reports syntax problems as values, but a few inputs make it throw
 * instead (an alias it cannot resolve while converting, for one). Those become ordinary
 * refusals too: the caller must never see an exception from a learner's file.
 */
export function parseYamlDocuments(text: string): YamlResult {
  try {
    return parseChecked(text);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error);
    return { ok: false, message: message.replace(/ at line \d+, column \d+:?$/, '') };
  }
}

/** `---` at the start of a line always starts a document (block content is indented). */
function countDocumentMarkers(text: string): number {
  let count = 0;
  for (let at = text.indexOf('---'); at !== -1; at = text.indexOf('---', at + 3)) {
    const after = text[at + 3];
    if ((at === 0 || text[at - 1] === '\n') && (after === undefined || after === '\n' || after === '\r' || after === ' ' || after === '\t')) {
      count++;
    }
  }
  return count;
}

function parseChecked(text: string): YamlResult {
  // Refuse before parsing: thousands of documents cost the parser real time.
  if (countDocumentMarkers(text) > MAX_DOCUMENTS) {
    return { ok: false, message: `too many documents: more than ${MAX_DOCUMENTS} in one file` };
  }
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { ...PARSE_OPTIONS, lineCounter });
  const list = Array.isArray(docs) ? docs : [docs];
  const nonEmpty = list.filter((d) => d.contents !== null && !(isScalar(d.contents) && d.contents.value === null));
  if (nonEmpty.length > MAX_DOCUMENTS) {
    return { ok: false, message: `too many documents: more than ${MAX_DOCUMENTS} in one file` };
  }
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
  const values: unknown[] = [];
  for (const doc of list) {
    // go-yaml parses a document before it decodes it: a syntax error is found before a repeated key
    const error = doc.errors.find((e) => e.code !== 'DUPLICATE_KEY') ?? doc.errors[0];
    if (error) {
      if (error.code === 'DUPLICATE_KEY') {
        // go-yaml's strict unmarshal wording; real kubectl would silently keep the last value.
        const line = lineOf(error.pos[0]) ?? 0;
        const lineEnd = text.indexOf('\n', error.pos[0]);
        const rest = text.slice(error.pos[0], lineEnd === -1 ? text.length : lineEnd);
        const key = rest.split(':')[0]?.trim() ?? '';
        return { ok: false, message: `unmarshal errors:\n  line ${line}: key ${JSON.stringify(key)} already set in map` };
      }
      const flowAtEnd = unclosedFlowAtEnd(text, error.code, error.message, error.pos[0]);
      if (flowAtEnd !== undefined) return { ok: false, line: lineOf(flowAtEnd.at), message: flowAtEnd.message };
      const message = goYamlMessage(error.code, error.message);
      // go-yaml reports an unterminated scalar where the stream ended.
      const at = message === 'found unexpected end of stream' ? text.length : error.pos[0];
      return { ok: false, line: lineOf(at), message };
    }
    const state: WalkState = { doc: doc as Document, expanding: new Set(), nodes: 0, aliases: 0 };
    const problem = walk(doc.contents, 0, state);
    if (problem) return { ok: false, line: lineOf(problem.node?.range?.[0]), message: problem.message };
    const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    values.push(value);
  }
  return { ok: true, values };
}
