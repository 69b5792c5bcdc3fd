// kubectl apply against a real API server: created / unchanged / configured, other
// writers' changes kept, the last-applied annotation, and the patcher's retry on 409.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../apiserver';
import type { KubeApiPort } from '../../../apiserver/server';
import { statusError } from '../../../client';
import { runKubectl } from './index';
import { testTerminal } from './testkit';

const web = (replicas: string, image = 'nginx:1.27') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
${replicas}  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: ${image}
`;

function getWeb(t: ReturnType<typeof testTerminal>): Deployment {
  return t.api<Deployment>({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' });
}

describe('kubectl apply', () => {
  it('refuses --prune once its allowlist and --all pass kubectl\'s checks and the files are read, before anything is sent', () => {
    const t = testTerminal({ files: { 'web.yaml': web('  replicas: 2\n') } });
    // (a missing file is the builder's error, as kubectl reports it before it would prune: real-1.32-flags/apply-prune-allowlist-lowercase-kind.txt)
    expect(t.run('kubectl apply -f web.yaml --prune --all --prune-allowlist=apps/v1/Deployment')).toEqual({
      stdout: '',
      stderr: 'error: --prune is not part of this simulation; delete what the files no longer hold with kubectl delete\n',
      exitCode: 1,
    });
    expect(t.run('kubectl get deployments').stderr).toBe('No resources found in default namespace.\n');
  });

  it('writes the last-applied configuration as kubectl serializes it', () => {
    const t = testTerminal({ files: { 'web.yaml': web('  replicas: 2\n') } });
    expect(t.run('kubectl apply -f web.yaml')).toEqual({ stdout: 'deployment.apps/web created\n', stderr: '', exitCode: 0 });
    expect(getWeb(t).metadata?.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},' +
        '"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},' +
        '"spec":{"containers":[{"image":"nginx:1.27","name":"nginx"}]}}}}\n',
    );
    expect(t.run('kubectl apply -f web.yaml').stdout).toBe('deployment.apps/web unchanged\n');
  });

  it('refuses an object named only by generateName, as kubectl 1.32 does (recorded against a discovery-only server), and writes nothing', () => {
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  generateName: job-\nspec:\n  containers:\n  - name: c\n    image: busybox\n';
    const t = testTerminal({ files: { 'gn.yaml': pod } });
    expect(t.run('kubectl apply -f gn.yaml')).toEqual({ stdout: '', stderr: 'error: from job-: cannot use generate name with apply\n', exitCode: 1 });
    expect(t.run('kubectl get pods').stderr).toBe('No resources found in default namespace.\n');
  });

  it('keeps a scale made by someone else when the manifest does not set replicas', () => {
    const t = testTerminal({ files: { 'web.yaml': web('') } });
    t.run('kubectl apply -f web.yaml');
    expect(t.run('kubectl scale deploy web --replicas=5').stdout).toBe('deployment.apps/web scaled\n');
    expect(t.run('kubectl apply -f web.yaml').stdout).toBe('deployment.apps/web unchanged\n');
    expect(getWeb(t).spec?.replicas).toBe(5);
  });

  it('resets a field the manifest sets, and removes one it stopped setting', () => {
    const files: Record<string, string> = { 'web.yaml': web('  replicas: 2\n') };
    const t = testTerminal({ files });
    t.run('kubectl apply -f web.yaml');
    t.run('kubectl scale deploy web --replicas=5');
    expect(t.run('kubectl apply -f web.yaml').stdout).toBe('deployment.apps/web configured\n');
    expect(getWeb(t).spec?.replicas).toBe(2);
    files['web.yaml'] = web('', 'nginx:1.28');
    expect(t.run('kubectl apply -f web.yaml').stdout).toBe('deployment.apps/web configured\n');
    const d = getWeb(t);
    // replicas left the manifest: the field is deleted and the server defaults it to 1
    expect(d.spec?.replicas).toBe(1);
    expect(d.spec?.template?.spec?.containers?.[0]?.image).toBe('nginx:1.28');
  });

  it('retries on 409 Conflict with a fresh read, as kubectl’s patcher does', () => {
    const t = testTerminal({ files: { 'web.yaml': web('  replicas: 2\n') } });
    t.run('kubectl apply -f web.yaml');
    let updates = 0;
    const kube: KubeApiPort = {
      serverVersion: () => t.ports.kube.serverVersion(),
      request: (req, opts) => {
        if (req.verb === 'patch' && updates++ === 0) return { ok: false, error: statusError('Conflict', 'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again') } as never;
        return t.ports.kube.request(req, opts);
      },
      watchSoFar: (req, opts) => t.ports.kube.watchSoFar(req, opts),
    };
    const out = runKubectl(['apply', '-f', 'web.yaml'], {}, undefined, { ...t.ports, kube }, { readFile: () => web('  replicas: 4\n') });
    expect(out).toEqual({ stdout: 'deployment.apps/web configured\n', stderr: '', exitCode: 0 });
    expect(updates).toBe(2);
    expect(getWeb(t).spec?.replicas).toBe(4);
  });

  it('a list element without its merge key: kubectl cannot compute the patch, says why, and sends nothing', () => {
    const t = testTerminal({ files: { 'web.yaml': web('  replicas: 2\n'), 'bad.yaml': web('  replicas: 2\n').replace('      - name: nginx\n        image:', '      - image:') } });
    t.run('kubectl apply -f web.yaml');
    const before = getWeb(t).metadata?.resourceVersion;
    const out = t.run('kubectl apply -f bad.yaml');
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toMatch(/^error: error when applying patch:\n/);
    expect(out.stderr).toContain('for: "bad.yaml": error when patching "bad.yaml": creating patch with:\noriginal:\n');
    expect(out.stderr).toMatch(/for:: map: map\[image:nginx:1\.27\] does not contain declared merge key: name\n$/);
    expect(getWeb(t).metadata?.resourceVersion).toBe(before);
  });

  it('-o json prints the object as the server answered the patch; a client dry run of an existing object is configured, with nothing computed or sent', () => {
    const t = testTerminal({ files: { 'web.yaml': web('  replicas: 2\n'), 'web4.yaml': web('  replicas: 4\n') } });
    t.run('kubectl apply -f web.yaml');
    const out = t.run('kubectl apply -f web4.yaml -o json');
    expect(out.exitCode).toBe(0);
    expect((JSON.parse(out.stdout) as Deployment).spec?.replicas).toBe(4);
    expect(t.run('kubectl apply -f web.yaml -o name').stdout).toBe('deployment.apps/web\n');
    const before = getWeb(t).metadata?.resourceVersion;
    expect(t.run('kubectl apply -f web4.yaml --dry-run=client')).toEqual({ stdout: 'deployment.apps/web configured (dry run)\n', stderr: '', exitCode: 0 });
    expect(getWeb(t).metadata?.resourceVersion).toBe(before);
  });

  it('applies every manifest of a folder, and multi-document standard input', () => {
    const cm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: v\n`;
    const t = testTerminal({ files: { 'app/b.yaml': cm('b'), 'app/a.yml': cm('a'), 'app/notes.txt': 'not yaml', 'app/sub/c.yaml': cm('c') } });
    expect(t.run('kubectl apply -f app').stdout).toBe('configmap/a created\nconfigmap/b created\n');
    expect(t.run('kubectl apply -f app -R').stdout).toBe('configmap/a unchanged\nconfigmap/b unchanged\nconfigmap/c created\n');
    expect(t.run('kubectl apply -f -', `${cm('d')}---\n${cm('e')}`).stdout).toBe('configmap/d created\nconfigmap/e created\n');
    expect(t.run('kubectl apply -f nowhere')).toEqual({ stdout: '', stderr: 'error: the path "nowhere" does not exist\n', exitCode: 1 });
  });
});
