// With no API server (the etcd-only topology), kubectl must print what the real kubectl
// 1.32 printed with an empty kubeconfig (../testdata/real-1.32-no-server/, recorded by
// ../testdata/capture.sh). klog headers are compared without their time and thread id.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { parseCapture } from '../../testkit/captures';
import { runCommandLine } from '../../command-line';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-no-server');
const KLOG_HEADER = /^([EWI])\d{4} \d\d:\d\d:\d\d\.\d{6}\s+\d+ /gm;
const normalize = (s: string): string => s.replace(KLOG_HEADER, '$1<klog> ');

const WEB = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n';
/** the workspace capture.sh recorded in */
const FILES: Record<string, string> = { 'web.yaml': WEB, 'manifests/web.yaml': WEB, 'manifests/pod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: hello\n' };

describe('kubectl without an API server', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
  it('has recordings', () => expect(files.length).toBeGreaterThanOrEqual(6));
  for (const file of files) {
    const c = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${c.command}`, () => {
      const sim = createSimulation({ topology: 'etcd-only', seed: 1 });
      const p = sim.ports();
      const out = runCommandLine(c.command, undefined, { etcd: p.etcd, sim: p.sim }, { readFile: (path) => FILES[path], listFiles: () => Object.keys(FILES) });
      expect(out.stdout).toBe(c.stdout);
      expect(normalize(out.stderr)).toBe(normalize(c.stderr));
      expect(out.exitCode).toBe(c.exit);
    });
  }

  it('still builds `create deployment --dry-run=client` on the client', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 1 });
    const p = sim.ports();
    const out = runCommandLine('kubectl create deployment web --image=nginx --dry-run=client', undefined, { etcd: p.etcd, sim: p.sim });
    expect(out).toEqual({ stdout: 'deployment.apps/web created (dry run)\n', stderr: '', exitCode: 0 });
  });

  // from create_*.go (not recorded): typed clients, no discovery; the refused POST wrapped
  // in each command's words, after the command's own checks
  it.each([
    ['kubectl create service clusterip web --tcp=80', 'error: failed to create ClusterIP service: Post "http://localhost:8080/api/v1/namespaces/default/services?fieldManager=kubectl-create&fieldValidation=Strict": dial tcp 127.0.0.1:8080: connect: connection refused\n'],
    ['kubectl create service nodeport web', 'error: at least one tcp port specifier must be provided\n'],
    ['kubectl create sa robot -n team --dry-run=server', 'error: failed to create serviceaccount: Post "http://localhost:8080/api/v1/namespaces/team/serviceaccounts?dryRun=All&fieldManager=kubectl-create&fieldValidation=Strict": dial tcp 127.0.0.1:8080: connect: connection refused\n'],
    ['kubectl create configmap c --from-literal=a=1', 'error: failed to create configmap: Post "http://localhost:8080/api/v1/namespaces/default/configmaps?fieldManager=kubectl-create&fieldValidation=Strict": dial tcp 127.0.0.1:8080: connect: connection refused\n'],
    ['kubectl create secret generic s --from-literal=a=1', 'error: failed to create secret Post "http://localhost:8080/api/v1/namespaces/default/secrets?fieldManager=kubectl-create&fieldValidation=Strict": dial tcp 127.0.0.1:8080: connect: connection refused\n'],
  ])('%s', (line, stderr) => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 1 });
    const p = sim.ports();
    expect(runCommandLine(line, undefined, { etcd: p.etcd, sim: p.sim })).toEqual({ stdout: '', stderr, exitCode: 1 });
  });

  it('runs set image|env|resources --local on the file alone', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 1 });
    const p = sim.ports();
    const files = { readFile: (path: string) => (path === 'dep.yaml' ? 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n' : undefined) };
    for (const line of ['kubectl set image -f dep.yaml --local nginx=nginx:1.28 -o name', 'kubectl set env -f dep.yaml --local A=1 -o name', 'kubectl set resources -f dep.yaml --local --limits=cpu=1 -o name']) {
      expect(runCommandLine(line, undefined, { etcd: p.etcd, sim: p.sim }, files)).toEqual({ stdout: 'deployment.apps/web\n', stderr: '', exitCode: 0 });
    }
  });
});
