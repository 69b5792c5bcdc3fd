// A label selector as it travels in a request (?labelSelector=app=web,tier!=db): the
// string form k8s.io/apimachinery/pkg/labels/selector.go parses — `k=v`, `k==v`, `k!=v`,
// `k in (a,b)`, `k notin (a,b)`, `k` (exists), `!k` (does not exist), joined by commas.

export type LabelPredicate = (labels: Readonly<Record<string, string>> | undefined) => boolean;

export type SelectorParse = { ok: true; matches: LabelPredicate } | { ok: false; error: string };

/** Split on commas that are not inside parentheses. */
function terms(s: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth < 0) return undefined;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (depth !== 0) return undefined;
  out.push(cur.trim());
  return out;
}

const SET_TERM = /^([A-Za-z0-9./_-]+)\s+(in|notin)\s+\(([^()]*)\)$/;
const EQ_TERM = /^([A-Za-z0-9./_-]+)\s*(==|=|!=)\s*([A-Za-z0-9._-]*)$/;
const KEY = /^(!?)([A-Za-z0-9./_-]+)$/;

function requirement(t: string): LabelPredicate | undefined {
  let m = SET_TERM.exec(t);
  if (m) {
    const [, key, op, list] = m as unknown as [string, string, string, string];
    const values = new Set(list.split(',').map((v) => v.trim()));
    return op === 'in' ? (l) => l?.[key] !== undefined && values.has(l[key]!) : (l) => l?.[key] === undefined || !values.has(l[key]!);
  }
  m = EQ_TERM.exec(t);
  if (m) {
    const [, key, op, value] = m as unknown as [string, string, string, string];
    return op === '!=' ? (l) => l?.[key] !== value : (l) => l?.[key] === value;
  }
  m = KEY.exec(t);
  if (m) {
    const [, not, key] = m as unknown as [string, string, string];
    return not === '!' ? (l) => l?.[key] === undefined : (l) => l?.[key] !== undefined;
  }
  return undefined;
}

export function parseLabelSelector(selector: string | undefined): SelectorParse {
  if (selector === undefined || selector.trim() === '') return { ok: true, matches: () => true };
  const parts = terms(selector);
  if (parts === undefined) return { ok: false, error: `unable to parse requirement: unbalanced parentheses in "${selector}"` };
  const preds: LabelPredicate[] = [];
  for (const t of parts) {
    const p = requirement(t);
    if (p === undefined) return { ok: false, error: `unable to parse requirement: found '${t}', expected: a valid label selector term` };
    preds.push(p);
  }
  return { ok: true, matches: (l) => preds.every((p) => p(l)) };
}
