// `kubectl set env` and `kubectl set resources` against the real kubectl 1.32
// (../testdata/real-1.32-set/, recorded by ../testdata/capture-set.sh against label-stub.mjs):
// each recording replayed through the runner in a simulated cluster holding the scenario's
// objects (the API server alone), its writes — method, path, dry run, content type, patch
// body — byte for byte, and what it prints (see requests.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerRequest } from '../../../apiserver/server';
import type { Status } from '../../../client';
import { runCommandLine } from '../../command-line';
import { captureCommandLine } from '../../testkit/captures';
import { parseRecording, recordingPort, requestLine, scenario as scenarioOf, recordingNames } from './replay-testkit';
import { goErrorText, statusText } from './api';
import { invalidFieldError, invalidMessage, statusCauses, type FieldError } from '../../../apiserver';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-set');
const readRecording = (name: string) => parseRecording(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
const scenario = () => scenarioOf(readFileSync(join(DIR, 'scenario.json'), 'utf8'));
const files = { readFile: (path: string) => (path.includes('/') ? undefined : readFileSync(join(DIR, path), 'utf8')) };

/**
 * -o yaml|json print the whole object: the stub's objects lack what the simulated API
 * server defaults, and a --local file's object lacks the zero values kubectl's typed copy
 * carries (`strategy: {}`, `resources: {}`, `status: {}`). Compared: the errors and exit
 * code, the writes, and that the object printed carries the change, in the printed form's
 * key order (Go's field order for -o json).
 */
const OUTPUT_SHAPE_ONLY = new Set(['env-dry-run-client-yaml', 'env-output-json', 'env-local-file', 'resources-dry-run-client-yaml', 'resources-output-json', 'resources-local-file']);
/** The stub lists objects in the order it was given them; the API server lists in key order (etcd's), as a real one does. */
const STUB_LIST_ORDER = new Set(['env-all', 'resources-all']);
/**
 * The stub does not validate what it is sent: a real API server refuses limits below the
 * stored requests (ValidateResourceRequirements), and the simulated one does.
 */
const STUB_ACCEPTS_INVALID: Record<string, { stderr: string; exitCode: number }> = {
  'resources-zero-existing': {
    // the server's own text (NewInvalid), which CheckErr does not rewrite once it is wrapped
    stderr: 'error: failed to patch resources update to pod template Deployment.apps "limited" is invalid: spec.template.spec.containers[0].resources.requests[cpu]: Invalid value: "100m": must be less than or equal to cpu limit of 0\n',
    exitCode: 1,
  },
};

/**
 * Nor does it refuse a change to a Pod's spec beyond its images (ValidatePodUpdate): the
 * simulated server does, with `pod updates may not change fields other than …` and the
 * difference after it (go-cmp's layout, not a byte contract).
 */
const STUB_ACCEPTS_POD_UPDATE: Record<string, string> = {
  'env-pod': 'error: failed to patch env update to pod template: Pod "web-1" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,',
  // a BestEffort Pod given a limit would change its QoS class, refused first (1.27–1.32)
  'resources-pod': 'error: failed to patch resources update to pod template Pod "web-1" is invalid: [metadata: Invalid value: "BestEffort": Pod QoS is immutable, spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,',
};

const sortedLines = (text: string): string[] => text.split('\n').sort();

describe('kubectl set env and set resources, against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-set.sh'), 'utf8');
  const names = recordingNames(script);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names) {
    const rec = readRecording(name);
    it(`${name}: ${rec.command}`, () => {
      const { ports, local } = scenario();
      const sent: ServerRequest[] = [];
      const stdin = rec.command.includes(' -e -') ? readFileSync(join(DIR, 'env-stdin.env'), 'utf8') : undefined;
      const out = runCommandLine(local(captureCommandLine(rec.command)), stdin, { ...ports, kube: recordingPort(ports, sent) }, files);
      const invalid = STUB_ACCEPTS_INVALID[name];
      const podUpdate = STUB_ACCEPTS_POD_UPDATE[name];
      if (invalid !== undefined) expect(out).toEqual({ stdout: '', ...invalid });
      else if (podUpdate !== undefined) {
        expect({ ...out, stderr: out.stderr.slice(0, podUpdate.length) }).toEqual({ stdout: '', stderr: podUpdate, exitCode: 1 });
        expect(out.stderr).toMatch(/\n {2}core\.PodSpec\{\n[^]*\n {2}\}\]?\n$/);
      }
      else if (STUB_LIST_ORDER.has(name)) {
        expect({ ...out, stdout: sortedLines(out.stdout) }).toEqual({ stdout: sortedLines(local(rec.stdout)), stderr: local(rec.stderr), exitCode: rec.exit });
      } else if (OUTPUT_SHAPE_ONLY.has(name)) {
        expect({ ...out, stdout: '' }).toEqual({ stdout: '', stderr: local(rec.stderr), exitCode: rec.exit });
        const change = name.startsWith('env-') ? /FOO/ : /cpu/;
        if (rec.command.includes('-o json')) expect(out.stdout).toMatch(/^\{\n {4}"kind": "Deployment",\n {4}"apiVersion": "apps\/v1",\n {4}"metadata": \{\n {8}"name": "web",\n/);
        else expect(out.stdout).toMatch(/^apiVersion: apps\/v1\nkind: Deployment\nmetadata:\n/);
        expect(out.stdout).toMatch(change);
      } else expect(out).toEqual({ stdout: local(rec.stdout), stderr: local(rec.stderr), exitCode: rec.exit });
      const writes = sent.map(requestLine).filter((l): l is string => l !== undefined);
      if (STUB_LIST_ORDER.has(name)) expect([...writes].sort()).toEqual(rec.writes.map(local).sort());
      else expect(writes).toEqual(rec.writes.map(local));
    });
  }
});

