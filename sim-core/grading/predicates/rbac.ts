// Authorization goals: would the API server let this user do this? Decided the way the
// API server's authorizer chain decides a request (rbac/authorizer.ts, the same code:
// explainAuthorization), but over the RBAC objects stored in etcd at this moment — the
// Roles, RoleBindings, ClusterRoles and ClusterRoleBindings the authorizer reads through
// its caches — without sending a request into the cluster. The user gets the groups
// `kubectl auth can-i --as … --as-group …` would give it (impersonatedUser): the groups
// given, or without any, a ServiceAccount's system:serviceaccounts and
// system:serviceaccounts:<namespace>; then system:authenticated (system:unauthenticated
// for system:anonymous). A request with no namespace is at the cluster scope,
// where only ClusterRoleBindings count, as for `kubectl auth can-i list secrets -A`.
import type { KubeObject } from '../../client';
import { explainAuthorization, impersonatedUser, roleBindingsAllowingAnyone, type AuthorizerView, type PolicyObjectRef, type RequestAttributes } from '../../apiserver/server/rbac';
import type { Subject } from '../../apiserver/kinds';
import { kindOfResource } from '../../apiserver/kinds';
import { listNames, listNamesKo, verdict, type GoalVerdict } from '../explain';
import type { StateCheck } from '../goals';
import { getObject, listObjects } from '../objects';
import type { ClusterView } from '../view';

type Check<K extends StateCheck['kind']> = Extract<StateCheck, { kind: K }>;

/**
 * The authorizer's view over the stored objects. Nothing stored is nothing granted: a
 * cluster without an API server (etcd-only) has no bootstrap policy in etcd, and there
 * only system:masters is allowed.
 */
export function storedPolicyView(view: ClusterView): AuthorizerView {
  const objects = (resource: string, namespace?: string): KubeObject[] => listObjects(view, resource, namespace).map((o) => o.object as KubeObject);
  return {
    rolesIn: (ns) => objects('roles', ns),
    roleBindingsIn: (ns) => objects('rolebindings', ns),
    clusterRoleBindings: () => objects('clusterrolebindings'),
    clusterRole: (name) => getObject(view, 'clusterroles', '', name)?.object as KubeObject | undefined,
    podOf: (ns, name) => getObject(view, 'pods', ns, name)?.object as KubeObject | undefined,
  };
}

const refText = (r: PolicyObjectRef): string => `${r.kind} ${r.namespace === '' ? '' : `${r.namespace}/`}${r.name}`;

/** `User ci-deployer`, `Group ops`, `ServiceAccount shop/ci-deployer` (a ServiceAccount's namespace defaults to the binding's). */
const subjectText = (s: Subject, bindingNamespace: string): string =>
  s.kind === 'ServiceAccount' ? `ServiceAccount ${s.namespace || bindingNamespace}/${s.name ?? ''}` : `${s.kind ?? '?'} ${s.name ?? ''}`;

