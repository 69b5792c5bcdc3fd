// RBAC's rule matching (plugin/pkg/auth/authorizer/rbac/rbac.go RuleAllows): a rule allows
// a request when its verbs, API groups, resources and (if it lists any) resource names
// all match. `*` matches everything; `*/status` matches the status subresource of any
// resource; a subresource is named `pods/status`, never plain `pods`.
import type { PolicyRule } from '../../kinds';

/** What the authorizer knows about a resource request (authorizer.AttributesRecord). */
export interface RequestAttributes {
  verb: string;
  apiGroup: string;
  resource: string;
  subresource: string;
  namespace: string;
  /** '' for create, list and watch: the URL names no object */
  name: string;
}

const has = (list: readonly string[] | undefined, v: string): boolean => (list ?? []).some((x) => x === '*' || x === v);

function resourceMatches(rule: PolicyRule, attrs: RequestAttributes): boolean {
  const combined = attrs.subresource === '' ? attrs.resource : `${attrs.resource}/${attrs.subresource}`;
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combined) return true;
    if (attrs.subresource !== '' && r === `*/${attrs.subresource}`) return true;
  }
  return false;
}

export function ruleAllows(rule: PolicyRule, attrs: RequestAttributes): boolean {
  if (!has(rule.verbs, attrs.verb) || !has(rule.apiGroups, attrs.apiGroup) || !resourceMatches(rule, attrs)) return false;
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(attrs.name);
}

/** rbac.go NonResourceRuleAllows: the verb, and the path exactly or under a prefix ending in `*`. */
export function nonResourceRuleAllows(rule: PolicyRule, verb: string, path: string): boolean {
  return has(rule.verbs, verb) && (rule.nonResourceURLs ?? []).some((u) => u === '*' || u === path || (u.endsWith('*') && path.startsWith(u.slice(0, -1))));
}

/** A rule, written the way bootstrappolicy's NewRule(...).Groups(...).Resources(...) reads. */
export function rule(verbs: string[], apiGroups: string[], resources: string[], resourceNames?: string[]): PolicyRule {
  return { verbs, apiGroups, resources, ...(resourceNames ? { resourceNames } : {}) };
}
