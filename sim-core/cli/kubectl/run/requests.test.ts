// What kubectl sends, against what the real kubectl 1.32 sends
// (../testdata/real-1.32-requests/, recorded by ../testdata/capture-requests.sh against
// label-stub.mjs, which logs every request): each recording is replayed through the runner
// in a simulated cluster holding the scenario's objects (the API server alone: no controller
// changes them), and the writes the runner sends — method, path, query, Content-Type, body —
// must be the recorded ones, byte for byte, as must what it prints. Reads are left out: the
// runner reads from a cluster it already knows (no discovery, no OpenAPI), and the real
// kubectl reads some objects twice. The `fieldManager` and `fieldValidation` query
// parameters are left out too: the simulated API server keeps no managedFields and always
// validates strictly.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../client';
import type { KubeApiPort, ServerRequest } from '../../../apiserver/server';
import { kindOfResource } from '../../../apiserver';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine, type TerminalPorts } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { sortedDeep } from '../structured';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-requests');

interface Recording {
  command: string;
  stdout: string;
  stderr: string;
  exit: number;
  /** the write requests, as the stub logged them: `METHOD PATH?QUERY [CONTENT-TYPE] BODY` */
  writes: string[];
}

function readRecording(name: string): Recording {
  const text = readFileSync(join(DIR, `${name}.txt`), 'utf8');
  const [capture, requests = ''] = text.split('--- requests\n');
  const c = parseCapture(capture!);
  const writes = requests
    .split('\n')
    .filter((l) => l !== '' && (!l.startsWith('GET ') || /\/scale(\?|$)/.test(l)))
    .map(withoutFieldManager);
  return { command: c.command, stdout: c.stdout, stderr: c.stderr, exit: c.exit, writes };
}

/** The query without fieldManager and fieldValidation (see the file comment). */
function withoutFieldManager(line: string): string {
  return line.replace(/^(\S+ [^?\s]+)(\?\S*)?/, (_, head: string, query: string | undefined) => {
    const params = (query ?? '').slice(1).split('&').filter((p) => p !== '' && !p.startsWith('fieldManager=') && !p.startsWith('fieldValidation='));
    return params.length > 0 ? `${head}?${params.join('&')}` : head;
  });
}

/** A request of the runner, written as the stub logs one. */
function requestLine(req: ServerRequest): string | undefined {
  const def = kindOfResource(req.resource);
  if (def === undefined) return undefined;
  const base = def.group === '' ? '/api/v1' : `/apis/${def.group}/${def.version}`;
  const ns = def.namespaced && 'namespace' in req && req.namespace ? `/namespaces/${req.namespace}` : '';
  const dry = 'dryRun' in req && req.dryRun === true ? '?dryRun=All' : '';
  const sub = 'subresource' in req && req.subresource !== undefined ? `/${req.subresource}` : '';
  switch (req.verb) {
    case 'get':
      return sub === '' ? undefined : `GET ${base}${ns}/${def.resource}/${req.name}${sub}`;
    case 'patch':
      return `PATCH ${base}${ns}/${def.resource}/${req.name}${sub}${dry} [${req.patchType}] ${JSON.stringify(req.patch)}`;
    case 'update':
      return `PUT ${base}${ns}/${def.resource}/${req.body.metadata?.name ?? ''}${sub}${dry} ${JSON.stringify(req.body)}`;
    case 'create':
      return `POST ${base}${ns}/${def.resource}${dry} [application/json] ${JSON.stringify(req.body)}`;
    case 'delete':
      return `DELETE ${base}${ns}/${def.resource}/${req.name}${dry}`;
    default:
      return undefined;
  }
}

interface Scenario {
  ports: TerminalPorts;
  /** the stub's uids, resourceVersions and timestamps in a recording, as the simulated cluster has them */
  local: (text: string) => string;
}

