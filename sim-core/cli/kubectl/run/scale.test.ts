// kubectl scale --timeout (scale.go WaitForScaleHasDesiredReplicas): after the scale, the
// Scale is read every simulated second until its status has the replicas asked for. The
// requests and texts of scale itself are checked against the real kubectl in
// requests.test.ts and metadata.test.ts.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROCESSES } from '../../../cluster/index';
import { testTerminal } from './testkit';

describe('kubectl scale --timeout', () => {
  it('waits until the controllers have made the replicas, then prints scaled', () => {
    const t = testTerminal({ workers: 2, processes: DEFAULT_PROCESSES });
    t.run('kubectl create deployment web --image=nginx:1.27 --replicas=1');
    t.run('sim settle');
    // without --timeout the command returns before the controllers have acted
    t.run('kubectl scale deployment web --replicas=2');
    expect(t.run('kubectl get deploy web -o jsonpath={.status.replicas}').stdout).toBe('1');
    t.run('sim settle');
    expect(t.run('kubectl scale deployment web --replicas=4 --timeout=1m')).toEqual({ stdout: 'deployment.apps/web scaled\n', stderr: '', exitCode: 0 });
    expect(t.run('kubectl get deploy web -o jsonpath={.status.replicas}').stdout).toBe('4');
  });

  it('with nobody to make them, gives up after the timeout with kubectl’s text', () => {
    const t = testTerminal();
    t.run('kubectl create deployment web --image=nginx:1.27 --replicas=1');
    const before = t.ports.sim.now();
    expect(t.run('kubectl scale deployment web --replicas=3 --timeout=3s')).toEqual({ stdout: '', stderr: 'error: timed out waiting for "web" to be synced\n', exitCode: 1 });
    expect(t.ports.sim.now() - before).toBeGreaterThanOrEqual(300);
    // the scale itself was written
    expect(t.run('kubectl get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('3');
  });
});
