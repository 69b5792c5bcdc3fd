// The authorization chain kube-apiserver runs with `--authorization-mode=Node,RBAC`
// (kubeadm's default), for one request:
//   1. system:masters is always allowed (the RBAC authorizer's superuser group);
//   2. a node (group system:nodes) goes through the Node authorizer and NodeRestriction
//      for its writes (nodeAuthorizer.ts);
//   3. RBAC: the ClusterRoleBindings, then the RoleBindings in the request's namespace,
//      all stored in etcd and read from the API server's watch caches, as the real
//      authorizer reads them from its informers (until those caches have filled, the
//      bootstrap policy stands in for the cluster-wide ones: bootstrapPolicy.ts). A
//      binding applies when a subject names the user, one of its groups, or (a
//      ServiceAccount subject) the user `system:serviceaccount:<ns>:<name>`. Its roleRef
//      is a Role of that namespace or a ClusterRole.
// A denial is 403 Forbidden with the real text (forbidden.ts).
import type { KubeObject, Status } from '../../../client';
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, Subject } from '../../kinds';
import { CLUSTER_ROLES, bootstrapClusterRoleBindings } from './bootstrapPolicy';
import { admissionForbidden, forbidden } from './forbidden';
import { authorizeNode, type NodeView } from './nodeAuthorizer';
import { nonResourceRuleAllows, ruleAllows, type RequestAttributes } from './rules';
import { nodeNameOf, SYSTEM_MASTERS, type UserInfo } from './users';

export type AuthorizationDecision = { allowed: true } | { allowed: false; status: Status };

/** What the authorizer reads from the API server's caches. */
export interface AuthorizerView extends NodeView {
  rolesIn(namespace: string): readonly KubeObject[];
  roleBindingsIn(namespace: string): readonly KubeObject[];
  /** every ClusterRoleBinding, or undefined while the cache has not filled yet */
  clusterRoleBindings(): readonly KubeObject[] | undefined;
  /** a ClusterRole by name (undefined: none), or 'unknown' while the cache has not filled yet */
  clusterRole(name: string): KubeObject | undefined | 'unknown';
  /**
   * A token that stays the same object for as long as the ClusterRoles and
   * ClusterRoleBindings (or the bootstrap policy standing in for them) are unchanged: the
   * rules each user holds cluster-wide are worked out once per token. Absent: every
   * request works them out.
   */
  clusterPolicy?(): object;
}

/** What stands in for the stored ClusterRoleBindings while the caches fill: the objects the bootstrap writes. */
const BOOTSTRAP_BINDINGS: readonly KubeObject[] = bootstrapClusterRoleBindings();

function clusterRoleRules(name: string, view: AuthorizerView): readonly PolicyRule[] | undefined {
  const stored = view.clusterRole(name);
  if (stored === 'unknown') return CLUSTER_ROLES[name];
  return stored === undefined ? undefined : ((stored as ClusterRole).rules ?? []);
}

function subjectMatches(s: Subject, user: UserInfo, bindingNamespace: string): boolean {
  if (s.kind === 'User') return s.name === user.name;
  if (s.kind === 'Group') return s.name !== undefined && user.groups.includes(s.name);
  if (s.kind === 'ServiceAccount') return user.name === `system:serviceaccount:${s.namespace || bindingNamespace}:${s.name ?? ''}`;
  return false;
}

/** The rules one binding grants, or the reason it grants nothing (a missing Role). */
function rulesOf(rb: RoleBinding, namespace: string, view: AuthorizerView): { rules: readonly PolicyRule[]; error?: string } {
  const ref = rb.roleRef ?? {};
  if (ref.kind === 'ClusterRole') {
    const rules = clusterRoleRules(ref.name ?? '', view);
    return rules ? { rules } : { rules: [], error: `clusterrole.rbac.authorization.k8s.io "${ref.name ?? ''}" not found` };
  }
  const role = view.rolesIn(namespace).find((r) => r.metadata?.name === ref.name) as Role | undefined;
  return role ? { rules: role.rules ?? [] } : { rules: [], error: `role.rbac.authorization.k8s.io "${ref.name ?? ''}" not found` };
}

/** A binding or a role, as an explanation names it: `RoleBinding shop/ci`, `ClusterRole cluster-admin`. */
export interface PolicyObjectRef {
  kind: 'ClusterRoleBinding' | 'RoleBinding' | 'ClusterRole' | 'Role';
  /** '' for the cluster-wide kinds */
  namespace: string;
  name: string;
}

/** Which binding lets a request through, and the role (and rule) it lends. */
export interface RbacGrant {
  binding: PolicyObjectRef;
  role: PolicyObjectRef;
  rule: PolicyRule;
}

