// `-w fields` (etcdctl/ctlv3/command/printer_fields.go): one `"Name" : value` line per
// field; strings through %q, numbers in decimal, ids as unsigned decimal. Member add and
// remove are not supported in this format (exit 4 after the request), as in etcdctl.
import type { DeleteRangeResponse, KeyValue, PutResponse, RangeResponse, ResponseHeader } from '../../etcd/types';
import { goQuote } from '../flags/go-values';
import type { Terminal } from '../terminal';
import { unsupportedPrinter, type Printer } from './printer';

export function fieldsPrinter(term: Terminal): Printer {
  const p = (name: string, value: string | number | bigint | boolean): void => term.println(`"${name}" : ${value}`);
  const kv = (pfx: string, k: KeyValue): void => {
    p(`${pfx}Key`, goQuote(k.key));
    p(`${pfx}CreateRevision`, k.create_revision);
    p(`${pfx}ModRevision`, k.mod_revision);
    p(`${pfx}Version`, k.version);
    p(`${pfx}Value`, goQuote(k.value));
    p(`${pfx}Lease`, k.lease);
  };
  const hdr = (h: ResponseHeader): void => {
    p('ClusterID', h.cluster_id);
    p('MemberID', h.member_id);
    p('Revision', h.revision);
    p('RaftTerm', h.raft_term);
  };
  const del = (r: DeleteRangeResponse): void => {
    hdr(r.header);
    p('Deleted', r.deleted);
    for (const k of r.prev_kvs) kv('Prev', k);
  };
  const get = (r: RangeResponse): void => {
    hdr(r.header);
    for (const k of r.kvs) kv('', k);
    p('More', r.more);
    p('Count', r.count);
  };
  const put = (r: PutResponse): void => {
    hdr(r.header);
    if (r.prev_kv) kv('Prev', r.prev_kv);
  };
  const unsupported = unsupportedPrinter('fields', term);
  return {
    ...unsupported,
    del,
    get,
    put,
    txn(r) {
      hdr(r.header);
      p('Succeeded', r.succeeded);
      for (const op of r.responses) {
        if ('response_delete_range' in op) del(op.response_delete_range);
        else if ('response_put' in op) put(op.response_put);
        else if ('response_range' in op) get(op.response_range);
        else p('Unknown', goQuote(JSON.stringify(op)));
      }
    },
    watch(r) {
      hdr(r.header);
      for (const e of r.events) {
        p('Type', e.type);
        if (e.prev_kv) kv('Prev', e.prev_kv);
        kv('', e.kv);
      }
    },
    grant(r) {
      hdr(r.header);
      p('ID', r.ID);
      p('TTL', r.TTL);
    },
    revoke(_id, r) {
      hdr(r.header);
    },
    keepAlive(r) {
      hdr(r.header);
      p('ID', r.ID);
      p('TTL', r.TTL);
    },
    timeToLive(r) {
      hdr(r.header);
      p('ID', r.ID);
      p('TTL', r.TTL);
      p('GrantedTTL', r.grantedTTL);
      for (const k of r.keys) p('Key', goQuote(k));
    },
    leases(r) {
      hdr(r.header);
      for (const l of r.leases) p('ID', l.ID);
    },
    memberList(r) {
      hdr(r.header);
      for (const m of r.members) {
        p('ID', m.ID);
        p('Name', goQuote(m.name));
        for (const u of m.peerURLs) p('PeerURL', goQuote(u));
        for (const u of m.clientURLs) p('ClientURL', goQuote(u));
        p('IsLearner', m.isLearner);
        term.println();
      }
    },
    endpointHealth(hs) {
      for (const h of hs) {
        p('Endpoint', goQuote(h.ep));
        p('Health', h.health);
        p('Took', h.took);
        p('Error', h.error);
        term.println();
      }
    },
    endpointStatus(ss) {
      for (const { ep, resp } of ss) {
        hdr(resp.header);
        p('Version', goQuote(resp.version));
        p('DBSize', resp.dbSize);
        p('Leader', resp.leader);
        p('IsLearner', resp.isLearner);
        p('RaftIndex', resp.raftIndex);
        p('RaftTerm', resp.raftTerm);
        p('RaftAppliedIndex', resp.raftAppliedIndex);
        // fmt.Println of a []string: [a b]
        p('Errors', `[${resp.errors.join(' ')}]`);
        p('Endpoint', goQuote(ep));
        term.println();
      }
    },
  };
}
