// The `Endpoints:` cell of `kubectl describe service`, from the Service's EndpointSlices:
// formatEndpointSlices in kubectl pkg/describe/describe.go as of 1.32 (PR #124598 moved it
// from Endpoints to EndpointSlices in 1.31, PR #126932 hid endpoints that are not ready).
// Slices are taken in the order the API server lists them; within a slice, each endpoint's
// first address, for every slice port whose name is the Service port's name, as host:port.
// A slice without ports (hand-made, or for a headless Service) lists bare addresses.
import type { EndpointSlice, EndpointSliceEndpoint } from '../../../apiserver';

/** How many entries kubectl prints before ` + N more...`. */
const SHOWN = 3;

/** discovery/v1 types.go: a nil ready condition is an unknown state, which consumers treat as ready. */
function isReady(e: EndpointSliceEndpoint): boolean {
  return e.conditions?.ready !== false;
}

/** Go's net.JoinHostPort: an IPv6 address is bracketed. */
function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * The entries as kubectl 1.32 counts them. Its loop marks "more" as soon as the list is full
 * and any further endpoint comes up — before asking whether that endpoint is ready — so three
 * ready endpoints followed by a not-ready one print ` + 0 more...`. We keep that quirk: the
 * learner's kubectl prints it.
 */
export function formatEndpointSlices(slices: readonly EndpointSlice[], portName: string): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  let more = false;
  let count = 0;
  const visit = (e: EndpointSliceEndpoint, entry: (address: string) => string): void => {
    if (list.length === SHOWN) more = true;
    if (!isReady(e)) return;
    if (!more) list.push(entry(e.addresses?.[0] ?? ''));
    count++;
  };
  for (const slice of slices) {
    const ports = slice.ports ?? [];
    if (ports.length === 0) {
      for (const e of slice.endpoints ?? []) visit(e, (address) => address);
      continue;
    }
    // the API server defaults a slice port's name to "" (discovery/v1 defaults.go)
    for (const port of ports) {
      if ((port.name ?? '') !== portName) continue;
      for (const e of slice.endpoints ?? []) visit(e, (address) => joinHostPort(address, port.port ?? 0));
    }
  }
  const shown = list.join(',');
  return more ? `${shown} + ${count - SHOWN} more...` : shown;
}
