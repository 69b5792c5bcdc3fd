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
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        file,
        line: e.linePos?.[0]?.line,
        message: `this is not valid YAML: ${firstLine(e.message)}`,
      })),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount });
  } catch (e) {
    return fail(file, undefined, `the YAML could not be read: ${e instanceof Error ? e.message : String(e)}`);
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

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function fail(file: string, line: number | undefined, message: string): { ok: false; problems: Problem[] } {
  return { ok: false, problems: [{ file, line, message }] };
}
