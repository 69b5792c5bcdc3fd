// The worker host run directly in Node: what the learner does is recorded as an action
// log, and the log replays on a fresh simulation to the very same state (the lab's
// server-side grading depends on it).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SimHost, replayActionLog, faultCommandLine } from './sim-host';
import type { Fault, HostScenario } from './protocol';

const threeMembers: HostScenario = { id: 'l4-raft-three', topology: 'etcd-only', seed: 404, members: 3, setup: ['sim tick 300'] };

function host(scenario: HostScenario = threeMembers): SimHost {
  const created = SimHost.create(scenario);
  if (!created.ok) throw new Error(`cannot build ${scenario.id}`);
  return created.host;
}

describe('SimHost', () => {
  it('runs the scenario setup before the learner arrives, without logging it', () => {
    const created = SimHost.create({ ...threeMembers, setup: ['sim tick 300', 'etcdctl put a 1'] });
    if (!created.ok) throw new Error('unsupported');
    expect(created.setup.map((r) => r.stdout)).toEqual([expect.stringMatching(/^ticked 300/), 'OK\n']);
    expect(created.host.actionLog()).toEqual([]);
    expect(created.host.keyspace().keys.map((k) => k.key)).toEqual(['a']);
  });

  it('says honestly when createSimulation cannot build a topology, instead of failing', () => {
    const unknown = { ...threeMembers, topology: 'mesh' as unknown as 'default' };
    expect(SimHost.create(unknown)).toEqual({ ok: false, error: 'unsupported-topology', topology: 'mesh' });
  });

  it('builds the Kubernetes topology through createSimulation, with kubectl in the terminal', () => {
    const created = SimHost.create({ ...threeMembers, topology: 'default', setup: [] });
    if (!created.ok) throw new Error('the default topology is not built');
    expect(created.host.runCommand('kubectl get nodes').exitCode).toBe(0);
  });

  it('builds the HA control plane a lab asks for (controlPlanes), as grading builds it', () => {
    const created = SimHost.create({ ...threeMembers, topology: 'default', controlPlanes: 3, setup: [] });
    if (!created.ok) throw new Error('the default topology is not built');
    const nodes = created.host.runCommand('kubectl get nodes').stdout;
    expect(nodes.split('\n').filter((l) => / control-plane /.test(l)).map((l) => l.split(' ')[0])).toEqual(['control-plane', 'control-plane-2', 'control-plane-3']);
    expect(created.host.runCommand('sim kill kube-controller-manager@control-plane-3').stdout).toBe('killed kube-controller-manager@control-plane-3\n');
  });

  it('shows a put in the keyspace with etcd 3.4 revisions and pretty JSON', () => {
    const h = host();
    expect(h.runCommand('etcdctl put greeting hello').stdout).toBe('OK\n');
    expect(h.runCommand('etcdctl put /registry/pods/default/web \'{"kind":"Pod","metadata":{"name":"web"}}\'').stdout).toBe('OK\n');
    expect(h.runCommand('etcdctl put greeting hi').stdout).toBe('OK\n');
    const ks = h.keyspace();
    const greeting = ks.keys.find((k) => k.key === 'greeting');
    // a fresh cluster is at revision 1: the first put is revision 2 (etcd 3.4 counts so)
    expect(greeting).toMatchObject({ value: 'hi', createRevision: 2, modRevision: 4, version: 2, lease: '0' });
    expect(greeting?.json).toBeUndefined();
    const pod = ks.keys.find((k) => k.key === '/registry/pods/default/web');
    expect(pod?.json).toBe('{\n  "kind": "Pod",\n  "metadata": {\n    "name": "web"\n  }\n}');
    expect(ks.revision).toBe(4);
  });

  it("stamps a put with its commit's tick, not the tick of the view that shows it", () => {
    const h = host();
    h.drainEvents();
    const before = h.now;
    h.runCommand('etcdctl put greeting hello');
    const committed = h.now;
    h.step(5_000);
    const [put] = h.drainEvents();
    expect(put).toMatchObject({ type: 'key-put', key: 'greeting' });
    expect(put!.tick).toBeGreaterThan(before);
    expect(put!.tick).toBeLessThanOrEqual(committed);
  });

  it('announces the puts, a killed leader and the new leader in the event log', () => {
    const h = host();
    h.drainEvents();
    h.runCommand('etcdctl put greeting hello');
    expect(h.drainEvents()).toMatchObject([{ type: 'key-put', key: 'greeting', revision: 2 }]);
    const before = h.view({ keyspace: false, playing: false, ticksPerSecond: 10 });
    const oldLeader = before.leader;
    if (oldLeader === undefined) throw new Error('a settled cluster has a leader');
    expect(h.fault({ kind: 'kill', member: oldLeader })).toMatchObject({ line: `sim kill ${oldLeader}`, exitCode: 0 });
    h.step(400);
    const after = h.view({ keyspace: false, playing: false, ticksPerSecond: 10 });
    expect(after.events[0]).toMatchObject({ type: 'member-down', member: oldLeader });
    const elected = after.events.find((e) => e.type === 'leader-elected');
    expect(elected).toMatchObject({ type: 'leader-elected', member: after.leader });
    expect(after.leader).not.toBe(oldLeader);
    expect(after.members.find((m) => m.name === oldLeader)).toMatchObject({ role: 'down', up: false });
  });

  it('announces a control-plane component that exits on a lost lease, and its kubelet starting it again', () => {
    const created = SimHost.create({ id: 'exit', topology: 'default', seed: 12, members: 3, setup: ['sim settle'] });
    if (!created.ok) throw new Error('the default topology is not built');
    const h = created.host;
    h.runCommand('sim kill kube-apiserver');
    h.drainEvents();
    h.step(1500);
    const events = h.drainEvents().filter((e) => e.type === 'process-exited' || e.type === 'member-up');
    expect(events.map((e) => [e.type, 'member' in e ? e.member : ''])).toEqual([
      ['process-exited', 'kube-controller-manager'],
      ['process-exited', 'kube-scheduler'],
      ['member-up', 'kube-controller-manager'],
      ['member-up', 'kube-scheduler'],
    ]);
    expect(events[0]).toMatchObject({ exitCode: 1 });
  });

  it('shows partition groups on the members', () => {
    const h = host();
    h.fault({ kind: 'partition', groups: [['etcd-1', 'etcd-2'], ['etcd-3']] });
    const v = h.view({ keyspace: false, playing: false, ticksPerSecond: 10 });
    expect(v.partition).toEqual([['etcd-1', 'etcd-2'], ['etcd-3']]);
    expect(v.events.at(-1)).toMatchObject({ type: 'partition', groups: [['etcd-1', 'etcd-2'], ['etcd-3']] });
    h.fault({ kind: 'heal' });
    expect(h.view({ keyspace: false, playing: false, ticksPerSecond: 10 }).partition).toEqual([]);
  });

  it('records steps and commands as sim-core Actions, merging consecutive steps', () => {
    const h = host();
    h.step(5);
    h.step(7);
    h.runCommand('etcdctl put a 1');
    h.fault({ kind: 'kill', member: 'etcd-2' });
    h.step(1);
    expect(h.actionLog()).toEqual([
      { type: 'tick', ticks: 12 },
      { type: 'command', line: 'etcdctl put a 1' },
      { type: 'command', line: 'sim kill etcd-2' },
      { type: 'tick', ticks: 1 },
    ]);
  });

  it('gives the same state hash for the same scenario and actions, and a different one for different actions', () => {
    const run = (value: string) => {
      const h = host();
      h.runCommand(`etcdctl put k ${value}`);
      h.step(37);
      h.fault({ kind: 'kill', member: 'etcd-3' });
      h.step(250);
      return h.stateHash();
    };
    expect(run('v1')).toBe(run('v1'));
    expect(run('v1')).not.toBe(run('v2'));
  });

  it('replays its action log on a fresh simulation to the same state hash', () => {
    const h = host();
    h.runCommand('etcdctl put a 1');
    h.step(13);
    h.fault({ kind: 'partition', groups: [['etcd-1'], ['etcd-2', 'etcd-3']] });
    h.step(300);
    h.runCommand('etcdctl --endpoints etcd-2 put b 2');
    h.fault({ kind: 'heal' });
    h.step(120);
    const replayed = replayActionLog(threeMembers, h.actionLog());
    if (!replayed.ok) throw new Error('unsupported');
    expect(replayed.host.stateHash()).toBe(h.stateHash());
    expect(replayed.host.now).toBe(h.now);
    expect(replayed.host.actionLog()).toEqual(h.actionLog());
  });
});

