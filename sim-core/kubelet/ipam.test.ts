// host-local IPAM: lowest free address from .2, the same one again for the same Pod,
// reuse after release, and the CNI error when the range is full.
import { describe, expect, it } from 'vitest';
import { PodIpAllocator } from './ipam';

const ip = (r: ReturnType<PodIpAllocator['allocate']>) => (r.ok ? r.ip : r.error);

describe('PodIpAllocator', () => {
  it('gives the lowest free address and the same one again to the same Pod', () => {
    const a = new PodIpAllocator('10.244.1.0/24');
    expect(ip(a.allocate('a'))).toBe('10.244.1.2');
    expect(ip(a.allocate('b'))).toBe('10.244.1.3');
    expect(ip(a.allocate('a'))).toBe('10.244.1.2');
    a.release('a');
    expect(ip(a.allocate('c'))).toBe('10.244.1.2');
    expect(ip(a.allocate('d'))).toBe('10.244.1.4');
  });

  it('runs out of a /30 after one Pod, and frees the address again on release', () => {
    const a = new PodIpAllocator('10.0.0.4/30');
    expect(ip(a.allocate('a'))).toBe('10.0.0.6');
    expect(ip(a.allocate('b'))).toBe('failed to allocate for range 0: no IP addresses available in range set: 10.0.0.4/30');
    a.release('a');
    a.release('a');
    expect(ip(a.allocate('b'))).toBe('10.0.0.6');
  });
});
