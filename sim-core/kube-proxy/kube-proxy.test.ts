// Rules from Services + EndpointSlices, and curl through them, as a learner would see it.
import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../apiserver';
import { FakeApiServer } from '../client/testing/fakeApiServer';
import { Prng } from '../kernel';
import { buildRuleTable, describeRules } from './rules';
import { curl, parseCurlTarget } from './curl';
import { KubeProxy } from './proxy';
import type { BackendLookup } from './curl';

function service(name: string, opts: Partial<{ clusterIP: string; port: number; targetPort: number | string; portName: string }> = {}): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'default' },
    spec: {
      type: 'ClusterIP',
      clusterIP: opts.clusterIP ?? '10.96.12.34',
      selector: { app: name },
      ports: [{ ...(opts.portName ? { name: opts.portName } : {}), port: opts.port ?? 80, targetPort: opts.targetPort ?? 80, protocol: 'TCP' }],
    },
  };
}

/** The EndpointSlice the controller would write for `name`: ready and not-ready endpoints. */
function endpoints(name: string, ready: string[], notReady: string[] = [], port = 80, portName?: string, sliceName = `${name}-abcde`): EndpointSlice {
  const endpoint = (ip: string, i: number, isReady: boolean) => ({
    addresses: [ip],
    conditions: { ready: isReady, serving: isReady, terminating: false },
    nodeName: `node-${i + 1}`,
    targetRef: { kind: 'Pod', namespace: 'default', name: `${name}-${i}` },
  });
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: sliceName, namespace: 'default', labels: { 'kubernetes.io/service-name': name } },
    addressType: 'IPv4',
    endpoints: [...ready.map((ip, i) => endpoint(ip, i, true)), ...notReady.map((ip, i) => endpoint(ip, ready.length + i, false))],
    ports: [{ name: portName ?? '', port, protocol: 'TCP' }],
  };
}

const nginxEverywhere: BackendLookup = (ip) => (ip.startsWith('10.244.') ? { image: 'nginx:1.27', listens: [80] } : undefined);

describe('rule table', () => {
  it('maps ClusterIP:port to the ready endpoints only', () => {
    const rules = buildRuleTable([service('web')], [endpoints('web', ['10.244.2.5', '10.244.1.3'], ['10.244.3.9'])]);
    expect(describeRules(rules)).toEqual(['10.96.12.34:80/TCP (default/web) -> 10.244.1.3:80, 10.244.2.5:80']);
    expect(rules[0]?.endpoints[0]).toEqual({ ip: '10.244.1.3', port: 80, nodeName: 'node-2', pod: 'default/web-1' });
  });

  it('a Service without endpoints gets a REJECT; headless Services get nothing', () => {
    const headless = service('db', { clusterIP: 'None' });
    expect(describeRules(buildRuleTable([service('web'), headless], []))).toEqual(['10.96.12.34:80/TCP (default/web) -> REJECT (has no endpoints)']);
  });

  it('joins every slice labelled with the Service name, counts an address once, and ignores slices of other Services', () => {
    const first = endpoints('web', ['10.244.1.3', '10.244.2.5'], [], 80, undefined, 'web-aaaaa');
    const second = endpoints('web', ['10.244.2.5', '10.244.3.8'], [], 80, undefined, 'web-bbbbb');
    const other = endpoints('api', ['10.244.9.9'], [], 80, undefined, 'web-ccccc');
    expect(describeRules(buildRuleTable([service('web')], [first, second, other]))).toEqual(['10.96.12.34:80/TCP (default/web) -> 10.244.1.3:80, 10.244.2.5:80, 10.244.3.8:80']);
  });

  it('matches Service and EndpointSlice ports by name', () => {
    const rules = buildRuleTable([service('api', { portName: 'http', targetPort: 'http', port: 8080 })], [endpoints('api', ['10.244.1.7'], [], 3000, 'http')]);
    expect(describeRules(rules)).toEqual(['10.96.12.34:8080/TCP (default/api:http) -> 10.244.1.7:3000']);
  });
});

