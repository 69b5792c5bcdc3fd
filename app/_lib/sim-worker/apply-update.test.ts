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

/** A Service `name` selecting app: web, its type and its port (with the node port it asks for). */
const serviceYaml = (name: string, { type, nodePort, clusterIP }: { type?: string; nodePort?: number; clusterIP?: string } = {}) =>
  [
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    ...(type !== undefined ? [`  type: ${type}`] : []),
    ...(clusterIP !== undefined ? [`  clusterIP: ${clusterIP}`] : []),
    '  selector:',
    '    app: web',
    '  ports:',
    '    - port: 80',
    ...(nodePort !== undefined ? [`      nodePort: ${nodePort}`] : []),
    '',
  ].join('\n');

/** A cluster holding service/taken (NodePort 30080) and service/web (ClusterIP), applied as a learner would. */
function withServices(): SimHost {
  const host = applied();
  for (const [file, text] of [
    ['taken.yaml', serviceYaml('taken', { type: 'NodePort', nodePort: 30080 })],
    ['svc.yaml', serviceYaml('web')],
  ] as const) {
    expect(host.applyFiles([{ path: file, content: text }], file).result.stdout).toMatch(/^service\/\w+ created\n$/);
  }
  return host;
}

describe("a Service's node ports and cluster IP are judged against what the other Services hold, as the API server allocates them", () => {
  it('flags an update to NodePort asking for a node port another Service holds, or one outside 30000-32767, at the nodePort line — as Apply then refuses it', () => {
    const host = withServices();
    expect(host.manifestProblems('svc.yaml', serviceYaml('web', { type: 'NodePort' }))).toEqual([]);
    expect(host.manifestProblems('svc.yaml', serviceYaml('web', { type: 'NodePort', nodePort: 30081 }))).toEqual([]);
    for (const [nodePort, detail] of [
      [30080, 'provided port is already allocated'],
      [29999, 'provided port is not in the valid range. The range of valid ports is 30000-32767'],
    ] as const) {
      const text = serviceYaml('web', { type: 'NodePort', nodePort });
      const message = `spec.ports[0].nodePort: Invalid value: ${nodePort}: ${detail}`;
      expect(host.manifestProblems('svc.yaml', text)).toEqual([{ path: 'svc.yaml', line: 11, column: 1, message, severity: 'warning', source: 'apiserver', updates: 'service/web' }]);
      expect(host.applyFiles([{ path: 'svc.yaml', content: text }], 'svc.yaml').result.stderr).toBe(`The Service "web" is invalid: ${message}\n`);
    }
    // the Service's own node port is its own to ask for again
    expect(host.manifestProblems('taken.yaml', serviceYaml('taken', { type: 'NodePort', nodePort: 30080 }))).toEqual([]);
  });

  it('flags a new Service asking for a node port or a cluster IP another Service holds — the create path', () => {
    const host = withServices();
    const text = serviceYaml('other', { type: 'NodePort', nodePort: 30080 });
    const message = 'spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated';
    expect(host.manifestProblems('other.yaml', text)).toEqual([{ path: 'other.yaml', line: 11, column: 1, message, severity: 'warning', source: 'apiserver' }]);
    // judged without the cluster (the editor before the worker answers), it is fine
    expect(validationProblems('other.yaml', text)).toEqual([]);
    expect(host.applyFiles([{ path: 'other.yaml', content: text }], 'other.yaml').result.stderr).toBe(`The Service "other" is invalid: ${message}\n`);
    // the kubernetes Service holds 10.96.0.1
    const ip = serviceYaml('other', { clusterIP: '10.96.0.1' });
    expect(host.manifestProblems('other.yaml', ip).map((p) => [p.line, p.message, p.updates])).toEqual([[6, 'spec.clusterIPs: Invalid value: []string{"10.96.0.1"}: failed to allocate IP 10.96.0.1: provided IP is already allocated', undefined]]);
    expect(host.manifestProblems('other.yaml', serviceYaml('other', { type: 'NodePort', nodePort: 30082 }))).toEqual([]);
  });

  it("lists an update the allocator refuses with no field error as kubectl apply prints the server's answer", () => {
    const host = withServices();
    const twice = serviceYaml('web', { type: 'NodePort' }).replace('    - port: 80\n', '    - name: a\n      port: 80\n      nodePort: 30090\n    - name: b\n      port: 81\n      nodePort: 30090\n');
    const printed = 'Error from server: error when applying patch "svc.yaml": duplicate nodePort: {TCP 30090}';
    expect(host.manifestProblems('svc.yaml', twice)).toEqual([{ path: 'svc.yaml', line: 0, column: 1, message: printed, severity: 'warning', source: 'kubectl', updates: 'service/web' }]);
    expect(host.applyFiles([{ path: 'svc.yaml', content: twice }], 'svc.yaml').result.stderr).toBe(`${printed}\n`);
  });

  it('reads the other Services and changes nothing: no node port or address drawn from the cluster, the same log and state hash', () => {
    const host = withServices();
    const before = { hash: host.stateHash(), log: host.actionLog(), now: host.now };
    host.manifestProblems('svc.yaml', serviceYaml('web', { type: 'NodePort' }));
    host.manifestProblems('svc.yaml', serviceYaml('web', { type: 'LoadBalancer', nodePort: 30080 }));
    host.manifestProblems('other.yaml', serviceYaml('other', { type: 'NodePort' }));
    host.manifestProblems('other.yaml', serviceYaml('other', { type: 'NodePort', nodePort: 30080 }));
    expect({ hash: host.stateHash(), log: host.actionLog(), now: host.now }).toEqual(before);
    // the API server's PRNG was not drawn from either: the next allocation is the one it would have made
    const twin = withServices();
    for (const h of [host, twin]) h.applyFiles([{ path: 'svc.yaml', content: serviceYaml('web', { type: 'NodePort' }) }], 'svc.yaml');
    expect(host.runCommand('kubectl get svc web -o jsonpath={.spec.ports[0].nodePort}').stdout).toBe(twin.runCommand('kubectl get svc web -o jsonpath={.spec.ports[0].nodePort}').stdout);
    expect(host.stateHash()).toBe(twin.stateHash());
  });
});

