// SelfSubjectAccessReview (authorization.k8s.io/v1, pkg/registry/authorization/
// selfsubjectaccessreview): "may I do this?" asked of the authorizer for the requesting
// user — what `kubectl auth can-i` sends. Nothing is stored; the answer is the review with
// its status. Every authenticated user may ask (the bootstrap policy's system:basic-user).
// Non-resource URLs (`/healthz`) are judged by the nonResourceURLs of the ClusterRoles
// bound to the user (the simulated API server serves no such URL itself).
import type { KubeObject } from '../../client';
import { fail, type HandlerEnv } from './handlerEnv';
import { authorizeNonResource, authorizeRequest, rulesFor, type AuthorizerView, type UserInfo } from './rbac';
import { badRequest } from './statuses';

export const ACCESS_REVIEWS = 'selfsubjectaccessreviews';
export const RULES_REVIEWS = 'selfsubjectrulesreviews';
export const AUTHORIZATION_GROUP = 'authorization.k8s.io';

interface ResourceAttributes {
  namespace?: string;
  verb?: string;
  group?: string;
  resource?: string;
  subresource?: string;
  name?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function handleAccessReview(env: HandlerEnv, user: UserInfo, verb: string, body: unknown, view: AuthorizerView): void {
  if (verb !== 'create') return fail(env, badRequest(`the server does not allow this method on the requested resource (${verb} ${ACCESS_REVIEWS}.${AUTHORIZATION_GROUP})`));
  const review = (typeof body === 'object' && body !== null ? body : {}) as KubeObject & { spec?: { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: { path?: string; verb?: string } } };
  const spec = review.spec ?? {};
  let allowed: boolean;
  if (spec.resourceAttributes !== undefined) {
    const a = spec.resourceAttributes;
    const attrs = { verb: text(a.verb), apiGroup: text(a.group), resource: text(a.resource), subresource: text(a.subresource), namespace: text(a.namespace), name: text(a.name) };
    allowed = authorizeRequest(user, attrs, attrs.name, view).allowed;
  } else if (spec.nonResourceAttributes !== undefined) {
    allowed = authorizeNonResource(user, text(spec.nonResourceAttributes.verb), text(spec.nonResourceAttributes.path), view);
  } else {
    return fail(env, badRequest('spec: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  }
  // nothing is read or written in etcd: no revision to report
  env.reply({ ok: true, value: { apiVersion: `${AUTHORIZATION_GROUP}/v1`, kind: 'SelfSubjectAccessReview', metadata: {}, spec, status: { allowed } } });
}

/**
 * SelfSubjectRulesReview (pkg/registry/authorization/selfsubjectrulesreview): "what may I do
 * in this namespace?" — every rule the authorizers hold for the requesting user there, what
 * `kubectl auth can-i --list` prints. Incomplete (with the reason) where a rule cannot be
 * listed: a node's, or a binding whose Role is missing.
 */
export function handleRulesReview(env: HandlerEnv, user: UserInfo, verb: string, body: unknown, view: AuthorizerView): void {
  if (verb !== 'create') return fail(env, badRequest(`the server does not allow this method on the requested resource (${verb} ${RULES_REVIEWS}.${AUTHORIZATION_GROUP})`));
  const review = (typeof body === 'object' && body !== null ? body : {}) as KubeObject & { spec?: { namespace?: unknown } };
  const spec = review.spec ?? {};
  const rules = rulesFor(user, text(spec.namespace), view);
  env.reply({ ok: true, value: { apiVersion: `${AUTHORIZATION_GROUP}/v1`, kind: 'SelfSubjectRulesReview', metadata: {}, spec, status: rules } });
}
