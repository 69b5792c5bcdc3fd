// etcdctl txn (etcdctl/ctlv3/command/txn_command.go), reading its standard-input form:
//
//   <compare>…      e.g. mod("key") = "5", value("k") != "v", version("k") > "0", create("k") < "3"
//   <blank line>
//   <success op>…   put/get/del lines with their flags
//   <blank line>
//   <failure op>…
//   <blank line>
//
// Each section ends at a blank line; input that ends before the third blank line makes
// etcdctl fail with `Error: EOF` (exit 3), and so does this. The txn runs with no client
// deadline (etcdctl uses context.Background()), so only the server's request timeout ends it.
import type { Compare, CompareResult, RequestOp, TxnRequest } from '../../etcd/types';
import type { Command } from '../flags/command';
import { parseFlags, type FlagSpec } from '../flags/flagset';
import { parseGoInt64 } from '../flags/go-values';
import { mustClient, request, SERVER_REQUEST_TIMEOUT_TICKS, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import { EXIT_BAD_ARGS, EXIT_ERROR, EXIT_INVALID_INPUT } from './exit-codes';
import { getDelOp, DEL_FLAGS } from './del';
import { getGetOp, GET_FLAGS } from './get';
import { argify, scanCompare } from './go-scan';
import { goQuote } from '../flags/go-values';
import { getPutOp, PUT_FLAGS } from './put';

/** A failure that ends the command: an etcdctl error (exit code + text) or a Go panic. */
export type TxnInputError = { exit: number; error: string } | { panic: string };
type Parsed<T> = { ok: true; value: T } | ({ ok: false } & TxnInputError);

/** bufio.Reader.ReadString('\n') over the whole input. */
class LineReader {
  private pos = 0;
  constructor(private readonly text: string) {}
  /** the next line without its newline, or undefined at EOF (also for a last line with no newline) */
  next(): string | undefined {
    const nl = this.text.indexOf('\n', this.pos);
    if (nl < 0) return undefined;
    const line = this.text.slice(this.pos, nl);
    this.pos = nl + 1;
    return line;
  }
}

const RESULTS: Record<string, CompareResult> = { '=': 'EQUAL', '!=': 'NOT_EQUAL', '>': 'GREATER', '<': 'LESS' };

/** parseCompare */
export function parseCompare(line: string): Parsed<Compare> {
  const paren = line.indexOf('(');
  if (paren < 0) return { ok: false, exit: EXIT_INVALID_INPUT, error: `malformed comparison: ${line}` };
  const target = line.slice(0, paren);
  const { n, key, op, val } = scanCompare(line.slice(paren + 1));
  if (n !== 3) {
    return {
      ok: false,
      exit: EXIT_INVALID_INPUT,
      error: `malformed comparison: ${line}; got ${target}(${goQuote(key)}) ${op} ${goQuote(val)}`,
    };
  }
  const invalid = { ok: false as const, exit: EXIT_INVALID_INPUT, error: `invalid txn compare request: ${line}` };
  const numeric = (field: 'version' | 'create_revision' | 'mod_revision', t: Compare['target']): Parsed<Compare> => {
    const v = parseGoInt64(val, 10);
    if (!v.ok) return invalid;
    const result = RESULTS[op];
    // clientv3.Compare panics on any other operator (clientv3/compare.go)
    if (!result) return { ok: false, panic: 'Unknown result op' };
    return { ok: true, value: { key, target: t, result, [field]: Number(v.value) } };
  };
  switch (target) {
    case 'ver':
    case 'version':
      return numeric('version', 'VERSION');
    case 'c':
    case 'create':
      return numeric('create_revision', 'CREATE');
    case 'm':
    case 'mod':
      return numeric('mod_revision', 'MOD');
    case 'val':
    case 'value': {
      const result = RESULTS[op];
      if (!result) return { ok: false, panic: 'Unknown result op' };
      return { ok: true, value: { key, target: 'VALUE', result, value: val } };
    }
    case 'lease':
      // etcdctl 3.4 passes the value as a string where clientv3 wants an int64: it panics.
      return RESULTS[op] ? { ok: false, panic: 'bad value' } : { ok: false, panic: 'Unknown result op' };
    default:
      return { ok: false, exit: EXIT_INVALID_INPUT, error: `malformed comparison: ${line} (unknown target ${target})` };
  }
}

const OP_COMMANDS: Array<[string, FlagSpec[]]> = [
  ['put', PUT_FLAGS],
  ['get', GET_FLAGS],
  ['del', DEL_FLAGS],
];
const HELP: FlagSpec = { name: 'help', shorthand: 'h', kind: 'bool', defValue: 'false', usage: 'help' };

/** parseRequestUnion: the line is run as a put/get/del command line whose Run builds an op. */
export function parseRequestUnion(line: string): Parsed<RequestOp> {
  const words = argify(line);
  if (!words.ok) return 'panic' in words ? { ok: false, panic: words.panic } : { ok: false, exit: EXIT_INVALID_INPUT, error: words.error };
  const args = words.args;
  if (args.length < 2) return { ok: false, exit: EXIT_INVALID_INPUT, error: `invalid txn compare request: ${line}` };
  const invalid = { ok: false as const, exit: EXIT_INVALID_INPUT, error: `invalid txn request: ${line}` };
  const name = args[0] as string;
  const matches = OP_COMMANDS.filter(([n]) => n.startsWith(name));
  const found = OP_COMMANDS.find(([n]) => n === name) ?? (matches.length === 1 ? matches[0] : undefined);
  if (!found) return invalid;
  const parsed = parseFlags(args.slice(1), [...found[1], HELP]);
  if (!parsed.ok) return invalid;
  const { values, args: rest } = parsed.flags;
  const op =
    found[0] === 'put'
      ? mapOp(getPutOp(rest, values, undefined), (r) => ({ request_put: r }))
      : found[0] === 'get'
        ? mapOp(getGetOp(rest, values), (r) => ({ request_range: r }))
        : mapOp(getDelOp(rest, values), (r) => ({ request_delete_range: r }));
  return op;
}

function mapOp<T>(
  r: { ok: true; value: T } | { ok: false; code: number; error: string },
  f: (v: T) => RequestOp,
): Parsed<RequestOp> {
  return r.ok ? { ok: true, value: f(r.value) } : { ok: false, exit: r.code, error: r.error };
}

/** readCompares + readOps × 2 */
export function readTxn(stdin: string): Parsed<TxnRequest> {
  const reader = new LineReader(stdin);
  const sections: Array<Array<Compare | RequestOp>> = [];
  for (let section = 0; section < 3; section++) {
    const items: Array<Compare | RequestOp> = [];
    for (;;) {
      const raw = reader.next();
      if (raw === undefined) return { ok: false, exit: EXIT_INVALID_INPUT, error: 'EOF' };
      const line = raw.trim();
      if (line === '') break;
      const item = section === 0 ? parseCompare(line) : parseRequestUnion(line);
      if (!item.ok) return item;
      items.push(item.value);
    }
    sections.push(items);
  }
  return {
    ok: true,
    value: {
      compare: sections[0] as Compare[],
      success: sections[1] as RequestOp[],
      failure: sections[2] as RequestOp[],
    },
  };
}

function run(inv: EtcdctlInvocation): void {
  const { term } = inv;
  if (inv.args.length !== 0) return term.exitWithError(EXIT_BAD_ARGS, 'txn command does not accept argument');
  const client = mustClient(inv);
  if (!client) return;
  const interactive = inv.flags.values.get('interactive') === true;
  if (interactive) term.println('compares:');
  const txn = readTxn(inv.env.stdin ?? '');
  if (!txn.ok) {
    if ('panic' in txn) {
      // a Go panic: the message, then the goroutine trace (left out here), exit status 2
      term.printErr(`panic: ${txn.panic}\n`);
      return term.exit(2);
    }
    return term.exitWithError(txn.exit, txn.error);
  }
  if (interactive) {
    term.println('success requests (get, put, del):');
    term.println('failure requests (get, put, del):');
  }
  const resp = request(client, SERVER_REQUEST_TIMEOUT_TICKS, (o) => client.etcd.txn(txn.value, o));
  if (!resp.ok) return term.exitWithError(EXIT_ERROR, resp.error.message);
  client.printer.txn(resp.value);
}

export const txnCommand: Command<EtcdctlEnv> = {
  use: 'txn [options]',
  short: 'Txn processes all the requests in one transaction',
  flags: [
    { name: 'interactive', shorthand: 'i', kind: 'bool', defValue: 'false', usage: 'Input transaction in interactive mode' },
  ],
  run,
};

