// resource.Quantity (k8s.io/apimachinery/pkg/api/resource/quantity.go): `100m`, `0.5`,
// `128Mi`, `1Gi`, `2`, `1e3`. Values are kept exactly as integer milli-units (bigint), so
// the scheduler can compare requests with allocatable without floating-point error.
// Like Quantity.MilliValue(), a value finer than 1m is rounded up (`1n` → 1m).

export const QUANTITY_REGEX_TEXT = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';

/** The real parse error, resource.ErrFormatWrong. */
export const QUANTITY_FORMAT_ERROR = `quantities must match the regular expression '${QUANTITY_REGEX_TEXT}'`;

export interface Quantity {
  /** The text as written (what the API server echoes back in most cases). */
  readonly text: string;
  /** Exact value × 1000, rounded up. */
  readonly milli: bigint;
}

export type QuantityResult = { ok: true; quantity: Quantity } | { ok: false; error: string };

const BINARY: Record<string, bigint> = {
  Ki: 1n << 10n,
  Mi: 1n << 20n,
  Gi: 1n << 30n,
  Ti: 1n << 40n,
  Pi: 1n << 50n,
  Ei: 1n << 60n,
};
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

const NUMBER = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/;
const EXPONENT = /^[eE]([+-]?[0-9]+)$/;

function divCeil(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n > 0n ? q + 1n : q;
}

/**
 * Parsed quantities by text: a cluster repeats the same few (`100m`, `64Mi`) thousands of
 * times, and the API server and scheduler parse them on every object. Bounded, so the
 * cache itself cannot grow without limit.
 */
const cache = new Map<string, QuantityResult>();
const CACHE_LIMIT = 4096;

/** Parse a quantity written as a string or a JSON number (YAML `cpu: 2`). */
export function parseQuantity(input: string | number): QuantityResult {
  const text = quantityText(input);
  const cached = cache.get(text);
  if (cached) return cached;
  const result = parseQuantityText(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, result);
  return result;
}

function parseQuantityText(text: string): QuantityResult {
  const fail: QuantityResult = { ok: false, error: QUANTITY_FORMAT_ERROR };
  if (text.length === 0 || text.length > 64) return fail;
  const split = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/.exec(text);
  if (!split) return fail;
  const numberPart = split[1] ?? '';
  const suffix = split[2] ?? '';
  const num = NUMBER.exec(numberPart);
  if (!num) return fail;
  const whole = num[2] ?? '';
  const fraction = num[3] ?? '';
  if (whole.length === 0 && fraction.length === 0) return fail;
  const negative = num[1] === '-';
  // value = digits / 10^fraction.length
  let numerator = BigInt(`${whole}${fraction}` || '0');
  let denominator = 10n ** BigInt(fraction.length);
  if (suffix in BINARY) {
    numerator *= BINARY[suffix] ?? 1n;
  } else {
    let exp: number;
    const e = EXPONENT.exec(suffix);
    if (e) exp = Number(e[1]);
    else if (suffix in DECIMAL) exp = DECIMAL[suffix] ?? 0;
    else return fail;
    if (Math.abs(exp) > 30) return fail;
    if (exp >= 0) numerator *= 10n ** BigInt(exp);
    else denominator *= 10n ** BigInt(-exp);
  }
  const milliAbs = divCeil(numerator * 1000n, denominator);
  return { ok: true, quantity: { text, milli: negative ? -milliAbs : milliAbs } };
}

/** The text a quantity written as a JSON number stands for (YAML `cpu: 2` is `2`, `cpu: 0.5` is `0.5`). */
function quantityText(input: string | number): string {
  if (typeof input === 'string') return input;
  return Number.isInteger(input) ? input.toFixed(0) : String(input);
}

/** Go's unicode.IsSpace, what strings.TrimSpace trims (JavaScript's trim() also trims U+FEFF, and not U+0085). */
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const SURROUNDING_SPACE = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'g');

/**
 * The text Quantity.UnmarshalJSON parses from a JSON value: a number's text, or the
 * string without the white space around it (strings.TrimSpace), so `cpu: " 100m"` is
 * accepted and stored as `100m`. (ParseQuantity itself, as parseQuantity here, trims nothing.)
 */
export function unmarshalQuantityText(input: string | number): string {
  return typeof input === 'string' ? input.replace(SURROUNDING_SPACE, '') : quantityText(input);
}

