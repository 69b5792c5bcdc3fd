// kubectl edit in a simulated cluster (the texts and patches are replayed against the real
// kubectl's recordings in edit-recordings.test.ts): the file the page opens is the one the
// save is compared with, no standard input is an editor closed unsaved, a refused save ends
// with the file kubectl would reopen as data, and what the recordings could not show — a
// List saved, the status subresource, an object deleted while it was being edited.
import { describe, expect, it } from 'vitest';
import type { ServerRequest } from '../../../apiserver/server';
import { createSimulation } from '../../../cluster/index';
import { editorOpenFor, runCommandLine, runTerminalCommand, type TerminalPorts } from '../../command-line';
import { EDIT_HEADER, editTempFile } from '../edit-file';

/** alice may read Deployments in default, and nothing else */
const deploymentReader = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: deployment-reader
rules:
  - apiGroups: ["apps"]
    resources: ["deployments"]
    verbs: ["get"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: alice-reads-deployments
subjects:
  - kind: User
    name: alice
    apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: deployment-reader
  apiGroup: rbac.authorization.k8s.io
`;

function cluster() {
  const sim = createSimulation({ topology: 'default', seed: 5, workers: 1, processes: [] });
  const ports = sim.ports();
  const files: Record<string, string> = { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  mode: dev\n', 'reader.yaml': deploymentReader };
  const context = { readFile: (p: string) => files[p], listFiles: () => Object.keys(files) };
  const run = (line: string, stdin?: string, through: TerminalPorts = ports) => runCommandLine(line, stdin, through, context);
  const open = (line: string) => editorOpenFor(line, ports, context);
  expect(run('kubectl create -f cm.yaml').exitCode).toBe(0);
  expect(run('kubectl create deployment web --image=nginx:1.27 --replicas=2').exitCode).toBe(0);
  return { sim, ports, run, open };
}

describe('kubectl edit', () => {
  it('opens the object under kubectl’s header, and a save of it unchanged changes nothing', () => {
    const { sim, run, open } = cluster();
    const opened = open('kubectl edit cm/cfg');
    expect(opened).toMatchObject({ language: 'yaml', title: 'configmap/cfg' });
    expect(opened?.buffer.startsWith(`${EDIT_HEADER}apiVersion: v1\ndata:\n  mode: dev\nkind: ConfigMap\n`)).toBe(true);
    const hash = sim.stateHash();
    // the open read the keyspace: no request, no tick
    expect(open('kubectl edit cm/cfg')).toEqual(opened);
    expect(sim.stateHash()).toBe(hash);
    expect(run('kubectl edit cm/cfg', opened!.buffer)).toEqual({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', exitCode: 0 });
    expect(run('kubectl edit cm/cfg')).toEqual({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', exitCode: 0 });
  });

  it('opens nothing for a line that stops before the editor: the command prints the error', () => {
    const { open } = cluster();
    for (const line of ['kubectl edit cm/nope', 'kubectl edit foo/x', 'kubectl edit', 'kubectl edit cm/cfg -o wide', 'kubectl edit cm/cfg -f cm.yaml', 'kubectl edit -f -', 'kubectl edit -h', 'kubectl edit cm -n empty', 'kubectl get cm', 'etcdctl get a', 'kubectl edit cm/cfg --subresource=foo']) {
      expect(open(line), line).toBeUndefined();
    }
    expect(open('kubectl edit -f cm.yaml')?.title).toBe('configmap/cfg');
    expect(open('kubectl edit cm')?.title).toBe('configmap/cfg, configmap/kube-root-ca.crt');
    expect(open('kubectl edit deploy/web -o json')).toMatchObject({ language: 'json', title: 'deployment.apps/web' });
    expect(open('kubectl edit deploy/web -o json')?.buffer.startsWith('{\n    "apiVersion": "apps/v1",\n')).toBe(true);
  });

  it('opens nothing for a read the API server would refuse kubectl (--as), with no request, tick or trace: the line prints the Forbidden', () => {
    const { sim, run, open } = cluster();
    const traced: unknown[] = [];
    const stop = sim.subscribe((e) => traced.push(e));
    const before = { hash: sim.stateHash(), now: sim.now };
    expect(open('kubectl edit deploy/web --as=alice')).toBeUndefined();
    // a bare TYPE is kubectl's LIST
    expect(open('kubectl edit deployments --as=alice')).toBeUndefined();
    // an impersonated group the RBAC superuser group is: allowed as kubectl's GET is
    expect(open('kubectl edit deploy/web --as=alice --as-group=system:masters')?.title).toBe('deployment.apps/web');
    expect({ hash: sim.stateHash(), now: sim.now }).toEqual(before);
    expect(traced).toEqual([]);
    stop();
    expect(run('kubectl edit deploy/web --as=alice')).toEqual({
      stdout: '',
      stderr: 'Error from server (Forbidden): deployments.apps "web" is forbidden: User "alice" cannot get resource "deployments" in API group "apps" in the namespace "default"\n',
      exitCode: 1,
    });

    // a Role that lets alice get Deployments: the editor opens on them, on no Scale and on no other kind
    expect(run('kubectl apply -f reader.yaml').exitCode).toBe(0);
    run('sim tick 50');
    expect(open('kubectl edit deploy/web --as=alice')?.title).toBe('deployment.apps/web');
    expect(open('kubectl edit deploy/web --subresource=scale --as=alice')).toBeUndefined();
    expect(open('kubectl edit deploy/web cm/cfg --as=alice')).toBeUndefined();
    expect(open('kubectl edit deployments --as=alice')).toBeUndefined();
  });

  it('names the first three objects in the title and counts the others, and cuts a name too long for a title', () => {
    const { run, open } = cluster();
    for (const n of [1, 2, 3, 4]) expect(run(`kubectl create configmap c${n}`).exitCode).toBe(0);
    expect(open('kubectl edit cm')).toMatchObject({ title: 'configmap/c1, configmap/c2, configmap/c3', more: 3 });
    expect(open('kubectl edit cm/cfg')).toMatchObject({ title: 'configmap/cfg', more: 0 });
    // a name the API server never checked: put straight into etcd
    const name = 'x'.repeat(3_000);
    expect(run(`etcdctl put /registry/configmaps/default/long '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${name}","namespace":"default","uid":"u-long"}}'`).exitCode).toBe(0);
    const long = open('kubectl edit cm/long');
    expect(long?.title.length).toBeLessThanOrEqual(1_000);
    expect(long).toMatchObject({ title: expect.stringMatching(/^configmap\/x+…$/), more: 0 });
    expect(open('kubectl edit cm/cfg cm/long cm/c1')).toMatchObject({ title: 'configmap/cfg', more: 2 });
  });

  it('opens nothing without an API server, or with a stopped one', () => {
    const etcdOnly = createSimulation({ topology: 'etcd-only', seed: 1 });
    expect(editorOpenFor('kubectl edit cm/cfg', etcdOnly.ports())).toBeUndefined();
    const { sim, run, open } = cluster();
    expect(run('sim kill kube-apiserver').exitCode).toBe(0);
    expect(sim.now).toBeGreaterThan(0);
    expect(open('kubectl edit cm/cfg')).toBeUndefined();
  });

  it('compares the save with the file the editor opened, not with what changed since', () => {
    const { ports, run, open } = cluster();
    const opened = open('kubectl edit deploy/web')!;
    // the API server answers kubectl's GET with a newer object than the editor showed
    const sent: ServerRequest[] = [];
    const newer: TerminalPorts = {
      ...ports,
      kube: {
        ...ports.kube,
        request: (req, opts) => {
          sent.push(req);
          const r = ports.kube.request(req, opts);
          if (req.verb !== 'get' || !r.ok) return r;
          const o = structuredClone(r.value) as { metadata: { resourceVersion: string }; status?: unknown };
          o.metadata.resourceVersion = '999';
          o.status = { replicas: 7 };
          return { ok: true, value: o } as typeof r;
        },
      },
    };
    const out = run('kubectl edit deploy/web --output-patch', opened.buffer.replace('\n  replicas: 2\n', '\n  replicas: 3\n'), newer);
    expect(out).toEqual({ stdout: 'Patch: {"spec":{"replicas":3}}\ndeployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect(sent.map((r) => r.verb)).toEqual(['get', 'patch']);
  });

  it('ends a save the API server refuses with the file kubectl reopens: its reasons in the header, the text without its comments', () => {
    const { run, open } = cluster();
    const opened = open('kubectl edit deploy/web')!;
    const saved = `# my note\n${opened.buffer.replace('\n  replicas: 2\n', '\n  replicas: -1\n')}`;
    const out = run('kubectl edit deploy/web', saved);
    expect(out.stderr).toBe('error: deployments.apps "web" is invalid\n');
    expect(out.exitCode).toBe(1);
    const body = saved.split('\n').filter((l) => !l.startsWith('#')).join('\n');
    expect(out.edit).toEqual({
      language: 'yaml',
      buffer: `${EDIT_HEADER}# deployments.apps "web" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\n${body}`,
    });
    // the reopened file, fixed and saved again: a command of its own
    const fixed = run('kubectl edit deploy/web', out.edit!.buffer.replace('\n  replicas: -1\n', '\n  replicas: 3\n'));
    expect(fixed).toEqual({ stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect(run('kubectl get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('3');
  });

  it('gives up, as kubectl does, when the file it reopened is saved unchanged or closed unsaved: nothing sent, a copy kept', () => {
    const { sim, open } = cluster();
    sim.setCommandRunner(runTerminalCommand);
    const line = 'kubectl edit deploy/web';
    const edit = (stdin?: string) => {
      const r = sim.dispatch({ type: 'command', line, ...(stdin !== undefined ? { stdin } : {}) });
      if (!r.ok || r.output === undefined) throw new Error('the command did not run');
      return r.output;
    };
    const bad = open(line)!.buffer.replace('\n  replicas: 2\n', '\n  replicas: -1\n');
    const refused = edit(bad);
    expect(refused.stderr).toBe('error: deployments.apps "web" is invalid\n');
    const reopened = refused.edit!.buffer;
    const gaveUp = (file: string) => ({ stdout: '', stderr: `A copy of your changes has been stored to "${editTempFile(file, 'yaml')}"\nerror: Edit cancelled, no valid changes were saved.\n`, exitCode: 1 });
    // saved as it was reopened, a comment of the learner's aside: no PATCH (its refusal would print again)
    expect(edit(`# looked again\n${reopened}`)).toEqual(gaveUp(`# looked again\n${reopened}`));
    expect(gaveUp(reopened).stderr).toMatch(/"\/tmp\/kubectl-edit-\d+\.yaml"/);
    // the editor closed without a save: the reopened file as written
    edit(bad);
    expect(edit()).toEqual(gaveUp(reopened));
    // anything between (a tick, logged or not) closed that editor: the same text is a new edit's save, sent again
    edit(bad);
    sim.dispatch({ type: 'tick', ticks: 1 });
    expect(edit(reopened).stderr).toBe('error: deployments.apps "web" is invalid\n');
    sim.tick(1);
    const anew = edit(reopened);
    expect(anew.stderr).toBe('error: deployments.apps "web" is invalid\n');
    // a reopened file changed and saved: applied
    expect(edit(anew.edit!.buffer.replace('\n  replicas: -1\n', '\n  replicas: 3\n'))).toEqual({ stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect(edit()).toEqual({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', exitCode: 0 });
  });

  it('reopens a JSON file with no header (kubectl writes none), and keeps CRLF line ends in the header only', () => {
    const { run, open } = cluster();
    const json = open('kubectl edit deploy/web -o json')!.buffer;
    const badJson = json.replace('"replicas": 2,', '"replicas": -1,');
    expect(run('kubectl edit deploy/web -o json', badJson).edit).toEqual({ language: 'json', buffer: badJson });
    const crlf = open('kubectl edit cm/cfg --windows-line-endings')!.buffer;
    expect(crlf.startsWith(EDIT_HEADER.replace(/\n/g, '\r\n'))).toBe(true);
    // (what kubectl 1.32 says of this file's text: line 4, where the open sequence meets a key)
    const saved = crlf.replace('mode: dev\r\n', 'mode: [\r\n');
    const body = saved.slice(EDIT_HEADER.replace(/\n/g, '\r\n').length);
    const out = run('kubectl edit cm/cfg --windows-line-endings', saved);
    expect(out.stderr).toBe('error: configmaps "cfg" is invalid\n');
    const reasons = `# configmaps "cfg" was not valid:\n# * <nil>: Invalid value: "The edited file failed validation": yaml: line 4: did not find expected ',' or ']'\n#\n`;
    expect(out.edit?.buffer).toBe(`${(EDIT_HEADER + reasons).replace(/\n/g, '\r\n')}${body}`);
  });

  it('patches each object of a saved List in turn, and skips one left as it was', () => {
    const { run, open } = cluster();
    const opened = open('kubectl edit deploy/web cm/cfg')!;
    expect(opened.title).toBe('deployment.apps/web, configmap/cfg');
    expect(opened.buffer).toContain('\nkind: List\nmetadata: {}\n');
    const out = run('kubectl edit deploy/web cm/cfg', opened.buffer.replace('    replicas: 2\n', '    replicas: 4\n'));
    expect(out).toEqual({ stdout: 'deployment.apps/web edited\nconfigmap/cfg skipped\n', stderr: '', exitCode: 0 });
  });

  it('edits the status subresource with a PATCH of status', () => {
    const { ports, run, open } = cluster();
    const sent: ServerRequest[] = [];
    const recording: TerminalPorts = { ...ports, kube: { ...ports.kube, request: (req, opts) => (sent.push(req), ports.kube.request(req, opts)) } };
    const opened = open('kubectl edit deploy/web --subresource=status')!;
    const out = run('kubectl edit deploy/web --subresource=status', opened.buffer.replace(/\nstatus:.*$/s, '\nstatus:\n  replicas: 9\n'), recording);
    expect(out.stdout).toBe('deployment.apps/web edited\n');
    expect(sent.filter((r) => r.verb === 'patch').map((r) => ('subresource' in r ? r.subresource : undefined))).toEqual(['status']);
    expect(run('kubectl get deploy web -o jsonpath={.status.replicas}').stdout).toBe('9');
  });

  it('says where the edits went when the object was deleted before the save reached it', () => {
    const { ports, run, open } = cluster();
    const opened = open('kubectl edit cm/cfg')!;
    const deleting: TerminalPorts = {
      ...ports,
      kube: {
        ...ports.kube,
        request: (req, opts) => {
          if (req.verb === 'patch') ports.kube.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'cfg' }, opts);
          return ports.kube.request(req, opts);
        },
      },
    };
    const out = run('kubectl edit cm/cfg', opened.buffer.replace('mode: dev', 'mode: prod'), deleting);
    expect(out.stderr).toMatch(/^error: configmaps "cfg" could not be found on the server\nThe edits you made on deleted resources have been saved to "\/tmp\/kubectl-edit-\d+\.yaml"\n$/);
    expect(out.exitCode).toBe(1);
    expect(out.edit).toBeUndefined();
  });

  it('refuses -f - (the standard input is the saved file) and -o name before the editor', () => {
    const { run } = cluster();
    expect(run('kubectl edit -f -', 'x').stderr).toContain('"kubectl edit -f -" is not part of this simulation');
    expect(run('kubectl edit cm/cfg -o name')).toEqual({ stdout: '', stderr: 'error: unable to match a printer suitable for the output format "name", allowed formats are: json,yaml\n', exitCode: 1 });
    expect(run('kubectl edit deploy --subresource=status').stderr).toBe('error: subresource cannot be used when bulk resources are specified\n');
  });
});