/**
 * Each ClusterRoleBinding naming `user`, in binding order, with the rules of its ClusterRole
 * (none when the role is missing), until `visit` says stop (the cluster half of rbac.go
 * VisitRulesFor).
 */
function visitClusterBindings(user: UserInfo, view: AuthorizerView, visit: (binding: ClusterRoleBinding, rules: readonly PolicyRule[]) => boolean): boolean {
  for (const obj of view.clusterRoleBindings() ?? BOOTSTRAP_BINDINGS) {
    const b = obj as ClusterRoleBinding;
    if (b.roleRef?.kind !== 'ClusterRole' || !(b.subjects ?? []).some((s) => subjectMatches(s, user, s.namespace ?? ''))) continue;
    if (visit(b, clusterRoleRules(b.roleRef.name ?? '', view) ?? [])) return true;
  }
  return false;
}

/** Every rule the ClusterRoleBindings give `user`, in binding order. */
function boundClusterRules(user: UserInfo, view: AuthorizerView): readonly PolicyRule[] {
  const rules: PolicyRule[] = [];
  visitClusterBindings(user, view, (_, granted) => {
    rules.push(...granted);
    return false;
  });
  return rules;
}

/**
 * The cluster-wide rules of each user, per policy token. The real authorizer walks every
 * ClusterRoleBinding on each request (rbac.go VisitRulesFor); its answer depends only on
 * the user and the policy, so the simulation keeps it while the policy stands: a handful
 * of users send every request. Keyed by the UserInfo object (the same one per address).
 */
const clusterRulesMemo = new WeakMap<object, WeakMap<UserInfo, readonly PolicyRule[]>>();

function clusterRulesOf(user: UserInfo, view: AuthorizerView): readonly PolicyRule[] {
  const token = view.clusterPolicy?.();
  if (token === undefined) return boundClusterRules(user, view);
  let byUser = clusterRulesMemo.get(token);
  if (byUser === undefined) clusterRulesMemo.set(token, (byUser = new WeakMap()));
  let rules = byUser.get(user);
  if (rules === undefined) byUser.set(user, (rules = boundClusterRules(user, view)));
  return rules;
}

/** Whether a ClusterRoleBinding gives `user` a ClusterRole with a rule `allows` accepts. */
function clusterRulesAllow(user: UserInfo, view: AuthorizerView, allows: (rule: PolicyRule) => boolean): boolean {
  return clusterRulesOf(user, view).some(allows);
}

/**
 * The rules each RoleBinding of `namespace` gives `user`, binding by binding (the namespace
 * half of rbac.go VisitRulesFor), missing Roles reported in `errors`, until `visit` says stop.
 */
function visitNamespaceRules(user: UserInfo, namespace: string, view: AuthorizerView, errors: string[], visit: (rules: readonly PolicyRule[], binding: RoleBinding) => boolean): boolean {
  for (const obj of view.roleBindingsIn(namespace)) {
    const rb = obj as RoleBinding;
    if (!(rb.subjects ?? []).some((s) => subjectMatches(s, user, namespace))) continue;
    const { rules, error } = rulesOf(rb, namespace, view);
    if (error !== undefined) errors.push(error);
    if (visit(rules, rb)) return true;
  }
  return false;
}

function rbacAllows(user: UserInfo, attrs: RequestAttributes, view: AuthorizerView): { allowed: boolean; errors: string[] } {
  if (clusterRulesAllow(user, view, (r) => ruleAllows(r, attrs))) return { allowed: true, errors: [] };
  const errors: string[] = [];
  if (attrs.namespace === '') return { allowed: false, errors };
  if (visitNamespaceRules(user, attrs.namespace, view, errors, (rules) => rules.some((r) => ruleAllows(r, attrs)))) return { allowed: true, errors: [] };
  return { allowed: false, errors };
}

/**
 * The first binding that grants the request and the rule it grants it with — the
 * ClusterRoleBindings first, then the namespace's RoleBindings, as rbacAllows looks — or
 * none, with the missing Roles the walk met. Walks every binding on each call (no memo):
 * for explanations (grading), not for the requests the server answers.
 */
