// `-w json` (etcdctl/ctlv3/command/printer_json.go): json.Marshal of the response struct,
// one line per response. KV responses are etcdserverpb messages (snake_case tags); lease
// responses are clientv3 structs embedding *ResponseHeader, whose fields are flattened;
// watch responses are clientv3.WatchResponse with Go field names.
import type { DeleteRangeResponse, PutResponse, RangeResponse, ResponseOp, TxnResponse } from '../../etcd/types';
import type { Terminal } from '../terminal';
import { array, bool, event, header, headerFields, keyValue, member, num, object, status, str, base64 } from './go-json';
import type { Printer } from './printer';

export const jsonOf = {
  range: (r: RangeResponse): string =>
    object([
      ['header', header(r.header)],
      ['kvs', array(r.kvs.map(keyValue))],
      ['more', bool(r.more)],
      ['count', num(r.count)],
    ]),
  put: (r: PutResponse): string =>
    object([
      ['header', header(r.header)],
      ['prev_kv', r.prev_kv ? keyValue(r.prev_kv) : undefined],
    ]),
  del: (r: DeleteRangeResponse): string =>
    object([
      ['header', header(r.header)],
      ['deleted', num(r.deleted)],
      ['prev_kvs', array(r.prev_kvs.map(keyValue))],
    ]),
  responseOp: (op: ResponseOp): string => {
    // gogo's oneof: {"Response":{"ResponsePut":{…}}}
    const inner =
      'response_range' in op
        ? object([['ResponseRange', jsonOf.range(op.response_range)]])
        : 'response_put' in op
          ? object([['ResponsePut', jsonOf.put(op.response_put)]])
          : 'response_delete_range' in op
            ? object([['ResponseDeleteRange', jsonOf.del(op.response_delete_range)]])
            : object([['ResponseTxn', jsonOf.txn(op.response_txn)]]);
    return object([['Response', inner]]);
  },
  txn: (r: TxnResponse): string =>
    object([
      ['header', header(r.header)],
      ['succeeded', bool(r.succeeded)],
      ['responses', array(r.responses.map(jsonOf.responseOp))],
    ]),
};

export function jsonPrinter(term: Terminal): Printer {
  const line = (json: string): void => term.println(json);
  return {
    get: (r) => line(jsonOf.range(r)),
    put: (r) => line(jsonOf.put(r)),
    del: (r) => line(jsonOf.del(r)),
    txn: (r) => line(jsonOf.txn(r)),
    watch: (r) =>
      line(
        object([
          ['Header', object(headerFields(r.header))],
          // a response clientv3 made up for a stream that ended in an error has nil Events
          ['Events', r.closed === true ? 'null' : `[${r.events.map(event).join(',')}]`],
          ['CompactRevision', String(r.compact_revision)],
          ['Canceled', String(r.canceled)],
          ['Created', String(r.created)],
        ]),
      ),
    grant: (r) =>
      line(
        object([...headerFields(r.header), ['ID', String(r.ID)], ['TTL', String(r.TTL)], ['Error', str(r.error)]]),
      ),
    revoke: (_id, r) => line(object([['header', header(r.header)]])),
    keepAlive: (r) => line(object([...headerFields(r.header), ['ID', String(r.ID)], ['TTL', String(r.TTL)]])),
    timeToLive: (r) =>
      line(
        object([
          ...headerFields(r.header),
          ['id', String(r.ID)],
          ['ttl', String(r.TTL)],
          ['granted-ttl', String(r.grantedTTL)],
          // clientv3 leaves Keys nil when the server sends none: json null
          ['keys', r.keys.length === 0 ? 'null' : `[${r.keys.map((k) => str(base64(k))).join(',')}]`],
        ]),
      ),
    leases: (r) =>
      line(
        object([
          ...headerFields(r.header),
          ['leases', `[${r.leases.map((l) => object([['id', String(l.ID)]])).join(',')}]`],
        ]),
      ),
    memberAdd: (r) =>
      line(
        object([
          ['header', header(r.header)],
          ['member', member(r.member)],
          ['members', array(r.members.map(member))],
        ]),
      ),
    memberRemove: (_id, r) =>
      line(
        object([
          ['header', header(r.header)],
          ['members', array(r.members.map(member))],
        ]),
      ),
    memberList: (r) =>
      line(
        object([
          ['header', header(r.header)],
          ['members', array(r.members.map(member))],
        ]),
      ),
    endpointHealth: (hs) =>
      line(
        `[${hs
          .map((h) =>
            object([
              ['endpoint', str(h.ep)],
              ['health', String(h.health)],
              ['took', str(h.took)],
              ['error', h.error === '' ? undefined : str(h.error)],
            ]),
          )
          .join(',')}]`,
      ),
    endpointStatus: (ss) =>
      line(
        `[${ss
          .map((s) =>
            object([
              ['Endpoint', str(s.ep)],
              ['Status', status(s.resp)],
            ]),
          )
          .join(',')}]`,
      ),
  };
}
