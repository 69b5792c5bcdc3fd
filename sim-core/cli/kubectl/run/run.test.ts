// kubectl run in a simulated cluster (its client-side checks and objects are replayed
// against the real kubectl's recordings in client-side.test.ts): a bare Pod nobody
// recreates, and --expose's Service failing after the Pod was made.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';

describe('kubectl run', () => {
  it('makes a bare Pod that nothing recreates once deleted', () => {
    const ports = createSimulation({ topology: 'default', seed: 6, workers: 1 }).ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {});
    expect(run('kubectl run web --image=nginx:1.27').stdout).toBe('pod/web created\n');
    run('sim settle');
    expect(run('kubectl get pod web -o jsonpath={.status.phase}/{.metadata.labels.run}/{.metadata.ownerReferences}').stdout).toBe('Running/web/');
    run('kubectl delete pod web');
    run('sim settle');
    expect(run('kubectl get pods')).toMatchObject({ stdout: '', stderr: 'No resources found in default namespace.\n' });
  });

  it('reports the Pod it made before the Service --expose could not make', () => {
    const ports = createSimulation({ topology: 'default', seed: 6, workers: 1 }).ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {});
    expect(run('kubectl run web --image=nginx:1.27 --port=80 --expose').stdout).toBe('service/web created\npod/web created\n');
    run('kubectl delete pod web --grace-period=0 --force');
    expect(run('kubectl run web --image=nginx:1.27 --port=80 --expose')).toEqual({
      stdout: 'pod/web created\n',
      stderr: 'Error from server (AlreadyExists): services "web" already exists\n',
      exitCode: 1,
    });
  });
});
