// `kubectl get --server-print=false` against the real kubectl 1.32
// (../testdata/real-1.32-get-client-side/, recorded by ../testdata/capture-get-client-side.sh
// against label-stub.mjs with real-1.32-requests' scenario): each recording replayed through
// the runner in a simulated cluster holding the scenario's objects. The stub's objects were
// created on 2026-01-01 and recorded months later (AGE `330d`); the simulated clock is read
// that many days on, so the simulated objects, created within its first seconds, are as old.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandLine, type TerminalPorts } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { scenario } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-get-client-side');
const TICKS_PER_DAY = 24 * 60 * 60 * 100;

/** The ports with the clock read `days` later. */
function daysLater(ports: TerminalPorts, days: number): TerminalPorts {
  const sim = Object.assign(Object.create(ports.sim) as TerminalPorts['sim'], { now: () => ports.sim.now() + days * TICKS_PER_DAY });
  return { ...ports, sim };
}

describe('kubectl get --server-print=false against the real kubectl 1.32', () => {
  const names = [...readFileSync(join(DIR, '..', 'capture-get-client-side.sh'), 'utf8').matchAll(/^cap (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  const { ports } = scenario(readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8'));
  // the stub serves node-1 and node-2 and one Service; the simulated cluster also has its
  // control-plane Node, the `kubernetes` Service and the control plane's mirror Pods (no
  // kubelet runs here to write them again; grace period 0, as no kubelet would finish a graceful delete)
  for (const name of ['kube-apiserver-control-plane', 'kube-controller-manager-control-plane', 'kube-scheduler-control-plane']) {
    const gone = ports.kube!.request({ verb: 'delete', resource: 'pods', namespace: 'kube-system', name, gracePeriodSeconds: 0 }, { timeoutTicks: 3_000 });
    if (!gone.ok) throw new Error(gone.error.message);
  }
  for (const [resource, namespace, name] of [['nodes', '', 'control-plane'], ['services', 'default', 'kubernetes']] as const) {
    const gone = ports.kube!.request({ verb: 'delete', resource, namespace, name }, { timeoutTicks: 3_000 });
    if (!gone.ok) throw new Error(gone.error.message);
  }
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      const days = Number(/ (\d+)d\b/.exec(c.stdout)?.[1] ?? '0');
      expect(runCommandLine(captureCommandLine(c.command), undefined, daysLater(ports, days), {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }
});
