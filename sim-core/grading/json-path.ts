// A small, safe path into a stored JSON object: `spec.replicas`,
// `spec.template.spec.containers[0].image`, `metadata.labels["app.kubernetes.io/name"]`.
// Parsed into segments and walked by hand — never evaluated — so a goal written by a
// teacher or a value written by a learner cannot run code. The syntax is the subset of
// kubectl's JSONPath (`{.spec.replicas}`) that a goal needs, without the braces.

export type PathSegment = string | number;

export type ParsedPath = { ok: true; segments: PathSegment[] } | { ok: false; error: string };

const MAX_SEGMENTS = 32;
const NAME = /^[A-Za-z_$][A-Za-z0-9_$-]*/;

export function parseJsonPath(path: string): ParsedPath {
  const segments: PathSegment[] = [];
  let i = path.startsWith('.') ? 1 : 0;
  if (path.length === 0 || i === path.length) return { ok: false, error: 'the path is empty; write a field path such as spec.replicas' };
  while (i < path.length) {
    if (segments.length >= MAX_SEGMENTS) return { ok: false, error: `the path has more than ${MAX_SEGMENTS} parts` };
    const ch = path[i];
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) return { ok: false, error: `'[' at position ${i + 1} is never closed with ']'` };
      const inner = path.slice(i + 1, close);
      if (/^\d+$/.test(inner)) segments.push(Number(inner));
      else {
        const quoted = /^"([^"\\]*)"$/.exec(inner) ?? /^'([^'\\]*)'$/.exec(inner);
        if (!quoted) return { ok: false, error: `[${inner}] must be a list index such as [0] or a quoted key such as ["app.kubernetes.io/name"]` };
        segments.push(quoted[1] as string);
      }
      i = close + 1;
    } else {
      if (ch === '.') {
        if (segments.length === 0) return { ok: false, error: 'the path starts with two dots' };
        i++;
      } else if (segments.length > 0) {
        return { ok: false, error: `expected '.' or '[' at position ${i + 1}` };
      }
      const m = NAME.exec(path.slice(i));
      if (!m) return { ok: false, error: `expected a field name at position ${i + 1}; quote unusual keys as ["key"]` };
      segments.push(m[0]);
      i += m[0].length;
    }
  }
  return { ok: true, segments };
}

/** The value at `segments` inside `root`, or undefined when any step is missing. Own properties only. */
export function valueAtPath(root: unknown, segments: readonly PathSegment[]): unknown {
  let cur: unknown = root;
  for (const s of segments) {
    if (typeof s === 'number') {
      if (!Array.isArray(cur) || s >= cur.length) return undefined;
      cur = cur[s];
    } else {
      if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.hasOwn(cur, s)) return undefined;
      cur = (cur as Record<string, unknown>)[s];
    }
  }
  return cur;
}
