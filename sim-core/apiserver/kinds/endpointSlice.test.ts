// EndpointSlice as the API server admits it: registry entry, defaulting, validation text.
import { describe, expect, test } from 'vitest';
import { admitForCreate, etcdKey, kindForResource } from './index';

function slice(fields: Record<string, unknown>) {
  return { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abcde', namespace: 'default' }, ...fields };
}

function message(input: Record<string, unknown>): string {
  const r = admitForCreate(input);
  if (r.ok) throw new Error('expected a refusal');
  return r.message;
}

describe('EndpointSlice', () => {
  test('kubectl finds it by plural, singular and group; it lives under /registry/endpointslices', () => {
    for (const name of ['endpointslices', 'endpointslice', 'EndpointSlice', 'endpointslices.discovery.k8s.io']) {
      expect(kindForResource(name)?.kind, name).toBe('EndpointSlice');
    }
    expect(etcdKey(kindForResource('endpointslices')!, 'default', 'web-abcde')).toBe('/registry/endpointslices/default/web-abcde');
  });

  test('a port defaults to protocol TCP and name ""', () => {
    const r = admitForCreate(slice({ addressType: 'IPv4', endpoints: [{ addresses: ['10.244.1.5'], conditions: { ready: true } }], ports: [{ port: 80 }] }));
    expect(r.ok && (r.object as { ports?: unknown }).ports).toEqual([{ port: 80, name: '', protocol: 'TCP' }]);
  });

  test('addressType is required and must be a supported value', () => {
    expect(message(slice({}))).toBe('The EndpointSlice "web-abcde" is invalid: addressType: Required value');
    expect(message(slice({ addressType: 'IPv5' }))).toBe(
      'The EndpointSlice "web-abcde" is invalid: addressType: Unsupported value: "IPv5": supported values: "FQDN", "IPv4", "IPv6"',
    );
  });

  test('an endpoint needs an address, and an IPv4 slice IPv4 addresses', () => {
    expect(message(slice({ addressType: 'IPv4', endpoints: [{ addresses: [] }] }))).toBe(
      'The EndpointSlice "web-abcde" is invalid: endpoints[0].addresses: Required value: must contain at least 1 address',
    );
    expect(message(slice({ addressType: 'IPv4', endpoints: [{ addresses: ['10.244.1.300'] }] }))).toBe(
      'The EndpointSlice "web-abcde" is invalid: endpoints[0].addresses[0]: Invalid value: "10.244.1.300": must be a valid IPv4 address',
    );
  });
});
