// etcdctl lease grant|revoke|timetolive|list|keep-alive (etcdctl/ctlv3/command/lease_command.go).
// Lease ids are hexadecimal on the command line. timetolive, list and keep-alive --once run
// without a client deadline in etcdctl (context.TODO()) and exit 2 (ExitBadConnection) on
// error. keep-alive without --once runs until interrupted: clientv3 renews the lease TTL/3
// after each answer and etcdctl prints each answer, until the client gives the lease up
// (the server answers that it is gone, or no answer came within the TTL) — then `lease <id>
// expired or revoked.` (the simple format only) and exit 0. In the browser's terminal
// (EtcdctlEnv.live) it does so as the page's clock runs. A script cannot interrupt it, so
// there it is refused as it always was (use --once): a saved log that has it — refused, and
// so logged without `live`, before the terminal kept it running — replays exactly as it ran.
import type { LeaseKeepAliveResponse } from '../../etcd/types';
import { TICKS_PER_SECOND } from '../../kernel/clock';
import type { Command } from '../flags/command';
import { parseGoInt64 } from '../flags/go-values';
import type { EtcdClientPort, LiveOutput } from '../ports';
import type { Terminal } from '../terminal';
import { durationToTicks, mustClient, newPrinter, request, resolveEndpoint, SERVER_REQUEST_TIMEOUT_TICKS, type Client, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import { EXIT_BAD_ARGS, EXIT_BAD_CONNECTION, EXIT_ERROR } from './exit-codes';
import { keepRunningFrom, printedRead } from './live';
import { leaseHex } from './printer-simple';

/** Why a script is refused keep-alive without --once: nothing could interrupt it there. */
const NOT_IN_A_SCRIPT = "a keep-alive that runs until interrupted runs only in the page's terminal, where Ctrl+C stops it; in a script, use --once";


/** leaseFromArgs; undefined after exiting with its error */
function leaseFromArgs(inv: EtcdctlInvocation, arg: string): bigint | undefined {
  const id = parseGoInt64(arg, 16);
  if (!id.ok) {
    inv.term.exitWithError(EXIT_BAD_ARGS, `bad lease ID arg (${id.error}), expecting ID in Hex`);
    return undefined;
  }
  return id.value;
}

const grant: Command<EtcdctlEnv> = {
  use: 'grant <ttl>',
  short: 'Creates leases',
  run(inv) {
    if (inv.args.length !== 1) return inv.term.exitWithError(EXIT_BAD_ARGS, 'lease grant command needs TTL argument');
    const ttl = parseGoInt64(inv.args[0] as string, 10);
    if (!ttl.ok) return inv.term.exitWithError(EXIT_BAD_ARGS, `bad TTL (${ttl.error})`);
    const client = mustClient(inv);
    if (!client) return;
    const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.leaseGrant({ TTL: Number(ttl.value) }, o));
    if (!resp.ok) return inv.term.exitWithError(EXIT_ERROR, `failed to grant lease (${resp.error.message})`);
    client.printer.grant(resp.value);
  },
};

const revoke: Command<EtcdctlEnv> = {
  use: 'revoke <leaseID>',
  short: 'Revokes leases',
  run(inv) {
    if (inv.args.length !== 1) return inv.term.exitWithError(EXIT_BAD_ARGS, 'lease revoke command needs 1 argument');
    const id = leaseFromArgs(inv, inv.args[0] as string);
    if (id === undefined) return;
    const client = mustClient(inv);
    if (!client) return;
    const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.leaseRevoke(id, o));
    if (!resp.ok) return inv.term.exitWithError(EXIT_ERROR, `failed to revoke lease (${resp.error.message})`);
    client.printer.revoke(id, resp.value);
  },
};

const timetolive: Command<EtcdctlEnv> = {
  use: 'timetolive <leaseID> [options]',
  short: 'Get lease information',
  flags: [{ name: 'keys', kind: 'bool', defValue: 'false', usage: 'Get keys attached to this lease' }],
  run(inv) {
    if (inv.args.length !== 1) {
      return inv.term.exitWithError(EXIT_BAD_ARGS, 'lease timetolive command needs lease ID as argument');
    }
    const keys = inv.flags.values.get('keys') === true;
    const client = mustClient(inv);
    if (!client) return;
    const id = leaseFromArgs(inv, inv.args[0] as string);
    if (id === undefined) return;
    const resp = request(client, SERVER_REQUEST_TIMEOUT_TICKS, (o) => client.etcd.leaseTimeToLive(id, keys, o));
    if (!resp.ok) return inv.term.exitWithError(EXIT_BAD_CONNECTION, resp.error.message);
    client.printer.timeToLive(resp.value, keys);
  },
};

const list: Command<EtcdctlEnv> = {
  use: 'list',
  short: 'List all active leases',
  run(inv) {
    const client = mustClient(inv);
    if (!client) return;
    const resp = request(client, SERVER_REQUEST_TIMEOUT_TICKS, (o) => client.etcd.leaseLeases(o));
    if (!resp.ok) return inv.term.exitWithError(EXIT_BAD_CONNECTION, resp.error.message);
    client.printer.leases(resp.value);
  },
};

