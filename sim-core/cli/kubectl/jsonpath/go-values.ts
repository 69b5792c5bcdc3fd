// The Go values kubectl's JSONPath engine (k8s.io/client-go/util/jsonpath) walks with
// reflection, and the ways Go prints them: fmt's %v (jsonpath text, custom-columns cells),
// %#v (the object dumped in "error executing jsonpath" messages), %q and strconv.Quote,
// encoding/json's Marshal and MarshalIndent (maps and slices), strconv's shortest float
// formats, and text/template's comparisons (client-go/third_party/forked/golang/template).
//
// kubectl hands the engine an unstructured object: map[string]interface{}, []interface{},
// string, int64 (a JSON number without fraction or exponent that fits), float64, bool and
// nil. A typed object (`create … --dry-run=client`) goes through a JSON round trip first,
// so every number in it is a float64. The engine adds Go ints (number literals in the
// template), float64 literals, strings (text and quoted literals) and uint8 (the bytes of a
// string under `*`). Two kinds of "nothing" are told apart, as reflection does: a nil held
// in a map or slice (`nil`), and the zero reflect.Value (`invalid`) that ranging over a nil
// item or over no items produces.
import { goQuote } from '../../flags/go-values';
import { goJsonEscape } from '../../../apiserver/kinds/printer';

/** strconv.Quote lives with the other Go value formatters (cli/flags/go-values.ts). */
export { goQuote } from '../../flags/go-values';

export type GoValue =
  | { readonly k: 'invalid' }
  | { readonly k: 'nil' }
  | { readonly k: 'map'; readonly v: Readonly<Record<string, unknown>> }
  | { readonly k: 'slice'; readonly v: readonly unknown[] }
  | { readonly k: 'string'; readonly v: string }
  | { readonly k: 'int'; readonly v: number; readonly t: 'int64' | 'int' | 'uint8' }
  | { readonly k: 'float'; readonly v: number }
  | { readonly k: 'bool'; readonly v: boolean };

export const INVALID: GoValue = { k: 'invalid' };
export const NIL: GoValue = { k: 'nil' };

/** Thrown where kubectl itself would panic (exit 2) or where the simulator's limits stop work. */
export class GoAbort extends Error {
  constructor(
    message: string,
    readonly kind: 'panic' | 'limit',
  ) {
    super(message);
  }
}

/** Deepest nesting the printers follow (YAML aliases can even make cycles). */
export const MAX_DEPTH = 1000;

const INT64_LIMIT = 2 ** 63;

/** An element of a map or slice, as the interface{} reflection finds there. */
export function goValue(x: unknown, typed: boolean): GoValue {
  if (x === null || x === undefined) return NIL;
  if (Array.isArray(x)) return { k: 'slice', v: x };
  switch (typeof x) {
    case 'string':
      return { k: 'string', v: x };
    case 'boolean':
      return { k: 'bool', v: x };
    case 'number':
      return !typed && Number.isInteger(x) && x < INT64_LIMIT && x >= -INT64_LIMIT ? { k: 'int', v: x, t: 'int64' } : { k: 'float', v: x };
    case 'bigint':
      return { k: 'int', v: Number(x), t: 'int64' };
    case 'object':
      return { k: 'map', v: x as Record<string, unknown> };
    default:
      return NIL;
  }
}

/** The data handed to the engine: reflect.ValueOf(data), where a nil interface is the zero Value. */
export function topValue(x: unknown, typed: boolean): GoValue {
  return x === null || x === undefined ? INVALID : goValue(x, typed);
}

/** The keys of a JSON object that hold a value. */
export function ownKeys(m: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(m).filter((key) => m[key] !== undefined);
}

export function lookup(m: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(m, key) ? m[key] : undefined;
}

/** Go's string order (bytewise in UTF-8, which is code point order). */
export function goCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

export function sortedKeys(m: Readonly<Record<string, unknown>>): string[] {
  return ownKeys(m).sort(goCompare);
}

/** The UTF-8 bytes of a string, which `*` and `..` see as uint8 elements. */
export function utf8Bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** The name reflection gives the value's type (`… is not array or slice`). */
export function goTypeName(v: GoValue): string {
  switch (v.k) {
    case 'map':
      return 'map[string]interface {}';
    case 'slice':
      return '[]interface {}';
    case 'string':
      return 'string';
    case 'int':
      return v.t;
    case 'float':
      return 'float64';
    case 'bool':
      return 'bool';
    default:
      return 'interface {}';
  }
}

// ------------------------------------------------------------------ numbers

