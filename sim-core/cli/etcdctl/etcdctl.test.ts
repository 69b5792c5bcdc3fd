// etcdctl's commands against the recordings of the real etcdctl 3.4.23: usage errors,
// flag errors with cobra's help page, unknown commands, help pages, txn input errors and
// exit codes must match byte for byte. The cluster behind them is the small fake in
// ../testkit (these recordings do not depend on the cluster's data).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../shell/tokenize';
import { FakeCluster } from '../testkit/fake-cluster';
import { parseCapture, type Capture } from '../testkit/captures';
import { runEtcdctl } from './index';

const DIR = join(import.meta.dirname, 'testdata', 'real-3.4.23');
const capture = (name: string): Capture => parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));

/** the recorded command's arguments, talking to the default endpoint instead of the recording's */
function argvOf(c: Capture): string[] {
  const words = tokenize(c.command.replace(/^timeout 2 /, ''));
  if (!words.ok) throw new Error(words.error);
  return words.words.slice(1).filter((w) => !w.startsWith('--endpoints=127.0.0.1:12379'));
}

function run(c: Capture, cluster = new FakeCluster()) {
  return runEtcdctl(argvOf(c), { etcd: cluster.etcd, sim: cluster.sim, stdin: c.stdin });
}

const HELP_PAGES = readdirSync(DIR)
  .filter((f) => f.endsWith('-help.txt'))
  .map((f) => f.replace(/\.txt$/, ''));

const EXACT = [
  'put-no-args',
  'put-one-arg',
  'put-bad-lease',
  'put-unknown-flag',
  'put-table',
  'get-bad-order',
  'get-bad-sort',
  'get-table',
  'get-protobuf-bad',
  'get-no-args',
  'get-prefix-from-key',
  'get-too-many',
  'get-pvo-json',
  'get-consistency-bad',
  'get-limit-bad',
  'get-help-flag',
  'del-no-args',
  'del-three-args',
  'compact-no-args',
  'compact-bad',
  'watch-no-args',
  'watch-range-prefix',
  'watch-bad-rev',
  'lease-grant-noargs',
  'lease-grant-bad',
  'lease-grant-table',
  'lease-ttl-noargs',
  'lease-revoke-bad',
  'lease-revoke-noargs',
  'lease-keepalive-missing',
  'member-add-noargs',
  'member-add-nourls',
  'member-add-toomany',
  'member-add-fields',
  'member-remove-noargs',
  'member-remove-bad',
  'member-noargs',
  'member-bogus',
  'ep-noargs',
  'lease-noargs',
  'bare',
  'unknown-command',
  'unknown-global-flag',
  'bad-command-timeout',
  'txn-bad-compare',
  'txn-bad-op',
  'txn-eof',
  'txn-args',
  'txn-malformed',
  'txn-bad-number',
  'txn-put-noargs',
  'txn-table',
];