/** The scenario's objects in a simulated cluster with no controllers: Pods, Deployments (with their status), ReplicaSets owned by `web`, a Service, node-2 cordoned. */
function scenario(): Scenario {
  const sim = createSimulation({ topology: 'default', seed: 6, workers: 2, processes: [] });
  const ports = sim.ports();
  const kube = ports.kube!;
  const opts = { timeoutTicks: 3_000 };
  const must = (req: ServerRequest): KubeObject => {
    const r = kube.request(req, opts);
    if (!r.ok) throw new Error(`${req.verb} ${req.resource}: ${r.error.message}`);
    return r.value as KubeObject;
  };
  const objects = (JSON.parse(readFileSync(join(DIR, 'scenario.json'), 'utf8')) as { objects: KubeObject[] }).objects;
  let webUid = '';
  for (const o of objects.filter((x) => x.kind !== 'ReplicaSet' && x.kind !== 'Node')) {
    const resource = kindOfResourceOf(o);
    const { status, ...body } = o as KubeObject & { status?: unknown };
    const { uid: _uid, ...meta } = body.metadata ?? {};
    const created = must({ verb: 'create', resource, namespace: 'default', body: { ...body, metadata: meta } });
    if (status !== undefined) must({ verb: 'updateStatus', resource, namespace: 'default', body: { ...created, status } as KubeObject });
    if (o.kind === 'Deployment' && o.metadata?.name === 'web') webUid = created.metadata?.uid ?? '';
  }
  for (const o of objects.filter((x) => x.kind === 'ReplicaSet')) {
    const { status: _s, ...body } = o as KubeObject & { status?: unknown };
    const owners = (body.metadata?.ownerReferences ?? []).map((r) => ({ ...r, uid: webUid }));
    must({ verb: 'create', resource: 'replicasets', namespace: 'default', body: { ...body, metadata: { ...body.metadata, ownerReferences: owners } } });
  }
  for (const o of objects.filter((x) => x.kind === 'Node')) {
    const spec = (o.spec ?? {}) as Record<string, unknown>;
    if (Object.keys(spec).length > 0) must({ verb: 'patch', resource: 'nodes', namespace: '', name: o.metadata?.name ?? '', patchType: 'application/merge-patch+json', patch: { spec } });
  }
  const get = (resource: string, name: string) => must({ verb: 'get', resource, namespace: 'default', name });
  const web = get('deployments', 'web');
  const web1 = get('pods', 'web-1');
  const local = (text: string): string =>
    text
      .replaceAll('uid-deploy-web', webUid)
      .replaceAll('"resourceVersion":"13"', `"resourceVersion":"${web.metadata?.resourceVersion}"`)
      .replaceAll('"resourceVersion":"11"', `"resourceVersion":"${web1.metadata?.resourceVersion}"`)
      .replaceAll('--resource-version=13', `--resource-version=${web.metadata?.resourceVersion}`)
      .replaceAll('--resource-version=11', `--resource-version=${web1.metadata?.resourceVersion}`)
      .replaceAll('was 13', `was ${web.metadata?.resourceVersion}`)
      .replaceAll('"creationTimestamp":"2026-01-01T00:00:00Z"', `"creationTimestamp":"${web.metadata?.creationTimestamp}"`)
      // the same in -o json's indented form
      .replaceAll('"uid": "uid-deploy-web"', `"uid": "${webUid}"`)
      .replaceAll('"resourceVersion": "13"', `"resourceVersion": "${web.metadata?.resourceVersion}"`)
      .replaceAll('"creationTimestamp": "2026-01-01T00:00:00Z"', `"creationTimestamp": "${web.metadata?.creationTimestamp}"`);
  return { ports, local };
}

function kindOfResourceOf(o: KubeObject): string {
  return { Pod: 'pods', Deployment: 'deployments', Service: 'services' }[o.kind ?? ''] ?? '';
}

/** The time in a restart's annotation, as the recordings write it. */
const anyTime = (line: string): string => line.replace(/("kubectl\.kubernetes\.io\/restartedAt":")[^"]+"/, '$1TIME"');

/**
 * Recordings whose -o output prints the whole object: the stub's objects have none of the
 * fields the simulated API server defaults, so what is compared is the shape — keys sorted
 * at every level, as kubectl prints an object it read unstructured — not the text.
 */
const OUTPUT_SHAPE_ONLY = new Set(['label-output-json', 'annotate-output-yaml', 'scale-output-json']);

/** The keys of a JSON text sorted at every level, four-space indented: kubectl's -o json of an unstructured object. */
function sortedJsonText(text: string): string {
  return `${JSON.stringify(sortedDeep(JSON.parse(text)), null, 4)}\n`;
}

/** Left to the real kubectl: server-side apply (the simulated API server keeps no managedFields); refused below. */
const UNSUPPORTED = new Set(['apply-server-side']);

describe('the requests kubectl sends, against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-requests.sh'), 'utf8');
  const names = [...script.matchAll(/^capr (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names.filter((n) => !UNSUPPORTED.has(n))) {
    const rec = readRecording(name);
    it(`${name}: ${rec.command}`, () => {
      const { ports, local } = scenario();
      const sent: ServerRequest[] = [];
      const kube: KubeApiPort = {
        request: (req, opts) => {
          sent.push(structuredClone(req));
          return ports.kube!.request(req, opts);
        },
        watchSoFar: (req, opts) => ports.kube!.watchSoFar(req, opts),
        serverVersion: () => ports.kube!.serverVersion(),
      };
      const out = runCommandLine(local(captureCommandLine(rec.command)), undefined, { ...ports, kube }, { readFile: (path) => readFileSync(join(DIR, path), 'utf8') });
      if (OUTPUT_SHAPE_ONLY.has(name)) {
        expect({ ...out, stdout: '' }).toEqual({ stdout: '', stderr: local(rec.stderr), exitCode: rec.exit });
        if (rec.command.endsWith('-o json')) {
          expect(rec.stdout).toBe(sortedJsonText(rec.stdout));
          expect(out.stdout).toBe(sortedJsonText(out.stdout));
        } else expect(out.stdout).toMatch(/^apiVersion: v1\nkind: Pod\nmetadata:\n {2}annotations:\n {4}a: "1"\n/);
      } else expect(out).toEqual({ stdout: local(rec.stdout), stderr: local(rec.stderr), exitCode: rec.exit });
      const lines = sent.map(requestLine).filter((l): l is string => l !== undefined).map(anyTime);
      expect(lines).toEqual(rec.writes.map(local));
    });
  }

  it('refuses server-side apply with a clear error and sends nothing', () => {
    const { ports } = scenario();
    const rec = readRecording('apply-server-side');
    const out = runCommandLine(captureCommandLine(rec.command), undefined, ports, { readFile: (path) => readFileSync(join(DIR, path), 'utf8') });
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toMatch(/^error: server-side apply \(--server-side\) is not part of this simulation/);
    expect(runCommandLine('kubectl get deploy web -o jsonpath={.spec.template.spec.containers[0].image}', undefined, ports, {}).stdout).toBe('nginx:1.27');
  });
});
