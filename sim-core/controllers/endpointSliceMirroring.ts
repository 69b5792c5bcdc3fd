// The EndpointSlice mirroring controller (pkg/controller/endpointslicemirroring, Kubernetes
// 1.32, simplified): a Service WITHOUT a selector whose Endpoints someone wrote by hand
// gets those Endpoints mirrored into EndpointSlices, so kube-proxy — which reads only
// EndpointSlices — routes to them. One slice per subset (its addresses ready, its
// notReadyAddresses not), at most 1,000 addresses per subset
// (--mirroring-max-endpoints-per-subset), IPv4 here; named `<endpoints>-<random>`, labelled
// with the Service's name and managed-by endpointslicemirroring-controller.k8s.io, owned by
// the Endpoints. Nothing is mirrored for a Service with a selector (the EndpointSlice
// controller's), an ExternalName Service, Endpoints labelled
// endpointslice.kubernetes.io/skip-mirror=true (the API server's own `kubernetes`), or
// Endpoints without a Service; their mirrored slices are deleted.
import type { EndpointSlice, EndpointSliceEndpoint, EndpointSubset, Endpoints, Service } from '../apiserver';
import { objectKey, splitKey, type EventHandlers, type KubeObject, type Lister } from '../client';
import type { ControllerContext, ReconcileResult } from './context';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL, managedSliceHandlers, syncSlices, type DesiredSlice } from './endpointSliceSync';

export const MIRRORING_MANAGED_BY = 'endpointslicemirroring-controller.k8s.io';
export const SKIP_MIRROR_LABEL = 'endpointslice.kubernetes.io/skip-mirror';
/** --mirroring-max-endpoints-per-subset's default. */
export const MAX_MIRRORED_PER_SUBSET = 1000;

/** Annotations of the Endpoints a mirrored slice does not carry (utils.go newEndpointSlice). */
const NOT_MIRRORED_ANNOTATIONS = ['endpoints.kubernetes.io/last-change-trigger-time', 'kubectl.kubernetes.io/last-applied-configuration'];

export interface EndpointSliceMirroringDeps {
  services: Lister<Service>;
  endpoints: Lister<Endpoints>;
  endpointSlices: Lister<EndpointSlice>;
  ctx: ControllerContext;
}

type Address = NonNullable<EndpointSubset['addresses']>[number];

/** addressToEndpoint */
function toEndpoint(a: Address, ready: boolean): EndpointSliceEndpoint {
  return {
    addresses: [a.ip ?? ''],
    conditions: { ready },
    ...(a.hostname ? { hostname: a.hostname } : {}),
    ...(a.nodeName ? { nodeName: a.nodeName } : {}),
    ...(a.targetRef ? { targetRef: a.targetRef } : {}),
  };
}

/** The slices one Endpoints object mirrors into: one per subset, ready addresses first, capped per subset. */
export function mirroredSlices(ep: Endpoints): DesiredSlice[] {
  return (ep.subsets ?? []).map((subset) => {
    const endpoints = [...(subset.addresses ?? []).map((a) => toEndpoint(a, true)), ...(subset.notReadyAddresses ?? []).map((a) => toEndpoint(a, false))].slice(0, MAX_MIRRORED_PER_SUBSET);
    const ports = (subset.ports ?? []).map((p) => ({ ...(p.name !== undefined ? { name: p.name } : {}), ...(p.port !== undefined ? { port: p.port } : {}), protocol: p.protocol ?? 'TCP' }));
    return { endpoints, ports };
  });
}

export class EndpointSliceMirroringController {
  /** a Service or its Endpoints changed: look at the pair again (both are keyed `<namespace>/<name>`) */
  readonly serviceHandlers: EventHandlers<Service>;
  readonly endpointsHandlers: EventHandlers<Endpoints>;
  /** a mirrored slice changed or went: look at its Service again */
  readonly endpointSliceHandlers: EventHandlers<EndpointSlice>;

  constructor(private readonly deps: EndpointSliceMirroringDeps) {
    const enqueue = (o: KubeObject): void => deps.ctx.queue.add(objectKey(o));
    const byKey: EventHandlers<KubeObject> = { onAdd: enqueue, onUpdate: (_o, o) => enqueue(o), onDelete: enqueue };
    this.serviceHandlers = byKey;
    this.endpointsHandlers = byKey;
    this.endpointSliceHandlers = managedSliceHandlers(deps.ctx.queue, MIRRORING_MANAGED_BY);
  }

  /** syncEndpoints */
  reconcile(key: string): ReconcileResult {
    const { namespace, name } = splitKey(key);
    const existing = this.deps.endpointSlices
      .list(namespace, { matchLabels: { [SERVICE_NAME_LABEL]: name, [MANAGED_BY_LABEL]: MIRRORING_MANAGED_BY } })
      .filter((s) => s.metadata?.deletionTimestamp === undefined);
    const svc = this.deps.services.get(key);
    const ep = this.deps.endpoints.get(key);
    const mirror = svc !== undefined && !svc.spec?.selector && svc.spec?.type !== 'ExternalName' && ep !== undefined && ep.metadata?.labels?.[SKIP_MIRROR_LABEL] !== 'true';
    const desired = mirror ? mirroredSlices(ep) : [];
    const labels: Record<string, string> = { ...(ep?.metadata?.labels ?? {}), [SERVICE_NAME_LABEL]: name, [MANAGED_BY_LABEL]: MIRRORING_MANAGED_BY };
    const annotations: Record<string, string> = { ...(ep?.metadata?.annotations ?? {}) };
    for (const a of NOT_MIRRORED_ANNOTATIONS) delete annotations[a];
    const owner = { apiVersion: 'v1', kind: 'Endpoints', name, uid: ep?.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true };
    syncSlices(this.deps.ctx, key, desired, existing, { labels, annotations, owner });
    return { ok: true };
  }
}