// label-stub.mjs serves no Secrets: --from=secret/… and its resolution follow set_env.go
// (a secretKeyRef per key, named as the key in upper case; --resolve decodes the data)
describe('kubectl set env --from=secret', () => {
  it('references each key of the Secret, prefixed, and --list --resolve shows the values', () => {
    const { ports } = scenario();
    const run = (line: string, stdin?: string) => runCommandLine(line, stdin, ports, files);
    expect(run('kubectl create secret generic s --from-literal=user=admin --from-literal=pass=p4ss').exitCode).toBe(0);
    const sent: ServerRequest[] = [];
    const out = runCommandLine('kubectl set env deployment/web --from=secret/s --prefix=P_', undefined, { ...ports, kube: recordingPort(ports, sent) }, files);
    expect(out).toEqual({ stdout: 'deployment.apps/web env updated\n', stderr: 'Warning: key pass transferred to PASS\nWarning: key user transferred to USER\n', exitCode: 0 });
    expect(sent.map(requestLine).filter((l) => l !== undefined)).toEqual([
      'PATCH /apis/apps/v1/namespaces/default/deployments/web [application/strategic-merge-patch+json] {"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"}],"containers":[{"$setElementOrder/env":[{"name":"MODE"},{"name":"P_PASS"},{"name":"P_USER"}],"env":[{"name":"P_PASS","valueFrom":{"secretKeyRef":{"key":"pass","name":"s"}}},{"name":"P_USER","valueFrom":{"secretKeyRef":{"key":"user","name":"s"}}}],"name":"nginx"}]}}}}',
    ]);
    expect(run('kubectl set env deployment/web --list')).toEqual({ stdout: '# Deployment web, container nginx\nMODE=prod\n# P_PASS from secret s, key pass\n# P_USER from secret s, key user\n', stderr: '', exitCode: 0 });
    expect(run('kubectl set env deployment/web --list --resolve').stdout).toBe('# Deployment web, container nginx\nMODE=prod\nP_PASS=p4ss\nP_USER=admin\n');
  });
});

// from set_resources.go and set_env.go (not recorded: the stub neither validates nor mixes these)
describe('kubectl set resources and set env errors, as their Go code orders them', () => {
  it('set resources reports a container -c misses before the objects that cannot be patched', () => {
    const { ports } = scenario();
    const out = runCommandLine('kubectl set resources service/web deployment/web -c nope --limits=cpu=1', undefined, ports, files);
    expect(out).toEqual({
      stdout: '',
      stderr: 'error: unable to find container named nope\nerror: services/web the object is not a pod or does not have a pod template: *v1.Service\n\n',
      exitCode: 1,
    });
  });

  it('set env --list --resolve shows a fieldRef to the labels as formatMap writes them', () => {
    const { ports } = scenario();
    const r = ports.kube!.request(
      { verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', patchType: 'application/json-patch+json', patch: [{ op: 'add', path: '/spec/template/spec/containers/0/env/-', value: { name: 'LABELS', valueFrom: { fieldRef: { fieldPath: 'metadata.labels' } } } }] },
      { timeoutTicks: 3_000 },
    );
    expect(r.ok).toBe(true);
    const out = runCommandLine('kubectl set env deployment/web --list --resolve', undefined, ports, files);
    expect(out.stdout).toContain('\nLABELS=app="web"\nteam="a"\n');
  });
});

describe('a 422 Invalid: wrapped, as Go prints it; unwrapped, as kubectl prints it', () => {
  const status = (kind: string, group: string, name: string, errors: FieldError[]): Status => {
    const message = invalidMessage(kind, group, name, errors);
    return { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Invalid', code: 422, message, details: { kind, group, name, causes: statusCauses(errors) } };
  };
  const replicas = invalidFieldError('spec.replicas', -1, 'must be greater than or equal to 0');
  it('goErrorText is the API server’s NewInvalid text; statusText is checkErr’s, from the causes', () => {
    const one = status('Deployment', 'apps', 'web', [replicas]);
    expect(goErrorText(one)).toBe('Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
    expect(statusText(one)).toBe('The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n');
    const two = status('Pod', '', 'p', [{ type: 'Required value', field: 'spec.containers[0].name', badValue: { kind: 'none' }, detail: '' }, { type: 'Required value', field: 'spec.containers[0].image', badValue: { kind: 'none' }, detail: '' }]);
    expect(goErrorText(two)).toBe('Pod "p" is invalid: [spec.containers[0].name: Required value, spec.containers[0].image: Required value]');
    expect(statusText(two)).toBe('The Pod "p" is invalid: \n* spec.containers[0].name: Required value\n* spec.containers[0].image: Required value\n');
    expect(goErrorText({ ...one, reason: 'NotFound', code: 404, message: 'deployments.apps "web" not found' })).toBe('deployments.apps "web" not found');
  });
  it('a 422 Invalid without details or causes prints the request as invalid', () => {
    const bare: Status = { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Invalid', code: 422, message: 'the server rejected our request due to an error in our request' };
    expect(statusText(bare)).toBe('The request is invalid: the server rejected our request due to an error in our request\n');
    expect(statusText({ ...bare, details: { kind: 'Deployment', name: 'web' } })).toBe('The Deployment "web" is invalid\n');
  });
});
