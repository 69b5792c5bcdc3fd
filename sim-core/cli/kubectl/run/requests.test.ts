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
import type { ServerRequest } from '../../../apiserver/server';
import { runCommandLine } from '../../command-line';
import { captureCommandLine } from '../../testkit/captures';
import { anyTime, parseRecording, recordingPort, requestLine, scenario as scenarioOf, sortedJsonText, recordingNames } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-requests');
const readRecording = (name: string) => parseRecording(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
const scenario = () => scenarioOf(readFileSync(join(DIR, 'scenario.json'), 'utf8'));

/**
 * Recordings whose -o output prints the whole object: the stub's objects have none of the
 * fields the simulated API server defaults, so what is compared is the shape — keys sorted
 * at every level, as kubectl prints an object it read unstructured — not the text.
 */
const OUTPUT_SHAPE_ONLY = new Set(['label-output-json', 'annotate-output-yaml', 'scale-output-json']);


/** Left to the real kubectl: server-side apply (the simulated API server keeps no managedFields); refused below. */
const UNSUPPORTED = new Set(['apply-server-side']);

describe('the requests kubectl sends, against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-requests.sh'), 'utf8');
  const names = recordingNames(script);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names.filter((n) => !UNSUPPORTED.has(n))) {
    const rec = readRecording(name);
    it(`${name}: ${rec.command}`, () => {
      const { ports, local } = scenario();
      const sent: ServerRequest[] = [];
      const kube = recordingPort(ports, sent);
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
