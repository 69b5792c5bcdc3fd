// kubectl rollout pause|resume: spec.paused patched, kubectl's messages (rollout_pause.go,
// rollout_resume.go, ObjectPauser/ObjectResumer), and the Deployment controller holding a
// new template back until the Deployment is resumed.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';

describe('kubectl rollout pause|resume', () => {
  it('holds a rollout until resumed, and says so when there is nothing to do', () => {
    const sim = createSimulation({ topology: 'default', seed: 4, workers: 2 });
    const ports = sim.ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {});
    run('kubectl create deployment web --image=nginx:1.27 --replicas=2');
    run('sim settle');
    expect(run('kubectl rollout pause deployment/web')).toEqual({ stdout: 'deployment.apps/web paused\n', stderr: '', exitCode: 0 });
    expect(run('kubectl rollout pause deploy web')).toEqual({ stdout: '', stderr: 'error: deployments.apps "web" is already paused\n', exitCode: 1 });
    run('kubectl set image deployment/web nginx=nginx:1.26');
    run('sim settle');
    // paused: no ReplicaSet for the new template
    expect(run('kubectl get rs -o name').stdout.trim().split('\n')).toHaveLength(1);
    expect(run('kubectl get deploy web -o jsonpath={.spec.paused}').stdout).toBe('true');
    expect(run('kubectl rollout resume deployment/web')).toEqual({ stdout: 'deployment.apps/web resumed\n', stderr: '', exitCode: 0 });
    expect(run('kubectl get deploy web -o jsonpath={.spec.paused}').stdout).toBe('');
    expect(run('kubectl rollout resume deployment/web')).toEqual({ stdout: '', stderr: 'error: deployments.apps "web" is not paused\n', exitCode: 1 });
    run('sim settle');
    expect(run('kubectl get deploy web -o jsonpath={.spec.template.spec.containers[0].image}/{.status.updatedReplicas}').stdout).toBe('nginx:1.26/2');
  });

  it('pauses only Deployments', () => {
    const sim = createSimulation({ topology: 'default', seed: 4, workers: 1 });
    const ports = sim.ports();
    runCommandLine('kubectl create deployment web --image=nginx:1.27', undefined, ports, {});
    runCommandLine('sim settle', undefined, ports, {});
    const rs = runCommandLine('kubectl get rs -o name', undefined, ports, {}).stdout.trim();
    expect(runCommandLine(`kubectl rollout pause ${rs}`, undefined, ports, {})).toMatchObject({ stderr: `error: replicasets.apps "${rs.split('/')[1]}" pausing is not supported\n`, exitCode: 1 });
  });
});
