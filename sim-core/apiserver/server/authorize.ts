// The authorization hook every request passes (k8s.io/apiserver's WithImpersonation and
// WithAuthorization filters, in that order): the sender's address becomes a user
// (rbac/users.ts), an `impersonate` field switches to another user if the sender may
// impersonate, and the Node,RBAC chain decides (rbac/authorizer.ts). A denial is the
// real 403 text.
import type { ApiRequestMessage, KubeObject } from '../../client';
import type { ServerRequest } from './wire';
import type { WatchCache } from './watchCache';
import {
  attributesOf,
  authorizeImpersonation,
  authorizeRequest,
  impersonatedUser,
  userForAddress,
  type AuthorizationDecision,
  type AuthorizerView,
  type UserInfo,
} from './rbac';

export type { AuthorizationDecision, AuthorizerView };

export type Authentication = { ok: true; user: UserInfo } | { ok: false; decision: AuthorizationDecision & { allowed: false } };

/** The user a request acts as: the sender's, or the one it impersonates (if allowed). */
export function authenticate(from: string, impersonate: ApiRequestMessage['impersonate'], view: AuthorizerView): Authentication {
  const sender = userForAddress(from);
  if (impersonate === undefined) return { ok: true, user: sender };
  const groups = impersonate.groups ?? [];
  const allowed = authorizeImpersonation(sender, impersonate.user, groups, view);
  if (!allowed.allowed) return { ok: false, decision: allowed };
  return { ok: true, user: impersonatedUser(impersonate.user, groups) };
}

export function authorize(user: UserInfo, req: ServerRequest, view: AuthorizerView): AuthorizationDecision {
  const { attrs, objectName } = attributesOf(req);
  // NodeRestriction reads a node's new Pod itself: only a mirror Pod bound to the node may be created
  const body = req.verb === 'create' && 'body' in req ? (req.body as KubeObject) : undefined;
  return authorizeRequest(user, attrs, objectName, view, body);
}

/** The authorizer's view over the API server's watch caches (the real one reads informers). */
export function cacheAuthorizerView(cacheOf: (resource: string) => WatchCache | undefined): AuthorizerView {
  const under = (resource: string, prefix: string) => cacheOf(resource)?.listUnder(prefix) ?? [];
  // every request reads the ClusterRoleBindings: listed once per revision of their cache
  let bindings: { cache: WatchCache; revision: number; list: readonly KubeObject[] } | undefined;
  // the cluster policy's token: a new one whenever either cache changes, fills, or is rebuilt (a restart)
  let policy: { bindings: WatchCache | undefined; bindingsRev: number; roles: WatchCache | undefined; rolesRev: number; token: object } | undefined;
  return {
    rolesIn: (ns) => under('roles', `/registry/roles/${ns}/`),
    roleBindingsIn: (ns) => under('rolebindings', `/registry/rolebindings/${ns}/`),
    clusterRoleBindings: () => {
      const cache = cacheOf('clusterrolebindings');
      if (!cache?.ready) return undefined;
      if (bindings?.cache !== cache || bindings.revision !== cache.revision) bindings = { cache, revision: cache.revision, list: cache.listUnder('/registry/clusterrolebindings/') };
      return bindings.list;
    },
    clusterRole: (name) => {
      const cache = cacheOf('clusterroles');
      return cache?.ready ? (cache.peek(`/registry/clusterroles/${name}`) as KubeObject | undefined) : 'unknown';
    },
    clusterPolicy: () => {
      const b = cacheOf('clusterrolebindings');
      const r = cacheOf('clusterroles');
      const now = { bindings: b?.ready ? b : undefined, bindingsRev: b?.ready ? b.revision : -1, roles: r?.ready ? r : undefined, rolesRev: r?.ready ? r.revision : -1 };
      if (policy === undefined || policy.bindings !== now.bindings || policy.bindingsRev !== now.bindingsRev || policy.roles !== now.roles || policy.rolesRev !== now.rolesRev) policy = { ...now, token: {} };
      return policy.token;
    },
    // the authorizer only reads the Pod's spec.nodeName: the cache's own object, not a copy
    podOf: (ns, name) => cacheOf('pods')?.peek(`/registry/pods/${ns}/${name}`) as KubeObject | undefined,
  };
}
