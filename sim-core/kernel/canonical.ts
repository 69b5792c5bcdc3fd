// Canonical JSON and the state hash. Two simulations are "the same" when their canonical
// JSON is byte-identical, so the encoding must not depend on insertion order or on the
// engine: object keys are sorted (by UTF-16 code units, as Array.prototype.sort does),
// bigint becomes {"$bigint":"<decimal>"}, Map/Set become sorted arrays under "$map" /
// "$set", undefined object members are left out (as JSON.stringify does), and a value
// JSON cannot represent faithfully (NaN, Infinity, a function, a symbol) is a bug: throw.

function encode(value: unknown, out: string[]): void {
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`canonicalJson: non-finite number ${value}`);
      out.push(Object.is(value, -0) ? '0' : String(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'bigint':
      out.push(`{"$bigint":"${value.toString(10)}"}`);
      return;
    case 'undefined':
      out.push('null'); // only reached inside arrays; JSON.stringify does the same
      return;
    case 'object':
      break;
    default:
      throw new Error(`canonicalJson: cannot encode a ${typeof value}`);
  }
  if (value === null) {
    out.push('null');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      encode(value[i], out);
    }
    out.push(']');
    return;
  }
  if (value instanceof Map) {
    const pairs = [...value.entries()].map(([k, v]) => [canonicalJson(k), canonicalJson(v)] as const);
    pairs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    out.push('{"$map":[', pairs.map(([k, v]) => `[${k},${v}]`).join(','), ']}');
    return;
  }
  if (value instanceof Set) {
    const items = [...value].map((v) => canonicalJson(v)).sort();
    out.push('{"$set":[', items.join(','), ']}');
    return;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  out.push('{');
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    if (!first) out.push(',');
    first = false;
    out.push(JSON.stringify(k), ':');
    encode(v, out);
  }
  out.push('}');
}

/** The canonical JSON text of `value` (see the file comment for the rules). */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  encode(value, out);
  return out.join('');
}

/**
 * FNV-1a 64-bit over the string's UTF-16 code units (each unit fed as two bytes, low
 * then high), computed with two 32-bit halves so it needs no bigint. Returns 16 hex digits.
 */
export function hash64(text: string): string {
  // offset basis 0xcbf29ce484222325, prime 0x100000001b3 = 2^40 + 0x1b3
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    for (let b = 0; b < 2; b++) {
      lo ^= b === 0 ? unit & 0xff : unit >>> 8;
      // (hi,lo) * (2^40 + 0x1b3) mod 2^64
      const loMul = lo >>> 0;
      const l16 = loMul & 0xffff;
      const h16 = loMul >>> 16;
      const pLo = l16 * 0x1b3;
      const pMid = h16 * 0x1b3 + (pLo >>> 16);
      const newLo = ((pMid & 0xffff) << 16) | (pLo & 0xffff);
      const carry = Math.floor(pMid / 0x10000);
      const newHi = (Math.imul(hi, 0x1b3) + carry + (loMul << 8)) | 0;
      lo = newLo >>> 0;
      hi = newHi >>> 0;
    }
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

/** The state hash: FNV-1a 64 of the canonical JSON, as 16 hex digits. */
export function stateHash(value: unknown): string {
  return hash64(canonicalJson(value));
}

/**
 * `obj[key] = value` for a key that came from data: `__proto__` becomes an own member (as
 * JSON.parse makes it) instead of setting the object's prototype.
 */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
