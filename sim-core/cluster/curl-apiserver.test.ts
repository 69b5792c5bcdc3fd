// `sim curl kubernetes` from a Pod: the kubernetes Service's endpoint is the API server's
// secure port on the control-plane node, which speaks TLS only — plain HTTP gets Go's 400
// text, https:// without the cluster CA gets curl's certificate error, and with the API
// server killed the connection is refused.
import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { DefaultSimulation } from './default-topology';
import { parseCurlTarget } from '../kube-proxy/curl';

describe('sim curl to the kubernetes Service', () => {
  it('answers as the API server\'s TLS port does, and refuses while the API server is down', () => {
    const sim = createSimulation({ topology: 'default', seed: 3 }) as DefaultSimulation;
    sim.runUntilIdle(5_000);
    for (const target of ['kubernetes:443', 'kubernetes.default.svc.cluster.local:443', 'http://kubernetes:443', '10.96.0.1:443', '172.18.0.2:6443']) {
      expect(sim.curl(target), target).toMatchObject({ ok: true, output: 'Client sent an HTTP request to an HTTPS server.\n' });
    }
    const tls = sim.curl('https://kubernetes');
    expect(tls).toMatchObject({ ok: false, exitCode: 60 });
    expect(tls.output.split('\n')[0]).toBe('curl: (60) SSL certificate problem: unable to get local issuer certificate');
    // the Service has no port 80
    expect(sim.curl('kubernetes')).toMatchObject({ ok: false, exitCode: 28 });
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    expect(sim.curl('10.96.0.1:443')).toMatchObject({ ok: false, exitCode: 7, output: "curl: (7) Failed to connect to 10.96.0.1 port 443 after 0 ms: Couldn't connect to server" });
  });

  it('takes curl\'s default port from the scheme', () => {
    expect(parseCurlTarget('https://web')).toEqual({ host: 'web', port: undefined, https: true, path: '/' });
    expect(parseCurlTarget('HTTPS://web:8443/x')).toEqual({ host: 'web', port: 8443, https: true, path: '/x' });
    expect(parseCurlTarget('web:80')).toEqual({ host: 'web', port: 80, https: false, path: '/' });
  });
});
