// kubectl rollout over every Deployment of a namespace (TYPE alone), with -o name, and
// `history -o`, against the real kubectl 1.32 (../testdata/real-1.32-rollout/, recorded by
// ../testdata/capture-rollout.sh against label-stub.mjs with real-1.32-requests' scenario,
// listing in name order as an API server does): each recording replayed through the runner
// in a simulated cluster holding the scenario's objects (the API server alone), what it
// prints and the writes it sends, as requests.test.ts does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerRequest } from '../../../apiserver/server';
import { runCommandLine } from '../../command-line';
import { captureCommandLine } from '../../testkit/captures';
import { anyTime, parseRecording, recordingNames, recordingPort, requestLine, scenario as scenarioOf } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-rollout');
const scenario = () => scenarioOf(readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8'));

describe('kubectl rollout against the real kubectl 1.32', () => {
  const names = recordingNames(readFileSync(join(DIR, '..', 'capture-rollout.sh'), 'utf8'));
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names) {
    const rec = parseRecording(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${rec.command}`, () => {
      const { ports, local } = scenario();
      const sent: ServerRequest[] = [];
      const out = runCommandLine(local(captureCommandLine(rec.command)), undefined, { ...ports, kube: recordingPort(ports, sent) }, {});
      expect(out).toEqual({ stdout: local(rec.stdout), stderr: local(rec.stderr), exitCode: rec.exit });
      expect(sent.map(requestLine).filter((l): l is string => l !== undefined).map(anyTime)).toEqual(rec.writes.map(local));
    });
  }
});
