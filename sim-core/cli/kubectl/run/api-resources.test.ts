// kubectl api-resources (and api-versions) against the real kubectl 1.32 (../testdata/real-1.32-api-resources/,
// recorded by ../testdata/capture-api-resources.sh against a server whose discovery is the
// simulated API server's own, apiserver/discovery.ts): the same lines in a simulated
// cluster print the same text. With the API server killed, the header and the refusal.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { discoveryDocuments } from '../../../apiserver';
import { runCommandLine } from '../../command-line';
import { parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-api-resources');

describe('kubectl api-resources against the real kubectl 1.32', () => {
  it('was recorded against the discovery this simulation serves', () => {
    const recorded = JSON.parse(readFileSync(join(DIR, 'discovery.json'), 'utf8')) as Record<string, unknown>;
    const port = /127\.0\.0\.1:(\d+)/.exec(JSON.stringify(recorded['/api']))?.[1];
    expect(recorded).toEqual(JSON.parse(JSON.stringify(discoveryDocuments(`127.0.0.1:${port}`))));
  });
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
  it('has the recordings', () => expect(files.length).toBe(20));
  const sim = createSimulation({ topology: 'default', seed: 1, workers: 1 });
  const ports = sim.ports();
  for (const file of files) {
    const c = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${c.command}`, () => {
      expect(runCommandLine(c.command, undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }
  it('prints the header and the refusal when the API server is down', () => {
    const s = createSimulation({ topology: 'default', seed: 1, workers: 1 });
    runCommandLine('sim kill kube-apiserver', undefined, s.ports(), {});
    expect(runCommandLine('kubectl api-resources', undefined, s.ports(), {})).toEqual({
      stdout: 'NAME   SHORTNAMES   APIVERSION   NAMESPACED   KIND\n',
      stderr: 'The connection to the server kube-apiserver:6443 was refused - did you specify the right host or port?\n',
      exitCode: 1,
    });
  });
});
