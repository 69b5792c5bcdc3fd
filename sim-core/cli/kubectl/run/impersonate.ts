// `kubectl --as=jane [--as-group=dev]`: every request carries client-go's impersonation
// (the Impersonate-User / Impersonate-Group headers). The API server honours it only for
// a user allowed to impersonate (kubectl's own identity is kubeadm's admin) and then
// authorises the request as that user — which is how a learner sees RBAC refuse. --as-uid
// is not sent: a UID takes no part in RBAC's decisions (parse.ts refuses it without --as).
import type { KubeApiPort, KubeRequestOptions } from '../../../apiserver/server';
import type { KubectlCommand } from '../parse';

type Impersonation = NonNullable<KubeRequestOptions['impersonate']>;

/** The impersonation the command line asks for, if any. */
export function impersonationOf(cmd: KubectlCommand): Impersonation | undefined {
  const user = cmd.flags.values.get('as');
  const groups = (cmd.flags.values.get('as-group') as string[] | undefined) ?? [];
  if (typeof user !== 'string' || user === '') return undefined;
  return groups.length > 0 ? { user, groups } : { user };
}

/** A port whose every request and watch impersonates `as`. */
export function impersonating(port: KubeApiPort, as: Impersonation): KubeApiPort {
  const openWatch = port.openWatch?.bind(port);
  return {
    request: (req, opts) => port.request(req, { ...opts, impersonate: as }),
    watchSoFar: (req, opts) => port.watchSoFar(req, { ...opts, impersonate: as }),
    ...(openWatch !== undefined ? { openWatch: (req, opts) => openWatch(req, { ...opts, impersonate: as }) } : {}),
    // GET /version asks nobody's permission
    serverVersion: () => port.serverVersion(),
  };
}