export function rbacGrant(user: UserInfo, attrs: RequestAttributes, view: AuthorizerView): { grant?: RbacGrant; errors: string[] } {
  let grant: RbacGrant | undefined;
  const granting = (binding: PolicyObjectRef, role: PolicyObjectRef, rules: readonly PolicyRule[]): boolean => {
    const rule = rules.find((r) => ruleAllows(r, attrs));
    if (rule !== undefined) grant = { binding, role, rule };
    return rule !== undefined;
  };
  const cluster = (name: string): PolicyObjectRef => ({ kind: 'ClusterRole', namespace: '', name });
  if (visitClusterBindings(user, view, (b, rules) => granting({ kind: 'ClusterRoleBinding', namespace: '', name: b.metadata?.name ?? '' }, cluster(b.roleRef?.name ?? ''), rules))) return { grant, errors: [] };
  const errors: string[] = [];
  if (attrs.namespace === '') return { errors };
  const ns = attrs.namespace;
  const found = visitNamespaceRules(user, ns, view, errors, (rules, rb) => {
    const ref = rb.roleRef ?? {};
    const role: PolicyObjectRef = ref.kind === 'ClusterRole' ? cluster(ref.name ?? '') : { kind: 'Role', namespace: ns, name: ref.name ?? '' };
    return granting({ kind: 'RoleBinding', namespace: ns, name: rb.metadata?.name ?? '' }, role, rules);
  });
  return found ? { grant, errors: [] } : { errors };
}

/**
 * The RoleBindings of the request's namespace whose role allows the request, whoever they
 * name: when a request is refused, the binding that was meant for it but names another
 * subject (a `User ci` where the ServiceAccount `ci` was meant) is the one to show.
 */
export function roleBindingsAllowingAnyone(attrs: RequestAttributes, view: AuthorizerView): Array<RbacGrant & { subjects: readonly Subject[] }> {
  if (attrs.namespace === '') return [];
  const ns = attrs.namespace;
  const out: Array<RbacGrant & { subjects: readonly Subject[] }> = [];
  for (const obj of view.roleBindingsIn(ns)) {
    const rb = obj as RoleBinding;
    const rule = rulesOf(rb, ns, view).rules.find((r) => ruleAllows(r, attrs));
    if (rule === undefined) continue;
    const ref = rb.roleRef ?? {};
    const role: PolicyObjectRef = ref.kind === 'ClusterRole' ? { kind: 'ClusterRole', namespace: '', name: ref.name ?? '' } : { kind: 'Role', namespace: ns, name: ref.name ?? '' };
    out.push({ binding: { kind: 'RoleBinding', namespace: ns, name: rb.metadata?.name ?? '' }, role, rule, subjects: rb.subjects ?? [] });
  }
  return out;
}

/** Why the authorizer chain allows a request — or its 403 and the missing Roles RBAC met. */
export type AuthorizationExplanation =
  | { allowed: true; by: { kind: 'superuser' } | { kind: 'node' } | ({ kind: 'rbac' } & RbacGrant) }
  /** `restriction`: NodeRestriction's refusal of a node's write, which no RBAC rule can lift */
  | { allowed: false; status: Status; rbacErrors: string[]; restriction?: string };

type RbacStep = (user: UserInfo, attrs: RequestAttributes, view: AuthorizerView) => { grant?: RbacGrant | true; errors: string[] };

/** The server's RBAC step: whether any rule allows it, from the memo of each user's cluster-wide rules. */
const rbacAllowsStep: RbacStep = (user, attrs, view) => {
  const r = rbacAllows(user, attrs, view);
  return r.allowed ? { grant: true, errors: [] } : { errors: r.errors };
};

/**
 * The authorizer chain, `--authorization-mode=Node,RBAC` behind the system:masters
 * superuser group. The server's requests take `rbacAllowsStep`; explanations take
 * rbacGrant, which walks the same visitors with the same ruleAllows, so the two agree.
 */
function decide(user: UserInfo, attrs: RequestAttributes, objectName: string, view: AuthorizerView, rbac: RbacStep, body?: KubeObject): { allowed: true; by: 'superuser' | 'node' | RbacGrant | true } | { allowed: false; status: Status; rbacErrors: string[]; restriction?: string } {
  if (user.groups.includes(SYSTEM_MASTERS)) return { allowed: true, by: 'superuser' };
  const reasons: string[] = [];
  const node = nodeNameOf(user);
  if (node !== undefined) {
    const d = authorizeNode(node, attrs, objectName, view, body);
    if (d.kind === 'allow') return { allowed: true, by: 'node' };
    if (d.kind === 'restricted') return { allowed: false, status: admissionForbidden(attrs, objectName, d.message), rbacErrors: [], restriction: d.message };
    if (d.reason !== '') reasons.push(d.reason);
  }
  const { grant, errors } = rbac(user, attrs, view);
  if (grant !== undefined) return { allowed: true, by: grant };
  if (errors.length > 0) reasons.push(`RBAC: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`);
  return { allowed: false, status: forbidden(user.name, attrs, reasons.join(', ')), rbacErrors: errors };
}

