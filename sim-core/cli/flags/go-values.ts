// Go's value parsers and formatters, reproduced because etcdctl prints their error texts
// and outputs verbatim: strconv.ParseInt/ParseUint/ParseBool, time.ParseDuration,
// time.Duration.String and strconv.Quote (the %q verb). Sources: Go's strconv/atoi.go,
// strconv/atob.go, time/format.go, strconv/quote.go.

export type GoParse<T> = { ok: true; value: T } | { ok: false; error: string };

/** strconv.Quote: a double-quoted Go string literal. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const r = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (isGoPrint(ch)) out += ch;
    else if (r === 7) out += '\\a';
    else if (r === 8) out += '\\b';
    else if (r === 12) out += '\\f';
    else if (r === 10) out += '\\n';
    else if (r === 13) out += '\\r';
    else if (r === 9) out += '\\t';
    else if (r === 11) out += '\\v';
    else if (r < 0x20 || r === 0x7f) out += '\\x' + hex(r, 2);
    else if (r >= 0xd800 && r <= 0xdfff) out += '\\ufffd';
    else if (r < 0x10000) out += '\\u' + hex(r, 4);
    else out += '\\U' + hex(r, 8);
  }
  return out + '"';
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** strconv.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
export function isGoPrint(ch: string): boolean {
  return PRINTABLE.test(ch);
}

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const UINT64_MAX = (1n << 64n) - 1n;

function digitsFor(base: number): RegExp {
  return base === 16 ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/;
}

/** strconv.ParseInt(s, base, 64) for base 10 or 16. */
export function parseGoInt64(s: string, base: 10 | 16): GoParse<bigint> {
  const syntax = { ok: false as const, error: `strconv.ParseInt: parsing ${goQuote(s)}: invalid syntax` };
  let body = s;
  let negative = false;
  if (body.startsWith('+') || body.startsWith('-')) {
    negative = body.startsWith('-');
    body = body.slice(1);
  }
  if (!digitsFor(base).test(body)) return syntax;
  const magnitude = BigInt((base === 16 ? '0x' : '') + body);
  const value = negative ? -magnitude : magnitude;
  if (value > INT64_MAX || value < INT64_MIN) {
    return { ok: false, error: `strconv.ParseInt: parsing ${goQuote(s)}: value out of range` };
  }
  return { ok: true, value };
}

/** strconv.ParseUint(s, base, 64) for base 10 or 16. */
export function parseGoUint64(s: string, base: 10 | 16): GoParse<bigint> {
  if (!digitsFor(base).test(s)) {
    return { ok: false, error: `strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax` };
  }
  const value = BigInt((base === 16 ? '0x' : '') + s);
  if (value > UINT64_MAX) return { ok: false, error: `strconv.ParseUint: parsing ${goQuote(s)}: value out of range` };
  return { ok: true, value };
}

/** strconv.ParseBool */
export function parseGoBool(s: string): GoParse<boolean> {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return { ok: true, value: true };
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return { ok: true, value: false };
  return { ok: false, error: `strconv.ParseBool: parsing ${goQuote(s)}: invalid syntax` };
}

const UNIT_NANOS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  'µs': 1e3,
  'μs': 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/** time.ParseDuration, in nanoseconds. */
export function parseGoDuration(s: string): GoParse<number> {
  const invalid = { ok: false as const, error: `time: invalid duration ${goQuote(s)}` };
  let rest = s;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return { ok: true, value: 0 };
  if (rest === '') return invalid;
  let total = 0;
  while (rest !== '') {
    const num = /^([0-9]*)(\.[0-9]*)?/.exec(rest);
    const whole = num?.[1] ?? '';
    const frac = num?.[2] ?? '';
    if (whole === '' && (frac === '' || frac === '.')) return invalid;
    rest = rest.slice(whole.length + frac.length);
    const unit = /^[^0-9.]*/.exec(rest)?.[0] ?? '';
    if (unit === '') return { ok: false, error: `time: missing unit in duration ${goQuote(s)}` };
    const scale = UNIT_NANOS[unit];
    if (scale === undefined) {
      return { ok: false, error: `time: unknown unit ${goQuote(unit)} in duration ${goQuote(s)}` };
    }
    rest = rest.slice(unit.length);
    total += Number(whole === '' ? '0' : whole) * scale + Number('0' + (frac === '.' ? '' : frac)) * scale;
  }
  return { ok: true, value: Math.round(sign * total) };
}

function trimFraction(intPart: number, frac: number, fracDigits: number): string {
  if (frac === 0) return String(intPart);
  const digits = String(frac).padStart(fracDigits, '0').replace(/0+$/, '');
  return `${intPart}.${digits}`;
}

/** time.Duration.String for a whole number of nanoseconds. */
export function formatGoDuration(nanos: number): string {
  if (nanos === 0) return '0s';
  const sign = nanos < 0 ? '-' : '';
  const n = Math.abs(nanos);
  if (n < 1e3) return `${sign}${n}ns`;
  if (n < 1e6) return `${sign}${trimFraction(Math.floor(n / 1e3), n % 1e3, 3)}µs`;
  if (n < 1e9) return `${sign}${trimFraction(Math.floor(n / 1e6), n % 1e6, 6)}ms`;
  const hours = Math.floor(n / 3600e9);
  const minutes = Math.floor((n % 3600e9) / 60e9);
  const secNanos = n % 60e9;
  const seconds = trimFraction(Math.floor(secNanos / 1e9), secNanos % 1e9, 9) + 's';
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}`;
  if (minutes > 0) return `${sign}${minutes}m${seconds}`;
  return `${sign}${seconds}`;
}