const keepAlive: Command<EtcdctlEnv> = {
  use: 'keep-alive [options] <leaseID>',
  short: 'Keeps leases alive (renew)',
  flags: [
    {
      name: 'once',
      kind: 'bool',
      defValue: 'false',
      usage: 'Resets the keep-alive time to its original value and exits immediately',
    },
  ],
  run(inv) {
    if (inv.args.length !== 1) {
      return inv.term.exitWithError(EXIT_BAD_ARGS, 'lease keep-alive command needs lease ID as argument');
    }
    const id = leaseFromArgs(inv, inv.args[0] as string);
    if (id === undefined) return;
    const once = inv.flags.values.get('once') === true;
    const open = inv.env.live === true ? inv.env.etcd.openLiveKeepAlive?.bind(inv.env.etcd) : undefined;
    // before the client, where it always was: the refusal sends nothing and waits for nothing
    if (!once && open === undefined) return inv.term.exitWithError(EXIT_ERROR, NOT_IN_A_SCRIPT);
    const client = mustClient(inv);
    if (!client) return;
    if (open !== undefined && !once) return runLive(inv.term, client, id, firstKeepAliveTimeoutTicks(inv), open);
    const resp = request(client, SERVER_REQUEST_TIMEOUT_TICKS, (o) => client.etcd.leaseKeepAliveOnce(id, o));
    if (!resp.ok) return inv.term.exitWithError(EXIT_BAD_CONNECTION, resp.error.message);
    client.printer.keepAlive(resp.value);
  },
};

/**
 * clientv3's firstKeepAliveTimeout: the dial timeout (--dial-timeout, 2 s by default) plus
 * 1 s; 5 s (defaultTTL) when that makes exactly 1 s.
 */
function firstKeepAliveTimeoutTicks(inv: EtcdctlInvocation): number {
  const ticks = durationToTicks(inv.flags.values.get('dial-timeout') as number) + TICKS_PER_SECOND;
  return ticks === TICKS_PER_SECOND ? 5 * TICKS_PER_SECOND : ticks;
}

/**
 * The keep-alive loop's output (leaseKeepAliveCommandFunc): each answer as the printer shows
 * it, and once the channel is closed, `expired or revoked.` — printed by the simple printer
 * only — and exit 0. A format that cannot show an answer (table, protobuf) exits 4 on the
 * first. Whether the command has ended.
 */
function printKeepAlives(term: Terminal, client: Client, id: bigint, responses: readonly LeaseKeepAliveResponse[], expired: boolean): boolean {
  const printer = newPrinter(client.format, term, client.simple)!;
  for (const r of responses) {
    printer.keepAlive(r);
    if (term.exited) return true;
  }
  if (!expired) return false;
  if (client.format === 'simple') term.println(`lease ${leaseHex(id)} expired or revoked.`);
  term.exit(0);
  return true;
}

/**
 * Endpoints that name no member answer nothing: the client gives the lease up at the first
 * keep-alive's deadline, having sent nothing the cluster sees — so the end is read off the
 * clock, whenever it is read.
 */
function giveUpUnanswered(term: Terminal, client: Client, id: bigint, firstTimeoutTicks: number): void {
  // deadlineLoop looks every second from the start and gives up at the first look past the deadline
  const givesUpAt = client.sim.now() + TICKS_PER_SECOND * (Math.floor(firstTimeoutTicks / TICKS_PER_SECOND) + 1);
  let ended = false;
  keepRunningFrom(
    term,
    () => {
      if (ended || client.sim.now() < givesUpAt) return { stdout: '', stderr: '' };
      ended = true;
      return printedRead((out) => printKeepAlives(out, client, id, [], true));
    },
    () => {
      ended = true;
    },
  );
}

/** The browser terminal's keep-alive: started, its first answer printed, and left running. */
function runLive(term: Terminal, client: Client, id: bigint, firstTimeoutTicks: number, open: NonNullable<EtcdClientPort['openLiveKeepAlive']>): void {
  // clientv3 balances over every endpoint etcdctl was given: a broken stream moves to the next
  const members = client.endpoints.flatMap((e) => resolveEndpoint(client.sim, e) ?? []);
  if (members.length === 0) return giveUpUnanswered(term, client, id, firstTimeoutTicks);
  const keepAlive = open(id, members, { timeoutTicks: client.commandTimeoutTicks, firstTimeoutTicks });
  let ended = false;
  const read = (): LiveOutput => {
    if (ended) return { stdout: '', stderr: '' };
    const taken = keepAlive.take();
    const output = printedRead((out) => printKeepAlives(out, client, id, taken.responses, taken.expired));
    ended = output.exitCode !== undefined;
    return output;
  };
  keepRunningFrom(term, read, () => {
    ended = true;
    keepAlive.close();
  });
}

export const leaseCommand: Command<EtcdctlEnv> = {
  use: 'lease <subcommand>',
  short: 'Lease related commands',
  children: [grant, revoke, timetolive, list, keepAlive],
};
