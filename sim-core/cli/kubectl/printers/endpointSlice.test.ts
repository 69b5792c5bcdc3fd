// `kubectl get endpointslices` cells as printers.go printEndpointSlice fills them.
import { describe, expect, it } from 'vitest';
import type { EndpointSlice } from '../../../apiserver';
import { tablePrinterFor } from './index';

function slice(addresses: string[], ports: Array<{ port?: number; name?: string }>): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'web-x7k2p', namespace: 'default', creationTimestamp: '2026-01-01T00:00:00Z' },
    addressType: 'IPv4',
    ...(addresses.length ? { endpoints: addresses.map((a) => ({ addresses: [a], conditions: { ready: true } })) } : {}),
    ...(ports.length ? { ports } : {}),
  };
}

describe('EndpointSlice printer', () => {
  const printer = tablePrinterFor('EndpointSlice');

  it('has the NAME ADDRESSTYPE PORTS ENDPOINTS AGE columns', () => {
    expect(printer.columns.map((c) => c.name.toUpperCase())).toEqual(['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE']);
  });

  it('lists up to three ports and addresses, then "+ N more..."', () => {
    const row = printer.row(slice(['10.244.1.2', '10.244.2.3', '10.244.3.4', '10.244.1.5', '10.244.2.6'], [{ port: 80 }, { port: 443 }]), { now: 0 });
    expect(row.slice(0, 4)).toEqual(['web-x7k2p', 'IPv4', '80,443', '10.244.1.2,10.244.2.3,10.244.3.4 + 2 more...']);
  });

  it('an empty placeholder slice prints <unset> for both', () => {
    expect(printer.row(slice([], []), { now: 0 }).slice(2, 4)).toEqual(['<unset>', '<unset>']);
  });
});
