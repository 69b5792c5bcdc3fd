// With no API server (the etcd-only topology), kubectl must print what the real kubectl
// 1.32 printed with an empty kubeconfig (../testdata/real-1.32-no-server/, recorded by
// ../testdata/capture.sh). klog headers are compared without their time and thread id.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { parseCapture } from '../../testkit/captures';
import { runCommandLine } from '../../command-line';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-no-server');
const KLOG_HEADER = /^([EWI])\d{4} \d\d:\d\d:\d\d\.\d{6}\s+\d+ /gm;
const normalize = (s: string): string => s.replace(KLOG_HEADER, '$1<klog> ');

const WEB = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n';
/** the workspace capture.sh recorded in */
const FILES: Record<string, string> = { 'web.yaml': WEB, 'manifests/web.yaml': WEB, 'manifests/pod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: hello\n' };

describe('kubectl without an API server', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
  it('has recordings', () => expect(files.length).toBeGreaterThanOrEqual(6));
  for (const file of files) {
    const c = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${c.command}`, () => {
      const sim = createSimulation({ topology: 'etcd-only', seed: 1 });
      const p = sim.ports();
      const out = runCommandLine(c.command, undefined, { etcd: p.etcd, sim: p.sim }, { readFile: (path) => FILES[path], listFiles: () => Object.keys(FILES) });
      expect(out.stdout).toBe(c.stdout);
      expect(normalize(out.stderr)).toBe(normalize(c.stderr));
      expect(out.exitCode).toBe(c.exit);
    });
  }

  it('still builds `create deployment --dry-run=client` on the client', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 1 });
    const p = sim.ports();
    const out = runCommandLine('kubectl create deployment web --image=nginx --dry-run=client', undefined, { etcd: p.etcd, sim: p.sim });
    expect(out).toEqual({ stdout: 'deployment.apps/web created (dry run)\n', stderr: '', exitCode: 0 });
  });
});
