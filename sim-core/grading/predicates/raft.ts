// Raft health and durability after a fault: what the etcd lessons ask a learner to
// restore — a leader, enough members in its partition for a quorum (Raft §5.2: a leader
// needs votes from a majority), and a write that commits after the fault (§5.3: an entry
// is committed once the leader has replicated it on a majority).
import { verdict, type GoalVerdict } from '../explain';
import type { StateCheck } from '../goals';
import type { ClusterView } from '../view';

type Check<K extends StateCheck['kind']> = Extract<StateCheck, { kind: K }>;

export function raftHealthy(g: Check<'raftHealthy'>, view: ClusterView): GoalVerdict {
  const rows = view.members();
  const leader = view.leader();
  const roles = rows.map((r) => `${r.name} ${r.role}`).join(', ');
  const wantMembers = g.members ?? rows.length;
  const wantEn = `a leader, at least ${wantMembers} member${wantMembers === 1 ? '' : 's'} up and connected to it${g.minCommitIndex === undefined ? '' : `, commit index ≥ ${g.minCommitIndex}`}`;
  const wantKo = `필요: 리더, 리더와 연결되어 살아 있는 멤버 ${wantMembers}개 이상${g.minCommitIndex === undefined ? '' : `, commit index ≥ ${g.minCommitIndex}`}`;
  const leaderRow = rows.find((r) => r.name === leader);
  if (leaderRow === undefined) return verdict(false, `expected ${wantEn}; found no leader (${roles})`, `${wantKo}; 실제: 리더 없음 (${roles})`);
  const connected = rows.filter((r) => r.role !== 'down' && r.partition === leaderRow.partition);
  const found = `${leaderRow.name} leads term ${leaderRow.term} with ${connected.length} member${connected.length === 1 ? '' : 's'} up and connected (${connected.map((r) => r.name).join(', ')}), commit index ${leaderRow.commitIndex}`;
  const foundKo = `리더 ${leaderRow.name}(term ${leaderRow.term}), 살아서 연결된 멤버 ${connected.length}개 (${connected.map((r) => r.name).join(', ')}), commit index ${leaderRow.commitIndex}`;
  const ok = connected.length >= wantMembers && (g.minCommitIndex === undefined || leaderRow.commitIndex >= g.minCommitIndex);
  return verdict(ok, `expected ${wantEn}; found ${found}`, `${wantKo}; 실제: ${foundKo}`);
}

export function committedAfterFault(g: Check<'committedAfterFault'>, view: ClusterView): GoalVerdict {
  const what = g.key === undefined ? { en: 'a key', ko: '' } : g.prefix === true ? { en: `a key under ${g.key}`, ko: ` (접두사 ${g.key})` } : { en: `key ${g.key}`, ko: ` (키 ${g.key})` };
  const wantEn = `expected ${what.en} written after the last fault to be committed and served by the leader`;
  const wantKo = `마지막 장애 이후에 쓴 키가 커밋되어 리더에서 읽혀야 합니다${what.ko}`;
  const fault = view.lastFault;
  if (fault === undefined) return verdict(false, `${wantEn}; the log has no fault action (sim kill or sim partition)`, `${wantKo}. 그런데 기록에 장애 동작(sim kill 또는 sim partition)이 없습니다`);
  const leader = view.leader();
  const kvs = view.leaderRange(g.key, g.prefix === true);
  if (leader === undefined || kvs === undefined) return verdict(false, `${wantEn}; found no leader to read from after \`${fault.line}\``, `${wantKo}. 그런데 \`${fault.line}\` 이후 읽을 리더가 없습니다`);
  const after = kvs.filter((kv) => kv.mod_revision > fault.revision);
  if (after.length === 0) {
    return verdict(
      false,
      `${wantEn}; found none written after \`${fault.line}\` (revision ${fault.revision}) on leader ${leader}`,
      `${wantKo}. 그런데 리더 ${leader}에는 \`${fault.line}\`(revision ${fault.revision}) 이후에 쓴 키가 없습니다`,
    );
  }
  const kv = after[0]!;
  return verdict(
    true,
    `${wantEn}; found ${kv.key} at revision ${kv.mod_revision}, after \`${fault.line}\` (revision ${fault.revision}), on leader ${leader}`,
    `${wantKo}: ${kv.key} — \`${fault.line}\`(revision ${fault.revision}) 이후 revision ${kv.mod_revision}에 쓰였고 리더 ${leader}에서 읽힙니다`,
  );
}
