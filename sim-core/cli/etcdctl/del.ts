// etcdctl del (etcdctl/ctlv3/command/del_command.go).
import type { DeleteRangeRequest } from '../../etcd/types';
import type { Command } from '../flags/command';
import type { FlagSpec } from '../flags/flagset';
import { mustClient, request, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import { EXIT_BAD_ARGS, EXIT_ERROR } from './exit-codes';
import type { OpResult } from './get';
import { FROM_KEY_RANGE_END, prefixRangeEnd } from './key-range';

export const DEL_FLAGS: FlagSpec[] = [
  { name: 'prefix', kind: 'bool', defValue: 'false', usage: 'delete keys with matching prefix' },
  { name: 'prev-kv', kind: 'bool', defValue: 'false', usage: 'return deleted key-value pairs' },
  {
    name: 'from-key',
    kind: 'bool',
    defValue: 'false',
    usage: 'delete keys that are greater than or equal to the given key using byte compare',
  },
];

function bad(error: string): { ok: false; code: number; error: string } {
  return { ok: false, code: EXIT_BAD_ARGS, error };
}

/** getDelOp */
export function getDelOp(args: string[], flags: Map<string, unknown>): OpResult<DeleteRangeRequest> {
  if (args.length === 0 || args.length > 2) {
    return bad('del command needs one argument as key and an optional argument as range_end');
  }
  const prefix = flags.get('prefix') === true;
  const fromKey = flags.get('from-key') === true;
  if (prefix && fromKey) return bad('`--prefix` and `--from-key` cannot be set at the same time, choose one');
  const req: DeleteRangeRequest = { key: args[0] as string };
  if (args.length > 1) {
    if (prefix || fromKey) {
      return bad('too many arguments, only accept one argument when `--prefix` or `--from-key` is set');
    }
    req.range_end = args[1];
  }
  if (prefix) {
    if (req.key === '') {
      req.key = '\x00';
      req.range_end = FROM_KEY_RANGE_END;
    } else {
      req.range_end = prefixRangeEnd(req.key);
    }
  }
  if (flags.get('prev-kv') === true) req.prev_kv = true;
  if (fromKey) {
    if (req.key === '') req.key = '\x00';
    req.range_end = FROM_KEY_RANGE_END;
  }
  return { ok: true, value: req };
}

function run(inv: EtcdctlInvocation): void {
  const op = getDelOp(inv.args, inv.flags.values);
  if (!op.ok) return inv.term.exitWithError(op.code, op.error);
  const client = mustClient(inv);
  if (!client) return;
  const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.deleteRange(op.value, o));
  if (!resp.ok) return inv.term.exitWithError(EXIT_ERROR, resp.error.message);
  client.printer.del(resp.value);
}

export const delCommand: Command<EtcdctlEnv> = {
  use: 'del [options] <key> [range_end]',
  short: 'Removes the specified key or range of keys [key, range_end)',
  flags: DEL_FLAGS,
  run,
};