/** strconv.FormatFloat(f, 'g', -1, 64), which is also what fmt's %v and %#v print. */
export function formatGoFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const neg = f < 0;
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(Math.abs(f).toExponential());
  if (!m) return String(f);
  const digits = (m[1] as string) + (m[2] ?? '');
  const exp = Number(m[3]);
  let out: string;
  if (exp < -4 || exp >= 6) {
    const e = Math.abs(exp);
    out = `${digits[0]}${digits.length > 1 ? '.' + digits.slice(1) : ''}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  } else if (exp < 0) {
    out = '0.' + '0'.repeat(-exp - 1) + digits;
  } else if (digits.length <= exp + 1) {
    out = digits + '0'.repeat(exp + 1 - digits.length);
  } else {
    out = digits.slice(0, exp + 1) + '.' + digits.slice(exp + 1);
  }
  return neg ? '-' + out : out;
}

function formatInt(v: number): string {
  return Object.is(v, -0) ? '0' : v.toFixed(0);
}

/** encoding/json's float64: %f, or %e below 1e-6 and from 1e21 (exponent without leading zero), as JavaScript. */
function jsonFloat(f: number): string {
  if (Object.is(f, -0)) return '-0';
  return String(f);
}

// ------------------------------------------------------------------ strings

/** encoding/json's string, with its HTML escaping of <, > and &. */
export function goJsonString(s: string): string {
  if (!/[\u0000-\u001f"\\<>&\u2028\u2029\ud800-\udfff]/.test(s)) return '"' + s + '"';
  return goJsonEscape(JSON.stringify(s));
}

// ------------------------------------------------------------------ printers

/** Collects printed text; stops (GoAbort 'limit') past `limit` characters or MAX_DEPTH levels. */
class Writer {
  private readonly chunks: string[] = [];
  private length = 0;

  constructor(private readonly limit: number) {}

  put(s: string): void {
    this.length += s.length;
    if (this.length > this.limit) throw new GoAbort('output too large (simulator limit)', 'limit');
    this.chunks.push(s);
  }

  text(): string {
    return this.chunks.join('');
  }
}

function checkDepth(depth: number): void {
  if (depth > MAX_DEPTH) throw new GoAbort('object nested too deeply to print (simulator limit)', 'limit');
}

/** json.Marshal (indent '') or json.MarshalIndent(v, '', indent) of a Go value; pad: the indentation it starts at. */
export function goJson(v: GoValue, typed: boolean, indent = '', pad = '', limit = Infinity): string {
  const w = new Writer(limit);
  const nl = indent === '' ? '' : '\n';
  const colon = indent === '' ? ':' : ': ';
  const enc = (x: GoValue, depth: number, pad: string): void => {
    checkDepth(depth);
    switch (x.k) {
      case 'invalid':
      case 'nil':
        return w.put('null');
      case 'string':
        return w.put(goJsonString(x.v));
      case 'bool':
        return w.put(x.v ? 'true' : 'false');
      case 'int':
        return w.put(formatInt(x.v));
      case 'float':
        return w.put(jsonFloat(x.v));
      case 'slice': {
        if (x.v.length === 0) return w.put('[]');
        const inner = pad + indent;
        w.put('[');
        x.v.forEach((e, i) => {
          w.put((i > 0 ? ',' : '') + nl + inner);
          enc(goValue(e, typed), depth + 1, inner);
        });
        return w.put(nl + pad + ']');
      }
      case 'map': {
        const keys = sortedKeys(x.v);
        if (keys.length === 0) return w.put('{}');
        const inner = pad + indent;
        w.put('{');
        keys.forEach((key, i) => {
          w.put((i > 0 ? ',' : '') + nl + inner + goJsonString(key) + colon);
          enc(goValue(x.v[key], typed), depth + 1, inner);
        });
        return w.put(nl + pad + '}');
      }
    }
  };
  enc(v, 0, pad);
  return w.text();
}

/** How one of fmt's verbs spells what differs between %v and %#v; the walk is the same. */
interface FmtSyntax {
  nil: string;
  string: (s: string) => string;
  slice: [open: string, separator: string, close: string];
  map: [open: string, separator: string, close: string];
}

/** fmt.Sprint / %v */
const PLAIN: FmtSyntax = { nil: '<nil>', string: (s) => s, slice: ['[', ' ', ']'], map: ['map[', ' ', ']'] };
/** %#v, as the "error executing jsonpath" message dumps the object */
const GO_SYNTAX: FmtSyntax = { nil: 'interface {}(nil)', string: goQuote, slice: ['[]interface {}{', ', ', '}'], map: ['map[string]interface {}{', ', ', '}'] };

function goFormat(v: GoValue, typed: boolean, limit: number, syntax: FmtSyntax): string {
  const w = new Writer(limit);
  const fmt = (x: GoValue, depth: number): void => {
    checkDepth(depth);
    switch (x.k) {
      case 'invalid':
        return w.put('<invalid reflect.Value>');
      case 'nil':
        return w.put(syntax.nil);
      case 'string':
        return w.put(syntax.string(x.v));
      case 'bool':
        return w.put(x.v ? 'true' : 'false');
      case 'int':
        return w.put(formatInt(x.v));
      case 'float':
        return w.put(formatGoFloat(x.v));
      case 'slice': {
        const [open, sep, close] = syntax.slice;
        w.put(open);
        x.v.forEach((e, i) => {
          if (i > 0) w.put(sep);
          fmt(goValue(e, typed), depth + 1);
        });
        return w.put(close);
      }
      case 'map': {
        const [open, sep, close] = syntax.map;
        w.put(open);
        sortedKeys(x.v).forEach((key, i) => {
          w.put((i > 0 ? sep : '') + syntax.string(key) + ':');
          fmt(goValue(x.v[key], typed), depth + 1);
        });
        return w.put(close);
      }
    }
  };
  fmt(v, 0);
  return w.text();
}

/** fmt.Sprint / %v. */
export function goSprint(v: GoValue, typed: boolean, limit = Infinity): string {
  return goFormat(v, typed, limit, PLAIN);
}

/** %#v of the object kubectl gave the engine. */
export function goSharpV(v: GoValue, typed: boolean, limit = Infinity): string {
  return goFormat(v, typed, limit, GO_SYNTAX);
}

// ------------------------------------------------------------------ comparisons

type BasicKind = 'bool' | 'int' | 'uint' | 'float' | 'string';

const BAD_TYPE = 'invalid type for comparison';
const BAD_COMPARISON = 'incompatible types for comparison';

function basicKind(v: GoValue): BasicKind | null {
  switch (v.k) {
    case 'bool':
      return 'bool';
    case 'int':
      return v.t === 'uint8' ? 'uint' : 'int';
    case 'float':
      return 'float';
    case 'string':
      return 'string';
    default:
      return null;
  }
}

const num = (v: GoValue): number => (v.k === 'int' || v.k === 'float' ? v.v : 0);
const str = (v: GoValue): string => (v.k === 'string' ? v.v : '');

export type Compared = { ok: true; value: boolean } | { ok: false; error: string };

/** template.Equal with one right-hand argument. */
export function goEqual(a: GoValue, b: GoValue): Compared {
  const k1 = basicKind(a);
  if (!k1) return { ok: false, error: BAD_TYPE };
  const k2 = basicKind(b);
  if (!k2) return { ok: false, error: BAD_TYPE };
  if (k1 !== k2) {
    if ((k1 === 'int' && k2 === 'uint') || (k1 === 'uint' && k2 === 'int')) return { ok: true, value: num(a) === num(b) };
    return { ok: false, error: BAD_COMPARISON };
  }
  if (k1 === 'bool') return { ok: true, value: a.k === 'bool' && b.k === 'bool' && a.v === b.v };
  if (k1 === 'string') return { ok: true, value: str(a) === str(b) };
  return { ok: true, value: num(a) === num(b) };
}

/** template.Less */
export function goLess(a: GoValue, b: GoValue): Compared {
  const k1 = basicKind(a);
  if (!k1) return { ok: false, error: BAD_TYPE };
  const k2 = basicKind(b);
  if (!k2) return { ok: false, error: BAD_TYPE };
  if (k1 !== k2) {
    if ((k1 === 'int' && k2 === 'uint') || (k1 === 'uint' && k2 === 'int')) return { ok: true, value: num(a) < num(b) };
    return { ok: false, error: BAD_COMPARISON };
  }
  if (k1 === 'bool') return { ok: false, error: BAD_TYPE };
  if (k1 === 'string') return { ok: true, value: goCompare(str(a), str(b)) < 0 };
  return { ok: true, value: num(a) < num(b) };
}

/** The filter operators of evalFilter, built from Less and Equal as text/template does. */
export function goCompareOp(op: string, a: GoValue, b: GoValue): Compared | null {
  const not = (c: Compared): Compared => (c.ok ? { ok: true, value: !c.value } : c);
  const lessEqual = (): Compared => {
    const lt = goLess(a, b);
    if (!lt.ok || lt.value) return lt;
    return goEqual(a, b);
  };
  switch (op) {
    case '<':
      return goLess(a, b);
    case '>': {
      const le = lessEqual();
      return le.ok ? { ok: true, value: !le.value } : { ok: false, error: le.error };
    }
    case '==':
      return goEqual(a, b);
    case '!=':
      return not(goEqual(a, b));
    case '<=':
      return lessEqual();
    case '>=':
      return not(goLess(a, b));
    default:
      return null;
  }
}
