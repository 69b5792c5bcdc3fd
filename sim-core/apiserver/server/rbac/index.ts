// rbac/: who a request comes from and whether it may do what it asks — kubeadm's users,
// the Node authorizer, RBAC over the bootstrap policy and the Roles/RoleBindings in etcd.
export { userForAddress, impersonatedUser, nodeNameOf, serviceAccountOf, SYSTEM_MASTERS, AUTHENTICATED, UNAUTHENTICATED, ANONYMOUS, type UserInfo } from './users';
export { attributesOf, type AuthorizationRequest } from './attributes';
export { authorizeRequest, authorizeNonResource, authorizeImpersonation, explainAuthorization, rbacGrant, roleBindingsAllowingAnyone, rulesFor, type AuthorizationDecision, type AuthorizationExplanation, type AuthorizerView, type PolicyObjectRef, type RbacGrant, type SubjectRules } from './authorizer';
export { CLUSTER_ROLES, CLUSTER_ROLE_BINDINGS, bootstrapClusterRoleBindings, bootstrapClusterRoles } from './bootstrapPolicy';
export { ruleAllows, type RequestAttributes } from './rules';
export { forbidden } from './forbidden';