describe('curl', () => {
  const rules = buildRuleTable([service('web')], [endpoints('web', ['10.244.1.3', '10.244.2.5'])]);

  it('answers with the nginx welcome page by name or ClusterIP', () => {
    for (const target of ['web', 'web.default', 'web.default.svc.cluster.local', '10.96.12.34', 'http://10.96.12.34:80/']) {
      const r = curl(rules, target, new Prng(1), nginxEverywhere);
      expect(r.ok, target).toBe(true);
      expect(r.output).toContain('<title>Welcome to nginx!</title>');
    }
  });

  it('fails the way a learner sees it when there is no endpoint', () => {
    const empty = buildRuleTable([service('web')], [endpoints('web', [], ['10.244.1.3'])]);
    expect(curl(empty, '10.96.12.34', new Prng(1), nginxEverywhere)).toEqual({
      ok: false,
      exitCode: 7,
      output: "curl: (7) Failed to connect to 10.96.12.34 port 80 after 0 ms: Couldn't connect to server",
    });
  });

  it('an unknown name does not resolve; a wrong targetPort is refused', () => {
    expect(curl(rules, 'nope', new Prng(1), nginxEverywhere).output).toBe('curl: (6) Could not resolve host: nope');
    const wrong = buildRuleTable([service('web', { targetPort: 8080 })], [endpoints('web', ['10.244.1.3'], [], 8080)]);
    expect(curl(wrong, 'web', new Prng(1), nginxEverywhere).output).toBe("curl: (7) Failed to connect to web port 80 after 0 ms: Couldn't connect to server");
  });

  it('spreads requests over the endpoints with the PRNG, reproducibly', () => {
    const pick = (seed: number) => {
      const rng = new Prng(seed);
      return Array.from({ length: 40 }, () => curl(rules, 'web', rng, nginxEverywhere).endpoint?.ip);
    };
    const a = pick(3);
    expect(pick(3)).toEqual(a);
    expect(new Set(a)).toEqual(new Set(['10.244.1.3', '10.244.2.5']));
  });

  it('parses targets', () => {
    expect(parseCurlTarget('http://web.default:8080/healthz')).toEqual({ host: 'web.default', port: 8080, https: false, path: '/healthz' });
    expect(parseCurlTarget('10.96.0.1', 443)).toEqual({ host: '10.96.0.1', port: 443, https: false, path: '/' });
    expect(parseCurlTarget('web?x=1').path).toBe('/?x=1');
  });

  it('tells the container that answered, on the port it listens on, what it was asked and by whom; nobody when nothing answered', () => {
    const seen: string[] = [];
    const backends: BackendLookup = (ip) => ({ image: 'nginx:1.27', listens: [80], served: (port, r) => seen.push(`${ip}:${port} ${r.client} ${r.path} ${r.userAgent}`) });
    curl(rules, 'web/a?b=1', new Prng(1), backends, undefined, '10.244.1.1');
    curl(rules, '10.244.9.9:80', new Prng(1), backends, undefined, '10.244.1.1');
    curl(rules, '10.244.9.9:81', new Prng(1), backends, undefined, '10.244.1.1');
    curl(rules, 'https://web:80', new Prng(1), backends, undefined, '10.244.1.1');
    expect(seen).toEqual(['10.244.2.5:80 10.244.1.1 /a?b=1 curl/8.14.1', '10.244.9.9:80 10.244.1.1 / curl/8.14.1']);
  });
});

describe('KubeProxy over the API', () => {
  it('rebuilds its table when an EndpointSlice changes, and curl follows', () => {
    const api = new FakeApiServer();
    api.seed('services', service('web'));
    api.seed('endpointslices', endpoints('web', []));
    const proxy = new KubeProxy(api, new Prng(2), { nodeName: 'node-1', backends: nginxEverywhere });
    proxy.start(0);
    api.flush();
    proxy.tick(1);
    expect(proxy.curl('web').ok).toBe(false);
    const slice = api.find('endpointslices', 'default/web-abcde') as EndpointSlice;
    api.request({ verb: 'update', resource: 'endpointslices', namespace: 'default', body: { ...slice, endpoints: endpoints('web', ['10.244.1.3']).endpoints } });
    api.flush();
    proxy.tick(2);
    expect(describeRules(proxy.rules())).toEqual(['10.96.12.34:80/TCP (default/web) -> 10.244.1.3:80']);
    expect(proxy.curl('web').ok).toBe(true);
  });

  it('without a backend lookup, trusts a Running Pod of a catalogue image', () => {
    const api = new FakeApiServer();
    api.seed('services', service('web'));
    api.seed('endpointslices', endpoints('web', ['10.244.1.3']));
    api.seed('pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-0', namespace: 'default' },
      spec: { containers: [{ name: 'httpd', image: 'httpd:2.4' }] },
      status: { phase: 'Running', podIP: '10.244.1.3', containerStatuses: [{ name: 'httpd', state: { running: { startedAt: '2026-01-01T00:00:01Z' } } }] },
    });
    const proxy = new KubeProxy(api, new Prng(2), { nodeName: 'node-1' });
    proxy.start(0);
    api.flush();
    proxy.tick(1);
    expect(proxy.curl('web')).toMatchObject({ ok: true, output: '<html><body><h1>It works!</h1></body></html>\n' });
  });
});
