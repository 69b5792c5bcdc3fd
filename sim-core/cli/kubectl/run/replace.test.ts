// kubectl replace against the real kubectl 1.32 (../testdata/real-1.32-replace/, recorded by
// ../testdata/capture-replace.sh against scenario-stub.mjs): every recording replayed through
// the runner in a simulated cluster holding the scenario's Pod web-1 and ConfigMap cfg, the
// folder's manifests as the workspace — what it prints, and the writes it sends (method,
// path, dry run, body; the resourceVersion kubectl copies from its GET is the cluster's).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerRequest } from '../../../apiserver/server';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine, type CommandContext } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { recordingPort, requestLine } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-replace');
const MANIFESTS = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
const workspace: CommandContext = {
  readFile: (p) => (MANIFESTS.includes(p) ? readFileSync(join(DIR, p), 'utf8') : undefined),
  listFiles: () => MANIFESTS,
};

function scenarioCluster() {
  const ports = createSimulation({ topology: 'default', seed: 5, workers: 2 }).ports();
  const run = (line: string, stdin?: string) => {
    const r = runCommandLine(line, stdin, ports, {});
    if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
  };
  run('kubectl run web-1 --image=nginx:1.27 --labels=app=web');
  run('kubectl create -f -', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cfg","labels":{"tier":"config"}},"data":{"a":"b"}}');
  run('sim settle');
  return ports;
}

/** A write as `METHOD PATH[?dryRun=All] BODY`, its resourceVersion and uid left out (the cluster's own). */
function write(line: string): string {
  const m = /^(\S+) ([^?\s]+)(\?\S*)? BODY ([\s\S]*?)\n? CT \S+$/.exec(line);
  if (!m) return line;
  const dry = (m[3] ?? '').includes('dryRun=All') ? '?dryRun=All' : '';
  const body = JSON.parse(m[4] as string) as { metadata?: Record<string, unknown> };
  const hasVersion = body.metadata?.resourceVersion !== undefined;
  delete body.metadata?.resourceVersion;
  return `${m[1]} ${m[2]}${dry} ${hasVersion ? '(with resourceVersion) ' : ''}${JSON.stringify(sorted(body))}`;
}

const sorted = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sorted) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, sorted(x)])) : v;

/** The recorded writes: the stub's log lines, a body's trailing newline joined to its `CT` line. */
function recordedWrites(requests: string): string[] {
  return requests
    .replace(/\n CT /g, ' CT ')
    .split('\n')
    .filter((l) => /^(PUT|POST|DELETE) /.test(l) && !l.startsWith('DELETE'))
    .map(write);
}

/** The runner's writes in the same form (a DELETE's options are checked by the stdout and the recordings' bodies below). */
function sentWrites(sent: ServerRequest[]): string[] {
  return sent
    .filter((r) => r.verb === 'update' || r.verb === 'create')
    .map((r) => {
      const body = structuredClone((r as { body: { metadata?: Record<string, unknown> } }).body);
      const hasVersion = body.metadata?.resourceVersion !== undefined;
      delete body.metadata?.resourceVersion;
      const line = requestLine(r) ?? '';
      const head = line.slice(0, line.indexOf(' {'));
      return `${head.replace(' [application/json]', '')} ${hasVersion ? '(with resourceVersion) ' : ''}${JSON.stringify(sorted(body))}`;
    });
}

/** -o yaml prints the object the server answered: the stub's lacks what the API server adds (creationTimestamp). */
const OUTPUT_SHAPE_ONLY = new Set(['output-yaml']);

describe('kubectl replace against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-replace.sh'), 'utf8');
  const names = [...script.matchAll(/^capr (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names) {
    const text = readFileSync(join(DIR, `${name}.txt`), 'utf8');
    const [capture, requests = ''] = text.split('--- requests\n');
    const c = parseCapture(capture!);
    it(`${name}: ${c.command}`, () => {
      const ports = scenarioCluster();
      const sent: ServerRequest[] = [];
      const r = runCommandLine(captureCommandLine(c.command), undefined, { ...ports, kube: recordingPort(ports, sent) }, workspace);
      if (OUTPUT_SHAPE_ONLY.has(name)) {
        expect(r.stdout).toMatch(/^apiVersion: v1\ndata:\n {2}a: changed\nkind: ConfigMap\nmetadata:\n/);
        expect({ stderr: r.stderr, exitCode: r.exitCode }).toEqual({ stderr: c.stderr, exitCode: c.exit });
      } else {
        expect(r).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
      }
      expect(sentWrites(sent)).toEqual(recordedWrites(requests));
    });
  }

  it('sends the DELETE options forceReplace sends: the cascade, and --grace-period=0 as 1', () => {
    const ports = scenarioCluster();
    const sent: ServerRequest[] = [];
    runCommandLine('kubectl replace -f pod.yaml --force --grace-period=0', undefined, { ...ports, kube: recordingPort(ports, sent) }, workspace);
    expect(sent.filter((r) => r.verb === 'delete')).toEqual([{ verb: 'delete', resource: 'pods', namespace: 'default', name: 'web-1', propagationPolicy: 'Background', gracePeriodSeconds: 1 }]);
  });

  it('replaces the object in the cluster, and --force makes a new one', () => {
    const ports = scenarioCluster();
    const run = (line: string) => runCommandLine(line, undefined, ports, workspace);
    const uid = run('kubectl get cm cfg -o jsonpath={.metadata.uid}').stdout;
    expect(run('kubectl replace -f ./cfg.yaml').stdout).toBe('configmap/cfg replaced\n');
    // the whole object: the label the file does not carry is gone
    expect(run('kubectl get cm cfg -o jsonpath={.data.a}/{.metadata.labels}/{.metadata.uid}').stdout).toBe(`changed//${uid}`);
    expect(run('kubectl replace -f cfg.yaml --force').stdout).toBe('configmap "cfg" deleted\nconfigmap/cfg replaced\n');
    expect(run('kubectl get cm cfg -o jsonpath={.metadata.uid}').stdout).not.toBe(uid);
  });

  it('reads standard input, and prints the API server’s 422 for a field that may not change', () => {
    const ports = scenarioCluster();
    const run = (line: string, stdin?: string) => runCommandLine(line, stdin, ports, workspace);
    expect(run('kubectl create service clusterip web --tcp=80:80 --clusterip=10.96.0.50').exitCode).toBe(0);
    const svc = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  clusterIP: 10.96.0.60\n  ports:\n  - port: 80\n';
    expect(run('kubectl replace -f -', svc)).toEqual({
      stdout: '',
      stderr: 'The Service "web" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.60"}: may not change once set\n',
      exitCode: 1,
    });
  });

  it('sends --raw’s file as it is (a YAML body is not the JSON the server reads)', () => {
    const run = (line: string) => runCommandLine(line, undefined, scenarioCluster(), workspace);
    expect(run('kubectl replace -f cfg.yaml --raw /api/v1/namespaces/default/configmaps/cfg').stderr).toBe(
      "Error from server (BadRequest): the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character 'a' looking for beginning of value (61706956657273696f6e3a2076310a6b696e643a20436f6e6669674d6170 ...)\n",
    );
  });
});
