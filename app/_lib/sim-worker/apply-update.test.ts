// The Problems list judges a manifest of an object the lab's cluster already holds as
// Apply would send it: merged into the live object, then the API server's update path.
// On a real simulated cluster: the first-deployment lab with its Deployment applied.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import { isManifestPath, validationProblems } from '@/app/_components/lab/manifest-problems';
import { SimHost } from './sim-host';
import type { HostScenario } from './protocol';
import { deploymentYaml } from '@/app/_components/lab/test-manifests';

const { content } = loadContent(path.join(process.cwd(), 'content'));
const lab = content.labs.get('first-deployment')!.lab;
const scenario: HostScenario = { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, setup: lab.setup };

const manifest = (app: string, replicas = 3) => deploymentYaml({ app, replicas });

/** A lab cluster holding deployment.apps/web, applied from `manifest('web')`. */
function applied(): SimHost {
  const created = SimHost.create(scenario, { files: [], goals: [] });
  if (!created.ok) throw new Error('no cluster');
  const host = created.host;
  expect(host.applyFiles([{ path: 'web.yaml', content: manifest('web') }], 'web.yaml').result.stdout).toBe('deployment.apps/web created\n');
  return host;
}

const SELECTOR_IMMUTABLE = 'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"api"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable';

describe('a manifest of an object the cluster holds is judged as the update Apply would send', () => {
  it("flags a changed selector at the selector's line, in the API server's words — as Apply then prints it", () => {
    const host = applied();
    const problems = host.manifestProblems('web.yaml', manifest('api'));
    expect(problems).toEqual([{ path: 'web.yaml', line: 7, column: 1, message: SELECTOR_IMMUTABLE, severity: 'warning', source: 'apiserver', updates: 'deployment.apps/web' }]);
    // judged as a new object, the same text is fine: the create path alone never sees it
    expect(validationProblems('web.yaml', manifest('api'))).toEqual([]);
    const apply = host.applyFiles([{ path: 'web.yaml', content: manifest('api') }], 'web.yaml').result;
    expect(apply.stderr).toContain(SELECTOR_IMMUTABLE);
  });

  it('does not flag a partial manifest of the live object, which Apply merges into it', () => {
    const created = SimHost.create(scenario, { files: [], goals: [] });
    if (!created.ok) throw new Error('no cluster');
    const host = created.host;
    expect(host.runCommand('kubectl create deployment web --image=nginx:1.27').stdout).toBe('deployment.apps/web created\n');
    const partial = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 5\n';
    // as a new object it would be refused (no selector, no template)
    expect(validationProblems('web.yaml', partial).map((p) => p.message)).toEqual(['spec.selector: Required value', 'spec.template.spec.containers: Required value']);
    expect(host.manifestProblems('web.yaml', partial)).toEqual([]);
    expect(host.applyFiles([{ path: 'web.yaml', content: partial }], 'web.yaml').result.stdout).toBe('deployment.apps/web configured\n');
  });

  it('flags a partial manifest that drops what the last Apply set: the three-way merge deletes it, and the server refuses that', () => {
    const host = applied();
    const partial = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 5\n';
    expect(host.manifestProblems('web.yaml', partial).map((p) => [p.line, p.message, p.updates])).toEqual([
      [5, 'spec.selector: Required value', 'deployment.apps/web'],
      [5, 'spec.template.spec.containers: Required value', 'deployment.apps/web'],
      // the strategy's ValidateUpdate lists the immutable selector with the spec's errors
      [5, 'spec.selector: Invalid value: "null": field is immutable', 'deployment.apps/web'],
    ]);
    const apply = host.applyFiles([{ path: 'web.yaml', content: partial }], 'web.yaml').result;
    expect(apply.stderr).toContain('spec.selector: Required value');
    expect(apply.stderr).toContain('spec.selector: Invalid value: "null": field is immutable');
  });

  it("judges an object the cluster does not hold as today's create, and the live one's update validation too", () => {
    const host = applied();
    const other = manifest('api').replace('name: web', 'name: api');
    expect(host.manifestProblems('api.yaml', other)).toEqual(validationProblems('api.yaml', other));
    const noImage = other.replace('          image: nginx:1.27\n', '');
    expect(host.manifestProblems('api.yaml', noImage)).toEqual(validationProblems('api.yaml', noImage));
    expect(host.manifestProblems('api.yaml', noImage).map((p) => p.message)).toEqual(['spec.template.spec.containers[0].image: Required value']);
    // the update of the live one: the kind's own validation, worded as an update
    expect(host.manifestProblems('web.yaml', manifest('web', -1))).toEqual([
      { path: 'web.yaml', line: 6, column: 1, message: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0', severity: 'warning', source: 'apiserver', updates: 'deployment.apps/web' },
    ]);
  });

  it("flags a Service's changed clusterIP at the clusterIP line", () => {
    const host = applied();
    const service = (ip?: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n${ip !== undefined ? `  clusterIP: ${ip}\n` : ''}  ports:\n    - port: 80\n`;
    expect(host.applyFiles([{ path: 'svc.yaml', content: service() }], 'svc.yaml').result.stdout).toBe('service/web created\n');
    expect(host.manifestProblems('svc.yaml', service())).toEqual([]);
    const moved = host.manifestProblems('svc.yaml', service('10.96.0.99'));
    expect(moved).toEqual([{ path: 'svc.yaml', line: 8, column: 1, message: 'spec.clusterIPs[0]: Invalid value: []string{"10.96.0.99"}: may not change once set', severity: 'warning', source: 'apiserver', updates: 'service/web' }]);
  });

  it("flags a live Pod's changed command with the API server's list of what a Pod update may change", () => {
    const host = applied();
    const pod = (command: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: one\nspec:\n  containers:\n    - name: main\n      image: busybox:1.36\n      command: ["${command}"]\n`;
    expect(host.applyFiles([{ path: 'pod.yaml', content: pod('sleep') }], 'pod.yaml').result.stdout).toBe('pod/one created\n');
    expect(host.manifestProblems('pod.yaml', pod('sleep'))).toEqual([]);
    // the image may change in place
    expect(host.manifestProblems('pod.yaml', pod('sleep').replace('busybox:1.36', 'busybox:1.37'))).toEqual([]);
    const changed = host.manifestProblems('pod.yaml', pod('true'));
    expect(changed.map((p) => [p.line, p.updates])).toEqual([[5, 'pod/one']]);
    expect(changed[0]!.message).toMatch(/^spec: Forbidden: pod updates may not change fields other than `spec\.containers\[\*\]\.image`/);
    expect(host.applyFiles([{ path: 'pod.yaml', content: pod('true') }], 'pod.yaml').result.stderr).toContain(changed[0]!.message.slice(0, 200));
  });

  it('reads the cluster and changes nothing: the same log, the same state hash', () => {
    const host = applied();
    const before = { hash: host.stateHash(), log: host.actionLog(), now: host.now };
    host.manifestProblems('web.yaml', manifest('api'));
    host.manifestProblems('web.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 5\n');
    expect({ hash: host.stateHash(), log: host.actionLog(), now: host.now }).toEqual(before);
  });
});

describe("every lab's reference solution", () => {
  it('has nothing flagged in the starter files at the start, nor once it has run: each manifest judged again against the cluster it made', () => {
    // files whose objects all exist once the solution ran: judged as updates
    let updates = 0;
    for (const { lab, solution, starterFiles } of content.labs.values()) {
      if (lab.topology !== 'default') continue;
      const files = Object.entries(starterFiles).map(([p, text]) => ({ path: p, content: text }));
      const created = SimHost.create({ id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, ...(lab.controlPlanes !== undefined ? { controlPlanes: lab.controlPlanes } : {}), setup: lab.setup }, { files, goals: [] });
      if (!created.ok) throw new Error(`${lab.id}: no cluster`);
      const last = new Map<string, string>(Object.entries(starterFiles));
      // the starter files against the cluster the setup made, before the learner does anything
      for (const [file, text] of last) expect(created.host.manifestProblems(file, text), `${lab.id}: ${file} (starter)`).toEqual([]);
      for (const action of solution ?? []) {
        created.host.apply(action);
        if (action.type === 'writeFile') last.set(action.path, action.content);
      }
      for (const [file, text] of last) {
        expect(created.host.manifestProblems(file, text), `${lab.id}: ${file}`).toEqual([]);
      }
      for (const file of last.keys()) if (isManifestPath(file) && created.host.runCommand(`kubectl get -f ${file}`).exitCode === 0) updates += 1;
    }
    expect(updates).toBeGreaterThan(5);
  });

  it('does not look up a name longer than the API server allows: etcdctl can store one, the create path says what is wrong with it', () => {
    const host = applied();
    const name = 'a'.repeat(300);
    const put = host.runCommand(`etcdctl put /registry/configmaps/default/${name} '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${name}","namespace":"default"}}'`);
    expect([put.exitCode, put.stderr]).toEqual([0, '']);
    const problems = host.manifestProblems('cm.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  a: b\n`);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.updates === undefined)).toBe(true);
    expect(problems[0]!.message).toMatch(/^metadata\.name: Invalid value: "a+": must be no more than 253 characters/);
  });

  it('judges a file again only when its text or the committed keyspace has changed: the last verdict stands meanwhile', () => {
    const host = applied();
    const moved = manifest('api');
    const first = host.manifestProblems('web.yaml', moved);
    expect(first.map((p) => p.updates)).toContain('deployment.apps/web');
    expect(host.manifestProblems('web.yaml', moved)).toBe(first);
    // the Deployment deleted: the same text is judged again, now as a create
    expect(host.runCommand('kubectl delete deployment web').exitCode).toBe(0);
    host.runCommand('sim settle');
    expect(host.manifestProblems('web.yaml', moved)).toEqual([]);
  });
});
