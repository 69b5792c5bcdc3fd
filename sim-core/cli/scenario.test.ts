import { describe, expect, it } from 'vitest';
import { runCommandLine } from './command-line';
import { parseScenario, parseScenarioHeader, runScenario } from './scenario';
import { FakeCluster } from './testkit/fake-cluster';

describe('parseScenario', () => {
  it('keeps comments and blank lines as text and reads here-documents as stdin', () => {
    const parsed = parseScenario('# title\n\netcdctl txn <<EOF\nmod("k") = "1"\n\nEOF\nsim status\n');
    expect(parsed).toEqual({
      ok: true,
      lines: [
        { kind: 'text', text: '# title' },
        { kind: 'text', text: '' },
        {
          kind: 'command',
          lineNo: 3,
          line: 'etcdctl txn',
          stdin: 'mod("k") = "1"\n\n',
          heredoc: { marker: '<<EOF', lines: ['mod("k") = "1"', ''] },
        },
        { kind: 'command', lineNo: 7, line: 'sim status' },
      ],
    });
  });
  it("accepts a quoted marker <<'END'", () => {
    const parsed = parseScenario("etcdctl put k <<'END'\nvalue\nEND\n");
    expect(parsed.ok && parsed.lines[0]).toMatchObject({ line: 'etcdctl put k', stdin: 'value\n' });
  });
  it('reports a here-document that is never closed', () => {
    expect(parseScenario('etcdctl txn <<EOF\nmod("k") = "1"\n')).toEqual({
      ok: false,
      error: 'line 1: the here-document <<EOF is not closed: end it with a line that is just EOF',
    });
  });
  it('reads the # sim: header', () => {
    expect(parseScenarioHeader('# sim: members=5 seed=7\netcdctl get a\n')).toEqual({ ok: true, header: { members: 5, seed: 7 } });
    expect(parseScenarioHeader('# sim: nodes=2\n').ok).toBe(false);
  });
});

describe('runScenario', () => {
  it('prints each command as the terminal shows it, then stdout and stderr', () => {
    const cluster = new FakeCluster();
    const script = [
      '# a write and a read',
      'etcdctl put foo bar',
      'etcdctl get foo',
      '',
      'etcdctl txn <<EOF',
      'value("foo") = "bar"',
      '',
      'put foo baz',
      '',
      '',
      'EOF',
      'etcdctl get',
      'kubectl-nope',
    ].join('\n');
    const result = runScenario(script, { ports: { etcd: cluster.etcd, sim: cluster.sim } });
    expect(result).toEqual({
      ok: true,
      transcript: [
        '# a write and a read',
        '$ etcdctl put foo bar',
        'OK',
        '$ etcdctl get foo',
        'foo',
        'bar',
        '',
        '$ etcdctl txn <<EOF',
        '> value("foo") = "bar"',
        '> ',
        '> put foo baz',
        '> ',
        '> ',
        '> EOF',
        'SUCCESS',
        '',
        'OK',
        '$ etcdctl get',
        'Error: get command needs one argument as key and an optional argument as range_end',
        '$ kubectl-nope',
        'bash: kubectl-nope: command not found',
        '',
      ].join('\n'),
    });
  });
});

describe('runCommandLine', () => {
  const cluster = new FakeCluster();
  const ports = { etcd: cluster.etcd, sim: cluster.sim };
  it('fails like bash for unknown programs (exit 127) and bad quoting (exit 2)', () => {
    expect(runCommandLine('foo bar', undefined, ports)).toEqual({ stdout: '', stderr: 'bash: foo: command not found\n', exitCode: 127 });
    expect(runCommandLine('etcdctl put "a', undefined, ports).exitCode).toBe(2);
    expect(runCommandLine('   ', undefined, ports)).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });
  it('takes ETCDCTL_* variables as flags, command-line flags first', () => {
    runCommandLine('etcdctl put k v', undefined, ports);
    expect(runCommandLine('ETCDCTL_API=3 ETCDCTL_WRITE_OUT=json etcdctl get k', undefined, ports).stdout).toMatch(/^\{"header"/);
    expect(runCommandLine('ETCDCTL_WRITE_OUT=json etcdctl -w simple get k', undefined, ports).stdout).toBe('k\nv\n');
    expect(runCommandLine('ETCDCTL_API=2 etcdctl get k', undefined, ports).exitCode).toBe(1);
  });
  it('passes stdin to put when no value is given', () => {
    expect(runCommandLine('etcdctl put fromstdin', 'hello', ports).stdout).toBe('OK\n');
    expect(runCommandLine('etcdctl get fromstdin --print-value-only', undefined, ports).stdout).toBe('hello\n');
  });
});

describe('sim commands', () => {
  it('tick, settle, kill, restart, partition, heal and status', () => {
    const cluster = new FakeCluster();
    const ports = { etcd: cluster.etcd, sim: cluster.sim };
    const run = (line: string) => runCommandLine(line, undefined, ports);
    expect(run('sim tick 150')).toEqual({ stdout: 'ticked 150 (1.5s); now at tick 150\n', stderr: '', exitCode: 0 });
    expect(run('sim settle').stdout).toBe('settled after 50 ticks (500ms); now at tick 200\n');
    expect(run('sim settle 20').stdout).toBe('still busy after 20 ticks (the cap); now at tick 220\n');
    expect(run('sim kill http://etcd-2:2379').stdout).toBe('killed etcd-2\n');
    expect(cluster.down.has('etcd-2')).toBe(true);
    expect(run('sim kill etcd-9')).toEqual({ stdout: '', stderr: 'sim kill: no member named "etcd-9"\n', exitCode: 1 });
    expect(run('sim restart etcd-2').stdout).toBe('restarted etcd-2\n');
    expect(run('sim partition etcd-1,etcd-2|etcd-3').stdout).toBe('partitioned the network: etcd-1,etcd-2 | etcd-3\n');
    expect(cluster.groups).toEqual([['etcd-1', 'etcd-2'], ['etcd-3']]);
    expect(run('sim status').stdout).toBe(
      [
        'MEMBER   ROLE       TERM   COMMIT   APPLIED   LOG   PARTITION',
        'etcd-1   leader     2      8        8         8     a',
        'etcd-2   follower   2      8        8         8     a',
        'etcd-3   follower   2      8        8         8     b',
        '',
      ].join('\n'),
    );
    expect(run('sim heal').stdout).toBe('healed the network: every member can reach every other\n');
    expect(cluster.groups).toBeUndefined();
    expect(run('sim tick -5').exitCode).toBe(2);
    expect(run('sim partition etcd-1').exitCode).toBe(2);
    expect(run('sim nope').exitCode).toBe(2);
  });
});
