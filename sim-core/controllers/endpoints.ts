// The Endpoints controller (pkg/controller/endpoint/endpoints_controller.go syncService):
// for each Service with a selector, the IPs of the Pods it selects — ready ones under
// `addresses`, the others under `notReadyAddresses` (all as ready when the Service sets
// publishNotReadyAddresses) — with the Service's ports resolved against each Pod's
// container ports, grouped into subsets as endpoints.RepackSubsets does. kube-proxy
// routes only to `addresses`.
import { type Endpoints, type EndpointSubset, type Pod, type Service } from '../apiserver';
import { deepCopy, splitKey, type EventHandlers, type Lister } from '../client';
import { canonicalJson } from '../kernel';
import { requeueOnError, type ControllerContext, type ReconcileResult } from './context';
import { isPodReady } from './podState';
import { findPort, ipSortKey, selectsPod, serviceQueueHandlers } from './serviceSelection';

export interface EndpointsControllerDeps {
  services: Lister<Service>;
  pods: Lister<Pod>;
  endpoints: Lister<Endpoints>;
  ctx: ControllerContext;
}

type Address = NonNullable<EndpointSubset['addresses']>[number];
type Port = NonNullable<EndpointSubset['ports']>[number];

function ipCompare(a: Address, b: Address): number {
  const ka = ipSortKey(a.ip ?? '');
  const kb = ipSortKey(b.ip ?? '');
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The subsets for a Service over the Pods it selects. Exported for kube-proxy's tests and the UI. */
export function endpointSubsets(svc: Service, pods: readonly Pod[]): EndpointSubset[] {
  const bySignature = new Map<string, { ports: Port[]; ready: Address[]; notReady: Address[] }>();
  const tolerateUnready = svc.spec?.publishNotReadyAddresses === true;
  for (const pod of pods) {
    // Without an IP there is nothing to route to; a terminating Pod leaves the endpoints.
    if (!pod.status?.podIP || pod.metadata?.deletionTimestamp !== undefined) continue;
    const phase = pod.status.phase;
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    const address: Address = {
      ip: pod.status.podIP,
      ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}),
      targetRef: { kind: 'Pod', namespace: pod.metadata?.namespace, name: pod.metadata?.name, uid: pod.metadata?.uid },
    };
    const ports: Port[] = [];
    for (const sp of svc.spec?.ports ?? []) {
      const port = findPort(pod, sp.targetPort, sp.port);
      if (port === undefined) continue;
      ports.push({ ...(sp.name ? { name: sp.name } : {}), port, protocol: sp.protocol ?? 'TCP' });
    }
    const signature = canonicalJson(ports);
    let subset = bySignature.get(signature);
    if (!subset) bySignature.set(signature, (subset = { ports, ready: [], notReady: [] }));
    if (isPodReady(pod) || tolerateUnready) subset.ready.push(address);
    else subset.notReady.push(address);
  }
  return [...bySignature.keys()].sort().map((sig) => {
    const s = bySignature.get(sig) as { ports: Port[]; ready: Address[]; notReady: Address[] };
    const subset: EndpointSubset = {};
    if (s.ready.length) subset.addresses = s.ready.sort(ipCompare);
    if (s.notReady.length) subset.notReadyAddresses = s.notReady.sort(ipCompare);
    if (s.ports.length) subset.ports = [...s.ports].sort((a, b) => ((a.name ?? '') < (b.name ?? '') ? -1 : (a.name ?? '') > (b.name ?? '') ? 1 : 0));
    return subset;
  });
}

export class EndpointsController {
  readonly serviceHandlers: EventHandlers<Service>;
  /** A Pod change enqueues every Service that selects it now or selected it before. */
  readonly podHandlers: EventHandlers<Pod>;

  constructor(private readonly deps: EndpointsControllerDeps) {
    ({ serviceHandlers: this.serviceHandlers, podHandlers: this.podHandlers } = serviceQueueHandlers(deps.services, deps.ctx.queue));
  }

  reconcile(key: string): ReconcileResult {
    const { ctx } = this.deps;
    const { namespace, name } = splitKey(key);
    const svc = this.deps.services.get(key);
    const current = this.deps.endpoints.get(key);
    if (!svc) {
      // The Service is gone: its Endpoints go with it.
      if (current) ctx.api.request({ verb: 'delete', resource: 'endpoints', namespace, name }, requeueOnError(ctx, key));
      return { ok: true };
    }
    // A Service without a selector has hand-written Endpoints: not ours to manage.
    const selector = svc.spec?.selector;
    if (!selector) return { ok: true };
    const pods = this.deps.pods.list(namespace).filter((p) => selectsPod(selector, p));
    const subsets = endpointSubsets(svc, pods);
    const labels = { ...(svc.metadata?.labels ?? {}) };
    if (svc.spec?.clusterIP === 'None') labels['service.kubernetes.io/headless'] = '';
    if (
      current &&
      canonicalJson(current.subsets ?? []) === canonicalJson(subsets) &&
      canonicalJson(current.metadata?.labels ?? {}) === canonicalJson(labels)
    ) {
      return { ok: true };
    }
    const body: Endpoints = current ? deepCopy(current) : { apiVersion: 'v1', kind: 'Endpoints', metadata: { name, namespace } };
    body.metadata = { ...(body.metadata ?? {}), labels };
    if (Object.keys(labels).length === 0) delete body.metadata.labels;
    if (subsets.length > 0) body.subsets = subsets;
    else delete body.subsets;
    ctx.api.request({ verb: current ? 'update' : 'create', resource: 'endpoints', namespace, body }, requeueOnError(ctx, key));
    return { ok: true };
  }
}
