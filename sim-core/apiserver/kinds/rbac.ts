// rbac.authorization.k8s.io/v1 Role, RoleBinding, ClusterRole and ClusterRoleBinding
// (pkg/apis/rbac/validation): names are path segments; a rule needs verbs, and either
// non-resource URLs (cluster rules only) or API groups and resources. A ClusterRoleBinding
// may only refer to a ClusterRole, and its ServiceAccount subjects must name a namespace.
import type { z } from 'zod';
import { list, str, stringList, struct } from './goTypes';
import { labelSelectorSchema } from './labelSelector';
import { validateObjectMeta } from './objectMeta';
import { nameIsPathSegment } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { notSupported, required, type FieldError } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';

export const policyRuleSchema = struct('PolicyRule', {
  verbs: stringList(),
  apiGroups: stringList(),
  resources: stringList(),
  resourceNames: stringList(),
  nonResourceURLs: stringList(),
});

export const roleSchema = struct('Role', { ...typeAndObjectMeta, rules: list(policyRuleSchema, '[]v1.PolicyRule') });

export const clusterRoleSchema = struct('ClusterRole', {
  ...typeAndObjectMeta,
  rules: list(policyRuleSchema, '[]v1.PolicyRule'),
  // accepted as written; the clusterrole-aggregation controller that fills `rules` from it is not simulated
  aggregationRule: struct('AggregationRule', { clusterRoleSelectors: list(labelSelectorSchema, '[]v1.LabelSelector') }),
});

export const subjectSchema = struct('Subject', { kind: str(), apiGroup: str(), name: str(), namespace: str() });
export const roleRefSchema = struct('RoleRef', { apiGroup: str(), kind: str(), name: str() });

const bindingFields = { ...typeAndObjectMeta, subjects: list(subjectSchema, '[]v1.Subject'), roleRef: roleRefSchema };
export const roleBindingSchema = struct('RoleBinding', bindingFields);
export const clusterRoleBindingSchema = struct('ClusterRoleBinding', bindingFields);

export type Role = z.infer<typeof roleSchema>;
export type ClusterRole = z.infer<typeof clusterRoleSchema>;
export type ClusterRoleBinding = z.infer<typeof clusterRoleBindingSchema>;
export type PolicyRule = z.infer<typeof policyRuleSchema>;
export type RoleBinding = z.infer<typeof roleBindingSchema>;
export type Subject = z.infer<typeof subjectSchema>;

const RBAC_GROUP = 'rbac.authorization.k8s.io';

/**
 * The four kinds differ only in name, scope, schema and checks: each is stored under
 * `/registry/<plural>`, has no short names, and takes path-segment names.
 */
function rbacKind(kind: string, namespaced: boolean, schema: z.ZodType, defaults: KindDefinition['defaults'], validate: KindDefinition['validate']): KindDefinition {
  const resource = `${kind.toLowerCase()}s`;
  return {
    apiVersion: `${RBAC_GROUP}/v1`,
    group: RBAC_GROUP,
    version: 'v1',
    kind,
    resource,
    singular: kind.toLowerCase(),
    shortNames: [],
    namespaced,
    etcdPrefix: `/registry/${resource}`,
    schema,
    nameRule: nameIsPathSegment,
    defaults,
    validate,
  };
}

const copy = (obj: Record<string, unknown>): Record<string, unknown> => ({ ...obj });

export const roleKind = rbacKind('Role', true, roleSchema, copy, (obj) => validateRole(obj as Role, true));
export const clusterRoleKind = rbacKind('ClusterRole', false, clusterRoleSchema, copy, (obj) => validateRole(obj as ClusterRole, false));
export const roleBindingKind = rbacKind('RoleBinding', true, roleBindingSchema, bindingDefaults, (obj) => validateBinding(obj as RoleBinding, true));
export const clusterRoleBindingKind = rbacKind('ClusterRoleBinding', false, clusterRoleBindingSchema, bindingDefaults, (obj) => validateBinding(obj as ClusterRoleBinding, false));

function validateRole(role: Role | ClusterRole, namespaced: boolean): FieldError[] {
  return [...validateObjectMeta(role.metadata, namespaced, nameIsPathSegment), ...validateRules(role.rules, namespaced)];
}

/** ValidatePolicyRule for each rule: verbs, then non-resource URLs or API groups and resources. */
function validateRules(rules: readonly PolicyRule[] | undefined, namespaced: boolean): FieldError[] {
  const errs: FieldError[] = [];
  (rules ?? []).forEach((rule, i) => {
    const path = `rules[${i}]`;
    if ((rule.verbs ?? []).length === 0) errs.push(required(`${path}.verbs`, 'verbs must contain at least one value'));
    const urls = rule.nonResourceURLs ?? [];
    if (urls.length > 0) {
      const badValue = { kind: 'go' as const, text: `[]string{${urls.map((u) => JSON.stringify(u)).join(', ')}}` };
      if (namespaced) errs.push({ type: 'Invalid value', field: `${path}.nonResourceURLs`, badValue, detail: 'namespaced rules cannot apply to non-resource URLs' });
      if ((rule.apiGroups ?? []).length > 0 || (rule.resources ?? []).length > 0 || (rule.resourceNames ?? []).length > 0) {
        errs.push({ type: 'Invalid value', field: `${path}.nonResourceURLs`, badValue, detail: 'rules cannot apply to both regular resources and non-resource URLs' });
      }
      return;
    }
    if ((rule.apiGroups ?? []).length === 0) errs.push(required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
    if ((rule.resources ?? []).length === 0) errs.push(required(`${path}.resources`, 'resource rules must supply at least one resource'));
  });
  return errs;
}

/** SetDefaults_Subject: User and Group subjects get the RBAC API group. */
function bindingDefaults(obj: Record<string, unknown>): Record<string, unknown> {
  const rb = obj as RoleBinding;
  const subjects = rb.subjects?.map((s) => (s.apiGroup === undefined && (s.kind === 'User' || s.kind === 'Group') ? { ...s, apiGroup: RBAC_GROUP } : s));
  return subjects === undefined ? { ...rb } : { ...rb, subjects };
}

/** ValidateRoleBinding / ValidateClusterRoleBinding: a cluster binding refers to a ClusterRole only, and its ServiceAccounts name their namespace. */
function validateBinding(rb: RoleBinding | ClusterRoleBinding, namespaced: boolean): FieldError[] {
  const errs: FieldError[] = validateObjectMeta(rb.metadata, namespaced, nameIsPathSegment);
  const ref = rb.roleRef ?? {};
  if ((ref.apiGroup ?? '') !== RBAC_GROUP) errs.push(notSupported('roleRef.apiGroup', ref.apiGroup ?? '', [RBAC_GROUP]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(ref.kind ?? '')) errs.push(notSupported('roleRef.kind', ref.kind ?? '', kinds));
  if (!ref.name) errs.push(required('roleRef.name'));
  (rb.subjects ?? []).forEach((s, i) => {
    const path = `subjects[${i}]`;
    if (!s.name) errs.push(required(`${path}.name`));
    if (s.kind !== 'ServiceAccount' && s.kind !== 'User' && s.kind !== 'Group') {
      errs.push(notSupported(`${path}.kind`, s.kind ?? '', ['ServiceAccount', 'User', 'Group']));
    }
    if (s.kind === 'ServiceAccount' && !namespaced && !s.namespace) errs.push(required(`${path}.namespace`));
  });
  return errs;
}
