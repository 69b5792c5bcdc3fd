// `kubectl get -o custom-columns=<header>:<json-path-expr>,…`: kubectl's
// pkg/cmd/get/customcolumn.go (NewCustomColumnsPrinterFromSpec, RelaxedJSONPathExpression,
// CustomColumnsPrinter.PrintObj/printOneObject) and customcolumn_flags.go, kubectl 1.32.
// Only `get` offers this format. Headers print as given; each cell is every result of the
// column's expression through fmt.Sprint (maps as map[k:v], slices as [a b], nil as <nil>),
// joined with ',', terminal escapes defused (cli-runtime printers.EscapeTerminal), or <none>
// when there is no result. Rows go through the `get` tabwriter. A column's expression is only
// parsed when printing starts, after the header line, so a bad one prints the header first.
import { GET_TABWRITER, tabwrite } from '../tabwriter';
import { MAX_OUTPUT, findAll } from './execute';
import { GoAbort, goSprint, type GoValue } from './go-values';
import { MAX_TEMPLATE_LENGTH, parseNodes, type ParsedTemplate } from './parser';

export interface ColumnSpec {
  readonly header: string;
  /** the column's expression as kubectl completes it (`{.metadata.name}`), '' for an empty one */
  readonly fieldSpec: string;
  /** the parsed expression, or null when it does not parse */
  readonly template: ParsedTemplate | null;
  /** what kubectl prints (after the header) when the expression does not parse */
  readonly parseError: string | null;
}

const RELAXED = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/** RelaxedJSONPathExpression: `a.b`, `.a.b`, `{a.b}` and `{.a.b}` all become `{.a.b}`. */
export function relaxedJsonPathExpression(expr: string): { ok: true; value: string } | { ok: false; error: string } {
  if (expr === '') return { ok: true, value: '' };
  const m = RELAXED.exec(expr);
  if (!m) return { ok: false, error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" };
  return { ok: true, value: `{.${m[1] ?? m[2] ?? ''}}` };
}

/** NewCustomColumnsPrinterFromSpec; errors as kubectl prints them on stderr. */
export function parseCustomColumns(spec: string): { ok: true; value: ColumnSpec[] } | { ok: false; error: string } {
  if (spec === '') return { ok: false, error: 'error: custom-columns format specified but no custom columns given\n' };
  if (spec.length > MAX_TEMPLATE_LENGTH) return { ok: false, error: `error: custom-columns spec longer than ${MAX_TEMPLATE_LENGTH} characters (simulator limit)\n` };
  const columns: ColumnSpec[] = [];
  for (const part of spec.split(',')) {
    const colon = part.indexOf(':');
    if (colon < 0) return { ok: false, error: `error: unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>\n` };
    const relaxed = relaxedJsonPathExpression(part.slice(colon + 1));
    if (!relaxed.ok) return { ok: false, error: `error: ${relaxed.error}\n` };
    const parsed = parseNodes(relaxed.value);
    columns.push({
      header: part.slice(0, colon),
      fieldSpec: relaxed.value,
      template: parsed.ok ? { source: relaxed.value, nodes: parsed.nodes } : null,
      parseError: parsed.ok ? null : `error: ${parsed.error}\n`,
    });
  }
  return { ok: true, value: columns };
}

/** cli-runtime printers.EscapeTerminal */
export function escapeTerminal(s: string): string {
  return s.replace(/[\x1b\r]/g, (c) => (c === '\x1b' ? '^[' : '\\r'));
}

function cell(v: GoValue, limit: number): string {
  if (v.k === 'invalid') throw new GoAbort('reflect: call of reflect.Value.Interface on zero Value', 'panic');
  return escapeTerminal(goSprint(v, false, limit));
}

export type ColumnsResult = { ok: true; text: string } | { ok: false; text: string; error: string; exitCode: number };

/**
 * CustomColumnsPrinter.PrintObj over the objects of one `get` (a List's items, or the one
 * object asked for): the header unless noHeaders, then a row per object. On failure, `text`
 * is what kubectl had already printed (the header and the rows before the failing object).
 */
export function printCustomColumns(columns: readonly ColumnSpec[], objects: readonly unknown[], options: { noHeaders?: boolean } = {}): ColumnsResult {
  let out = options.noHeaders ? '' : columns.map((c) => c.header).join('\t') + '\n';
  const fail = (error: string, exitCode = 1): ColumnsResult => ({ ok: false, text: tabwrite(out, GET_TABWRITER), error, exitCode });
  for (const c of columns) if (c.parseError !== null) return fail(c.parseError);
  for (const obj of objects) {
    const cells: string[] = [];
    for (const c of columns) {
      const found = c.template ? findAll(c.template, obj, { allowMissingKeys: true }) : { ok: true as const, lists: [] };
      if ('execError' in found) return fail(`error: ${found.execError}\n`);
      if (!found.ok) return fail(found.error, found.exitCode);
      const values: string[] = [];
      if (found.lists.length === 0 || (found.lists[0] as GoValue[]).length === 0) values.push('<none>');
      try {
        let size = out.length;
        for (const list of found.lists) {
          for (const v of list) {
            const text = cell(v, MAX_OUTPUT - size);
            size += text.length + 1;
            if (size > MAX_OUTPUT) throw new GoAbort('output too large (simulator limit)', 'limit');
            values.push(text);
          }
        }
      } catch (e) {
        if (!(e instanceof GoAbort)) throw e;
        return e.kind === 'panic' ? fail(`panic: ${e.message}\n\ngoroutine 1 [running]:\n`, 2) : fail(`error: ${e.message}\n`);
      }
      cells.push(values.join(','));
      if (out.length + cells.join('\t').length > MAX_OUTPUT) return fail('error: output too large (simulator limit)\n');
    }
    out += cells.join('\t') + '\n';
  }
  return { ok: true, text: tabwrite(out, GET_TABWRITER) };
}