export function authorized(g: Check<'authorized'>, view: ClusterView): GoalVerdict {
  const userName = g.serviceAccount !== undefined ? `system:serviceaccount:${g.serviceAccount.namespace}:${g.serviceAccount.name}` : g.user!;
  const user = impersonatedUser(userName, g.groups);
  const attrs: RequestAttributes = { verb: g.verb, apiGroup: g.group, resource: g.resource, subresource: g.subresource ?? '', namespace: g.namespace ?? '', name: g.name ?? '' };
  const policy = storedPolicyView(view);
  const d = explainAuthorization(user, attrs, attrs.name, policy);

  const groups = g.groups !== undefined && g.groups.length > 0 ? g.groups.join(', ') : '';
  const who = { en: groups === '' ? userName : `${userName} (groups ${groups})`, ko: groups === '' ? userName : `${userName} (그룹 ${groups})` };
  const what = `${g.resource}${g.group === '' ? '' : `.${g.group}`}${g.subresource === undefined ? '' : `/${g.subresource}`}${g.name === undefined ? '' : ` "${g.name}"`}`;
  const clusterScoped = kindOfResource(g.resource)?.namespaced === false;
  const where =
    g.namespace !== undefined
      ? { en: ` in ${g.namespace}`, ko: `네임스페이스 ${g.namespace}의 ` }
      : clusterScoped
        ? { en: ' at the cluster scope', ko: '클러스터 범위의 ' }
        : { en: ' at the cluster scope (in every namespace)', ko: '클러스터 범위(모든 네임스페이스)의 ' };
  const act = { en: `${g.verb} ${what}${where.en}`, ko: `${where.ko}${what}에 대한 ${g.verb} 권한` };

  let why: { en: string; ko: string };
  if (d.allowed) {
    const by = d.by;
    why =
      by.kind === 'superuser'
        ? { en: 'its group system:masters is always allowed (the RBAC superuser group)', ko: 'system:masters 그룹은 항상 허용됩니다(RBAC의 슈퍼유저 그룹)' }
        : by.kind === 'node'
          ? { en: 'the Node authorizer allows it', ko: 'Node authorizer의 허용' }
          : { en: `${refText(by.binding)} allows it through ${refText(by.role)}`, ko: `${refText(by.binding)} → ${refText(by.role)}` };
  } else if (d.restriction !== undefined) {
    why = { en: `the NodeRestriction admission plugin refuses it: ${d.restriction}`, ko: `NodeRestriction 어드미션 플러그인의 거부: ${d.restriction}` };
  } else {
    const none = g.namespace === undefined ? { en: 'no ClusterRoleBinding grants it', ko: '이를 허용하는 ClusterRoleBinding이 없습니다' } : { en: 'no RoleBinding or ClusterRoleBinding grants it', ko: '이를 허용하는 RoleBinding이나 ClusterRoleBinding이 없습니다' };
    const missing = d.rbacErrors.length === 0 ? { en: '', ko: '' } : { en: ` (a binding for it refers to a missing role: ${d.rbacErrors.join(', ')})`, ko: ` (없는 역할을 가리키는 바인딩이 있습니다: ${d.rbacErrors.join(', ')})` };
    // a RoleBinding whose role would allow it but which names someone of the same short
    // name (a User ci-deployer for the ServiceAccount ci-deployer, the ServiceAccount of
    // another namespace): the likely slip
    const shortName = g.serviceAccount?.name ?? userName.split(':').pop() ?? userName;
    const near = roleBindingsAllowingAnyone(attrs, policy).find((b) => b.subjects.some((s) => s.name === shortName));
    const meant =
      near === undefined
        ? { en: '', ko: '' }
        : {
            en: `; ${refText(near.binding)} would, through ${refText(near.role)}, but its subjects are ${listNames(near.subjects.map((s) => subjectText(s, near.binding.namespace))) || 'none'}`,
            ko: `. ${refText(near.binding)} → ${refText(near.role)}의 규칙은 허용하지만 subject가 다릅니다: ${listNamesKo(near.subjects.map((s) => subjectText(s, near.binding.namespace))) || '없음'}`,
          };
    why = { en: `${none.en}${missing.en}${meant.en}`, ko: `${none.ko}${missing.ko}${meant.ko}` };
  }

  const passed = d.allowed === g.allowed;
  if (passed) {
    return d.allowed
      ? verdict(true, `${who.en} may ${act.en}: ${why.en}`, `${who.ko}: ${act.ko}이 있습니다 — ${why.ko}`)
      : verdict(true, `${who.en} is not allowed to ${act.en}: ${why.en}`, `${who.ko}: ${act.ko}이 없습니다 — ${why.ko}`);
  }
  return d.allowed
    ? verdict(false, `expected ${who.en} not to be allowed to ${act.en}, but it is: ${why.en}`, `${who.ko}: ${act.ko}이 없어야 하는데 있습니다 — ${why.ko}`)
    : verdict(false, `expected ${who.en} to be allowed to ${act.en}, but it is not: ${why.en}`, `${who.ko}: ${act.ko}이 있어야 하는데 없습니다 — ${why.ko}`);
}
