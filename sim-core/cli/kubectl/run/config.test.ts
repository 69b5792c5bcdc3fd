// kubectl config against the real kubectl 1.32 (../testdata/real-1.32-config/, recorded by
// ../testdata/capture-config.sh): `admin-*` with the admin.conf kubeadm writes for this
// cluster (the default topology's kubectl), `none-*` and `config-*` with no kubeconfig (the
// etcd-only topology's).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-config');

describe('kubectl config against the real kubectl 1.32', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
  it('has the recordings', () => expect(files.length).toBe(29));
  const withCluster = createSimulation({ topology: 'default', seed: 1, workers: 1 }).ports();
  const etcdOnly = createSimulation({ topology: 'etcd-only', seed: 1 });
  const withoutCluster = { etcd: etcdOnly.ports().etcd, sim: etcdOnly.ports().sim };
  for (const file of files) {
    const c = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${c.command}`, () => {
      const ports = file.startsWith('admin-') ? withCluster : withoutCluster;
      expect(runCommandLine(c.command, undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }
  it('refuses the subcommands that would change the kubeconfig, with a clear message', () => {
    expect(runCommandLine('kubectl config set-context --current --namespace=prod', undefined, withCluster, {})).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('"kubectl config set-context" is not part of this simulation') });
  });
});
