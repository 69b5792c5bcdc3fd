// kubectl logs TYPE/NAME waiting for a Pod (GetFirstPod), against the real kubectl 1.32
// (../testdata/real-1.32-logs-wait/, recorded by ../testdata/capture-logs-wait.sh against
// scenario-stub.mjs): each recording replayed through the runner in a simulated cluster with
// the scenario's objects and no controllers, so that no Pod comes unless the test brings
// one, the way the stub's timeline did — once the runner has begun to watch. The requests
// are compared as the stub logged them: the object, the Pods' list, a watch from its
// resourceVersion (the runner's in slices of simulated time), the log.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KubeApiPort, ServerRequest } from '../../../apiserver/server';
import type { KubeObject } from '../../../client';
import { createSimulation } from '../../../cluster/index';
import type { PodLogOptions } from '../../../kubelet/logRead';
import { runCommandLine, type TerminalPorts } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { loggingLess, sortByLogging } from './log-pods';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-logs-wait');
const script = readFileSync(join(DIR, '..', 'capture-logs-wait.sh'), 'utf8');
const recorded = [...script.matchAll(/^capw (\S+) (\S+) /gm)].map((m) => ({ name: m[1] as string, scenario: m[2] as string }));

interface Scenario {
  objects: KubeObject[];
  events: { at: number; op: 'put'; object: KubeObject }[];
}
const scenarioOf = (name: string) => JSON.parse(readFileSync(join(DIR, 'scenarios', `${name}.json`), 'utf8')) as Scenario;
const RESOURCE: Record<string, string> = { Pod: 'pods', Deployment: 'deployments', Service: 'services' };

/** A request as the stub logged it (discovery and the runner's own log request aside). */
function stubLine(req: ServerRequest, listVersion: () => string): string | undefined {
  const group = req.resource === 'deployments' ? '/apis/apps/v1' : '/api/v1';
  if (req.verb === 'get') return `GET ${group}/namespaces/${req.namespace}/${req.resource}/${req.name}`;
  const selector = 'labelSelector' in req && req.labelSelector !== undefined ? `labelSelector=${encodeURIComponent(req.labelSelector)}` : '';
  if (req.verb === 'list') return `GET ${group}/namespaces/${req.namespace}/${req.resource}?${selector}`;
  if (req.verb === 'watch') return `GET ${group}/namespaces/${req.namespace}/${req.resource}?${selector}&resourceVersion=${req.resourceVersion === listVersion() ? 'LIST' : req.resourceVersion}&watch=true`;
  return undefined;
}

/** The stub's answer to a Pod's log: two lines naming it (an unscheduled one is the simulated API server's to answer). */
const stubLog = (pod: string, options: PodLogOptions) => ({ ok: true as const, text: [1, 2].map((n) => `${pod}/${options.container ?? ''} line ${n}\n`).join('') });

/**
 * The scenario's objects in a cluster with no controllers; the timeline's Pods created when
 * the runner first watches (created by the stub while kubectl watched), and every request
 * the runner makes logged as the stub logs it.
 */
function replay(sc: Scenario) {
  const sim = createSimulation({ topology: 'default', seed: 3, workers: 1, processes: [] });
  const ports = sim.ports();
  const kube = ports.kube!;
  const opts = { timeoutTicks: 3_000 };
  const create = (o: KubeObject) => {
    const { status, ...body } = o as KubeObject & { status?: unknown };
    const { uid: _u, creationTimestamp: _c, ...metadata } = body.metadata ?? {};
    const r = kube.request({ verb: 'create', resource: RESOURCE[o.kind ?? '']!, namespace: 'default', body: { ...body, metadata } }, opts);
    if (!r.ok) throw new Error(r.error.message);
    if (status !== undefined) kube.request({ verb: 'updateStatus', resource: RESOURCE[o.kind ?? '']!, namespace: 'default', body: { ...(r.value as KubeObject), status } as KubeObject }, opts);
  };
  for (const o of sc.objects) create(o);
  const requests: string[] = [];
  let listed = '';
  let pending = [...sc.events];
  const logged: KubeApiPort = {
    request: (req, o) => {
      const r = kube.request(req, o);
      const line = stubLine(req, () => listed);
      if (line !== undefined) requests.push(line);
      if (req.verb === 'list' && r.ok) listed = (r.value as { resourceVersion: string }).resourceVersion;
      return r;
    },
    watchSoFar: (req, o) => {
      const line = stubLine(req, () => listed);
      if (line !== undefined && requests.at(-1) !== line) requests.push(line);
      for (const e of pending) create(e.object);
      pending = [];
      return kube.watchSoFar(req, o);
    },
    serverVersion: () => kube.serverVersion(),
  };
  const terminal: TerminalPorts = {
    ...ports,
    kube: logged,
    podLogs: (namespace, pod, options, resume) => {
      requests.push(`GET /api/v1/namespaces/${namespace}/pods/${pod}/log?container=${options.container ?? ''}${options.follow === true ? '&follow=true' : ''}`);
      const scheduled = sc.events.some((e) => e.object.metadata?.name === pod && (e.object.spec as { nodeName?: string } | undefined)?.nodeName !== undefined);
      return scheduled ? stubLog(pod, options) : ports.podLogs!(namespace, pod, options, resume);
    },
  };
  return { sim, ports: terminal, requests };
}

