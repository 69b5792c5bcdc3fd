import { describe, expect, it } from 'vitest';
import { createSimulation } from './index';
import type { CommandRunner } from './index';

const at = (endpoint: string) => ({ endpoint, timeoutTicks: 500 });

describe('Simulation (etcd-only)', () => {
  it('boots 1–7 members with a leader before the first command, named etcd-1…etcd-N', () => {
    for (const members of [1, 5, 7]) {
      const sim = createSimulation({ topology: 'etcd-only', seed: 3, members });
      expect(sim.leader()).toBeDefined();
      expect(sim.memberStatus().map((r) => r.name)).toEqual(Array.from({ length: members }, (_, i) => `etcd-${i + 1}`));
      const put = sim.etcd.put({ key: 'a', value: '1' }, at(`http://etcd-${members}:2379`));
      expect(put.ok && put.value.header.revision).toBe(2);
    }
    expect(() => createSimulation({ topology: 'etcd-only', seed: 3, members: 8 })).toThrow(/1–7/);
  });

  it('lists members with seed-derived ids, stable for a seed and different across seeds', () => {
    const ids = (seed: number) => {
      const sim = createSimulation({ topology: 'etcd-only', seed });
      const r = sim.etcd.memberList(at('etcd-1'));
      if (!r.ok) throw new Error(r.error.message);
      return r.value.members.map((m) => `${m.ID}:${m.name}:${m.peerURLs[0]}:${m.clientURLs[0]}`);
    };
    expect(ids(5)).toEqual(ids(5));
    expect(ids(5)).not.toEqual(ids(6));
    expect(ids(5).map((s) => s.split(':').slice(1).join(':')).sort()).toEqual([
      'etcd-1:http://etcd-1:2380:http://etcd-1:2379',
      'etcd-2:http://etcd-2:2380:http://etcd-2:2379',
      'etcd-3:http://etcd-3:2380:http://etcd-3:2379',
    ]);
  });

  it('partitions 2|3 of five: the minority cannot write, the majority can, and sim status shows the groups', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 4, members: 5 });
    const r = sim.control.partition([['etcd-1', 'http://etcd-2:2379'], ['etcd-3', 'etcd-4', 'etcd-5']]);
    expect(r.ok).toBe(true);
    sim.tick(300);
    const minority = sim.etcd.put({ key: 'm', value: 'x' }, at('etcd-1'));
    expect(minority.ok ? 'ok' : minority.error.message).toBe('context deadline exceeded');
    const majority = sim.etcd.put({ key: 'M', value: 'y' }, at('etcd-4'));
    expect(majority.ok).toBe(true);
    const rows = sim.control.status();
    expect(rows.map((x) => x.partition)).toEqual(['a', 'a', 'b', 'b', 'b']);
    expect(rows.filter((x) => x.role === 'leader').map((x) => x.partition)).toEqual(['b']);
    sim.control.heal();
    sim.control.settle(2000);
    expect(sim.control.status().every((x) => x.partition === undefined)).toBe(true);
    expect(sim.etcdContents('etcd-1').map((kv) => kv.key)).toEqual(['M']);
  });

  it('reports kills and unknown members, and resolves names and URLs', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 8 });
    expect(sim.control.resolveMember('http://etcd-2:2380')).toBe('etcd-2');
    expect(sim.control.resolveMember('etcd-9')).toBeUndefined();
    expect(sim.control.kill('etcd-9').ok).toBe(false);
    expect(sim.control.kill('etcd-2').ok).toBe(true);
    expect(sim.control.kill('etcd-2').ok).toBe(false);
    expect(sim.control.status().find((r) => r.name === 'etcd-2')!.role).toBe('down');
    expect(sim.control.restart('etcd-2').ok).toBe(true);
  });

  it('dispatches actions: ticks, workspace files and commands through the injected runner', () => {
    const seen: string[] = [];
    const runner: CommandRunner = (line, stdin, ports) => {
      seen.push(`${line}|${stdin ?? ''}|${ports.files.get('a.txt') ?? ''}`);
      const r = ports.etcd.put({ key: 'from-cli', value: line }, at('etcd-1'));
      return { stdout: r.ok ? 'OK\n' : '', stderr: r.ok ? '' : `Error: ${r.error.message}\n`, exitCode: r.ok ? 0 : 1 };
    };
    const sim = createSimulation({ topology: 'etcd-only', seed: 9 });
    expect(sim.dispatch({ type: 'command', line: 'etcdctl put x y' })).toEqual({ ok: false, error: expect.stringContaining('no command runner') });
    sim.setCommandRunner(runner);
    const t0 = sim.now;
    expect(sim.dispatch({ type: 'tick', ticks: 25 })).toEqual({ ok: true });
    expect(sim.now).toBe(t0 + 25);
    sim.dispatch({ type: 'writeFile', path: 'a.txt', content: 'hello' });
    const out = sim.dispatch({ type: 'command', line: 'etcdctl put x y', stdin: 'in', at: sim.now + 10 });
    expect(out).toEqual({ ok: true, output: { stdout: 'OK\n', stderr: '', exitCode: 0 } });
    expect(seen).toEqual(['etcdctl put x y|in|hello']);
    expect(sim.etcdContents().map((kv) => kv.value)).toEqual(['etcdctl put x y']);
  });

  it('traces messages, kills and state changes to subscribers', () => {
    const sim = createSimulation({ topology: 'etcd-only', seed: 10 });
    const kinds = new Set<string>();
    const stop = sim.subscribe((e) => kinds.add(e.kind));
    sim.etcd.put({ key: 'a', value: 'b' }, at('etcd-1'));
    sim.kill('etcd-3');
    sim.tick(20);
    stop();
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['deliver', 'kill', 'send']));
  });
});