export function compareQuantities(a: Quantity, b: Quantity): -1 | 0 | 1 {
  return a.milli < b.milli ? -1 : a.milli > b.milli ? 1 : 0;
}

/** Sum of milli-values, e.g. the requests of all containers of a Pod. */
export function sumMilli(quantities: readonly Quantity[]): bigint {
  return quantities.reduce((acc, q) => acc + q.milli, 0n);
}

/** Format milli-units the way `kubectl describe node` shows CPU (`250m`, `2`). */
export function formatMilli(milli: bigint): string {
  return milli % 1000n === 0n ? `${milli / 1000n}` : `${milli}m`;
}

const DECIMAL_SUFFIX: Record<number, string> = { [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_SUFFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const MAX_INT64 = (1n << 63n) - 1n;
const NANO = 1_000_000_000n;

/**
 * The text a Quantity is written back as (Quantity.String / MarshalJSON): the text it was
 * parsed from when ParseQuantity keeps it (a value it holds exactly, already in canonical
 * form), else CanonicalizeBytes' form — the value rounded up to a nano-unit, in the suffix
 * family it was written in: `0.5` → `500m`, `1000m` → `1`, `1024Mi` → `1Gi`, `2000` → `2k`,
 * `1.234n` → `2n`, `1e3` stays. What kubectl prints and sends for a quantity it decoded into
 * a typed object (`set resources`). undefined for text that does not parse.
 */
export function canonicalQuantity(text: string): string | undefined {
  if (text === '0') return text;
  const split = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([eEinumkKMGTP]*[-+]?[0-9]*)$/.exec(text);
  if (!split || !parseQuantity(text).ok) return undefined;
  const negative = split[1] === '-';
  // parseQuantityString: leading zeros stripped ("0" when nothing is left)
  const num = (split[2] ?? '').replace(/^0+/, '') || '0';
  const fraction = split[3] ?? '';
  const suffix = split[4] ?? '';
  const binary = suffix in BINARY;
  const exponentForm = EXPONENT.test(suffix);
  const exponent = binary ? 0 : exponentForm ? Number(EXPONENT.exec(suffix)![1]) : (DECIMAL[suffix] ?? 0);
  const shifted = num + fraction;
  // ParseQuantity's fast path (the value exact in an int64 at a scale of nano or coarser)
  // keeps the text as written when it is in canonical form
  if (binary) {
    const power = Math.log2(Number(BINARY[suffix] ?? 1n));
    const precision = 15 - num.length - Math.trunc((power * 3) / 10) - 1;
    if (fraction === '' && precision >= 0 && (BigInt(shifted) & 7n) !== 0n && BigInt(shifted) * (BINARY[suffix] ?? 1n) <= MAX_INT64) return text;
  } else {
    const scale = exponent - fraction.length;
    if (scale % 3 === 0 && scale >= -9 && shifted.length <= 18 && !shifted.endsWith('000') && shifted[0] !== '0' && BigInt(shifted) <= MAX_INT64) return text;
  }
  // the value in nano-units, rounded up (away from zero)
  let numerator = BigInt(shifted);
  let denominator = 10n ** BigInt(fraction.length);
  if (binary) numerator *= BINARY[suffix] ?? 1n;
  else if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator *= 10n ** BigInt(-exponent);
  let nano = (numerator * NANO + denominator - 1n) / denominator;
  if (nano === 0n) return '0';
  const sign = negative ? '-' : '';
  // a binary quantity is capped at the largest int64
  if (binary && nano > MAX_INT64 * NANO) nano = MAX_INT64 * NANO;
  if (binary && nano >= 1024n * NANO && nano % NANO === 0n) {
    let value = nano / NANO;
    let step = 0;
    while (value % 1024n === 0n && step < BINARY_SUFFIXES.length - 1) {
      value /= 1024n;
      step++;
    }
    return `${sign}${value}${BINARY_SUFFIXES[step]}`;
  }
  // decimal: the factors of ten into the exponent, then down to a multiple of three
  let mantissa = nano;
  let exp = -9;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exp++;
  }
  while (((exp % 3) + 3) % 3 !== 0) {
    mantissa *= 10n;
    exp--;
  }
  if (exponentForm) return `${sign}${mantissa}${exp === 0 ? '' : `e${exp}`}`;
  // past E there is no SI suffix, and CanonicalizeBytes writes none
  return `${sign}${mantissa}${DECIMAL_SUFFIX[exp] ?? ''}`;
}
