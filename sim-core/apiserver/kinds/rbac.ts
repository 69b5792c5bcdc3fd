// rbac.authorization.k8s.io/v1 Role and RoleBinding (pkg/apis/rbac/validation): names are
// path segments; a rule needs verbs, and resource rules need an API group.
import type { z } from 'zod';
import { list, str, stringList, struct } from './goTypes';
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

export const subjectSchema = struct('Subject', { kind: str(), apiGroup: str(), name: str(), namespace: str() });
export const roleRefSchema = struct('RoleRef', { apiGroup: str(), kind: str(), name: str() });

export const roleBindingSchema = struct('RoleBinding', {
  ...typeAndObjectMeta,
  subjects: list(subjectSchema, '[]v1.Subject'),
  roleRef: roleRefSchema,
});

export type Role = z.infer<typeof roleSchema>;
export type PolicyRule = z.infer<typeof policyRuleSchema>;
export type RoleBinding = z.infer<typeof roleBindingSchema>;
export type Subject = z.infer<typeof subjectSchema>;

const RBAC_GROUP = 'rbac.authorization.k8s.io';

export const roleKind: KindDefinition = {
  apiVersion: `${RBAC_GROUP}/v1`,
  group: RBAC_GROUP,
  version: 'v1',
  kind: 'Role',
  resource: 'roles',
  singular: 'role',
  shortNames: [],
  namespaced: true,
  etcdPrefix: '/registry/roles',
  schema: roleSchema,
  nameRule: nameIsPathSegment,
  defaults: (obj) => ({ ...obj }),
  validate(obj) {
    const role = obj as Role;
    const errs: FieldError[] = validateObjectMeta(role.metadata, true, nameIsPathSegment);
    (role.rules ?? []).forEach((rule, i) => {
      const path = `rules[${i}]`;
      if ((rule.verbs ?? []).length === 0) errs.push(required(`${path}.verbs`, 'verbs must contain at least one value'));
      if ((rule.nonResourceURLs ?? []).length > 0) {
        errs.push({
          type: 'Invalid value',
          field: `${path}.nonResourceURLs`,
          badValue: { kind: 'go', text: `[]string{${(rule.nonResourceURLs ?? []).map((u) => JSON.stringify(u)).join(', ')}}` },
          detail: 'namespaced rules cannot apply to non-resource URLs',
        });
      }
      if ((rule.resources ?? []).length > 0 && (rule.apiGroups ?? []).length === 0) {
        errs.push(required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
      }
    });
    return errs;
  },
};

export const roleBindingKind: KindDefinition = {
  apiVersion: `${RBAC_GROUP}/v1`,
  group: RBAC_GROUP,
  version: 'v1',
  kind: 'RoleBinding',
  resource: 'rolebindings',
  singular: 'rolebinding',
  shortNames: [],
  namespaced: true,
  etcdPrefix: '/registry/rolebindings',
  schema: roleBindingSchema,
  nameRule: nameIsPathSegment,
  defaults(obj) {
    const rb = obj as RoleBinding;
    // SetDefaults_Subject: User and Group subjects get the RBAC API group.
    const subjects = rb.subjects?.map((s) =>
      s.apiGroup === undefined && (s.kind === 'User' || s.kind === 'Group') ? { ...s, apiGroup: RBAC_GROUP } : s,
    );
    return subjects === undefined ? { ...rb } : { ...rb, subjects };
  },
  validate(obj) {
    const rb = obj as RoleBinding;
    const errs: FieldError[] = validateObjectMeta(rb.metadata, true, nameIsPathSegment);
    const ref = rb.roleRef ?? {};
    if ((ref.apiGroup ?? '') !== RBAC_GROUP) errs.push(notSupported('roleRef.apiGroup', ref.apiGroup ?? '', [RBAC_GROUP]));
    if (ref.kind !== 'Role' && ref.kind !== 'ClusterRole') {
      errs.push(notSupported('roleRef.kind', ref.kind ?? '', ['Role', 'ClusterRole']));
    }
    if (!ref.name) errs.push(required('roleRef.name'));
    (rb.subjects ?? []).forEach((s, i) => {
      const path = `subjects[${i}]`;
      if (!s.name) errs.push(required(`${path}.name`));
      if (s.kind !== 'ServiceAccount' && s.kind !== 'User' && s.kind !== 'Group') {
        errs.push(notSupported(`${path}.kind`, s.kind ?? '', ['ServiceAccount', 'User', 'Group']));
      }
    });
    return errs;
  },
};