/** The stub's log of requests, its resourceVersions generic and its timeline left out. */
function recordedRequests(text: string): string[] {
  const lines = (text.split('--- requests\n')[1] ?? '').split('\n').filter((l) => l !== '' && !l.startsWith('t+'));
  return lines.map((l) => l.replace(/resourceVersion=\d+/, 'resourceVersion=LIST'));
}

describe('kubectl logs TYPE/NAME against the real kubectl 1.32: waiting for a Pod', () => {
  it('has every recording the script makes', () => {
    expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(recorded.map((r) => `${r.name}.txt`).sort());
  });
  for (const { name, scenario } of recorded) {
    const text = readFileSync(join(DIR, `${name}.txt`), 'utf8');
    const c = parseCapture(text.split('--- requests\n')[0] as string);
    it(`${name} (${scenario}): ${c.command}`, () => {
      const { sim, ports, requests } = replay(scenarioOf(scenario));
      const start = sim.now;
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
      expect(requests).toEqual(recordedRequests(text));
      // the wait lasts --pod-running-timeout, in simulated time (the requests before it take a few ticks)
      const timeout = /--pod-running-timeout=(\d+)(ms|s)\b/.exec(c.command);
      if (timeout && c.stderr.includes('timed out')) {
        const ticks = Number(timeout[1]) * (timeout[2] === 's' ? 100 : 0.1);
        expect(sim.now - start).toBeGreaterThanOrEqual(ticks);
        expect(sim.now - start).toBeLessThan(ticks + 100);
      }
    });
  }
});

describe('ByLogging, the order kubectl reads Pods in', () => {
  const pod = (name: string, o: { node?: string; phase?: string; readySince?: string; restarts?: number; created?: string } = {}): KubeObject =>
    ({
      kind: 'Pod',
      metadata: { name, creationTimestamp: o.created ?? '2026-01-01T00:00:00Z' },
      spec: { ...(o.node !== undefined ? { nodeName: o.node } : {}), containers: [{ name: 'c' }] },
      status: {
        ...(o.phase !== undefined ? { phase: o.phase } : {}),
        conditions: o.readySince !== undefined ? [{ type: 'Ready', status: 'True', lastTransitionTime: o.readySince }] : [],
        containerStatuses: [{ name: 'c', restartCount: o.restarts ?? 0 }],
      },
    }) as KubeObject;
  const names = (pods: KubeObject[]) => sortByLogging(pods as never).map((p) => p.metadata?.name);

  it('scheduled, then Running (Succeeded and Failed count as Running) before Unknown before Pending, then ready', () => {
    expect(names([pod('unscheduled', { phase: 'Running' }), pod('pending', { node: 'n', phase: 'Pending' }), pod('unknown', { node: 'n', phase: 'Unknown' }), pod('done', { node: 'n', phase: 'Succeeded' })])).toEqual(['done', 'unknown', 'pending', 'unscheduled']);
    expect(names([pod('running', { node: 'n', phase: 'Running' }), pod('ready', { node: 'n', phase: 'Running', readySince: '2026-01-01T00:01:00Z' })])).toEqual(['ready', 'running']);
  });

  it('ready longer, then more restarts, then older; equal ones stay where Go’s sort leaves them', () => {
    const r = { node: 'n', phase: 'Running' };
    expect(names([pod('later', { ...r, readySince: '2026-01-01T00:02:00Z' }), pod('earlier', { ...r, readySince: '2026-01-01T00:01:00Z' })])).toEqual(['earlier', 'later']);
    expect(names([pod('calm', r), pod('flapping', { ...r, restarts: 3 })])).toEqual(['flapping', 'calm']);
    expect(names([pod('young', { ...r, created: '2026-01-01T00:05:00Z' }), pod('old', { ...r, created: '2026-01-01T00:01:00Z' })])).toEqual(['old', 'young']);
    expect(loggingLess(pod('a', r) as never, pod('b', r) as never)).toBe(false);
    expect(names([pod('b', r), pod('a', r)])).toEqual(['b', 'a']);
  });
});
