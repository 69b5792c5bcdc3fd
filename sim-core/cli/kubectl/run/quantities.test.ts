// Quantities through the whole path, as with a real cluster: the API server stores a
// resource.Quantity in its canonical text (Quantity.MarshalJSON: `0.5` → "500m", `1024Mi`
// → "1Gi", a YAML number → a string), etcd and `kubectl get -o yaml` show that, and
// kubectl apply keeps what the file says in its last-applied annotation.
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../apiserver';
import { testTerminal } from './testkit';

const pod = (cpu: string, memory: string, limitCpu: string) => `apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests:
        cpu: ${cpu}
        memory: ${memory}
      limits:
        cpu: ${limitCpu}
`;

function getApp(t: ReturnType<typeof testTerminal>): Pod {
  return t.api<Pod>({ verb: 'get', resource: 'pods', namespace: 'default', name: 'app' });
}

describe('quantities as the API server stores them', () => {
  it('are canonical in etcd and in kubectl get -o yaml; a canonical one stays as written', () => {
    const t = testTerminal({ files: { 'app.yaml': pod('0.5', '1024Mi', '2') } });
    expect(t.run('kubectl apply -f app.yaml')).toEqual({ stdout: 'pod/app created\n', stderr: '', exitCode: 0 });
    expect(getApp(t).spec?.containers?.[0]?.resources).toEqual({ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '2' } });
    const stored = t.run('etcdctl get /registry/pods/default/app --print-value-only').stdout;
    expect(stored).toContain('"resources":{"limits":{"cpu":"2"},"requests":{"cpu":"500m","memory":"1Gi"}}');
    const yaml = t.run('kubectl get pod app -o yaml').stdout;
    expect(yaml).toContain('    resources:\n      limits:\n        cpu: "2"\n      requests:\n        cpu: 500m\n        memory: 1Gi\n');
  });

  // ParseQuantity keeps the text of a value it holds exactly in canonical form; an unquoted
  // `1e3` is a YAML number (1000), which is not
  it('text already canonical is kept as written', () => {
    const t = testTerminal({ files: { 'app.yaml': pod('100m', '128Mi', '"1e3"') } });
    t.run('kubectl apply -f app.yaml');
    expect(getApp(t).spec?.containers?.[0]?.resources).toEqual({ requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '1e3' } });
    const u = testTerminal({ files: { 'app.yaml': pod('100m', '128Mi', '1e3') } });
    u.run('kubectl apply -f app.yaml');
    expect(getApp(u).spec?.containers?.[0]?.resources?.limits).toEqual({ cpu: '1k' });
  });

  it('re-applying a file whose quantities are canonical strings is unchanged', () => {
    const t = testTerminal({ files: { 'app.yaml': pod('250m', '64Mi', '"1"') } });
    t.run('kubectl apply -f app.yaml');
    expect(t.run('kubectl apply -f app.yaml').stdout).toBe('pod/app unchanged\n');
  });

  // The real kubectl (apply/patcher.go patchSimple) diffs the file against the live object's
  // JSON: "0.5" is not "500m", nor the number 2 the string "2", so the patch is not empty
  // and it says `configured` every time (kubernetes/kubernetes#116135), though the
  // server's patched object equals the stored one and nothing is written.
  it('re-applying a file with a non-canonical quantity says configured and writes nothing', () => {
    const t = testTerminal({ files: { 'app.yaml': pod('0.5', '1024Mi', '2') } });
    t.run('kubectl apply -f app.yaml');
    const before = getApp(t);
    expect(JSON.parse(before.metadata?.annotations?.['kubectl.kubernetes.io/last-applied-configuration'] ?? '{}')).toMatchObject({
      spec: { containers: [{ resources: { requests: { cpu: 0.5, memory: '1024Mi' }, limits: { cpu: 2 } } }] },
    });
    expect(t.run('kubectl apply -f app.yaml')).toEqual({ stdout: 'pod/app configured\n', stderr: '', exitCode: 0 });
    expect(getApp(t).metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
  });

  it('a validation message shows the canonical text, as the real one prints Quantity.String()', () => {
    const t = testTerminal({ files: { 'app.yaml': pod('1.5', '64Mi', '1000m') } });
    expect(t.run('kubectl apply -f app.yaml').stderr).toBe(
      'The Pod "app" is invalid: spec.containers[0].resources.requests[cpu]: Invalid value: "1500m": must be less than or equal to cpu limit of 1\n',
    );
  });
});
