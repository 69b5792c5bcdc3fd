// kubectl wait in a simulated cluster (its refusals of a malformed --for are replayed
// against the real kubectl's recordings by the parser's test, what it prints while waiting
// by wait-recordings.test.ts): simulated time advances while it waits, and --timeout bounds it.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { parseWaitCondition, conditionMet } from '../wait-condition';

describe('kubectl wait', () => {
  it('waits in simulated time for a condition, and times out on one that never comes', () => {
    const sim = createSimulation({ topology: 'default', seed: 8, workers: 1 });
    const ports = sim.ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {});
    run('kubectl create deployment web --image=nginx:1.27');
    const before = sim.now;
    expect(run('kubectl wait --for=condition=Available deployment/web')).toEqual({ stdout: 'deployment.apps/web condition met\n', stderr: '', exitCode: 0 });
    expect(sim.now).toBeGreaterThan(before);
    const start = sim.now;
    expect(run('kubectl wait --for=condition=Bogus deployment/web --timeout=3s')).toEqual({ stdout: '', stderr: 'error: timed out waiting for the condition on deployments/web\n', exitCode: 1 });
    // 3 s of polling, plus the reads themselves
    expect(sim.now - start).toBeGreaterThanOrEqual(300);
    expect(sim.now - start).toBeLessThan(400);
    // a zero timeout reads once (condition.go: `condition not met for …`)
    expect(run('kubectl wait --for=condition=Bogus deployment/web --timeout=0')).toEqual({ stdout: '', stderr: 'error: condition not met for deployments/web\n', exitCode: 1 });
  });

  it('waits for a deletion, and treats an object already gone as done', () => {
    const ports = createSimulation({ topology: 'default', seed: 8, workers: 1 }).ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {});
    run('kubectl run web --image=nginx:1.27');
    run('sim settle');
    run('kubectl delete pod web --wait=false');
    expect(run('kubectl wait --for=delete pod/web --timeout=60s').stdout).toBe('pod/web condition met\n');
    expect(run('kubectl wait --for=delete pod/web')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('reads conditions as wait.go does: case-insensitive, not before the generation is observed', () => {
    const c = parseWaitCondition('condition=available');
    if (!c.ok) throw new Error(c.error);
    const d = (observed: number, status: string) => ({ metadata: { generation: 2 }, status: { observedGeneration: observed, conditions: [{ type: 'Available', status }] } });
    expect(conditionMet(c.value, d(2, 'True'))).toBe(true);
    expect(conditionMet(c.value, d(1, 'True'))).toBe(false);
    expect(conditionMet(c.value, d(2, 'False'))).toBe(false);
    const j = parseWaitCondition("jsonpath={.status.replicas}='3'");
    if (!j.ok) throw new Error(j.error);
    expect(conditionMet(j.value, { status: { replicas: 3 } })).toBe(true);
    expect(conditionMet(j.value, { status: { replicas: 2 } })).toBe(false);
  });
});

describe('kubectl wait --for=create', () => {
  it('waits for a named object to appear', () => {
    const sim = createSimulation({ topology: 'default', seed: 8, workers: 1 });
    const ports = sim.ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {});
    // wait.go's poll for creation times out with the bare ErrWaitTimeout text
    expect(run('kubectl wait --for=create configmap/later --timeout=2s')).toEqual({ stdout: '', stderr: 'error: timed out waiting for the condition\n', exitCode: 1 });
    run('kubectl create deployment web --image=nginx:1.27');
    expect(run('kubectl wait --for=create deployment/web').stdout).toBe('deployment.apps/web condition met\n');
  });
});