/** `body`: a create's object, which NodeRestriction reads when a node creates a Pod. */
export function authorizeRequest(user: UserInfo, attrs: RequestAttributes, objectName: string, view: AuthorizerView, body?: KubeObject): AuthorizationDecision {
  const d = decide(user, attrs, objectName, view, rbacAllowsStep, body);
  return d.allowed ? { allowed: true } : { allowed: false, status: d.status };
}

/**
 * authorizeRequest's decision with its reason: which binding and role grant the request
 * (what the grader's `authorized` goal explains), or the 403 and RBAC's missing Roles.
 */
export function explainAuthorization(user: UserInfo, attrs: RequestAttributes, objectName: string, view: AuthorizerView): AuthorizationExplanation {
  const d = decide(user, attrs, objectName, view, rbacGrant);
  if (!d.allowed) return d;
  if (d.by === 'superuser' || d.by === 'node') return { allowed: true, by: { kind: d.by } };
  if (d.by === true) throw new Error('rbacGrant names the grant');
  return { allowed: true, by: { kind: 'rbac', ...d.by } };
}

/**
 * May `user` act as someone else (Impersonate-User)? The impersonation filter asks the
 * authorizer for `impersonate` on `users` (and `groups`, and `serviceaccounts`); only an
 * administrator holds that here.
 */
export function authorizeImpersonation(user: UserInfo, target: string, groups: readonly string[], view: AuthorizerView): AuthorizationDecision {
  const sa = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(target);
  const checks: RequestAttributes[] = [
    sa
      ? { verb: 'impersonate', apiGroup: '', resource: 'serviceaccounts', subresource: '', namespace: sa[1]!, name: sa[2]! }
      : { verb: 'impersonate', apiGroup: '', resource: 'users', subresource: '', namespace: '', name: target },
    ...groups.map((g) => ({ verb: 'impersonate', apiGroup: '', resource: 'groups', subresource: '', namespace: '', name: g })),
  ];
  for (const attrs of checks) {
    const d = authorizeRequest(user, attrs, attrs.name, view);
    if (!d.allowed) return d;
  }
  return { allowed: true };
}

/**
 * A request for a non-resource URL (`/healthz`, `/metrics`): allowed to system:masters and
 * to whoever a ClusterRoleBinding gives a rule whose nonResourceURLs match the path
 * (rules.ts nonResourceRuleAllows).
 */
export function authorizeNonResource(user: UserInfo, verb: string, path: string, view: AuthorizerView): boolean {
  return user.groups.includes(SYSTEM_MASTERS) || clusterRulesAllow(user, view, (r) => nonResourceRuleAllows(r, verb, path));
}

/** What a user may do in a namespace, as SelfSubjectRulesReview reports it (authorizer.RuleResolver). */
export interface SubjectRules {
  resourceRules: Array<{ verbs: string[]; apiGroups: string[]; resources: string[]; resourceNames?: string[] }>;
  nonResourceRules: Array<{ verbs: string[]; nonResourceURLs: string[] }>;
  incomplete: boolean;
  evaluationError?: string;
}

/**
 * The union of the authorizers' RulesFor, in their order: system:masters holds every rule
 * (the privileged-group authorizer); a node's rules cannot be listed (the Node authorizer
 * says so, making the list incomplete); then RBAC's, the ClusterRoleBindings' first and the
 * namespace's RoleBindings' after, each rule split into its resource and non-resource part.
 */
export function rulesFor(user: UserInfo, namespace: string, view: AuthorizerView): SubjectRules {
  const out: SubjectRules = { resourceRules: [], nonResourceRules: [], incomplete: false };
  const errors: string[] = [];
  if (user.groups.includes(SYSTEM_MASTERS)) {
    out.resourceRules.push({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] });
    out.nonResourceRules.push({ verbs: ['*'], nonResourceURLs: ['*'] });
  }
  if (nodeNameOf(user) !== undefined) errors.push('node authorizer does not support user rule resolution');
  const rules: PolicyRule[] = [...clusterRulesOf(user, view)];
  if (namespace !== '') visitNamespaceRules(user, namespace, view, errors, (granted) => {
      rules.push(...granted);
      return false;
    });
  for (const r of rules) {
    if ((r.resources ?? []).length > 0) {
      out.resourceRules.push({ verbs: [...(r.verbs ?? [])], apiGroups: [...(r.apiGroups ?? [])], resources: [...(r.resources ?? [])], ...((r.resourceNames ?? []).length > 0 ? { resourceNames: [...(r.resourceNames ?? [])] } : {}) });
    }
    if ((r.nonResourceURLs ?? []).length > 0) out.nonResourceRules.push({ verbs: [...(r.verbs ?? [])], nonResourceURLs: [...(r.nonResourceURLs ?? [])] });
  }
  if (errors.length > 0) {
    out.incomplete = true;
    out.evaluationError = errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`;
  }
  return out;
}
