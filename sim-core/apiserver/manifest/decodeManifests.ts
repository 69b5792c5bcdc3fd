// Manifest text → the objects in it, or the one error kubectl would print.
// kubectl accepts multi-document YAML (`---`; empty documents are skipped), JSON streams,
// and `kind: List` whose items are the objects. Nothing here throws on any input: each
// refusal is a value, and every step's work is bounded by ./limits.
import { MAX_DEPTH, MAX_MANIFEST_BYTES, FORBIDDEN_KEYS } from './limits';
import { parseError, tooLargeError, validationError, yamlError } from './errors';
import { yamlDepthBound } from './depthScan';
import { parseJsonStream } from './jsonStream';
import { parseYamlDocuments } from './yamlDocuments';
import { utf8Length } from '../../kernel/utf8';

export type ManifestResult = { ok: true; objects: Record<string, unknown>[] } | { ok: false; error: string };

type Plain = { ok: true; value: unknown } | { ok: false; detail: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A fresh JSON value: plain objects and arrays only (shared alias targets are copied),
 * finite numbers only (JSON has no Infinity), no prototype-reaching keys.
 */
function toPlainJson(value: unknown, depth: number): Plain {
  if (depth > MAX_DEPTH) return { ok: false, detail: `exceeded max depth of ${MAX_DEPTH}` };
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return { ok: true, value };
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return { ok: true, value };
    const shown = Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
    return { ok: false, detail: `json: unsupported value: ${shown}` };
  }
  if (typeof value === 'bigint') return { ok: true, value: Number(value) };
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const r = toPlainJson(item, depth + 1);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) {
        return { ok: false, detail: `key "${key}" is not allowed: it could reach an object's prototype` };
      }
      const r = toPlainJson((value as Record<string, unknown>)[key], depth + 1);
      if (!r.ok) return r;
      out[key] = r.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value: String(value) };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** kubectl's client-side check that an object says what it is. */
function typeProblems(obj: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof obj.apiVersion !== 'string' || obj.apiVersion === '') problems.push('apiVersion not set');
  if (typeof obj.kind !== 'string' || obj.kind === '') problems.push('kind not set');
  return problems;
}

function isList(obj: Record<string, unknown>): boolean {
  return typeof obj.kind === 'string' && obj.kind.endsWith('List') && Array.isArray(obj.items);
}

/** Why a text could not be read as documents: over the size limit, bad JSON, or bad (or too deep) YAML. */
export type DocumentsProblem = { reason: 'tooLarge' } | { reason: 'json'; detail: string } | { reason: 'yaml'; line?: number; detail: string };

/**
 * A YAML or JSON text as plain JSON values, one per document, with every guard a learner's
 * text needs before the parser sees it: the request size limit, no lone surrogates, JSON
 * parsed depth-first with a bound, YAML refused before parsing when it nests too deep (the
 * parser's recursion is what runs out first, and it is not safe to call again after). Each
 * value is converted to plain JSON (toPlainJson).
 */
export function parseDocuments(text: string): { ok: true; values: unknown[] } | { ok: false; problem: DocumentsProblem } {
  if (text.length > MAX_MANIFEST_BYTES || utf8Length(text) > MAX_MANIFEST_BYTES) return { ok: false, problem: { reason: 'tooLarge' } };
  if (LONE_SURROGATE.test(text)) return { ok: false, problem: { reason: 'yaml', detail: 'invalid leading UTF-8 octet' } };
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let documents: unknown[];
  if (body.trimStart().startsWith('{')) {
    const parsed = parseJsonStream(body);
    if (!parsed.ok) return { ok: false, problem: { reason: 'json', detail: parsed.detail } };
    documents = parsed.values;
  } else {
    if (yamlDepthBound(body) > MAX_DEPTH) return { ok: false, problem: { reason: 'yaml', detail: `exceeded max depth of ${MAX_DEPTH}` } };
    const parsed = parseYamlDocuments(body);
    if (!parsed.ok) return { ok: false, problem: { reason: 'yaml', ...(parsed.line !== undefined ? { line: parsed.line } : {}), detail: parsed.message } };
    documents = parsed.values;
  }
  const values: unknown[] = [];
  for (const raw of documents) {
    if (raw === null || raw === undefined) {
      values.push(raw);
      continue;
    }
    const plain = toPlainJson(raw, 0);
    if (!plain.ok) return { ok: false, problem: { reason: 'json', detail: `error converting YAML to JSON: ${plain.detail}` } };
    values.push(plain.value);
  }
  return { ok: true, values };
}

export function decodeManifests(text: string, sourceName: string): ManifestResult {
  const parsed = parseDocuments(text);
  if (!parsed.ok) {
    const p = parsed.problem;
    if (p.reason === 'tooLarge') return { ok: false, error: tooLargeError(sourceName, MAX_MANIFEST_BYTES) };
    if (p.reason === 'json') return { ok: false, error: parseError(sourceName, p.detail) };
    return { ok: false, error: yamlError(sourceName, p.line, p.detail) };
  }
  const documents = parsed.values;
  const objects: Record<string, unknown>[] = [];
  for (const doc of documents) {
    if (doc === null || doc === undefined) continue;
    if (!isRecord(doc)) return { ok: false, error: validationError(sourceName, ['invalid object to validate']) };
    const problems = typeProblems(doc);
    if (problems.length > 0) return { ok: false, error: validationError(sourceName, problems) };
    if (isList(doc)) {
      for (const item of doc.items as unknown[]) {
        if (!isRecord(item)) return { ok: false, error: validationError(sourceName, ['invalid object to validate']) };
        const itemProblems = typeProblems(item);
        if (itemProblems.length > 0) return { ok: false, error: validationError(sourceName, itemProblems) };
        objects.push(item);
      }
    } else {
      objects.push(doc);
    }
  }
  return { ok: true, objects };
}
