// How a key's current value was written: by a txn guarded by an equality compare on the key
// — optimistic concurrency, what the API server's GuaranteedUpdate sends
// (If(ModRevision(key) = rev) Then(Put) Else(Get)) — or by a write that checked nothing. The
// keyspace cannot tell the two apart; the WAL can (etcd/wal.ts).
import type { Compare } from '../../etcd/types';
import type { InternalRequest, WalWrite } from '../../etcd';
import { verdict, type GoalVerdict } from '../explain';
import type { GoalCheck } from '../goals';
import type { ClusterView } from '../view';

type GuardedWrite = Extract<GoalCheck, { kind: 'guardedWrite' }>;

const TARGET = { mod: 'MOD', version: 'VERSION', create: 'CREATE', value: 'VALUE' } as const;
const TARGET_NAME: Record<Compare['target'], string> = { MOD: 'mod', VERSION: 'version', CREATE: 'create', VALUE: 'value', LEASE: 'lease' };
const RESULT_SIGN: Record<Compare['result'], string> = { EQUAL: '=', NOT_EQUAL: '!=', GREATER: '>', LESS: '<' };

/** A compare as etcdctl txn reads it: `mod("key") = "6"`. */
export function showCompare(c: Compare): string {
  const target = TARGET_NAME[c.target];
  const operand = c.target === 'MOD' ? c.mod_revision : c.target === 'CREATE' ? c.create_revision : c.target === 'VERSION' ? c.version : c.target === 'VALUE' ? c.value : c.lease;
  return `${target}(${JSON.stringify(c.key)}) ${RESULT_SIGN[c.result]} ${JSON.stringify(String(operand ?? 0))}`;
}

function requestName(type: InternalRequest['t']): { en: string; ko: string } {
  switch (type) {
    case 'put':
      return { en: 'a plain put (what `etcdctl put` sends)', ko: '비교 없는 put(`etcdctl put`이 보내는 요청)' };
    case 'del':
      return { en: 'a delete', ko: 'delete' };
    case 'leaseRevoke':
      return { en: 'a lease revocation', ko: '리스 해지' };
    default:
      return { en: `a ${type} request`, ko: `${type} 요청` };
  }
}

export function guardedWrite(g: GuardedWrite, view: ClusterView): GoalVerdict {
  const target = TARGET[g.compare];
  const wantEn = `expected the current value of ${g.key} to be written by a txn that succeeded on ${g.compare}(${JSON.stringify(g.key)}) = <what it was>`;
  const wantKo = `${g.key}의 지금 값은 ${g.compare}(${JSON.stringify(g.key)}) = <그때의 값> 비교가 성공한 txn으로 쓰여야 합니다`;
  const kv = view.get(g.key);
  if (kv === undefined) return verdict(false, `${wantEn}; found no key ${g.key}`, `${wantKo}. 그런데 키가 없습니다`);
  const rev = kv.mod_revision;
  const lookup = view.writeOf(kv);
  if (lookup.kind === 'beforeSnapshot') {
    return verdict(
      false,
      `${wantEn}; cannot tell: revision ${rev} is older than the member's last snapshot (entry ${lookup.snapshotIndex}), and the WAL replayed from it no longer holds the request`,
      `${wantKo}. 판단할 수 없습니다: revision ${rev}의 쓰기는 마지막 스냅숏(엔트리 ${lookup.snapshotIndex})보다 오래되어, 그 뒤의 WAL에는 그 요청이 없습니다`,
    );
  }
  if (lookup.kind === 'notFound') return verdict(false, `${wantEn}; found no WAL entry that made revision ${rev}`, `${wantKo}. 그런데 WAL에 revision ${rev}의 쓰기가 없습니다`);
  const w: WalWrite = lookup.write;
  const at = { en: `at revision ${rev} (WAL entry ${w.index})`, ko: `revision ${rev}(WAL 엔트리 ${w.index})` };
  if (w.type !== 'txn') {
    const name = requestName(w.type);
    return verdict(
      false,
      `${wantEn}; found ${name.en} ${at.en}: nothing checked that the key still held the value the new one was built on`,
      `${wantKo}. 그런데 ${at.ko}에 쓴 것은 ${name.ko}입니다. 새 값의 바탕이 된 값이 그대로인지 아무것도 확인하지 않았습니다`,
    );
  }
  const compares = w.compares;
  const shown = compares.length === 0 ? 'no compare' : compares.map(showCompare).join(', ');
  if (w.succeeded !== true) {
    return verdict(
      false,
      `${wantEn}; found a txn ${at.en} whose compares failed (${shown}): its failure branch wrote the key`,
      `${wantKo}. 그런데 ${at.ko}의 txn은 비교(${shown})가 실패했고, 실패 분기가 키를 썼습니다`,
    );
  }
  const guard = compares.find((c) => c.key === g.key && c.range_end === undefined && c.target === target && c.result === 'EQUAL');
  if (guard === undefined) {
    return verdict(
      false,
      `${wantEn}; found a txn ${at.en} guarded by ${shown}, none of which is ${g.compare}(${JSON.stringify(g.key)}) = …`,
      `${wantKo}. 그런데 ${at.ko}의 txn 비교는 ${shown}이고, ${g.compare}(${JSON.stringify(g.key)}) = … 비교가 없습니다`,
    );
  }
  return verdict(true, `${wantEn}; found a txn ${at.en} that succeeded on ${showCompare(guard)}`, `${wantKo}: ${at.ko}의 txn이 ${showCompare(guard)} 비교에 성공해 썼습니다`);
}
