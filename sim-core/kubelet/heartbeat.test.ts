// The kubelet's node status: its machine facts put back — a status someone patched
// (allocatable, addresses, nodeInfo) is put right within 10 s, as the real kubelet's setters
// rewrite them from the machine and post what changed — and an unchanged status posted
// every 5 minutes only (nodeStatusReportFrequency), the Lease being the frequent heartbeat.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../cluster/index';
import { runCommandLine } from '../cli/command-line';
import { NODE_STATUS_REPORT_TICKS, NODE_STATUS_UPDATE_TICKS, machineStatus, nodeStatusHeartbeat } from './heartbeat';
import type { Node } from '../apiserver';

describe('the node status heartbeat', () => {
  it('keeps what it registered with over what someone patched', () => {
    const registered = { metadata: { name: 'n' }, status: { capacity: { pods: '110' }, allocatable: { pods: '110' }, addresses: [{ type: 'InternalIP', address: '10.0.0.1' }] } } as unknown as Node;
    const machine = machineStatus(registered);
    const patched = { ...registered, status: { allocatable: { pods: '0' } } } as unknown as Node;
    const status = nodeStatusHeartbeat(patched, 100, machine);
    expect(status.allocatable).toEqual({ pods: '110' });
    expect(status.addresses).toEqual([{ type: 'InternalIP', address: '10.0.0.1' }]);
    // an unchanged status keeps its key order (no write for nothing)
    expect(Object.keys(nodeStatusHeartbeat(registered, 100, machine))).toEqual(['capacity', 'allocatable', 'addresses', 'conditions', 'daemonEndpoints']);
  });

  it('puts a patched-away status back in a running cluster', () => {
    const ports = createSimulation({ topology: 'default', seed: 2, workers: 1 }).ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {});
    run('sim tick 500');
    run(`kubectl patch node node-1 --subresource=status --type=merge -p '{"status":{"allocatable":{"pods":"0"},"nodeInfo":null}}'`);
    expect(run('kubectl get node node-1 -o jsonpath={.status.allocatable.pods}').stdout).toBe('0');
    run(`sim tick ${NODE_STATUS_UPDATE_TICKS + 100}`);
    expect(run('kubectl get node node-1 -o jsonpath={.status.allocatable.pods}/{.status.nodeInfo.kubeletVersion}').stdout).toBe('110/v1.32.2');
  });

  it('posts an unchanged status every 5 minutes only, while the Lease is renewed every 10 s', () => {
    const ports = createSimulation({ topology: 'default', seed: 2, workers: 1 }).ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {}).stdout;
    run('sim tick 500');
    const heartbeat = () => run(`kubectl get node node-1 -o jsonpath='{.status.conditions[?(@.type=="Ready")].lastHeartbeatTime}'`);
    const renewed = () => run('kubectl get lease -n kube-node-lease node-1 -o jsonpath={.spec.renewTime}');
    const [beat, renew] = [heartbeat(), renewed()];
    expect(beat).toMatch(/^2026-/);
    run(`sim tick ${6 * NODE_STATUS_UPDATE_TICKS}`);
    expect(heartbeat()).toBe(beat);
    expect(renewed()).not.toBe(renew);
    run(`sim tick ${NODE_STATUS_REPORT_TICKS}`);
    expect(heartbeat()).not.toBe(beat);
    expect(run('kubectl get node node-1 --no-headers')).toMatch(/^node-1\s+Ready\s/);
  });
});