describe('etcdctl against the real 3.4.23', () => {
  for (const name of [...EXACT, ...HELP_PAGES]) {
    it(name, () => {
      const c = capture(name);
      expect(run(c)).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }

  it('server errors print etcdctl\'s Error line with its exit code (the real tool also logs a JSON warning first)', () => {
    const cluster = new FakeCluster();
    for (const name of ['put-unknown-lease', 'get-rev-future', 'compact-future', 'lease-revoke-again']) {
      const c = capture(name);
      const out = run(c, cluster);
      expect(out.stdout, name).toBe('');
      expect(out.stderr, name).toBe(c.stderr.split('\n').filter((l) => l.startsWith('Error:')).join('\n') + '\n');
      expect(out.exitCode, name).toBe(c.exit);
    }
  });

  it('quorum loss: writes and linearizable reads time out, serializable reads answer', () => {
    const cluster = new FakeCluster();
    const env = { etcd: cluster.etcd, sim: cluster.sim, stdin: undefined };
    expect(runEtcdctl(['put', 'foo', 'qux'], env).exitCode).toBe(0);
    cluster.sim.kill('etcd-2');
    cluster.sim.kill('etcd-3');
    const before = cluster.sim.now();
    const put = runEtcdctl(['--command-timeout=2s', 'put', 'k2', 'v2'], env);
    const real = capture('quorum-lost-put-timeout');
    expect(put).toEqual({ stdout: '', stderr: real.stderr.split('\n').slice(1).join('\n'), exitCode: real.exit });
    expect(cluster.sim.now() - before).toBe(200);
    expect(runEtcdctl(['get', '--consistency=s', 'foo'], env)).toEqual({
      stdout: capture('quorum-lost-get-serializable').stdout,
      stderr: '',
      exitCode: 0,
    });
    const status = runEtcdctl(['endpoint', 'status'], env);
    expect(status.stdout).toMatch(/^127\.0\.0\.1:2379, [0-9a-f]+, 3\.4\.23, 25 kB, false, false, \d+, \d+, \d+, etcdserver: no leader\n$/);
    const health = runEtcdctl(['endpoint', 'health'], env);
    expect(health).toEqual({
      stdout: '',
      stderr: '127.0.0.1:2379 is unhealthy: failed to commit proposal: context deadline exceeded\nError: unhealthy cluster\n',
      exitCode: 1,
    });
  });

  it('endpoint status on a dead member reports it and exits 1', () => {
    const cluster = new FakeCluster();
    cluster.sim.kill('etcd-3');
    const out = runEtcdctl(['--endpoints=etcd-1,etcd-3', 'endpoint', 'status'], { etcd: cluster.etcd, sim: cluster.sim, stdin: undefined });
    expect(out.stderr).toBe('Failed to get the status of endpoint etcd-3 (context deadline exceeded)\n');
    expect(out.stdout.split('\n')[0]).toMatch(/^etcd-1, 1111111111111111, 3\.4\.23, 25 kB, true, false, 2, \d+, \d+, $/);
    expect(out.exitCode).toBe(1);
  });

  it('a canceled watch ends as etcdctl ends it (exit 5)', () => {
    const cluster = new FakeCluster();
    const env = { etcd: cluster.etcd, sim: cluster.sim, stdin: undefined };
    for (const v of ['bar', 'baz', 'qux', 'quux']) runEtcdctl(['put', 'foo', v], env);
    runEtcdctl(['compact', '4'], env);
    const c = capture('watch-compacted');
    expect(runEtcdctl(argvOf(c), env)).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
  });

  it('lease keep-alive without --once in a script is refused before anything is sent (only the page’s terminal can interrupt it); --once renews once', () => {
    const cluster = new FakeCluster();
    const env = { etcd: cluster.etcd, sim: cluster.sim, stdin: undefined };
    const id = /^lease ([0-9a-f]+) granted/.exec(runEtcdctl(['lease', 'grant', '300'], env).stdout)?.[1] ?? '';
    const before = cluster.sim.now();
    const refused = { stdout: '', stderr: "Error: a keep-alive that runs until interrupted runs only in the page's terminal, where Ctrl+C stops it; in a script, use --once\n", exitCode: 1 };
    expect(runEtcdctl(['lease', 'keep-alive', id], env)).toEqual(refused);
    expect(runEtcdctl(['-w', 'table', '--endpoints=nowhere:2379', 'lease', 'keep-alive', id], env)).toEqual(refused);
    // the live terminal asks for it, but a port without a live keep-alive cannot keep it running
    expect(runEtcdctl(['lease', 'keep-alive', id], { ...env, live: true })).toEqual(refused);
    expect(cluster.sim.now()).toBe(before);
    expect(runEtcdctl(['lease', 'keep-alive', '--once', id], env)).toEqual({ stdout: `lease ${id} keepalived with TTL(300)\n`, stderr: '', exitCode: 0 });
  });

  it('txn reads compares, success and failure ops from stdin', () => {
    const cluster = new FakeCluster();
    const env = { etcd: cluster.etcd, sim: cluster.sim, stdin: undefined };
    runEtcdctl(['put', 'w/a', '1'], env);
    const stdin = 'mod("w/a") = "2"\n\nput w/a 4\nget w/a\n\nput w/fail 1\n\n';
    const out = runEtcdctl(['txn'], { ...env, stdin });
    expect(out).toEqual({ stdout: 'SUCCESS\n\nOK\n\nw/a\n4\n', stderr: '', exitCode: 0 });
    const failed = runEtcdctl(['txn'], { ...env, stdin: 'value("w/a") = "nope"\n\n\nget w/a\ndel w/b\n\n' });
    expect(failed.stdout).toBe('FAILURE\n\nw/a\n4\n\n0\n');
    expect(runEtcdctl(['txn'], { ...env, stdin: 'mod("w/a") >= "2"\n\n\n\n' })).toEqual({
      stdout: '',
      stderr: 'panic: Unknown result op\n',
      exitCode: 2,
    });
  });
});
