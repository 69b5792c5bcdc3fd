// etcdctl get (etcdctl/ctlv3/command/get_command.go): argument and flag checks in the
// same order and with the same texts, the request, then --print-value-only's check (which
// etcdctl makes only after the request has been answered).
import type { RangeRequest, SortOrder, SortTarget } from '../../etcd/types';
import type { Command } from '../flags/command';
import type { FlagSpec } from '../flags/flagset';
import { mustClient, request, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import { EXIT_BAD_ARGS, EXIT_BAD_FEATURE, EXIT_ERROR } from './exit-codes';
import { FROM_KEY_RANGE_END, prefixRangeEnd } from './key-range';

export const GET_FLAGS: FlagSpec[] = [
  { name: 'consistency', kind: 'string', defValue: 'l', usage: 'Linearizable(l) or Serializable(s)' },
  { name: 'order', kind: 'string', defValue: '', usage: 'Order of results; ASCEND or DESCEND (ASCEND by default)' },
  { name: 'sort-by', kind: 'string', defValue: '', usage: 'Sort target; CREATE, KEY, MODIFY, VALUE, or VERSION' },
  { name: 'limit', kind: 'int64', defValue: '0', usage: 'Maximum number of results' },
  { name: 'prefix', kind: 'bool', defValue: 'false', usage: 'Get keys with matching prefix' },
  {
    name: 'from-key',
    kind: 'bool',
    defValue: 'false',
    usage: 'Get keys that are greater than or equal to the given key using byte compare',
  },
  { name: 'rev', kind: 'int64', defValue: '0', usage: 'Specify the kv revision' },
  { name: 'keys-only', kind: 'bool', defValue: 'false', usage: 'Get only the keys' },
  {
    name: 'print-value-only',
    kind: 'bool',
    defValue: 'false',
    usage: 'Only write values when using the "simple" output format',
  },
];

export type OpResult<T> = { ok: true; value: T } | { ok: false; code: number; error: string };

const SORT_TARGETS: Record<string, SortTarget> = {
  CREATE: 'CREATE',
  KEY: 'KEY',
  MODIFY: 'MOD',
  VALUE: 'VALUE',
  VERSION: 'VERSION',
};

function bad(error: string, code = EXIT_BAD_ARGS): { ok: false; code: number; error: string } {
  return { ok: false, code, error };
}

/** getGetOp: the RangeRequest for `get` (also used by txn's `get` lines). */
export function getGetOp(args: string[], flags: Map<string, unknown>): OpResult<RangeRequest> {
  if (args.length === 0) return bad('get command needs one argument as key and an optional argument as range_end');
  const prefix = flags.get('prefix') === true;
  const fromKey = flags.get('from-key') === true;
  if (prefix && fromKey) return bad('`--prefix` and `--from-key` cannot be set at the same time, choose one');
  const consistency = flags.get('consistency') as string;
  if (consistency !== 's' && consistency !== 'l') {
    return bad(`unknown consistency flag "${consistency}"`, EXIT_BAD_FEATURE);
  }
  let key = args[0] as string;
  const req: RangeRequest = { key, serializable: consistency === 's' };
  if (args.length > 1) {
    if (prefix || fromKey) {
      return bad('too many arguments, only accept one argument when `--prefix` or `--from-key` is set');
    }
    req.range_end = args[1];
  }
  const limit = flags.get('limit') as bigint;
  if (limit !== 0n) req.limit = Number(limit);
  const rev = flags.get('rev') as bigint;
  if (rev > 0n) req.revision = Number(rev);

  const orderFlag = flags.get('order') as string;
  let order: SortOrder = 'NONE';
  const upperOrder = orderFlag.toUpperCase();
  if (upperOrder === 'ASCEND' || upperOrder === 'DESCEND') order = upperOrder;
  else if (upperOrder !== '') return bad(`bad sort order ${orderFlag}`, EXIT_BAD_FEATURE);
  const targetFlag = flags.get('sort-by') as string;
  const target = targetFlag === '' ? 'KEY' : SORT_TARGETS[targetFlag.toUpperCase()];
  if (target === undefined) return bad(`bad sort target ${targetFlag}`, EXIT_BAD_FEATURE);
  // clientv3.WithSort: sorting by key ascending is the server's natural order, so the
  // client sends no sort order at all.
  req.sort_target = target;
  req.sort_order = target === 'KEY' && order === 'ASCEND' ? 'NONE' : order;

  if (prefix) {
    if (key === '') {
      key = '\x00';
      req.key = key;
      req.range_end = FROM_KEY_RANGE_END;
    } else {
      req.range_end = prefixRangeEnd(key);
    }
  }
  if (fromKey) {
    if (key === '') req.key = '\x00';
    req.range_end = FROM_KEY_RANGE_END;
  }
  if (flags.get('keys-only') === true) req.keys_only = true;
  return { ok: true, value: req };
}

function run(inv: EtcdctlInvocation): void {
  const op = getGetOp(inv.args, inv.flags.values);
  if (!op.ok) return inv.term.exitWithError(op.code, op.error);
  const client = mustClient(inv);
  if (!client) return;
  const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.range(op.value, o));
  if (!resp.ok) return inv.term.exitWithError(EXIT_ERROR, resp.error.message);
  if (inv.flags.values.get('print-value-only') === true) {
    if (client.format !== 'simple') {
      return inv.term.exitWithError(EXIT_BAD_ARGS, 'print-value-only is only for `--write-out=simple`');
    }
    client.simple.valueOnly = true;
  }
  client.printer.get(resp.value);
}

export const getCommand: Command<EtcdctlEnv> = {
  use: 'get [options] <key> [range_end]',
  short: 'Gets the key or a range of keys',
  flags: GET_FLAGS,
  run,
};
