// What a JSON round trip (JSON.parse(JSON.stringify(v))) gives, built directly: the API
// server's private copy of a request body, without printing and re-reading the text.
// The copy also bounds the size the text would have, so a body can be measured against
// --max-request-body-bytes without being printed; only when that bound is not clearly
// under the limit — or the value holds anything a plain walk should not judge (a cycle,
// a boxed primitive, very deep nesting) — does the caller fall back to the real round trip.

/** The walk gave up: use JSON.stringify / JSON.parse, which decide exactly. */
export const NOT_PLAIN: unique symbol = Symbol('not plain JSON');

const MAX_DEPTH = 200;

interface Budget {
  /** an upper bound on the JSON text's length so far */
  bound: number;
  limit: number;
}

/**
 * The round trip's result when the JSON text is surely at most `limit` characters, else
 * NOT_PLAIN. Bound per string: 6 characters per code unit (a \uXXXX escape) plus quotes.
 */
export function copyJsonWithin(value: unknown, limit: number): unknown {
  const budget: Budget = { bound: 0, limit };
  const out = copyValue(value, '', budget, 0);
  return out === SKIP ? undefined : out;
}

/** A value JSON leaves out of an object (undefined, a function, a symbol). */
const SKIP: unique symbol = Symbol('skip');

/** `key`: the member's name, or its index in an array (toJSON is called with it as text). */
function copyValue(v: unknown, key: string | number, budget: Budget, depth: number): unknown {
  if (depth > MAX_DEPTH) return NOT_PLAIN;
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    v = (v as { toJSON: (k: string) => unknown }).toJSON(String(key));
  }
  switch (typeof v) {
    case 'string':
      budget.bound += 6 * v.length + 2;
      return budget.bound > budget.limit ? NOT_PLAIN : v;
    case 'number':
      budget.bound += 24;
      return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    case 'boolean':
      budget.bound += 5;
      return v;
    case 'undefined':
    case 'function':
    case 'symbol':
      return SKIP;
    case 'bigint':
      return NOT_PLAIN; // JSON.stringify throws: the caller's round trip reports it
    default:
      break;
  }
  if (v === null) {
    budget.bound += 4;
    return null;
  }
  if (v instanceof String || v instanceof Number || v instanceof Boolean) return NOT_PLAIN;
  if (Array.isArray(v)) {
    const arr: unknown[] = new Array<unknown>(v.length);
    budget.bound += 2 + v.length;
    for (let i = 0; i < v.length; i++) {
      const c = copyValue(v[i], i, budget, depth + 1);
      if (c === NOT_PLAIN) return NOT_PLAIN;
      arr[i] = c === SKIP ? null : c;
    }
    return budget.bound > budget.limit ? NOT_PLAIN : arr;
  }
  const src = v as Record<string, unknown>;
  const obj: Record<string, unknown> = {};
  budget.bound += 2;
  // for…in over own keys (the order Object.keys gives): no key array per object
  for (const k in src) {
    if (!Object.prototype.hasOwnProperty.call(src, k)) continue;
    const c = copyValue(src[k], k, budget, depth + 1);
    if (c === NOT_PLAIN) return NOT_PLAIN;
    if (c === SKIP) continue;
    budget.bound += 6 * k.length + 4;
    // JSON.parse makes "__proto__" an own property; a plain assignment would set the prototype
    if (k === '__proto__') Object.defineProperty(obj, k, { value: c, writable: true, enumerable: true, configurable: true });
    else obj[k] = c;
  }
  return budget.bound > budget.limit ? NOT_PLAIN : obj;
}

