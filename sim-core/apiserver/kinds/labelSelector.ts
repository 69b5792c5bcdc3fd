// metav1.LabelSelector: its schema, validation (pkg/apis/meta/v1/validation) and how it
// matches a set of labels (metav1.LabelSelectorAsSelector). An empty selector matches
// everything; a missing one matches nothing.
import type { z } from 'zod';
import { list, str, stringList, stringMap, struct } from './goTypes';
import { invalid, required, type FieldError } from './fieldErrors';
import { validateLabels } from './objectMeta';
import { isQualifiedName } from './nameRules';

export const labelSelectorRequirementSchema = struct('LabelSelectorRequirement', {
  key: str(),
  operator: str(),
  values: stringList(),
});

export const labelSelectorSchema = struct('LabelSelector', {
  matchLabels: stringMap(),
  matchExpressions: list(labelSelectorRequirementSchema, '[]v1.LabelSelectorRequirement'),
});

export type LabelSelector = z.infer<typeof labelSelectorSchema>;

export function validateLabelSelector(selector: LabelSelector, field: string): FieldError[] {
  const errs: FieldError[] = [];
  (selector.matchExpressions ?? []).forEach((req, i) => {
    const path = `${field}.matchExpressions[${i}]`;
    const values = req.values ?? [];
    switch (req.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) {
          errs.push(required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
        }
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) {
          errs.push({
            type: 'Forbidden',
            field: `${path}.values`,
            badValue: { kind: 'none' },
            detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
          });
        }
        break;
      default:
        errs.push(invalid(`${path}.operator`, req.operator ?? '', 'not a valid selector operator'));
    }
    for (const msg of isQualifiedName(req.key ?? '')) errs.push(invalid(`${path}.key`, req.key ?? '', msg));
  });
  errs.push(...validateLabels(selector.matchLabels, `${field}.matchLabels`));
  return errs;
}

/** True when the selector has no requirement at all (it would match every object). */
export function isEmptySelector(selector: LabelSelector | undefined): boolean {
  return (
    selector !== undefined &&
    Object.keys(selector.matchLabels ?? {}).length === 0 &&
    (selector.matchExpressions ?? []).length === 0
  );
}

/** Does the selector select these labels? A missing selector selects nothing. */
export function selectorMatches(selector: LabelSelector | undefined, labels: Record<string, string> | undefined): boolean {
  if (selector === undefined) return false;
  const set = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) {
    if (!Object.hasOwn(set, k) || set[k] !== v) return false;
  }
  for (const req of selector.matchExpressions ?? []) {
    const key = req.key ?? '';
    const has = Object.hasOwn(set, key);
    const values = req.values ?? [];
    switch (req.operator) {
      case 'In':
        if (!has || !values.includes(set[key] ?? '')) return false;
        break;
      case 'NotIn':
        if (has && values.includes(set[key] ?? '')) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** metav1.LabelSelectorAsSelector(selector).String(): requirements sorted by key (`k=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`); '' for none. */
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
