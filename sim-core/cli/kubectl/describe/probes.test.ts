// describe pod's probe lines (describe.go describeContainerProbe / DescribeProbe, v0.32.4).
import { describe, expect, it } from 'vitest';
import { admitForCreate, type Pod } from '../../../apiserver';
import { describeProbe } from './common';
import { describePod } from './pod';

const timing = 'delay=0s timeout=1s period=10s #success=1 #failure=3';

describe('DescribeProbe', () => {
  it('prints each handler as kubectl does, with the probe’s timing', () => {
    const d = { timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 };
    expect(describeProbe({ ...d, httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' } })).toBe(`http-get http://:8080/healthz ${timing}`);
    expect(describeProbe({ ...d, httpGet: { path: 'ready', port: 'web', host: 'fe80::1', scheme: 'HTTPS' } })).toBe(`http-get https://[fe80::1]:web/ready ${timing}`);
    expect(describeProbe({ ...d, httpGet: { path: '/health check?full=1&x=é', port: 80, scheme: 'HTTP' } })).toBe(`http-get http://:80/health%20check%3Ffull=1&x=%C3%A9 ${timing}`);
    expect(describeProbe({ ...d, tcpSocket: { port: 5432 } })).toBe(`tcp-socket :5432 ${timing}`);
    expect(describeProbe({ ...d, exec: { command: ['sh', '-c', 'test -f /tmp/ok'] } })).toBe(`exec [sh -c test -f /tmp/ok] ${timing}`);
    expect(describeProbe({ ...d, grpc: { port: 9090, service: '' } })).toBe(`grpc <pod>:9090  ${timing}`);
    expect(describeProbe({ ...d, initialDelaySeconds: 5 })).toBe('unknown delay=5s timeout=1s period=10s #success=1 #failure=3');
  });

  it('puts Liveness, Readiness and Startup after the resources, the defaults filled in by the API server', () => {
    const r = admitForCreate({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        containers: [
          {
            name: 'nginx',
            image: 'nginx:1.27',
            resources: { requests: { cpu: '100m' } },
            livenessProbe: { httpGet: { port: 80 }, initialDelaySeconds: 3 },
            readinessProbe: { grpc: { port: 9090 } },
            startupProbe: { tcpSocket: { port: 80 }, failureThreshold: 30 },
          },
        ],
      },
    });
    if (!r.ok) throw new Error(r.message);
    const text = describePod(r.object as Pod, undefined, 0);
    expect(text).toContain(
      [
        '    Requests:',
        '      cpu:        100m',
        '    Liveness:     http-get http://:80/ delay=3s timeout=1s period=10s #success=1 #failure=3',
        `    Readiness:    grpc <pod>:9090  ${timing}`,
        '    Startup:      tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=30',
        '    Environment:  <none>',
      ].join('\n'),
    );
  });
});
