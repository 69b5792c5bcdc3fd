// kubectl reads a file whose first non-space character is `{` as a stream of JSON
// values (k8s.io/apimachinery/pkg/util/yaml YAMLOrJSONDecoder). This splits the stream,
// checks nesting depth while scanning (before JSON.parse sees the text) and reports
// errors with encoding/json's wording.
import { goJsonSyntaxError } from './goJsonScanner';
import { MAX_DEPTH, MAX_DOCUMENTS } from './limits';

export type JsonStreamResult = { ok: true; values: unknown[] } | { ok: false; detail: string };

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

function quoteChar(c: string): string {
  return c === "'" ? "'\\''" : `'${c}'`;
}

/**
 * The syntax error in one balanced value, in encoding/json's words (goJsonScanner.ts: the
 * Decoder reads a value with the same scanner); one cut short is the Decoder's EOF.
 */
function syntaxDetail(piece: string): string {
  const error = goJsonSyntaxError(piece);
  return error === undefined || error === 'unexpected end of JSON input' ? 'unexpected EOF' : error;
}

export function parseJsonStream(text: string): JsonStreamResult {
  const values: unknown[] = [];
  const n = text.length;
  let i = 0;
  for (;;) {
    while (i < n && isSpace(text[i])) i++;
    if (i >= n) return { ok: true, values };
    const start = i;
    const first = text[i] ?? '';
    if (first !== '{' && first !== '[') {
      return { ok: false, detail: `invalid character ${quoteChar(first)} looking for beginning of value` };
    }
    let depth = 0;
    let inString = false;
    for (; i < n; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') {
        depth++;
        if (depth > MAX_DEPTH) return { ok: false, detail: `exceeded max depth of ${MAX_DEPTH}` };
      } else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) {
          i++;
          break;
        }
      }
    }
    if (depth !== 0) return { ok: false, detail: 'unexpected EOF' };
    const piece = text.slice(start, i);
    try {
      values.push(JSON.parse(piece) as unknown);
    } catch {
      return { ok: false, detail: syntaxDetail(piece) };
    }
    if (values.length > MAX_DOCUMENTS) {
      return { ok: false, detail: `too many documents: more than ${MAX_DOCUMENTS} in one file` };
    }
  }
}
