// A RangeRequest against a read view (etcdserver/apply.go applierV3backend.Range):
// count is every key in the range; sorting fetches everything, sorts, then truncates to
// the limit; `more` says the limit cut something off; keys_only drops values;
// count_only returns no kvs at all.
import type { EtcdResult, KeyValue, RangeRequest, RangeResponse, SortTarget } from '../types';
import type { RangeOptions, RangeResult } from './store';

export type RangeReader = (key: string, rangeEnd: string | undefined, opts: RangeOptions) => EtcdResult<RangeResult>;

export function applyRange(read: RangeReader, r: RangeRequest): EtcdResult<RangeResponse> {
  const limit = r.limit ?? 0;
  const sortTarget: SortTarget = r.sort_target ?? 'KEY';
  let sortOrder = r.sort_order ?? 'NONE';
  // mvcc returns keys ascending, so etcd sorts ASCEND by default only for other targets
  if (sortTarget !== 'KEY' && sortOrder === 'NONE') sortOrder = 'ASCEND';
  const needSort = sortOrder !== 'NONE' && !(sortTarget === 'KEY' && sortOrder === 'ASCEND');
  const res = read(r.key, r.range_end, {
    rev: r.revision ?? 0,
    limit: needSort || limit <= 0 ? 0 : limit + 1,
    countOnly: r.count_only ?? false,
  });
  if (!res.ok) return res;
  let kvs = res.value.kvs;
  if (needSort) {
    const get = sortField(sortTarget);
    const dir = sortOrder === 'DESCEND' ? -1 : 1;
    // stable, like Go's insertion sort for the small slices a course produces
    kvs = [...kvs].sort((a, b) => {
      const x = get(a);
      const y = get(b);
      return (x < y ? -1 : x > y ? 1 : 0) * dir;
    });
  }
  let more = false;
  if (limit > 0 && kvs.length > limit) {
    kvs = kvs.slice(0, limit);
    more = true;
  }
  if (r.keys_only) kvs = kvs.map((kv) => ({ ...kv, value: '' }));
  return {
    ok: true,
    value: {
      header: { cluster_id: 0n, member_id: 0n, revision: res.value.rev, raft_term: 0 },
      kvs,
      more,
      count: res.value.count,
    },
  };
}

function sortField(target: SortTarget): (kv: KeyValue) => string | number {
  switch (target) {
    case 'KEY':
      return (kv) => kv.key;
    case 'VERSION':
      return (kv) => kv.version;
    case 'CREATE':
      return (kv) => kv.create_revision;
    case 'MOD':
      return (kv) => kv.mod_revision;
    case 'VALUE':
      return (kv) => kv.value;
  }
}
