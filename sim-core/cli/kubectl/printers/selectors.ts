// How kubectl writes labels and selectors in tables and describe:
// labels.FormatLabels (sorted `k=v,…`, `<none>` when empty) and
// metav1.LabelSelectorAsSelector(...).String() (requirements sorted by key; `k=v`,
// `k in (a,b)`, `k notin (a,b)`, `k`, `!k`), and metav1.FormatLabelSelector (the same,
// `<none>` when empty).
import type { LabelSelector } from '../../../apiserver';

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function formatLabels(labels: Record<string, string> | undefined | null): string {
  const keys = Object.keys(labels ?? {}).sort(byKey);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${(labels as Record<string, string>)[k]}`).join(',');
}

export function selectorString(selector: LabelSelector | undefined | null): string {
  if (!selector) return '';
  const reqs: { key: string; text: string }[] = [];
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) reqs.push({ key, text: `${key}=${value}` });
  for (const e of selector.matchExpressions ?? []) {
    const key = e.key ?? '';
    const values = [...(e.values ?? [])].sort(byKey).join(',');
    switch (e.operator) {
      case 'In':
        reqs.push({ key, text: `${key} in (${values})` });
        break;
      case 'NotIn':
        reqs.push({ key, text: `${key} notin (${values})` });
        break;
      case 'Exists':
        reqs.push({ key, text: key });
        break;
      case 'DoesNotExist':
        reqs.push({ key, text: `!${key}` });
        break;
    }
  }
  return reqs
    .sort((a, b) => byKey(a.key, b.key))
    .map((r) => r.text)
    .join(',');
}

export function formatLabelSelector(selector: LabelSelector | undefined | null): string {
  const s = selectorString(selector);
  return s === '' ? '<none>' : s;
}
