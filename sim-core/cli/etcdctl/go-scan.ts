// The two Go text scanners etcdctl's txn relies on: fmt.Sscanf with the format
// `%q) %s %q` (parseCompare) and util.go's argify (splitting an operation line).
import { goQuote } from '../flags/go-values';

/** strconv.Unquote for a double-quoted or back-quoted Go literal; undefined when invalid. */
export function goUnquote(lit: string): string | undefined {
  if (lit.length >= 2 && lit.startsWith('`') && lit.endsWith('`')) return lit.slice(1, -1);
  if (lit.length < 2 || !lit.startsWith('"') || !lit.endsWith('"')) return undefined;
  const body = lit.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '"') return undefined;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i];
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', '"': '"', "'": "'" };
    if (e !== undefined && simple[e] !== undefined) out += simple[e];
    else if (e === 'x' || e === 'u' || e === 'U') {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) return undefined;
      out += String.fromCodePoint(parseInt(hex, 16));
      i += len;
    } else return undefined;
  }
  return out;
}

/** One %q verb: skip spaces, then a quoted literal. */
function scanQuoted(s: string, pos: number): { value: string; pos: number } | undefined {
  while (s[pos] === ' ' || s[pos] === '\t') pos++;
  const q = s[pos];
  if (q !== '"' && q !== '`') return undefined;
  let end = pos + 1;
  while (end < s.length && s[end] !== q) end += q === '"' && s[end] === '\\' ? 2 : 1;
  if (end >= s.length) return undefined;
  const value = goUnquote(s.slice(pos, end + 1));
  return value === undefined ? undefined : { value, pos: end + 1 };
}

export interface CompareScan {
  /** how many of the three verbs matched (Sscanf's n) */
  n: number;
  key: string;
  op: string;
  val: string;
}

/** fmt.Sscanf(s, "%q) %s %q", &key, &op, &val) */
export function scanCompare(s: string): CompareScan {
  const r: CompareScan = { n: 0, key: '', op: '', val: '' };
  const key = scanQuoted(s, 0);
  if (!key) return r;
  r.key = key.value;
  r.n = 1;
  let pos = key.pos;
  if (s[pos] !== ')') return r;
  pos++;
  while (s[pos] === ' ' || s[pos] === '\t') pos++;
  const opMatch = /^[^ \t\n]+/.exec(s.slice(pos));
  if (!opMatch) return r;
  r.op = opMatch[0];
  r.n = 2;
  pos += r.op.length;
  const val = scanQuoted(s, pos);
  if (!val) return r;
  r.val = val.value;
  r.n = 3;
  return r;
}

export type ArgifyResult = { ok: true; args: string[] } | { ok: false; panic: string } | { ok: false; error: string };

/**
 * util.go argify. Reproduces its slicing of single-quoted words, which uses the number of
 * words instead of the word's length (`args[i][1 : len(args)-1]`), a bug etcdctl 3.4 has.
 */
export function argify(s: string): ArgifyResult {
  const re = /"(?:[^"\\]|\\.)*"|'[^']*'|[^'"\s]\S*[^'"\s]?/g;
  const args = s.match(re) ?? [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a.startsWith("'")) {
      const end = args.length - 1;
      if (end < 1 || end > a.length) {
        return { ok: false, panic: `runtime error: slice bounds out of range [1:${end}]` };
      }
      args[i] = a.slice(1, end);
    } else if (a.startsWith('"')) {
      const v = goUnquote(a);
      if (v === undefined) return { ok: false, error: `bad quoted string ${goQuote(a)}` };
      args[i] = v;
    }
  }
  return { ok: true, args };
}
