// kubectl version: the recordings of the real kubectl 1.32.4 with no cluster
// (../testdata/real-1.32-version/) are the format; the simulated kubectl is the cluster's
// own release (KUBERNETES_VERSION, v1.32.2), so the recorded client build facts are swapped
// for it before comparing. With a cluster, the server's version follows; with the API
// server killed, kubectl prints the client's half and the refusal.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { KUBERNETES_VERSION } from '../../../apiserver/server';
import { runCommandLine } from '../../command-line';
import { parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-version');
/** the recorded Debian build of kubectl 1.32.4 → the simulated release */
const RECORDED_CLIENT: [string, string][] = [
  ['v1.32.4-dispatcher', KUBERNETES_VERSION.gitVersion],
  ['4cb5f0764b8d5f425645c6f433394fede34a8a26', KUBERNETES_VERSION.gitCommit],
  ['2025-05-15T20:09:34Z', KUBERNETES_VERSION.buildDate],
  ['go1.23.8', KUBERNETES_VERSION.goVersion],
  ['"minor": "32+"', '"minor": "32"'],
  ['minor: 32+', 'minor: "32"'],
];
const asSimulated = (s: string): string => RECORDED_CLIENT.reduce((t, [from, to]) => t.split(from).join(to), s);

describe('kubectl version', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
  it('has the recordings', () => expect(files.length).toBe(8));
  for (const file of files) {
    const c = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${c.command} with no cluster`, () => {
      const sim = createSimulation({ topology: 'etcd-only', seed: 1 });
      const p = sim.ports();
      const out = runCommandLine(c.command, undefined, { etcd: p.etcd, sim: p.sim }, {});
      expect(out).toEqual({ stdout: asSimulated(c.stdout), stderr: c.stderr, exitCode: c.exit });
    });
  }

  it('adds the server version from a running cluster, and refuses once its API server is killed', () => {
    const sim = createSimulation({ topology: 'default', seed: 1, workers: 1 });
    const ports = sim.ports();
    expect(runCommandLine('kubectl version', undefined, ports, {})).toEqual({
      stdout: 'Client Version: v1.32.2\nKustomize Version: v5.5.0\nServer Version: v1.32.2\n',
      stderr: '',
      exitCode: 0,
    });
    const json = JSON.parse(runCommandLine('kubectl version -o json', undefined, ports, {}).stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['clientVersion', 'kustomizeVersion', 'serverVersion']);
    expect(json.serverVersion).toEqual(KUBERNETES_VERSION);
    runCommandLine('sim kill kube-apiserver', undefined, ports, {});
    expect(runCommandLine('kubectl version', undefined, ports, {})).toEqual({
      stdout: 'Client Version: v1.32.2\nKustomize Version: v5.5.0\n',
      stderr: 'The connection to the server kube-apiserver:6443 was refused - did you specify the right host or port?\n',
      exitCode: 1,
    });
  });

  it('is the release every Node reports', () => {
    const sim = createSimulation({ topology: 'default', seed: 1, workers: 1 });
    const rows = runCommandLine('kubectl get nodes', undefined, sim.ports(), {}).stdout.split('\n').slice(1, -1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.trimEnd().endsWith(KUBERNETES_VERSION.gitVersion)).toBe(true);
  });
});