describe('a manifest Apply would fail on before the server validates it is listed in kubectl apply’s words', () => {
  it("a patch kubectl cannot compute (a container without its name): kubectl's reason at the list's line, and all it prints", () => {
    const host = applied();
    const text = manifest('web').replace('        - name: nginx\n          image: nginx:1.27', '        - image: nginx:1.28');
    const problems = host.manifestProblems('web.yaml', text);
    expect(problems.map(({ output: _o, ...p }) => p)).toEqual([
      { path: 'web.yaml', line: 15, column: 1, message: 'map: map[image:nginx:1.28] does not contain declared merge key: name', severity: 'warning', source: 'kubectl', updates: 'deployment.apps/web' },
    ]);
    const printed = host.applyFiles([{ path: 'web.yaml', content: text }], 'web.yaml').result.stderr;
    expect(printed).toMatch(/^error: error when applying patch:\n/);
    expect(problems[0]!.output).toBe(printed.trimEnd());
  });

  it('a list where the live object has a map, and the server cannot decode the patched object: the server\'s answer as kubectl prints it, at the field it names', () => {
    const host = applied();
    const text = manifest('web').replace('        - name: nginx\n          image: nginx:1.27', '        name: nginx\n        image: nginx:1.27');
    const printed = 'Error from server (BadRequest): error when applying patch "web.yaml": Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container';
    expect(host.manifestProblems('web.yaml', text)).toEqual([{ path: 'web.yaml', line: 15, column: 1, message: printed, severity: 'warning', source: 'kubectl', updates: 'deployment.apps/web' }]);
    expect(host.applyFiles([{ path: 'web.yaml', content: text }], 'web.yaml').result.stderr).toBe(`${printed}\n`);
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
