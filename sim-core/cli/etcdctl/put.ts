// etcdctl put (etcdctl/ctlv3/command/put_command.go). The value may come from stdin
// (argOrStdin) when only the key is given; --lease is a hexadecimal lease id.
import type { PutRequest } from '../../etcd/types';
import type { Command } from '../flags/command';
import type { FlagSpec } from '../flags/flagset';
import { parseGoInt64 } from '../flags/go-values';
import { mustClient, request, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import { EXIT_BAD_ARGS, EXIT_ERROR } from './exit-codes';
import type { OpResult } from './get';

export const PUT_FLAGS: FlagSpec[] = [
  { name: 'lease', kind: 'string', defValue: '0', usage: 'lease ID (in hexadecimal) to attach to the key' },
  { name: 'prev-kv', kind: 'bool', defValue: 'false', usage: 'return the previous key-value pair before modification' },
  { name: 'ignore-value', kind: 'bool', defValue: 'false', usage: 'updates the key using its current value' },
  { name: 'ignore-lease', kind: 'bool', defValue: 'false', usage: 'updates the key using its current lease' },
];

const PUT_LONG = `
Puts the given key into the store.

When <value> begins with '-', <value> is interpreted as a flag.
Insert '--' for workaround:

$ put <key> -- <value>
$ put -- <key> <value>

If <value> isn't given as a command line argument and '--ignore-value' is not specified,
this command tries to read the value from standard input.

If <lease> isn't given as a command line argument and '--ignore-lease' is not specified,
this command tries to read the value from standard input.

For example,
$ cat file | put <key>
will store the content of the file to <key>.
`;

function bad(error: string): { ok: false; code: number; error: string } {
  return { ok: false, code: EXIT_BAD_ARGS, error };
}

/** getPutOp */
export function getPutOp(args: string[], flags: Map<string, unknown>, stdin: string | undefined): OpResult<PutRequest> {
  const needs = 'put command needs 1 argument and input from stdin or 2 arguments';
  if (args.length === 0) return bad(needs);
  const key = args[0] as string;
  const ignoreValue = flags.get('ignore-value') === true;
  if (ignoreValue && args.length > 1) return bad("put command needs only 1 argument when 'ignore-value' is set");
  let value = '';
  if (!ignoreValue) {
    if (args.length > 1) value = args[1] as string;
    else if (stdin !== undefined && stdin !== '') value = stdin;
    else return bad(needs);
  }
  const lease = parseGoInt64(flags.get('lease') as string, 16);
  if (!lease.ok) return bad(`bad lease ID (${lease.error}), expecting ID in Hex`);
  const req: PutRequest = { key, value };
  if (lease.value !== 0n) req.lease = lease.value;
  if (flags.get('prev-kv') === true) req.prev_kv = true;
  if (ignoreValue) req.ignore_value = true;
  if (flags.get('ignore-lease') === true) req.ignore_lease = true;
  return { ok: true, value: req };
}

function run(inv: EtcdctlInvocation): void {
  const op = getPutOp(inv.args, inv.flags.values, inv.env.stdin);
  if (!op.ok) return inv.term.exitWithError(op.code, op.error);
  const client = mustClient(inv);
  if (!client) return;
  const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.put(op.value, o));
  if (!resp.ok) return inv.term.exitWithError(EXIT_ERROR, resp.error.message);
  client.printer.put(resp.value);
}

export const putCommand: Command<EtcdctlEnv> = {
  use: 'put [options] <key> <value> (<value> can also be given from stdin)',
  short: 'Puts the given key into the store',
  long: PUT_LONG,
  flags: PUT_FLAGS,
  run,
};
