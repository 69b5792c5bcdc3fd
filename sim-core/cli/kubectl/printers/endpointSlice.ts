// `kubectl get endpointslices`: printers.go printEndpointSlice with formatDiscoveryPorts,
// formatDiscoveryEndpoints and listWithMoreString (Kubernetes 1.32).
import type { EndpointSlice } from '../../../apiserver';
import { timestampSince } from '../duration';
import { AGE, NAME, type TablePrinter } from './table';

const MAX_SHOWN = 3;

/** listWithMoreString: the first three, then "+ N more..."; `<unset>` when empty. */
function listWithMore(list: readonly string[], count: number): string {
  const text = list.slice(0, MAX_SHOWN).join(',');
  if (count > MAX_SHOWN) return `${text} + ${count - MAX_SHOWN} more...`;
  return text === '' ? '<unset>' : text;
}

/** formatDiscoveryPorts: each port's number, or its name without one, or `*`. */
export function formatDiscoveryPorts(slice: EndpointSlice): string {
  const ports = slice.ports ?? [];
  return listWithMore(
    ports.map((p) => (p.port !== undefined ? String(p.port) : p.name !== undefined ? p.name : '*')),
    ports.length,
  );
}

/** formatDiscoveryEndpoints: every address of every endpoint, ready or not. */
export function formatDiscoveryEndpoints(slice: EndpointSlice): string {
  const addresses = (slice.endpoints ?? []).flatMap((e) => e.addresses ?? []);
  return listWithMore(addresses, addresses.length);
}

export const endpointSlicePrinter: TablePrinter<EndpointSlice> = {
  columns: [NAME, { name: 'AddressType' }, { name: 'Ports' }, { name: 'Endpoints' }, AGE],
  row(slice, ctx) {
    return [
      slice.metadata?.name ?? '',
      slice.addressType ?? '',
      formatDiscoveryPorts(slice),
      formatDiscoveryEndpoints(slice),
      timestampSince(slice.metadata?.creationTimestamp, ctx.now),
    ];
  },
};
