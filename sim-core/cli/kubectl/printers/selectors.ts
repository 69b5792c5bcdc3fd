// How kubectl writes labels and selectors in tables and describe:
// labels.FormatLabels (sorted `k=v,…`, `<none>` when empty) and
// metav1.LabelSelectorAsSelector(...).String() (requirements sorted by key; `k=v`,
// `k in (a,b)`, `k notin (a,b)`, `k`, `!k`), and metav1.FormatLabelSelector (the same,
// `<none>` when empty).
import { selectorString, type LabelSelector } from '../../../apiserver';

export { selectorString };

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function formatLabels(labels: Record<string, string> | undefined | null): string {
  const keys = Object.keys(labels ?? {}).sort(byKey);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${(labels as Record<string, string>)[k]}`).join(',');
}

export function formatLabelSelector(selector: LabelSelector | undefined | null): string {
  const s = selectorString(selector);
  return s === '' ? '<none>' : s;
}
