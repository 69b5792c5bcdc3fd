// etcdctl watch (etcdctl/ctlv3/command/watch_command.go). A real watch runs until it is
// interrupted. In the browser's terminal (EtcdctlEnv.live) it does: it returns still
// watching, and its events are printed as they arrive while the page's clock runs, until
// Ctrl+C. Like etcdctl's it asks for a leader (WithRequireLeader): its member cancels it
// after three election timeouts without one, and refuses it while it has none. When its
// member dies, the client creates it again — on the next of --endpoints, or on the same
// one after gRPC's back-off — from the revision after the last it printed. In a script
// (setups, solutions, `npm run sim`) it prints what a watcher created now would have
// received so far and returns (../../../DESIGN.md §6), exit status 0. A canceled watch
// (compacted start revision, no leader) ends as in etcdctl: `watch was canceled (…)` and
// `Error: watch is canceled by the server`, exit 5. Interactive mode and running a
// command per event (`-- cmd`) are not simulated.
import type { WatchCreateRequest, WatchResponse } from '../../etcd/types';
import type { Command } from '../flags/command';
import type { EtcdClientPort, LiveOutput } from '../ports';
import { mustClient, newPrinter, request, resolveEndpoint, type Client, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import type { Printer } from './printer';
import { EXIT_BAD_ARGS, EXIT_ERROR, EXIT_INTERRUPTED } from './exit-codes';
import { prefixRangeEnd } from './key-range';
import { keepRunningFrom, printedRead } from './live';

/** clientv3.WatchResponse.Err() for a canceled response */
export function watchCancelError(r: WatchResponse): string {
  if (r.compact_revision !== 0) return 'etcdserver: mvcc: required revision has been compacted';
  if (r.cancel_reason !== '') return r.cancel_reason;
  return 'etcdserver: mvcc: required revision is a future revision';
}

function run(inv: EtcdctlInvocation): void {
  const { term } = inv;
  if (inv.flags.values.get('interactive') === true) {
    return term.exitWithError(EXIT_ERROR, 'interactive watch is not available in this simulation');
  }
  const sep = inv.argv.indexOf('--');
  if (sep >= 0 && sep === inv.argv.length - 1) {
    return term.exitWithError(EXIT_BAD_ARGS, 'bad number of arguments (found separator --, but no commands)');
  }
  if (sep >= 0) {
    return term.exitWithError(EXIT_ERROR, 'running a command on each watch event is not available in this simulation');
  }
  const args = inv.args;
  if (args.length < 1) return term.exitWithError(EXIT_BAD_ARGS, 'bad number of arguments');
  const prefix = inv.flags.values.get('prefix') === true;
  const req: WatchCreateRequest = { key: args[0] as string, start_revision: Number(inv.flags.values.get('rev')) };
  if (args.length === 2) {
    if (prefix) return term.exitWithError(EXIT_BAD_ARGS, '`range_end` and `--prefix` are mutually exclusive');
    req.range_end = args[1];
  }
  if (prefix) req.range_end = req.key === '' ? '\x00' : prefixRangeEnd(req.key);
  if (prefix && req.key === '') req.key = '\x00';
  if (inv.flags.values.get('prev-kv') === true) req.prev_kv = true;
  const client = mustClient(inv);
  if (!client) return;
  const openLive = inv.env.live === true ? inv.env.etcd.openLiveWatch?.bind(inv.env.etcd) : undefined;
  if (openLive !== undefined && client.member !== undefined) return runLive(inv, client, req, openLive);
  const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.watchSoFar(req, o));
  if (!resp.ok) {
    term.printErr(`watch was canceled (${resp.error.message})\n`);
    return term.exitWithError(EXIT_INTERRUPTED, 'watch is canceled by the server');
  }
  printWatch(term, client.printer, resp.value);
}

/** printWatchCh: each response as the printer shows it; a canceled one says so and ends the command (exit 5). Whether it ended. */
function printWatch(term: EtcdctlInvocation['term'], printer: Printer, responses: readonly WatchResponse[]): boolean {
  for (const r of responses) {
    if (r.canceled) term.printErr(`watch was canceled (${watchCancelError(r)})\n`);
    if (r.events.length > 0 || r.canceled) printer.watch(r);
    if (r.canceled) {
      term.exitWithError(EXIT_INTERRUPTED, 'watch is canceled by the server');
      return true;
    }
  }
  return false;
}

/** The browser terminal's watch: opened, what came with its creation printed, and left running. */
function runLive(inv: EtcdctlInvocation, client: Client, req: WatchCreateRequest, open: NonNullable<EtcdClientPort['openLiveWatch']>): void {
  const { term } = inv;
  // clientv3 balances over every endpoint etcdctl was given: a dead member's watch moves to the next
  const members = [client.member!, ...client.endpoints.slice(1).flatMap((e) => resolveEndpoint(client.sim, e) ?? [])];
  const watch = open(req, members, { timeoutTicks: client.commandTimeoutTicks });
  let ended = false;
  const read = (): LiveOutput => {
    if (ended) return { stdout: '', stderr: '' };
    const { responses, dropped } = watch.take();
    const output = printedRead((out) => printWatch(out, newPrinter(client.format, out, client.simple)!, responses), dropped);
    ended = output.exitCode !== undefined;
    return output;
  };
  // what came with the creation is the command's own output (one that ended it at once — a
  // compacted --rev, no leader — is left to the first read)
  keepRunningFrom(term, read, () => {
    ended = true;
    watch.close();
  });
}

export const watchCommand: Command<EtcdctlEnv> = {
  use: 'watch [options] [key or prefix] [range_end] [--] [exec-command arg1 arg2 ...]',
  short: 'Watches events stream on keys or prefixes',
  flags: [
    { name: 'interactive', shorthand: 'i', kind: 'bool', defValue: 'false', usage: 'Interactive mode' },
    { name: 'prefix', kind: 'bool', defValue: 'false', usage: 'Watch on a prefix if prefix is set' },
    { name: 'rev', kind: 'int64', defValue: '0', usage: 'Revision to start watching' },
    {
      name: 'prev-kv',
      kind: 'bool',
      defValue: 'false',
      usage: 'get the previous key-value pair before the event happens',
    },
  ],
  run,
};
