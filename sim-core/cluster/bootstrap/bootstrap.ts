// Writes a new cluster's initial objects THROUGH the API server, in the order their
// references need (a Lease's ownerReference names its Node's uid), one synchronous request
// at a time from the `kubeadm` client, within a total cap of ticks (each control-plane
// Node is followed by its mirror Pods, which name its uid). First the RBAC
// bootstrap policy (the API server's post-start hook); last the `default` ServiceAccounts
// and `kube-root-ca.crt` ConfigMaps of the system namespaces: the first passes of the
// serviceaccount controller and the root-ca-cert-publisher, folded in like the kubelets'
// registrations, so they exist before the first command as they do on a kubeadm cluster
// (the controllers keep every later namespace's).
import type { KubeObject } from '../../client';
import type { PodStatus } from '../../apiserver';
import { bootstrapClusterRoleBindings, bootstrapClusterRoles, type KubeApiPort } from '../../apiserver/server';
import { rootCAConfigMap } from '../../controllers/rootCACertPublisher';
import { DEFAULT_SERVICE_ACCOUNTS, serviceAccountObject } from '../../controllers/serviceAccounts';
import {
  SYSTEM_NAMESPACES,
  clusterNodes,
  kubernetesEndpointSlice,
  kubernetesEndpoints,
  kubernetesService,
  namespaceObject,
  nodeLeaseObject,
  nodeInternalIP,
  nodeObject,
} from './objects';
import { staticPodsOf, type StaticPodTopology } from './static-pods';
import { mirrorPod, staticPodStatus, STATIC_POD_NAMESPACE } from '../../kubelet/staticPods';
import { statusPatch } from '../../kubelet/status';

export type BootstrapResult = { ok: true; requests: number } | { ok: false; error: string };

export interface BootstrapOptions {
  workers: number;
  /** control-plane nodes, `control-plane` first (default 1) */
  controlPlanes?: number;
  /** most ticks the whole bootstrap may take */
  capTicks: number;
  /** the simulated clock, for timestamps the kubelet would write */
  now: () => number;
  timestamp: (tick: number) => string;
  /** where the control-plane nodes' static Pods' mirror Pods come from (none when omitted) */
  staticPods?: Omit<StaticPodTopology, 'controlPlanes'>;
}

export function bootstrapCluster(port: KubeApiPort, opts: BootstrapOptions): BootstrapResult {
  const deadline = opts.now() + opts.capTicks;
  let requests = 0;
  /** One request within what is left of the cap; `what` names it in the error. */
  const request = (req: Extract<Parameters<KubeApiPort['request']>[0], { verb: 'create' | 'patch' }>, what: string): { ok: true; object: KubeObject } | { ok: false; error: string } => {
    const left = deadline - opts.now();
    if (left <= 0) return { ok: false, error: `bootstrap did not finish within ${opts.capTicks} ticks` };
    requests++;
    const r = port.request(req, { timeoutTicks: left });
    // a create or a patch answers with the object it wrote
    return r.ok ? { ok: true, object: r.value as KubeObject } : { ok: false, error: `${what}: ${r.error.message}` };
  };
  const create = (resource: string, namespace: string, body: KubeObject) => request({ verb: 'create', resource, namespace, body }, `creating ${resource} ${body.metadata?.name ?? ''}`);
  // the API server's rbac/bootstrap-roles post-start hook, and kubeadm's two bindings
  for (const role of bootstrapClusterRoles()) {
    const r = create('clusterroles', '', role);
    if (!r.ok) return r;
  }
  for (const binding of bootstrapClusterRoleBindings()) {
    const r = create('clusterrolebindings', '', binding);
    if (!r.ok) return r;
  }
  for (const ns of SYSTEM_NAMESPACES) {
    const r = create('namespaces', '', namespaceObject(ns));
    if (!r.ok) return r;
  }
  const nodes = clusterNodes(opts.workers, opts.controlPlanes ?? 1);
  for (const n of nodes) {
    const node = create('nodes', '', nodeObject(n, opts.timestamp(opts.now())));
    if (!node.ok) return node;
    const lease = create('leases', 'kube-node-lease', nodeLeaseObject(n.name, node.object.metadata?.uid ?? '', opts.timestamp(opts.now())));
    if (!lease.ok) return lease;
    // the control-plane kubelet's first sync: a mirror Pod for each static Pod it runs, then its status (a create keeps none)
    const statics = opts.staticPods && n.controlPlane ? staticPodsOf({ ...opts.staticPods, controlPlanes: nodes.filter((x) => x.controlPlane).map((x) => x.name) }, n.name) : [];
    for (const s of statics) {
      const mirror = create('pods', STATIC_POD_NAMESPACE, mirrorPod(s, { name: n.name, uid: node.object.metadata?.uid ?? '' }) as KubeObject);
      if (!mirror.ok) return mirror;
      const status = staticPodStatus(s, { alive: true, kills: 0, startedAt: 0, startedBefore: undefined, killedAt: undefined, exitCode: undefined, exited: false }, nodeInternalIP(n.index));
      const r = request({ verb: 'patch', resource: 'pods', namespace: STATIC_POD_NAMESPACE, name: mirror.object.metadata?.name ?? '', subresource: 'status', patchType: 'application/merge-patch+json', patch: { status: statusPatch(mirror.object.status as PodStatus | undefined, status) } }, 'patch pods');
      if (!r.ok) return r;
    }
  }
  const svc = create('services', 'default', kubernetesService());
  if (!svc.ok) return svc;
  const eps = create('endpoints', 'default', kubernetesEndpoints());
  if (!eps.ok) return eps;
  const slice = create('endpointslices', 'default', kubernetesEndpointSlice());
  if (!slice.ok) return slice;
  for (const ns of SYSTEM_NAMESPACES) {
    for (const name of DEFAULT_SERVICE_ACCOUNTS) {
      const sa = create('serviceaccounts', ns, serviceAccountObject(name));
      if (!sa.ok) return sa;
    }
  }
  // the root-ca-cert-publisher's first pass, likewise
  for (const ns of SYSTEM_NAMESPACES) {
    const cm = create('configmaps', ns, rootCAConfigMap());
    if (!cm.ok) return cm;
  }
  // kubeadm's kube-proxy addon: the account its kubeadm:node-proxier binding names
  const proxy = create('serviceaccounts', 'kube-system', serviceAccountObject('kube-proxy'));
  if (!proxy.ok) return proxy;
  return { ok: true, requests };
}
