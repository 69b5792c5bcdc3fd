// kubectl's rbac util over PolicyRules (pkg/util/rbac: BreakdownRule, CompactRules, and
// SortableRuleSlice by the generated PolicyRule.String()), and describe's
// CombineResourceGroup: the rows both `kubectl describe role|clusterrole` and
// `kubectl auth can-i --list` print, in their order.
import type { PolicyRule } from '../../apiserver';

export interface Rule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

/** fmt's %v of a []string: `[get list]`, `[]` when empty. */
export const goList = (list: readonly string[]): string => `[${list.join(' ')}]`;

/** BreakdownRule: rules of one group, resource, verb and at most one name; then one per non-resource URL and verb. */
function breakdown(rule: PolicyRule): Rule[] {
  const out: Rule[] = [];
  const verbs = rule.verbs ?? [];
  const names = rule.resourceNames ?? [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of verbs) {
        if (names.length > 0) {
          for (const name of names) out.push({ verbs: [verb], apiGroups: [group], resources: [resource], resourceNames: [name], nonResourceURLs: [] });
        } else {
          out.push({ verbs: [verb], apiGroups: [group], resources: [resource], resourceNames: [], nonResourceURLs: [] });
        }
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) {
    for (const verb of verbs) out.push({ verbs: [verb], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [url] });
  }
  return out;
}

/**
 * CompactRules over broken-down rules: those with one group and one resource (and at most one
 * name) — every resource rule, after breakdown — merge by group, resource and name, adding
 * verbs not yet there; the rest (non-resource URLs) stay as they are, ahead of them.
 */
function compact(rules: readonly Rule[]): Rule[] {
  const kept: Rule[] = [];
  const simple = new Map<string, Rule>();
  for (const rule of rules) {
    const isSimple = rule.nonResourceURLs.length === 0 && rule.resourceNames.length <= 1 && rule.apiGroups.length === 1 && rule.resources.length === 1;
    if (!isSimple) {
      kept.push(rule);
      continue;
    }
    const key = JSON.stringify([rule.apiGroups[0], rule.resources[0], rule.resourceNames.length > 0, rule.resourceNames[0] ?? '']);
    const existing = simple.get(key);
    if (!existing) {
      simple.set(key, { ...rule, verbs: [...rule.verbs] });
      continue;
    }
    for (const verb of rule.verbs) if (!existing.verbs.includes(verb)) existing.verbs.push(verb);
  }
  return [...kept, ...simple.values()];
}

/** PolicyRule.String() of k8s.io/api rbac/v1, the sort key. */
const ruleString = (r: Rule): string =>
  `&PolicyRule{Verbs:${goList(r.verbs)},APIGroups:${goList(r.apiGroups)},Resources:${goList(r.resources)},ResourceNames:${goList(r.resourceNames)},NonResourceURLs:${goList(r.nonResourceURLs)},}`;

/** Go's strings.Compare (UTF-8 bytes): the same order as UTF-16 units except for characters beyond U+FFFF. */
const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The rows of the PolicyRule table, in kubectl's order (Array.prototype.sort is stable, as sort.Stable is). */
export function policyRules(rules: readonly PolicyRule[] | undefined): Rule[] {
  const keyed = compact((rules ?? []).flatMap(breakdown)).map((rule) => ({ rule, key: ruleString(rule) }));
  return keyed.sort((a, b) => byBytes(a.key, b.key)).map((k) => k.rule);
}

/** CombineResourceGroup: `deployments.apps/scale` from `deployments/scale` in group `apps`; '' without a resource. */
export function combineResourceGroup(resources: readonly string[], groups: readonly string[]): string {
  const first = resources[0];
  if (first === undefined) return '';
  const slash = first.indexOf('/');
  const resource = slash === -1 ? first : first.slice(0, slash);
  const group = groups[0] ?? '';
  return `${resource}${group !== '' ? `.${group}` : ''}${slash === -1 ? '' : first.slice(slash)}`;
}
