// ClusterIP allocation on the API server (pkg/registry/core/service/ipallocator through the
// service REST's allocateCreate): a Service that names its clusterIP gets it only when it
// is in 10.96.0.0/12 and free, with the real 422 text; one that names none gets a free one.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../client';
import { Prng } from '../../kernel';
import { allocateClusterIP, clusterIPsInUse, requestedClusterIPRefusal } from './identity';
import { isIP } from '../kinds/ipAddress';
import { TIMEOUT, must, stored, testCluster } from './testCluster';

function service(name: string, clusterIP?: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { selector: { app: name }, ports: [{ port: 80 }], ...(clusterIP !== undefined ? { clusterIP } : {}) } };
}

const clusterIPOf = (o: KubeObject) => (o.spec as { clusterIP?: string }).clusterIP;

describe('clusterIP allocation', () => {
  it('grants a requested free address and refuses it to the next Service with the real text, storing nothing', () => {
    const sim = testCluster();
    const dns = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: service('dns', '10.96.0.10') });
    expect(clusterIPOf(dns)).toBe('10.96.0.10');
    expect((dns.spec as { clusterIPs?: string[] }).clusterIPs).toEqual(['10.96.0.10']);
    const again = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('dns2', '10.96.0.10') }, TIMEOUT);
    expect(again.ok ? '' : `${again.error.code} ${again.error.message}`).toBe(
      '422 Service "dns2" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: provided IP is already allocated',
    );
    expect(stored(sim, '/registry/services/specs/default/dns2')).toBeUndefined();
    // the kubernetes Service holds 10.96.0.1
    const first = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('first', '10.96.0.1') }, TIMEOUT);
    expect(first.ok ? '' : first.error.message).toContain('failed to allocate IP 10.96.0.1: provided IP is already allocated');
  });

  it('refuses an address outside 10.96.0.0/12, its network address and its broadcast', () => {
    const sim = testCluster();
    for (const ip of ['1.1.1.1', '10.96.0.0', '10.111.255.255', '10.112.0.1']) {
      const r = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('out', ip) }, TIMEOUT);
      expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe(
        `422 Service "out" is invalid: spec.clusterIPs: Invalid value: []string{"${ip}"}: failed to allocate IP ${ip}: the provided IP (${ip}) is not in the valid range. The range of valid IPs is 10.96.0.0/12`,
      );
    }
    const edge = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: service('edge', '10.111.255.254') });
    expect(clusterIPOf(edge)).toBe('10.111.255.254');
    // headless: no address at all
    const headless = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: service('headless', 'None') });
    expect(clusterIPOf(headless)).toBe('None');
  });

  it('keeps an allocated address: an update or patch that changes it is refused (ValidateServiceUpdate)', () => {
    const sim = testCluster();
    const web = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: service('web') });
    const ip = clusterIPOf(web)!;
    const r = sim.kubectl.request(
      { verb: 'patch', resource: 'services', namespace: 'default', name: 'web', patchType: 'application/merge-patch+json', patch: { spec: { clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1'] } } },
      TIMEOUT,
    );
    expect(r).toMatchObject({ ok: false, error: { code: 422, message: 'Service "web" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.1"}: may not change once set' } });
    expect(JSON.parse(stored(sim, '/registry/services/specs/default/web')!.value).spec.clusterIP).toBe(ip);
    // an empty clusterIP keeps the allocated one
    const kept = must(sim, { verb: 'patch', resource: 'services', namespace: 'default', name: 'web', patchType: 'application/merge-patch+json', patch: { spec: { clusterIP: '' } } });
    expect(clusterIPOf(kept)).toBe(ip);
    // clusterIP alone: beginUpdate carries it into clusterIPs before validation, so the
    // refusal is the primary address's, by patch and by update alike
    const refusal = 'Service "web" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.1"}: may not change once set';
    const alone = sim.kubectl.request({ verb: 'patch', resource: 'services', namespace: 'default', name: 'web', patchType: 'application/merge-patch+json', patch: { spec: { clusterIP: '10.96.0.1' } } }, TIMEOUT);
    expect(alone).toMatchObject({ ok: false, error: { code: 422, message: refusal } });
    const body = structuredClone(kept);
    (body.spec as { clusterIP: string }).clusterIP = '10.96.0.1';
    const updated = sim.kubectl.request({ verb: 'update', resource: 'services', namespace: 'default', body }, TIMEOUT);
    expect(updated).toMatchObject({ ok: false, error: { code: 422, message: refusal } });
    // an update that leaves both out keeps the address
    const bare = structuredClone(kept);
    delete (bare.spec as { clusterIP?: string }).clusterIP;
    delete (bare.spec as { clusterIPs?: string[] }).clusterIPs;
    expect(clusterIPOf(must(sim, { verb: 'update', resource: 'services', namespace: 'default', body: bare }))).toBe(ip);
  });

  it('frees the address when the Service is deleted', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: service('a', '10.100.1.1') });
    must(sim, { verb: 'delete', resource: 'services', namespace: 'default', name: 'a' });
    const b = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: service('b', '10.100.1.1') });
    expect(clusterIPOf(b)).toBe('10.100.1.1');
  });

  it('a dynamic address skips the ones in use, wrapping past the end of the range', () => {
    const draw = new Prng(7).int(2, (1 << 20) - 2);
    const at = (o: number) => `10.${96 + (o >> 16)}.${(o >> 8) & 255}.${o & 255}`;
    expect(allocateClusterIP(new Prng(7))).toBe(at(draw));
    expect(allocateClusterIP(new Prng(7), new Set([at(draw), at(draw + 1)]))).toBe(at(draw + 2));
    // every address from the draw to the last usable one taken: the scan wraps to 10.96.0.1
    const taken = new Set<string>();
    for (let o = draw; o <= (1 << 20) - 2; o++) taken.add(at(o));
    expect(allocateClusterIP(new Prng(7), taken)).toBe('10.96.0.1');
    expect(clusterIPsInUse([{ spec: { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'] } }, { spec: { clusterIP: 'None' } }, {}])).toEqual(new Set(['10.96.0.10']));
    expect(requestedClusterIPRefusal('not-an-ip', new Set())).toBeUndefined();
  });
});

describe('clusterIP validation', () => {
  it('refuses what is not an IP address with validation\'s text', () => {
    const sim = testCluster();
    const r = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: service('bad', '10.96.0') }, TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.message}`).toBe(
      '422 Service "bad" is invalid: spec.clusterIPs[0]: Invalid value: "10.96.0": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    );
    // an empty clusterIPs is no list at all: the clusterIP is what is checked and stored
    const empty = { ...service('empty', 'abc'), spec: { ...(service('empty', 'abc').spec as object), clusterIPs: [] } };
    const e = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body: empty }, TIMEOUT);
    expect(e.ok ? '' : e.error.message).toBe('Service "empty" is invalid: spec.clusterIPs[0]: Invalid value: "abc": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)');
    const fine = must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: { ...service('fine', '10.96.5.5'), spec: { ...(service('fine', '10.96.5.5').spec as object), clusterIPs: [] } } });
    expect((fine.spec as { clusterIPs?: string[] }).clusterIPs).toEqual(['10.96.5.5']);
  });

  it('reads IPv4 and IPv6 as Go\'s ParseIP does', () => {
    for (const ip of ['10.96.0.10', '010.096.000.010', '::', '::1', '2001:db8::ffff', 'fe80::1:2:3:4:5:6', '1:2:3:4:5:6:7:8', '::ffff:10.1.2.3', '1:2:3:4:5:6:1.2.3.4']) expect(isIP(ip), ip).toBe(true);
    for (const ip of ['', '10.96.0', '256.1.1.1', '1.2.3.4.5', 'abc', ':::', '1::2::3', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '12345::', '1:2:3:4:5:6:7::8:9', 'g::1', '::1.2.3']) expect(isIP(ip), ip).toBe(false);
  });
});

describe('clusterIP requests the allocator refuses', () => {
  const refusal = (sim: ReturnType<typeof testCluster>, body: KubeObject): string => {
    const r = sim.kubectl.request({ verb: 'create', resource: 'services', namespace: 'default', body }, TIMEOUT);
    return r.ok ? 'created' : `${r.error.code} ${r.error.message}`;
  };
  const withSpec = (name: string, spec: Record<string, unknown>): KubeObject => ({ ...service(name), spec: { ...(service(name).spec as object), ...spec } });

  it('clusterIPs must agree with clusterIP, None stands alone, and this IPv4 cluster has no IPv6 family', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'services', namespace: 'default', body: service('dns', '10.96.0.10') });
    expect(refusal(sim, withSpec('plural', { clusterIPs: ['10.96.0.20'] }))).toBe('422 Service "plural" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.20"}: must be empty when `clusterIP` is not specified');
    expect(refusal(sim, withSpec('mismatch', { clusterIP: '10.96.0.21', clusterIPs: ['10.96.0.20'] }))).toBe('422 Service "mismatch" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.20"}: first value must match `clusterIP`');
    expect(refusal(sim, withSpec('none', { clusterIP: 'None', clusterIPs: ['None', '10.96.0.22'] }))).toBe('422 Service "none" is invalid: spec.clusterIPs: Invalid value: []string{"None", "10.96.0.22"}: \'None\' must be the first and only value');
    expect(refusal(sim, withSpec('six', { clusterIP: 'fd00::1' }))).toBe('422 Service "six" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster');
    // an IPv4-mapped IPv6 address is that IPv4 address; leading zeros are decimal; Go prints the address it parsed
    expect(refusal(sim, withSpec('mapped', { clusterIP: '::ffff:10.96.0.10' }))).toBe('422 Service "mapped" is invalid: spec.clusterIPs: Invalid value: []string{"::ffff:10.96.0.10"}: failed to allocate IP ::ffff:10.96.0.10: provided IP is already allocated');
    expect(refusal(sim, withSpec('zeros', { clusterIP: '010.001.0.1' }))).toBe('422 Service "zeros" is invalid: spec.clusterIPs: Invalid value: []string{"010.001.0.1"}: failed to allocate IP 010.001.0.1: the provided IP (10.1.0.1) is not in the valid range. The range of valid IPs is 10.96.0.0/12');
    for (const name of ['plural', 'mismatch', 'none', 'six', 'mapped', 'zeros']) expect(stored(sim, `/registry/services/specs/default/${name}`), name).toBeUndefined();
  });

  it('two creates asking for the same address at once: one gets it, the other is refused', () => {
    const sim = testCluster();
    // two requests from kubectl's connection, sent in the same tick, before either is answered
    const proc = sim.kubectl.process;
    const ids = [0, 1].map((i) => sim.kubectl.send({ verb: 'create', resource: 'services', namespace: 'default', body: service(`race-${i}`, '10.100.0.7') }));
    sim.clusterKernel.runUntil(() => ids.every((id) => proc.answers.has(id)), TIMEOUT.timeoutTicks);
    const answers = ids.map((id) => proc.answers.get(id));
    expect(answers.filter((a) => a?.ok).length).toBe(1);
    const refused = answers.find((a) => a !== undefined && !a.ok);
    expect(refused !== undefined && !refused.ok ? refused.error.message : '').toContain('failed to allocate IP 10.100.0.7: provided IP is already allocated');
  });

  it('reads addresses as Go\'s ParseIP does: any number of digits while the value fits', () => {
    for (const ip of ['0010.1.1.1', '00001::', '::0255.1.1.1', '1:2:3:4:5:6:7::']) expect(isIP(ip), ip).toBe(true);
    for (const ip of ['1.1.1.0256', '10000::', '1:2:3:4:5:6:7:8::']) expect(isIP(ip), ip).toBe(false);
  });
});
