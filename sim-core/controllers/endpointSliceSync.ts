// What the EndpointSlice controller and the mirroring controller share when they write
// their slices (staging/src/k8s.io/endpointslice/reconciler.go and the mirroring
// reconciler): each desired slice reuses an existing one with the same ports first, then
// any left over, in name order; the rest are created (named `<service>-<random>` by the
// API server through generateName), and the leftovers deleted. A slice already as desired
// is not written.
import type { EndpointSlice, EndpointSliceEndpoint, EndpointSlicePort, OwnerReference } from '../apiserver';
import { deepCopy, splitKey, type EventHandlers, type WorkQueue } from '../client';
import { canonicalJson } from '../kernel';
import { requeueOnError, type ControllerContext } from './context';

/** The label naming a slice's Service, and the one naming the controller that manages it. */
export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';

export interface DesiredSlice {
  ports: EndpointSlicePort[];
  endpoints: EndpointSliceEndpoint[];
}

export interface SliceOwnership {
  labels: Record<string, string>;
  /** the annotations the slices must carry; undefined: the controller leaves annotations alone */
  annotations?: Record<string, string>;
  /** the controller reference a new slice gets */
  owner: OwnerReference;
}

/**
 * onEndpointSliceUpdate / onEndpointSliceDelete: a slice managed by `managedBy` that
 * changed or went brings its Service's key back to `queue`.
 */
export function managedSliceHandlers(queue: WorkQueue, managedBy: string): EventHandlers<EndpointSlice> {
  const enqueueOwner = (slice: EndpointSlice): void => {
    const labels = slice.metadata?.labels ?? {};
    const service = labels[SERVICE_NAME_LABEL];
    if (service && labels[MANAGED_BY_LABEL] === managedBy) queue.add(`${slice.metadata?.namespace ?? ''}/${service}`);
  };
  return { onUpdate: (_o, s) => enqueueOwner(s), onDelete: enqueueOwner };
}

/** Write `desired` for the Service `key` over the controller's `existing` slices. */
export function syncSlices(ctx: ControllerContext, key: string, desired: readonly DesiredSlice[], existing: readonly EndpointSlice[], own: SliceOwnership): void {
  const { namespace } = splitKey(key);
  const unused = [...existing];
  for (const want of desired) {
    const sig = canonicalJson(want.ports);
    let i = unused.findIndex((s) => canonicalJson(s.ports ?? []) === sig);
    if (i === -1) i = unused.length > 0 ? 0 : -1;
    const current = i === -1 ? undefined : unused.splice(i, 1)[0];
    writeSlice(ctx, key, want, current, own);
  }
  for (const s of unused) ctx.api.request({ verb: 'delete', resource: 'endpointslices', namespace, name: s.metadata?.name ?? '' }, requeueOnError(ctx, key));
}

function writeSlice(ctx: ControllerContext, key: string, want: DesiredSlice, current: EndpointSlice | undefined, own: SliceOwnership): void {
  const { namespace, name } = splitKey(key);
  if (
    current &&
    canonicalJson(current.endpoints ?? []) === canonicalJson(want.endpoints) &&
    canonicalJson(current.ports ?? []) === canonicalJson(want.ports) &&
    canonicalJson(current.metadata?.labels ?? {}) === canonicalJson(own.labels) &&
    (own.annotations === undefined || canonicalJson(current.metadata?.annotations ?? {}) === canonicalJson(own.annotations))
  ) {
    return;
  }
  const body: EndpointSlice = current
    ? deepCopy(current)
    : { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { generateName: `${name}-`, namespace, ownerReferences: [own.owner] }, addressType: 'IPv4' };
  body.metadata = { ...(body.metadata ?? {}), labels: own.labels };
  if (own.annotations !== undefined) {
    if (Object.keys(own.annotations).length > 0) body.metadata.annotations = own.annotations;
    else delete body.metadata.annotations;
  }
  if (want.endpoints.length > 0) body.endpoints = want.endpoints;
  else delete body.endpoints;
  if (want.ports.length > 0) body.ports = want.ports;
  else delete body.ports;
  ctx.api.request({ verb: current ? 'update' : 'create', resource: 'endpointslices', namespace, body }, requeueOnError(ctx, key));
}
