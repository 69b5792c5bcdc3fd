// Who a request comes from. The simulated network has no TLS: a process's address stands
// for the client certificate it would present, and this table maps it to the user a
// kubeadm-built cluster gives that component (kubeadm's kubeconfig files and the
// kubelet's client certificate, `CN=<user>, O=<group>`):
//   kubectl                    kubernetes-admin, group kubeadm:cluster-admins (admin.conf, kubeadm ≥ 1.29)
//   kubeadm (the bootstrap)    kubernetes-super-admin, group system:masters (super-admin.conf)
//   kube-controller-manager*   system:kube-controller-manager (controller-manager.conf)
//   kube-scheduler*            system:kube-scheduler (scheduler.conf)
//   kubelet@<node>             system:node:<node>, group system:nodes (kubelet.conf)
//   kube-proxy@<node>          system:serviceaccount:kube-system:kube-proxy (its ServiceAccount token)
// Any other address is a user of that name with no group but system:authenticated: it
// may do only what Roles and RoleBindings stored in etcd grant it.

export interface UserInfo {
  name: string;
  groups: readonly string[];
}

export const SYSTEM_MASTERS = 'system:masters';
export const KUBEADM_CLUSTER_ADMINS = 'kubeadm:cluster-admins';
export const SYSTEM_NODES = 'system:nodes';
export const AUTHENTICATED = 'system:authenticated';
export const UNAUTHENTICATED = 'system:unauthenticated';
/** The user of a request without credentials (user.Anonymous). */
export const ANONYMOUS = 'system:anonymous';
const SA_PREFIX = 'system:serviceaccount:';
const NODE_PREFIX = 'system:node:';

const SERVICE_ACCOUNTS = 'system:serviceaccounts';
/** `system:serviceaccount:<namespace>:<name>` (serviceaccount.SplitUsername) */
const SA_USER = /^system:serviceaccount:([^:]+):([^:]+)$/;

/** The groups a ServiceAccount's token carries (serviceaccount.MakeGroupNames, and the authenticated group). */
function serviceAccountGroups(name: string): string[] {
  const ns = name.slice(SA_PREFIX.length).split(':')[0] ?? '';
  return [SERVICE_ACCOUNTS, `${SERVICE_ACCOUNTS}:${ns}`, AUTHENTICATED];
}

/** The users of the addresses seen so far: a certificate's user is the same on every request (and never changed). */
const usersByAddress = new Map<string, UserInfo>();

export function userForAddress(address: string): UserInfo {
  let user = usersByAddress.get(address);
  if (user === undefined) {
    const u = certificateUser(address);
    user = Object.freeze({ name: u.name, groups: Object.freeze([...u.groups]) });
    usersByAddress.set(address, user);
  }
  return user;
}

function certificateUser(address: string): UserInfo {
  if (address === 'kubectl') return { name: 'kubernetes-admin', groups: [KUBEADM_CLUSTER_ADMINS, AUTHENTICATED] };
  if (address === 'kubeadm') return { name: 'kubernetes-super-admin', groups: [SYSTEM_MASTERS, AUTHENTICATED] };
  if (address.startsWith('kube-controller-manager')) return { name: 'system:kube-controller-manager', groups: [AUTHENTICATED] };
  if (address.startsWith('kube-scheduler')) return { name: 'system:kube-scheduler', groups: [AUTHENTICATED] };
  if (address.startsWith('kubelet@')) return { name: `${NODE_PREFIX}${address.slice('kubelet@'.length)}`, groups: [SYSTEM_NODES, AUTHENTICATED] };
  if (address.startsWith('kube-proxy@')) {
    const name = `${SA_PREFIX}kube-system:kube-proxy`;
    return { name, groups: serviceAccountGroups(name) };
  }
  return { name: address, groups: [AUTHENTICATED] };
}

/**
 * The user an impersonation header names (Impersonate-User / Impersonate-Group), as the
 * impersonation filter builds it (k8s.io/apiserver pkg/endpoints/filters/impersonation.go):
 * the groups asked for are the user's groups, all of them; with none, a ServiceAccount gets
 * its own (serviceaccount.MakeGroupNames). Then system:anonymous gets
 * system:unauthenticated, and anyone else system:authenticated unless the groups already
 * name system:authenticated or system:unauthenticated.
 */
export function impersonatedUser(user: string, groups: readonly string[] | undefined): UserInfo {
  const sa = SA_USER.exec(user);
  const all = groups !== undefined && groups.length > 0 ? [...groups] : sa ? [SERVICE_ACCOUNTS, `${SERVICE_ACCOUNTS}:${sa[1]!}`] : [];
  if (user === ANONYMOUS) {
    if (!all.includes(UNAUTHENTICATED)) all.push(UNAUTHENTICATED);
  } else if (!all.includes(AUTHENTICATED) && !all.includes(UNAUTHENTICATED)) all.push(AUTHENTICATED);
  return { name: user, groups: all };
}

/** `system:node:node-1` → `node-1`, for a member of system:nodes. */
export function nodeNameOf(user: UserInfo): string | undefined {
  if (!user.groups.includes(SYSTEM_NODES) || !user.name.startsWith(NODE_PREFIX)) return undefined;
  return user.name.slice(NODE_PREFIX.length);
}

/** `system:serviceaccount:ns:name` → {namespace, name}. */
export function serviceAccountOf(user: UserInfo): { namespace: string; name: string } | undefined {
  if (!user.name.startsWith(SA_PREFIX)) return undefined;
  const [namespace, name] = user.name.slice(SA_PREFIX.length).split(':');
  return namespace && name ? { namespace, name } : undefined;
}
