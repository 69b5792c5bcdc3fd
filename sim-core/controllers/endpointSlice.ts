// The EndpointSlice controller (pkg/controller/endpointslice/endpointslice_controller.go
// syncService and staging/src/k8s.io/endpointslice/reconciler.go, simplified): for each
// Service with a selector, the Pods it selects as discovery.k8s.io/v1 endpoints — one per
// Pod IP with conditions ready/serving/terminating (utils.go podToEndpoint) — grouped by
// the resolved port set, at most 100 endpoints per slice (--max-endpoints-per-slice).
// Slices are named `<service>-<random>` by the API server (generateName), labelled with
// kubernetes.io/service-name and managed-by, and owned by the Service, so the garbage
// collector removes them with it. kube-proxy reads these, not Endpoints.
import type { EndpointSlice, EndpointSliceEndpoint, EndpointSlicePort, Pod, Service } from '../apiserver';
import { splitKey, type EventHandlers, type Lister } from '../client';
import { canonicalJson } from '../kernel';
import type { ControllerContext, ReconcileResult } from './context';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL, managedSliceHandlers, syncSlices, type DesiredSlice } from './endpointSliceSync';
import { isPodReady } from './podState';
import { findPort, ipSortKey, selectsPod, serviceQueueHandlers } from './serviceSelection';

export { MANAGED_BY_LABEL, SERVICE_NAME_LABEL };
export const MANAGED_BY = 'endpointslice-controller.k8s.io';
/** --max-endpoints-per-slice's default. */
export const MAX_ENDPOINTS_PER_SLICE = 100;

export interface EndpointSliceControllerDeps {
  services: Lister<Service>;
  pods: Lister<Pod>;
  endpointSlices: Lister<EndpointSlice>;
  ctx: ControllerContext;
}

/** podToEndpoint: ready unless terminating (publishNotReadyAddresses makes every Pod ready). */
function podToEndpoint(svc: Service, pod: Pod): EndpointSliceEndpoint {
  const publish = svc.spec?.publishNotReadyAddresses === true;
  const terminating = pod.metadata?.deletionTimestamp !== undefined;
  const serving = isPodReady(pod);
  return {
    addresses: [pod.status?.podIP ?? ''],
    conditions: { ready: publish || (serving && !terminating), serving, terminating },
    ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}),
    targetRef: { kind: 'Pod', namespace: pod.metadata?.namespace, name: pod.metadata?.name, uid: pod.metadata?.uid },
  };
}

/** The desired slices for a Service over the Pods it selects, in a stable order. Exported for tests and the UI. */
export function desiredEndpointSlices(svc: Service, pods: readonly Pod[]): DesiredSlice[] {
  const groups = new Map<string, DesiredSlice>();
  for (const pod of pods) {
    // utils.go ShouldPodBeInEndpoints: no IP, or a finished Pod, has nothing to route to.
    if (!pod.status?.podIP) continue;
    if (pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') continue;
    const ports: EndpointSlicePort[] = [];
    for (const sp of svc.spec?.ports ?? []) {
      const port = findPort(pod, sp.targetPort, sp.port);
      if (port === undefined) continue;
      ports.push({ name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' });
    }
    const sig = canonicalJson(ports);
    let g = groups.get(sig);
    if (!g) groups.set(sig, (g = { ports, endpoints: [] }));
    g.endpoints.push(podToEndpoint(svc, pod));
  }
  const out: DesiredSlice[] = [];
  for (const sig of [...groups.keys()].sort()) {
    const g = groups.get(sig) as DesiredSlice;
    const endpoints = g.endpoints.sort((a, b) => (ipSortKey(a.addresses?.[0] ?? '') < ipSortKey(b.addresses?.[0] ?? '') ? -1 : 1));
    for (let i = 0; i < endpoints.length; i += MAX_ENDPOINTS_PER_SLICE) {
      out.push({ ports: g.ports, endpoints: endpoints.slice(i, i + MAX_ENDPOINTS_PER_SLICE) });
    }
  }
  // reconciler.go: a Service with no endpoints still gets one empty placeholder slice.
  return out.length > 0 ? out : [{ ports: [], endpoints: [] }];
}

export class EndpointSliceController {
  readonly serviceHandlers: EventHandlers<Service>;
  /** A Pod change enqueues every Service that selects it now or selected it before. */
  readonly podHandlers: EventHandlers<Pod>;
  /** A changed or deleted managed slice brings its Service back to the queue (onEndpointSlice*). */
  readonly endpointSliceHandlers: EventHandlers<EndpointSlice>;

  constructor(private readonly deps: EndpointSliceControllerDeps) {
    ({ serviceHandlers: this.serviceHandlers, podHandlers: this.podHandlers } = serviceQueueHandlers(deps.services, deps.ctx.queue));
    this.endpointSliceHandlers = managedSliceHandlers(deps.ctx.queue, MANAGED_BY);
  }

  reconcile(key: string): ReconcileResult {
    const { ctx } = this.deps;
    const { namespace, name } = splitKey(key);
    const svc = this.deps.services.get(key);
    // A deleted Service's slices go with it through their ownerReference (garbage collector);
    // a Service without a selector has hand-written slices, not ours to manage.
    const selector = svc?.spec?.selector;
    if (!svc || !selector) return { ok: true };
    const pods = this.deps.pods.list(namespace).filter((p) => selectsPod(selector, p));
    const desired = desiredEndpointSlices(svc, pods);
    const existing = this.deps.endpointSlices
      .list(namespace, { matchLabels: { [SERVICE_NAME_LABEL]: name, [MANAGED_BY_LABEL]: MANAGED_BY } })
      .filter((s) => s.metadata?.deletionTimestamp === undefined);
    const labels = { ...(svc.metadata?.labels ?? {}), [SERVICE_NAME_LABEL]: name, [MANAGED_BY_LABEL]: MANAGED_BY };
    const owner = { apiVersion: 'v1', kind: 'Service', name, uid: svc.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true };
    syncSlices(ctx, key, desired, existing, { labels, owner });
    return { ok: true };
  }
}
