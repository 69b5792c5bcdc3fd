// Replaying recordings of the real kubectl 1.32 made against label-stub.mjs (a stub API
// server that logs each request): a recording's command line, what it printed, and the
// writes it sent; the scenario's objects in a simulated cluster with no controllers (the
// API server alone), and the substitutions that turn the stub's uids, resourceVersions and
// times into the simulated cluster's. Shared by requests.test.ts and set.test.ts.
import type { KubeObject } from '../../../client';
import type { KubeApiPort, ServerRequest } from '../../../apiserver/server';
import { kindOfResource } from '../../../apiserver';
import { createSimulation } from '../../../cluster/index';
import type { TerminalPorts } from '../../command-line';
import { parseCapture } from '../../testkit/captures';
import { sortedDeep } from '../structured';

export interface Recording {
  command: string;
  stdout: string;
  stderr: string;
  exit: number;
  /** the write requests, as the stub logged them: `METHOD PATH?QUERY [CONTENT-TYPE] BODY` */
  writes: string[];
}

/** The recordings a capture script makes, by name: each `capr NAME …` line. */
export function recordingNames(script: string): string[] {
  return [...script.matchAll(/^capr (\S+) /gm)].map((m) => m[1] as string);
}

/** A recording's text: the capture, then `--- requests` and the stub's log lines. */
export function parseRecording(text: string): Recording {
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
export function requestLine(req: ServerRequest): string | undefined {
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

export interface Scenario {
  ports: TerminalPorts;
  /** the stub's uids, resourceVersions and timestamps in a recording, as the simulated cluster has them */
  local: (text: string) => string;
}

/** The scenario's objects in a simulated cluster with no controllers: Pods, Deployments (with their status), ReplicaSets owned by `web`, a Service, node-2 cordoned. */
/** `scenarioJson`: the text of the recordings' scenario.json. */
export function scenario(scenarioJson: string): Scenario {
  const sim = createSimulation({ topology: 'default', seed: 6, workers: 2, processes: [] });
  const ports = sim.ports();
  const kube = ports.kube!;
  const opts = { timeoutTicks: 3_000 };
  const must = (req: ServerRequest): KubeObject => {
    const r = kube.request(req, opts);
    if (!r.ok) throw new Error(`${req.verb} ${req.resource}: ${r.error.message}`);
    return r.value as KubeObject;
  };
  const objects = (JSON.parse(scenarioJson) as { objects: KubeObject[] }).objects;
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
  return { Pod: 'pods', Deployment: 'deployments', Service: 'services', ConfigMap: 'configmaps', Secret: 'secrets' }[o.kind ?? ''] ?? '';
}

/** The time in a restart's annotation, as the recordings write it. */
export const anyTime = (line: string): string => line.replace(/("kubectl\.kubernetes\.io\/restartedAt":")[^"]+"/, '$1TIME"');

/** The keys of a JSON text sorted at every level, four-space indented: kubectl's -o json of an unstructured object. */
export function sortedJsonText(text: string): string {
  return `${JSON.stringify(sortedDeep(JSON.parse(text)), null, 4)}\n`;
}

/** A port that records every request the runner sends, passing it on to `ports.kube`. */
export function recordingPort(ports: TerminalPorts, sent: ServerRequest[]): KubeApiPort {
  return {
    request: (req, opts) => {
      sent.push(structuredClone(req));
      return ports.kube!.request(req, opts);
    },
    watchSoFar: (req, opts) => ports.kube!.watchSoFar(req, opts),
    serverVersion: () => ports.kube!.serverVersion(),
  };
}
