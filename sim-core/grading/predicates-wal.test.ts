// guardedWrite: how the key's current value was written, read from the WAL — a txn guarded by
// an equality compare on the key (what the API server's updates send) or a write that checked
// nothing. Both leave the same key behind, so only the WAL can tell them apart.
import { describe, expect, it } from 'vitest';
import { runCommandLine } from '../cli/command-line';
import { createSimulation, type Simulation } from '../cluster/simulation';
import { clusterWith, judge, run } from './testing';

const KEY = '/registry/configmaps/default/app';

function txn(sim: Simulation, stdin: string): string {
  const out = runCommandLine('etcdctl txn', stdin, sim.ports());
  if (out.exitCode !== 0) throw new Error(`etcdctl txn failed: ${out.stderr}`);
  return out.stdout.split('\n')[0]!;
}

/** mod(KEY) = rev ? put KEY value : get KEY */
const guarded = (rev: number, value: string, target = 'mod') => `${target}("${KEY}") = "${rev}"\n\nput ${KEY} ${value}\n\nget ${KEY}\n\n`;

describe('guardedWrite', () => {
  it('passes for a txn that succeeded on mod(key) = its mod_revision, with the compare and the WAL entry in the explanation', () => {
    const s = clusterWith({ [KEY]: 'blue', '/other': 'x' }, 31);
    expect(txn(s, guarded(2, 'green'))).toBe('SUCCESS');
    const v = judge(s, { kind: 'guardedWrite', key: KEY });
    expect(v.passed).toBe(true);
    expect(v.explanation.en).toMatch(
      new RegExp(`^expected the current value of ${KEY} to be written by a txn that succeeded on mod\\("${KEY}"\\) = <what it was>; found a txn at revision 4 \\(WAL entry \\d+\\) that succeeded on mod\\("${KEY}"\\) = "2"$`),
    );
    expect(v.explanation.ko).toMatch(/revision 4\(WAL 엔트리 \d+\)의 txn이 mod\(".*"\) = "2" 비교에 성공해 썼습니다$/);
  });

  it('fails for a plain put, which leaves the same key as a guarded txn would', () => {
    const s = clusterWith({ [KEY]: 'blue' }, 32);
    run(s, `etcdctl put ${KEY} green`);
    const v = judge(s, { kind: 'guardedWrite', key: KEY });
    expect(v.passed).toBe(false);
    expect(v.explanation.en).toMatch(/; found a plain put \(what `etcdctl put` sends\) at revision 3 \(WAL entry \d+\): nothing checked that the key still held the value the new one was built on$/);
    // the keyspace alone cannot tell: the same value, one version more, in both clusters
    const t = clusterWith({ [KEY]: 'blue' }, 32);
    txn(t, guarded(2, 'green'));
    expect(run(t, `etcdctl get ${KEY} -w json`).replace(/"revision":\d+|"raft_term":\d+|"member_id":\d+|"cluster_id":\d+/g, '')).toBe(
      run(s, `etcdctl get ${KEY} -w json`).replace(/"revision":\d+|"raft_term":\d+|"member_id":\d+|"cluster_id":\d+/g, ''),
    );
    expect(judge(t, { kind: 'guardedWrite', key: KEY }).passed).toBe(true);
  });

  it('fails when the failure branch wrote the key, or the compare tests something else', () => {
    const s = clusterWith({ [KEY]: 'blue' }, 33);
    // a stale compare whose failure branch overwrites anyway: the lost update the lab is about
    expect(txn(s, `mod("${KEY}") = "1"\n\nget ${KEY}\n\nput ${KEY} green\n\n`)).toBe('FAILURE');
    expect(judge(s, { kind: 'guardedWrite', key: KEY }).explanation.en).toMatch(
      new RegExp(`found a txn at revision 3 \\(WAL entry \\d+\\) whose compares failed \\(mod\\("${KEY}"\\) = "1"\\): its failure branch wrote the key$`),
    );
    expect(txn(s, `mod("${KEY}") > "0"\n\nput ${KEY} red\n\n\n`)).toBe('SUCCESS');
    expect(judge(s, { kind: 'guardedWrite', key: KEY }).explanation.en).toMatch(new RegExp(`guarded by mod\\("${KEY}"\\) > "0", none of which is mod\\("${KEY}"\\) = …$`));
    expect(txn(s, `version("${KEY}") = "3"\n\nput ${KEY} pink\n\n\n`)).toBe('SUCCESS');
    expect(judge(s, { kind: 'guardedWrite', key: KEY }).passed).toBe(false);
    expect(judge(s, { kind: 'guardedWrite', key: KEY, compare: 'version' }).passed).toBe(true);
    expect(judge(s, { kind: 'guardedWrite', key: '/missing' }).explanation.en).toMatch(/; found no key \/missing$/);
    // a compare that held, on another key, guards nothing about this one
    run(s, 'etcdctl put /other o');
    expect(txn(s, `mod("/other") > "0"\n\nput ${KEY} teal\n\n\n`)).toBe('SUCCESS');
    expect(judge(s, { kind: 'guardedWrite', key: KEY }).explanation.en).toMatch(new RegExp(`guarded by mod\\("/other"\\) > "0", none of which is mod\\("${KEY}"\\) = …$`));
  });

  it('reads the WAL after a snapshot, and says when the write is older than it', () => {
    const s = createSimulation({ topology: 'etcd-only', seed: 34, members: 3, timing: { snapshotCount: 5, snapshotCatchUpEntries: 2 } });
    run(s, `etcdctl put ${KEY} blue`);
    for (let i = 0; i < 12; i++) run(s, `etcdctl put /filler/${i} x`);
    expect(judge(s, { kind: 'guardedWrite', key: KEY }).explanation.en).toMatch(/cannot tell: revision 2 is older than the member's last snapshot \(entry \d+\), and the WAL replayed from it no longer holds the request$/);
    // the log is compacted past where the last look replayed to: the replay starts again from the newer snapshot
    for (let i = 12; i < 24; i++) run(s, `etcdctl put /filler/${i} x`);
    expect(judge(s, { kind: 'guardedWrite', key: KEY }).explanation.en).toMatch(/cannot tell: revision 2 is older than the member's last snapshot \(entry (2\d|3\d)\)/);
    const rev = Number(/"mod_revision":(\d+)/.exec(run(s, `etcdctl get ${KEY} -w json`))![1]);
    expect(txn(s, guarded(rev, 'green'))).toBe('SUCCESS');
    expect(judge(s, { kind: 'guardedWrite', key: KEY }).passed).toBe(true);
    // a member restarted from its snapshot and log reads the same
    run(s, `sim kill ${s.leader()!.address}`);
    run(s, 'sim tick 300');
    expect(judge(s, { kind: 'guardedWrite', key: KEY }).passed).toBe(true);
  });
});
