// The default `-w simple` format (etcdctl/ctlv3/command/printer_simple.go, util.go printKV).
import type { KeyValue, TxnResponse, WatchResponse } from '../../etcd/types';
import type { Terminal } from '../terminal';
import { endpointStatusRows, memberListRows, type Printer } from './printer';
import { utf8Bytes } from './go-json';

/** util.go addHexPrefix(hex.EncodeToString(b)): every byte as \xNN */
function hexBytes(s: string): string {
  return [...utf8Bytes(s)].map((b) => '\\x' + b.toString(16).padStart(2, '0')).join('');
}

/** %016x of a lease id */
export function leaseHex(id: bigint): string {
  return BigInt.asUintN(64, id).toString(16).padStart(16, '0');
}

/** %16x of a member or cluster id: space-padded */
export function memberHex16(id: bigint): string {
  return id.toString(16).padStart(16, ' ');
}

export interface SimpleOptions {
  isHex: boolean;
  /** --print-value-only */
  valueOnly: boolean;
}

/** util.go printKV; `opts` is read at print time (--print-value-only is switched on after the request) */
function printKV(term: Terminal, opts: SimpleOptions, kv: KeyValue): void {
  const k = opts.isHex ? hexBytes(kv.key) : kv.key;
  const v = opts.isHex ? hexBytes(kv.value) : kv.value;
  if (!opts.valueOnly) term.println(k);
  term.println(v);
}

export function simplePrinter(term: Terminal, opts: SimpleOptions): Printer {
  const printer: Printer = {
    del(r) {
      term.println(String(r.deleted));
      for (const kv of r.prev_kvs) printKV(term, opts, kv);
    },
    get(r) {
      for (const kv of r.kvs) printKV(term, opts, kv);
    },
    put(r) {
      term.println('OK');
      if (r.prev_kv) printKV(term, opts, r.prev_kv);
    },
    txn(r: TxnResponse) {
      term.println(r.succeeded ? 'SUCCESS' : 'FAILURE');
      for (const op of r.responses) {
        term.println('');
        if ('response_delete_range' in op) printer.del(op.response_delete_range);
        else if ('response_put' in op) printer.put(op.response_put);
        else if ('response_range' in op) printer.get(op.response_range);
        else term.println(`unexpected response ${JSON.stringify(op)}`);
      }
    },
    watch(r: WatchResponse) {
      for (const e of r.events) {
        term.println(e.type);
        if (e.prev_kv) printKV(term, opts, e.prev_kv);
        printKV(term, opts, e.kv);
      }
    },
    grant(r) {
      term.println(`lease ${leaseHex(r.ID)} granted with TTL(${r.TTL}s)`);
    },
    revoke(id) {
      term.println(`lease ${leaseHex(id)} revoked`);
    },
    keepAlive(r) {
      term.println(`lease ${leaseHex(r.ID)} keepalived with TTL(${r.TTL})`);
    },
    timeToLive(r, keys) {
      if (r.grantedTTL === 0 && r.TTL === -1) {
        term.println(`lease ${leaseHex(r.ID)} already expired`);
        return;
      }
      let txt = `lease ${leaseHex(r.ID)} granted with TTL(${r.grantedTTL}s), remaining(${r.TTL}s)`;
      if (keys) txt += `, attached keys([${r.keys.join(' ')}])`;
      term.println(txt);
    },
    leases(r) {
      term.println(`found ${r.leases.length} leases`);
      for (const l of r.leases) term.println(leaseHex(l.ID));
    },
    memberAdd(r) {
      term.println(`Member ${memberHex16(r.member.ID)} added to cluster ${memberHex16(r.header.cluster_id)}`);
    },
    memberRemove(id, r) {
      term.println(`Member ${memberHex16(id)} removed from cluster ${memberHex16(r.header.cluster_id)}`);
    },
    memberList(r) {
      for (const row of memberListRows(r)) term.println(row.join(', '));
    },
    endpointHealth(hs) {
      for (const h of hs) {
        if (h.error === '') {
          term.printErr(`${h.ep} is healthy: successfully committed proposal: took = ${h.took}\n`);
        } else {
          term.printErr(`${h.ep} is unhealthy: failed to commit proposal: ${h.error}\n`);
        }
      }
    },
    endpointStatus(ss) {
      for (const row of endpointStatusRows(ss)) term.println(row.join(', '));
    },
  };
  return printer;
}
