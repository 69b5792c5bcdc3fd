// kubectl rollout over every Deployment of a namespace (TYPE alone), with -o name, and
// `history -o`, against the real kubectl 1.32 (../testdata/real-1.32-rollout/, recorded by
// ../testdata/capture-rollout.sh against label-stub.mjs with real-1.32-requests' scenario,
// listing in name order as an API server does): each recording replayed through the runner
// in a simulated cluster holding the scenario's objects (the API server alone), what it
// prints and the writes it sends, as requests.test.ts does. `rollout status` over them all:
// nothing changes them (no controllers here, a stub there), so --timeout runs out on each.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../apiserver';
import type { ServerRequest } from '../../../apiserver/server';
import type { KubeObject } from '../../../client';
import type { TerminalPorts } from '../../command-line';
import { runCommandLine } from '../../command-line';
import { captureCommandLine } from '../../testkit/captures';
import { anyTime, parseRecording, recordingNames, recordingPort, requestLine, scenario as scenarioOf } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-rollout');
const scenario = () => scenarioOf(readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8'));

/**
 * The stub's Deployments carry no metadata.generation, which the status viewer reads as 0,
 * never above status.observedGeneration (also 0): observed. The simulated API server gives
 * each generation 1, so for `rollout status` their status says the controller observed it.
 */
function observeGenerations(ports: TerminalPorts): void {
  const kube = ports.kube!;
  const list = kube.request({ verb: 'list', resource: 'deployments', namespace: 'default' }, { timeoutTicks: 3_000 });
  if (!list.ok) throw new Error(list.error.message);
  for (const d of (list.value as { items: Deployment[] }).items) {
    const r = kube.request({ verb: 'updateStatus', resource: 'deployments', namespace: 'default', body: { ...d, status: { ...d.status, observedGeneration: d.metadata?.generation } } as KubeObject }, { timeoutTicks: 3_000 });
    if (!r.ok) throw new Error(r.error.message);
  }
}

describe('kubectl rollout against the real kubectl 1.32', () => {
  const names = recordingNames(readFileSync(join(DIR, '..', 'capture-rollout.sh'), 'utf8'));
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names) {
    const rec = parseRecording(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${rec.command}`, () => {
      const { ports, local } = scenario();
      if (name.startsWith('status-')) observeGenerations(ports);
      const sent: ServerRequest[] = [];
      const out = runCommandLine(local(captureCommandLine(rec.command)), undefined, { ...ports, kube: recordingPort(ports, sent) }, {});
      expect(out).toEqual({ stdout: local(rec.stdout), stderr: local(rec.stderr), exitCode: rec.exit });
      expect(sent.map(requestLine).filter((l): l is string => l !== undefined).map(anyTime)).toEqual(rec.writes.map(local));
    });
  }
});
