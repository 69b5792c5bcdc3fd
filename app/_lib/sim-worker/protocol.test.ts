// The page ↔ worker protocol: every message survives the trip (JSON is stricter than a
// structured clone, so it stands in for it) and anything malformed is refused with a
// reason instead of reaching the simulation.
import { describe, expect, it } from 'vitest';
import { MAX_LINE_LENGTH, parsePageMessage, parseWorkerMessage, terminalLine, type HostScenario, type PageMessage, type WorkerMessage } from './protocol';
import { SimHost } from './sim-host';

const scenario: HostScenario = { id: 'l4-raft-three', topology: 'etcd-only', seed: 404, members: 3, setup: ['sim tick 300'] };

const pageMessages: PageMessage[] = [
  { type: 'init', scenario: { ...scenario, setup: [...scenario.setup] } },
  { type: 'play' },
  { type: 'pause' },
  { type: 'step', ticks: 10 },
  { type: 'setSpeed', ticksPerSecond: 100 },
  { type: 'runCommand', requestId: 7, line: 'etcdctl put greeting hello' },
  { type: 'fault', fault: { kind: 'kill', member: 'etcd-1' } },
  { type: 'fault', fault: { kind: 'restart', member: 'etcd-1' } },
  { type: 'fault', fault: { kind: 'partition', groups: [['etcd-1', 'etcd-2'], ['etcd-3']] } },
  { type: 'fault', fault: { kind: 'heal' } },
  { type: 'setKeyspaceSource', member: 'etcd-2' },
  { type: 'setKeyspaceSource' },
  { type: 'reset' },
  { type: 'getActionLog', requestId: 3 },
];

function roundTrip(m: unknown): unknown {
  return JSON.parse(JSON.stringify(m)) as unknown;
}

describe('page → worker messages', () => {
  it.each(pageMessages.map((m) => [m.type, m] as const))('%s round-trips unchanged', (_type, message) => {
    expect(parsePageMessage(roundTrip(message))).toEqual({ ok: true, message });
  });

  it.each([
    ['an unknown type', { type: 'explode' }],
    ['a step of zero ticks', { type: 'step', ticks: 0 }],
    ['a step of fractional ticks', { type: 'step', ticks: 1.5 }],
    ['a step over the cap', { type: 'step', ticks: 1_000_000 }],
    ['a partition with one group', { type: 'fault', fault: { kind: 'partition', groups: [['etcd-1']] } }],
    ['a member name with spaces (shell injection)', { type: 'fault', fault: { kind: 'kill', member: 'etcd-1; sim heal' } }],
    ['an empty command line', { type: 'runCommand', requestId: 1, line: '' }],
    ['a scenario with 9 members', { type: 'init', scenario: { ...scenario, members: 9 } }],
    ['not an object', 'play'],
  ])('refuses %s, saying where', (_what, message) => {
    const r = parsePageMessage(message);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^refused a malformed message/);
  });
});

describe('worker → page messages', () => {
  it('a real view of a running cluster validates and round-trips', () => {
    const created = SimHost.create(scenario);
    if (!created.ok) throw new Error('etcd-only must be supported');
    created.host.runCommand('etcdctl put /registry/configmaps/default/app \'{"data":{"a":"1"}}\'');
    created.host.step(1);
    const messages: WorkerMessage[] = [
      { type: 'ready', setup: created.setup },
      { type: 'view', view: created.host.view({ keyspace: true, playing: false, ticksPerSecond: 10 }) },
      { type: 'commandResult', requestId: 2, result: created.host.runCommand('etcdctl get nothing') },
      { type: 'commandResult', result: created.host.fault({ kind: 'heal' }) },
      { type: 'actionLog', requestId: 3, log: created.host.actionLog() },
      { type: 'unsupported', topology: 'default' },
      { type: 'error', message: 'x' },
      { type: 'error', message: 'x', requestId: 2, request: 'runCommand' },
    ];
    for (const m of messages) expect(parseWorkerMessage(roundTrip(m))).toEqual({ ok: true, message: m });
  });

  it('refuses a view whose member has an unknown role', () => {
    const created = SimHost.create(scenario);
    if (!created.ok) throw new Error('etcd-only must be supported');
    const view = created.host.view({ keyspace: false, playing: false, ticksPerSecond: 10 });
    const forged = { type: 'view', view: { ...view, members: view.members.map((m) => ({ ...m, role: 'emperor' })) } };
    const r = parseWorkerMessage(forged);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('view.members.0.role');
  });

  it('keeps a terminal line too long to send, with its length, instead of sending (and losing) it', () => {
    expect(terminalLine('  etcdctl get /a  ')).toEqual({ ok: true, line: 'etcdctl get /a' });
    expect(terminalLine('   ')).toEqual({ ok: false, empty: true });
    const long = `etcdctl put k ${'x'.repeat(5_000)}`;
    expect(terminalLine(long)).toEqual({ ok: false, empty: false, length: long.length });
    // the longest line it sends is one the worker accepts
    const longest = `etcdctl put k ${'x'.repeat(MAX_LINE_LENGTH - 14)}`;
    const r = terminalLine(longest);
    expect(r.ok).toBe(true);
    if (r.ok) expect(parsePageMessage({ type: 'runCommand', requestId: 1, line: r.line }).ok).toBe(true);
  });
});
