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
    return fail(file, first.linePos?.[0]?.line, `this is not valid YAML: ${withoutPosition(firstLine(first.message))}; ${YAML_FIXES[first.code] ?? 'check the indentation and quote values that contain : [ ] { } # or start with * & !'}${more}`);
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
  BAD_INDENT: 'line the field up with the other fields of its mapping, using spaces',
  MISSING_CHAR: 'a quote or bracket is not closed',
};

/** The yaml package ends its messages with " at line 3, column 7:"; the line is in the problem already. */
function withoutPosition(message: string): string {
  return message.replace(/ at line \d+, column (\d+):?$/, ' (column $1)');
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function fail(file: string, line: number | undefined, message: string): { ok: false; problems: Problem[] } {
  return { ok: false, problems: [{ file, line, message }] };
}
