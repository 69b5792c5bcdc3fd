// kubectl expose against a real API server: the Service it stores (selector, ports, labels,
// type) as kubectl 1.32's RunExpose/createService builds it, and its refusals.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../client';
import { testTerminal } from './testkit';

const deployment = (selector: string, ports: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels:
    team: core
spec:
  selector:
${selector}
  template:
    metadata:
      labels:
        app: api
        tier: back
    spec:
      containers:
      - name: api
        image: nginx:1.27
${ports}`;

const MATCH_LABELS = '    matchLabels:\n      app: api';
const TWO_PORTS = '        ports:\n        - containerPort: 8080\n        - containerPort: 53\n          protocol: UDP\n';

type Svc = KubeObject & { spec: { selector?: Record<string, string>; ports: Record<string, unknown>[]; type?: string } };

function service(t: ReturnType<typeof testTerminal>, name: string, namespace = 'default'): Svc {
  return t.api<Svc>({ verb: 'get', resource: 'services', namespace, name });
}

describe('kubectl expose', () => {
  it('takes the selector from the Deployment, the labels from its metadata and --port for port and targetPort', () => {
    const t = testTerminal({ files: { 'api.yaml': deployment(MATCH_LABELS, '') } });
    t.run('kubectl apply -f api.yaml');
    expect(t.run('kubectl expose deployment api --port=80')).toEqual({ stdout: 'service/api exposed\n', stderr: '', exitCode: 0 });
    const svc = service(t, 'api');
    expect(svc.spec.selector).toEqual({ app: 'api' });
    expect(svc.metadata?.labels).toEqual({ team: 'core' });
    expect(svc.spec.ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 80 }]);
  });

  it('without --port uses every container port, named port-N, with each port protocol', () => {
    const t = testTerminal({ files: { 'api.yaml': deployment(MATCH_LABELS, TWO_PORTS) } });
    t.run('kubectl apply -f api.yaml');
    expect(t.run('kubectl expose deploy/api --name=api-svc --type=NodePort').stdout).toBe('service/api-svc exposed\n');
    const svc = service(t, 'api-svc');
    expect(svc.spec.type).toBe('NodePort');
    expect(svc.spec.ports.map((p) => [p.name, p.port, p.protocol, p.targetPort])).toEqual([
      ['port-1', 8080, 'TCP', 8080],
      ['port-2', 53, 'UDP', 53],
    ]);
  });

  it('honours --selector, --labels, --protocol and a named --target-port', () => {
    const t = testTerminal({ files: { 'api.yaml': deployment(MATCH_LABELS, '') } });
    t.run('kubectl apply -f api.yaml');
    expect(t.run('kubectl expose deployment api --port=53 --protocol=UDP --target-port=dns --selector=tier=back -l a=b,c=d').exitCode).toBe(0);
    const svc = service(t, 'api');
    expect(svc.spec.selector).toEqual({ tier: 'back' });
    expect(svc.metadata?.labels).toEqual({ a: 'b', c: 'd' });
    expect(svc.spec.ports).toEqual([{ port: 53, protocol: 'UDP', targetPort: 'dns' }]);
    expect(t.run('kubectl expose deployment api --port=80 --name=x --selector=a=b=c')).toEqual({ stdout: '', stderr: 'error: unexpected label spec: a=b=c\n', exitCode: 1 });
  });

  it('refuses what it cannot introspect, as kubectl prints it', () => {
    const exprs = '    matchExpressions:\n    - key: app\n      operator: In\n      values: [api, web]';
    const t = testTerminal({ files: { 'api.yaml': deployment(exprs, '') } });
    t.run('kubectl apply -f api.yaml');
    expect(t.run('kubectl expose deployment api --port=80').stderr).toBe(
      'error: couldn\'t retrieve selectors via --selector flag or introspection: couldn\'t convert expressions - "[{Key:app Operator:In Values:[api web]}]" to map-based selector format\n',
    );
    expect(t.run('kubectl expose deployment api --selector=app=api').stderr).toBe("error: couldn't find port via --port flag or introspection\n");
    t.api({ verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bare' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } as KubeObject });
    expect(t.run('kubectl expose pod bare --port=80')).toEqual({
      stdout: '',
      stderr: "error: couldn't retrieve selectors via --selector flag or introspection: the pod has no labels and cannot be exposed\n",
      exitCode: 1,
    });
    expect(t.run('kubectl expose node node-1 --port=80').stderr).toBe('error: cannot expose a Node\n');
  });

  it('exposes a Service by its selector and ports, and builds a client dry run in the -n namespace without storing it', () => {
    const t = testTerminal();
    t.api({ verb: 'create', resource: 'services', namespace: 'default', body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 443, targetPort: 8443 }] } } as KubeObject });
    expect(t.run('kubectl expose svc web --name=web2').exitCode).toBe(0);
    expect(service(t, 'web2').spec.ports).toEqual([{ port: 443, protocol: 'TCP', targetPort: 443 }]);
    const dry = t.run('kubectl expose service web --name=web3 --dry-run=client -o json');
    expect(JSON.parse(dry.stdout)).toMatchObject({ kind: 'Service', metadata: { name: 'web3' }, spec: { selector: { app: 'web' } } });
    expect(t.run('kubectl get svc web3').stderr).toBe('Error from server (NotFound): services "web3" not found\n');
  });

  it('reads -f objects from the file and creates the Service in the command namespace', () => {
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: solo\n  namespace: other\n  labels:\n    run: solo\nspec:\n  containers:\n  - name: c\n    image: nginx\n    ports:\n    - containerPort: 9000\n';
    const t = testTerminal({ files: { 'pod.yaml': pod } });
    // the Pod is never created: RunExpose's builder has no Latest(), so the file is enough
    expect(t.run('kubectl expose -f pod.yaml')).toEqual({ stdout: 'service/solo exposed\n', stderr: '', exitCode: 0 });
    expect(service(t, 'solo').spec).toMatchObject({ selector: { run: 'solo' }, ports: [{ port: 9000, protocol: 'TCP', targetPort: 9000 }] });
  });
});
