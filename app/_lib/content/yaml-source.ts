// YAML through the `yaml` package with limits: content files are small, and an alias bomb
// or a huge file is a mistake (or an attack) the checker should name, not swallow.
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import type { Problem, Result } from './problems';

export const YAML_LIMITS = {
  maxBytes: 512 * 1024,
  maxAliasCount: 100,
} as const;

export interface YamlSource {
  value: unknown;
  /** the 1-based line of the value at `path` (or of its nearest existing parent) */
  lineOf(path: readonly PropertyKey[]): number | undefined;
}

export function parseYamlSource(source: string, file: string): Result<YamlSource> {
  if (source.length > YAML_LIMITS.maxBytes) {
    return fail(file, undefined, `the file is larger than ${YAML_LIMITS.maxBytes / 1024} KiB; split it`);
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: true, strict: true });
  if (doc.errors.length > 0) {
    // Only the first error: one stray `[` or tab makes the parser report every token after
    // it, and those later errors disappear once the first is fixed.
    const first = doc.errors[0]!;
    const more = doc.errors.length > 1 ? ' (fix this first: the lines after it cannot be read until it is)' : '';
    const at = yamlErrorAt(source.split('\n'), first.code, first.message, first.linePos?.[0]);
    return fail(file, at.line, `this is not valid YAML: ${firstLine(first.message).replace(/ at line \d+, column \d+:?$/, '')}${at.column === undefined ? '' : ` (column ${at.column})`}; ${at.fix}${more}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/alias/i.test(message)) {
      return fail(file, undefined, `the YAML expands its aliases (*name) more than ${YAML_LIMITS.maxAliasCount} times, which is how an alias bomb blows up; write the values out instead of repeating aliases`);
    }
    return fail(file, undefined, `the YAML could not be read: ${message}`);
  }
  return { ok: true, value: { value, lineOf: (path) => lineOf(doc, lineCounter, path) } };
}

function lineOf(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n) as unknown[], true);
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return undefined;
}

/** What to do about the YAML errors instructors make most. */
const YAML_FIXES: Partial<Record<string, string>> = {
  TAB_AS_INDENT: 'indent with spaces, never tabs (set your editor to insert spaces in YAML files)',
  DUPLICATE_KEY: 'a field appears twice in the same mapping; keep one',
  BLOCK_AS_IMPLICIT_KEY: 'a value that contains ": " must be quoted, e.g. title: "Raft: how etcd agrees"',
  MULTILINE_IMPLICIT_KEY: 'a value that contains ": " must be quoted, e.g. title: "Raft: how etcd agrees"',
};
const INDENTATION = 'check the indentation against the line above: a field lines up with the other fields of its mapping, and a list item\'s - with the other items of its list (spaces only)';
const UNCLOSED = 'a quote or bracket is not closed; close it on the same line';

/**
 * Which line to blame, at which column, and what to do. The yaml package reports an
 * indentation mistake under several codes (a list item read as "without - indicator", a
 * more-indented line read as a multi-line key on the line above) and at column 1 of a line
 * that starts with spaces; an author needs "the indentation" and the column where the text starts.
 */
function yamlErrorAt(lines: readonly string[], code: string, message: string, pos: { line: number; col: number } | undefined): { line?: number; column?: number; fix: string } {
  if (pos === undefined) return { fix: YAML_FIXES[code] ?? INDENTATION };
  const indent = (n: number) => /^ */.exec(lines[n - 1] ?? '')![0].length;
  const column = (n: number, col: number) => (col === 1 ? indent(n) + 1 : col);
  if (/Missing closing|end with a [}\]]/.test(message)) {
    // the parser notices at the end of what it read; the author opened it on an earlier line
    const opened = openingLine(lines, pos.line);
    return opened === undefined ? { line: pos.line, column: column(pos.line, pos.col), fix: UNCLOSED } : { ...opened, fix: UNCLOSED };
  }
  if (code === 'BAD_INDENT' || code === 'MISSING_CHAR') return { line: pos.line, column: column(pos.line, pos.col), fix: INDENTATION };
  if (code === 'BLOCK_AS_IMPLICIT_KEY' || code === 'MULTILINE_IMPLICIT_KEY') {
    if (misalignedItem(lines, pos.line, indent)) return { line: pos.line, column: indent(pos.line) + 1, fix: INDENTATION };
    const next = contentLine(lines, pos.line, 1);
    // `description: x` and under it a line indented further: that line is the mistake
    if (next !== undefined && indent(next) > indent(pos.line) && /:\s+[^\s|>]/.test(lines[pos.line - 1] ?? '')) return { line: next, column: indent(next) + 1, fix: INDENTATION };
    const prev = contentLine(lines, pos.line, -1);
    // a line indented differently from the one above, which opens nothing (no trailing `:`)
    if (prev !== undefined && indent(pos.line) !== indent(prev) && !/:\s*$/.test(lines[prev - 1] ?? '')) {
      // the list item above is the one out of line
      if (misalignedItem(lines, prev, indent)) return { line: prev, column: indent(prev) + 1, fix: INDENTATION };
      return { line: pos.line, column: indent(pos.line) + 1, fix: INDENTATION };
    }
  }
  return { line: pos.line, column: column(pos.line, pos.col), fix: YAML_FIXES[code] ?? 'check the indentation and quote values that contain : [ ] { } # or start with * & !' };
}

/** The nearest line at or above `line` that opens a quote or bracket it does not close, and where. */
function openingLine(lines: readonly string[], line: number): { line: number; column: number } | undefined {
  for (let n = line; n >= 1; n--) {
    const text = lines[n - 1] ?? '';
    let quote: string | undefined;
    let at = -1;
    const open: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quote !== undefined) {
        if (c === '\\' && quote === '"') i++;
        else if (c === quote) quote = undefined;
      } else if (c === '#' && (i === 0 || text[i - 1] === ' ')) break;
      else if (c === '"' || (c === "'" && (i === 0 || /[\s:[{,-]/.test(text[i - 1]!)))) {
        quote = c;
        at = i;
      } else if (c === '{' || c === '[') open.push(i);
      else if ((c === '}' || c === ']') && open.length > 0) open.pop();
    }
    if (quote !== undefined) return { line: n, column: at + 1 };
    if (open.length > 0) return { line: n, column: open[0]! + 1 };
  }
  return undefined;
}

/** ` - id: b` under `  - id: a`: a list item a space or two out of line with the item before it. */
function misalignedItem(lines: readonly string[], line: number, indent: (n: number) => number): boolean {
  if (!/^\s*- /.test(lines[line - 1] ?? '')) return false;
  for (let n = line - 1; n >= 1; n--) {
    if (!/^\s*- /.test(lines[n - 1] ?? '')) continue;
    const d = Math.abs(indent(n) - indent(line));
    return d > 0 && d <= 2;
  }
  return false;
}

/** The nearest line after (`step` 1) or before (-1) `line` with content: not blank, not a comment. */
function contentLine(lines: readonly string[], line: number, step: 1 | -1): number | undefined {
  for (let n = line + step; n >= 1 && n <= lines.length; n += step) if ((lines[n - 1] ?? '').trim() !== '' && !/^\s*#/.test(lines[n - 1]!)) return n;
  return undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function fail(file: string, line: number | undefined, message: string): { ok: false; problems: Problem[] } {
  return { ok: false, problems: [{ file, line, message }] };
}
