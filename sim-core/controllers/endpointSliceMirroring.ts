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
import type { EndpointSlice, EndpointSliceEndpoint, EndpointSlicePort, EndpointSubset, Endpoints, Service } from '../apiserver';
import { deepCopy, splitKey, type EventHandlers, type KubeObject, type Lister } from '../client';
import { canonicalJson } from '../kernel';
import { requeueOnError, type ControllerContext, type ReconcileResult } from './context';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from './endpointSlice';

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
export function mirroredSlices(ep: Endpoints): Array<{ endpoints: EndpointSliceEndpoint[]; ports: EndpointSlicePort[] }> {
  return (ep.subsets ?? []).map((subset) => {
    const endpoints = [...(subset.addresses ?? []).map((a) => toEndpoint(a, true)), ...(subset.notReadyAddresses ?? []).map((a) => toEndpoint(a, false))].slice(0, MAX_MIRRORED_PER_SUBSET);
    const ports = (subset.ports ?? []).map((p) => ({ ...(p.name !== undefined ? { name: p.name } : {}), ...(p.port !== undefined ? { port: p.port } : {}), protocol: p.protocol ?? 'TCP' }));
    return { endpoints, ports };
  });
}

export class EndpointSliceMirroringController {
  constructor(private readonly deps: EndpointSliceMirroringDeps) {}

  private readonly enqueue = (o: KubeObject): void => this.deps.ctx.queue.add(`${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`);

  readonly serviceHandlers: EventHandlers<Service> = { onAdd: this.enqueue, onUpdate: (_o, s) => this.enqueue(s), onDelete: this.enqueue };
  readonly endpointsHandlers: EventHandlers<Endpoints> = { onAdd: this.enqueue, onUpdate: (_o, e) => this.enqueue(e), onDelete: this.enqueue };
  /** a mirrored slice changed or went: look at its Service again */
  readonly endpointSliceHandlers: EventHandlers<EndpointSlice> = {
    onUpdate: (_o, s) => this.enqueueOwner(s),
    onDelete: (s) => this.enqueueOwner(s),
  };

  private enqueueOwner(slice: EndpointSlice): void {
    const labels = slice.metadata?.labels ?? {};
    const service = labels[SERVICE_NAME_LABEL];
    if (service && labels[MANAGED_BY_LABEL] === MIRRORING_MANAGED_BY) this.deps.ctx.queue.add(`${slice.metadata?.namespace ?? ''}/${service}`);
  }

  /** syncEndpoints */
  reconcile(key: string): ReconcileResult {
    const { ctx } = this.deps;
    const { namespace, name } = splitKey(key);
    const existing = this.deps.endpointSlices
      .list(namespace, { matchLabels: { [SERVICE_NAME_LABEL]: name, [MANAGED_BY_LABEL]: MIRRORING_MANAGED_BY } })
      .filter((s) => s.metadata?.deletionTimestamp === undefined);
    const svc = this.deps.services.get(key);
    const ep = this.deps.endpoints.get(key);
    const mirror = svc !== undefined && !svc.spec?.selector && svc.spec?.type !== 'ExternalName' && ep !== undefined && ep.metadata?.labels?.[SKIP_MIRROR_LABEL] !== 'true';
    const desired = mirror ? mirroredSlices(ep) : [];
    const unused = [...existing];
    for (const want of desired) {
      // reuse a slice with the same ports first, then any left over, in name order
      const sig = canonicalJson(want.ports);
      let i = unused.findIndex((s) => canonicalJson(s.ports ?? []) === sig);
      if (i === -1) i = unused.length > 0 ? 0 : -1;
      const current = i === -1 ? undefined : unused.splice(i, 1)[0];
      this.write(ep as Endpoints, key, want, current);
    }
    for (const s of unused) ctx.api.request({ verb: 'delete', resource: 'endpointslices', namespace, name: s.metadata?.name ?? '' }, requeueOnError(ctx, key));
    return { ok: true };
  }

  private write(ep: Endpoints, key: string, want: ReturnType<typeof mirroredSlices>[number], current: EndpointSlice | undefined): void {
    const { ctx } = this.deps;
    const { namespace, name } = splitKey(key);
    const labels: Record<string, string> = { ...(ep.metadata?.labels ?? {}), [SERVICE_NAME_LABEL]: name, [MANAGED_BY_LABEL]: MIRRORING_MANAGED_BY };
    const annotations: Record<string, string> = { ...(ep.metadata?.annotations ?? {}) };
    for (const a of NOT_MIRRORED_ANNOTATIONS) delete annotations[a];
    if (
      current &&
      canonicalJson(current.endpoints ?? []) === canonicalJson(want.endpoints) &&
      canonicalJson(current.ports ?? []) === canonicalJson(want.ports) &&
      canonicalJson(current.metadata?.labels ?? {}) === canonicalJson(labels) &&
      canonicalJson(current.metadata?.annotations ?? {}) === canonicalJson(annotations)
    ) {
      return;
    }
    const body: EndpointSlice = current
      ? deepCopy(current)
      : {
          apiVersion: 'discovery.k8s.io/v1',
          kind: 'EndpointSlice',
          metadata: {
            generateName: `${name}-`,
            namespace,
            ownerReferences: [{ apiVersion: 'v1', kind: 'Endpoints', name, uid: ep.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true }],
          },
          addressType: 'IPv4',
        };
    body.metadata = { ...(body.metadata ?? {}), labels };
    if (Object.keys(annotations).length > 0) body.metadata.annotations = annotations;
    else delete body.metadata.annotations;
    if (want.endpoints.length > 0) body.endpoints = want.endpoints;
    else delete body.endpoints;
    if (want.ports.length > 0) body.ports = want.ports;
    else delete body.ports;
    ctx.api.request({ verb: current ? 'update' : 'create', resource: 'endpointslices', namespace, body }, requeueOnError(ctx, key));
  }
}
