// `kubectl describe role|clusterrole|rolebinding|clusterrolebinding` (kubectl
// pkg/describe/describe.go RoleDescriber, ClusterRoleDescriber, CombineResourceGroup,
// RoleBindingDescriber, ClusterRoleBindingDescriber; the rules as pkg/util/rbac BreakdownRule,
// CompactRules and SortableRuleSlice make them, 1.32). None prints a Namespace line or
// Events. The PolicyRule table has one row per API group, resource and resource name, its
// verbs merged in the order first seen; each non-resource URL gets a row per verb. Rows are
// sorted as the rules' Go String() (`&PolicyRule{Verbs:[…],APIGroups:[…],…}`) sorts:
// by verbs first.
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from '../../../apiserver';
import { printAnnotationsMultiline, printLabelsMultiline } from './common';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { combineResourceGroup, goList, policyRules } from '../policy-rules';

function describeRoleLike(role: Role | ClusterRole): string {
  const w = new PrefixWriter();
  const meta = role.metadata ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, 'PolicyRule:\n');
  w.write(LEVEL_1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
  w.write(LEVEL_1, '---------\t-----------------\t--------------\t-----\n');
  for (const r of policyRules(role.rules)) {
    w.write(LEVEL_1, `${combineResourceGroup(r.resources, r.apiGroups)}\t${goList(r.nonResourceURLs)}\t${goList(r.resourceNames)}\t${goList(r.verbs)}\n`);
  }
  return w.text();
}

export function describeRole(role: Role): string {
  return describeRoleLike(role);
}

export function describeClusterRole(role: ClusterRole): string {
  return describeRoleLike(role);
}

function describeBinding(binding: RoleBinding | ClusterRoleBinding): string {
  const w = new PrefixWriter();
  const meta = binding.metadata ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, 'Role:\n');
  w.write(LEVEL_1, `Kind:\t${binding.roleRef?.kind ?? ''}\n`);
  w.write(LEVEL_1, `Name:\t${binding.roleRef?.name ?? ''}\n`);
  w.write(LEVEL_0, 'Subjects:\n');
  w.write(LEVEL_1, 'Kind\tName\tNamespace\n');
  w.write(LEVEL_1, '----\t----\t---------\n');
  for (const s of binding.subjects ?? []) w.write(LEVEL_1, `${s.kind ?? ''}\t${s.name ?? ''}\t${s.namespace ?? ''}\n`);
  return w.text();
}

export function describeRoleBinding(binding: RoleBinding): string {
  return describeBinding(binding);
}

export function describeClusterRoleBinding(binding: ClusterRoleBinding): string {
  return describeBinding(binding);
}