describe('replay determinism over random learner sessions (property)', () => {
  const members = ['etcd-1', 'etcd-2', 'etcd-3'];
  const member = fc.constantFrom(...members);
  const fault: fc.Arbitrary<Fault> = fc.oneof(
    member.map((m): Fault => ({ kind: 'kill', member: m })),
    member.map((m): Fault => ({ kind: 'restart', member: m })),
    fc.shuffledSubarray(members, { minLength: 1, maxLength: 2 }).map((g): Fault => ({ kind: 'partition', groups: [g, members.filter((m) => !g.includes(m))] })),
    fc.constant<Fault>({ kind: 'heal' }),
  );
  const key = fc.constantFrom('a', 'b', '/registry/pods/default/web');
  const step = fc.oneof(
    fc.integer({ min: 1, max: 150 }).map((ticks) => ({ kind: 'step', ticks }) as const),
    fc.tuple(key, fc.integer({ min: 0, max: 99 })).map(([k, v]) => ({ kind: 'command', line: `etcdctl put ${k} v${v}` }) as const),
    fc.tuple(key, member).map(([k, m]) => ({ kind: 'command', line: `etcdctl --endpoints ${m} get ${k} --consistency=s` }) as const),
    key.map((k) => ({ kind: 'command', line: `etcdctl del ${k}` }) as const),
    fc.constant({ kind: 'command', line: 'etcdctl lease grant 5' } as const),
    fault.map((f) => ({ kind: 'fault', fault: f }) as const),
  );
  const runs = Number(process.env.SIM_HOST_PROPERTY_RUNS ?? 12);

  it(`a replayed action log reaches the recorded state hash (${runs} random sessions)`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(step, { minLength: 1, maxLength: 12 }), (seed, steps) => {
        const scenario: HostScenario = { ...threeMembers, seed };
        const h = host(scenario);
        const lines: string[] = [];
        for (const s of steps) {
          if (s.kind === 'step') h.step(s.ticks);
          else if (s.kind === 'command') lines.push(h.runCommand(s.line).line);
          else lines.push(h.fault(s.fault).line);
        }
        expect(lines.filter((l) => l.startsWith('sim '))).toEqual(
          steps.flatMap((s) => (s.kind === 'fault' ? [faultCommandLine(s.fault)] : [])),
        );
        const replayed = replayActionLog(scenario, h.actionLog());
        if (!replayed.ok) return false;
        return replayed.host.stateHash() === h.stateHash() && replayed.host.now === h.now;
      }),
      { numRuns: runs },
    );
  });
});
