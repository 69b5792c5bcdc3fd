// kubectl logs' refusals once it has read the object, against the real kubectl 1.32
// (../testdata/real-1.32-logs/, recorded by ../testdata/capture-logs.sh against label-stub.mjs
// with real-1.32-requests' scenario): each recording replayed through the runner in a
// simulated cluster holding the scenario's objects; none reaches the log itself. Then which
// containers' logs it prints (real-1.32-logs/scenario.json, each container's log two lines
// naming it, as the stub and the fake kubelet here answer), and what it asks of the kubelet
// (the log request's query: the options as kubectl sends them) and how it prints the answer.
// The fake kubelet is the simulation's own reader (kubelet/logRead.ts) over the stub's lines,
// line N written at second N; like the stub it does not apply --since (its lines are months
// old when recorded): the request shows what kubectl asked, kubelet.test.ts what is applied.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import type { TerminalPorts } from '../../command-line';
import type { KubeObject } from '../../../client';
import { createSimulation } from '../../../cluster/index';
import { readLog, type PodLogOptions } from '../../../kubelet/logRead';
import { parseRecording, scenario as replayScenario } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-logs');

/** The stub's log of a container: line N written at second N (tick N·100), read as the kubelet reads it, --since aside. */
function stubLog(pod: string, options: PodLogOptions): { ok: true; text: string } {
  const { sinceSeconds: _s, sinceTime: _t, ...read } = options;
  const lines = [1, 2].map((n) => ({ at: n * 100, text: `${pod}/${options.container ?? ''} line ${n}` }));
  return { ok: true, text: readLog(lines, read, 1_000) };
}

/** PodLogOptions as client-go's parameter codec puts them in the query (url.Values.Encode: keys sorted, `:` escaped). */
function clientQuery(options: PodLogOptions): string {
  const params: [string, string][] = [];
  if (options.container !== undefined) params.push(['container', options.container]);
  if (options.follow === true) params.push(['follow', 'true']);
  if (options.limitBytes !== undefined) params.push(['limitBytes', String(options.limitBytes)]);
  if (options.previous === true) params.push(['previous', 'true']);
  if (options.sinceSeconds !== undefined) params.push(['sinceSeconds', String(options.sinceSeconds)]);
  if (options.sinceTime !== undefined) params.push(['sinceTime', options.sinceTime]);
  if (options.tailLines !== undefined) params.push(['tailLines', String(options.tailLines)]);
  if (options.timestamps === true) params.push(['timestamps', 'true']);
  params.sort(([a], [b]) => (a < b ? -1 : 1));
  return params.length === 0 ? '' : `?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

describe('kubectl logs against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-logs.sh'), 'utf8');
  const all = [...script.matchAll(/^cap([lcqd]) (\S+) /gm)];
  const names = all.filter((m) => m[1] === 'l').map((m) => m[2] as string);
  const containerNames = all.filter((m) => m[1] === 'c').map((m) => m[2] as string);
  const requestNames = all.filter((m) => m[1] === 'q' || m[1] === 'd').map((m) => [m[2] as string, m[1] === 'd'] as const);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(all.map((m) => `${m[2]}.txt`).sort()));
  const { ports } = replayScenario(readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8'));
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }

  describe('which containers, and how', () => {
    // the scenario's Pods in a cluster with no controllers or kubelets
    const sim = createSimulation({ topology: 'default', seed: 6, workers: 2, processes: [] }).ports();
    for (const o of (JSON.parse(readFileSync(join(DIR, 'scenario.json'), 'utf8')) as { objects: unknown[] }).objects) {
      const r = runCommandLine('kubectl create -f -', JSON.stringify(o), sim, {});
      if (r.exitCode !== 0) throw new Error(r.stderr);
    }
    const ports: TerminalPorts = { ...sim, podLogs: (_ns, pod, options) => stubLog(pod, options) };
    for (const name of containerNames) {
      const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
      it(`${name}: ${c.command}`, () => {
        const out = runCommandLine(captureCommandLine(c.command), undefined, ports, {});
        if (c.command.includes('--all-containers')) {
          // kubectl's order is Go's map order (a rotation of init containers, then containers); the simulation's is that order
          const lines = (text: string) => text.split('\n').sort();
          expect({ ...out, stdout: lines(out.stdout) }).toEqual({ stdout: lines(c.stdout), stderr: c.stderr, exitCode: c.exit });
          expect(out.stdout.split('\n').filter((l) => l.endsWith(' line 2')).map((l) => l.replace(/^\[[^\]]*\] /, '').split(' ')[0])).toEqual(['duo/setup', 'duo/app', 'duo/sidecar']);
        } else expect(out).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
      });
    }
  });

  describe('what it asks of the kubelet, and how it prints the answer', () => {
    const objects = (JSON.parse(readFileSync(join(DIR, 'scenario.json'), 'utf8')) as { objects: KubeObject[] }).objects;
    const sim = createSimulation({ topology: 'default', seed: 6, workers: 2, processes: [] }).ports();
    for (const o of objects) {
      const r = runCommandLine('kubectl create -f -', JSON.stringify(o), sim, {});
      if (r.exitCode !== 0) throw new Error(r.stderr);
    }
    const deployments = replayScenario(readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8')).ports;
    for (const [name, ofDeployment] of requestNames) {
      const rec = parseRecording(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
      it(`${name}: ${rec.command}`, () => {
        const asked: string[] = [];
        const cluster = ofDeployment ? deployments : sim;
        const ports: TerminalPorts = {
          ...cluster,
          podLogs: (ns, pod, options) => {
            asked.push(`GET /api/v1/namespaces/${ns}/pods/${pod}/log${clientQuery(options)}`);
            const failure = objects.find((o) => o.metadata?.name === pod)?.metadata?.annotations?.['stub/log-error'];
            return failure !== undefined ? { ok: false, error: failure } : stubLog(pod, options);
          },
        };
        const out = runCommandLine(captureCommandLine(rec.command), undefined, ports, {});
        const recorded = (readFileSync(join(DIR, `${name}.txt`), 'utf8').split('--- requests\n')[1] ?? '').split('\n').filter((l) => /\/log(\?|$)/.test(l));
        if (/ -l |--all-containers|--all-pods/.test(rec.command)) {
          // kubectl reads its requests in Go's map order; the simulation in the order it made them
          const lines = (text: string) => text.split('\n').sort();
          expect({ ...out, stdout: lines(out.stdout) }).toEqual({ stdout: lines(rec.stdout), stderr: rec.stderr, exitCode: rec.exit });
          expect([...asked].sort()).toEqual([...recorded].sort());
        } else {
          expect(out).toEqual({ stdout: rec.stdout, stderr: rec.stderr, exitCode: rec.exit });
          expect(asked).toEqual(recorded);
        }
      });
    }
  });
});
