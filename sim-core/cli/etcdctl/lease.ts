// etcdctl lease grant|revoke|timetolive|list|keep-alive (etcdctl/ctlv3/command/lease_command.go).
// Lease ids are hexadecimal on the command line. timetolive, list and keep-alive run
// without a client deadline in etcdctl (context.TODO()) and exit 2 (ExitBadConnection) on
// error; keep-alive without --once would run forever and is not simulated.
import type { Command } from '../flags/command';
import { parseGoInt64 } from '../flags/go-values';
import { mustClient, request, SERVER_REQUEST_TIMEOUT_TICKS, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import { EXIT_BAD_ARGS, EXIT_BAD_CONNECTION, EXIT_ERROR } from './exit-codes';

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
    if (inv.flags.values.get('once') !== true) {
      return inv.term.exitWithError(
        EXIT_ERROR,
        'a keep-alive that runs until interrupted is not available in this simulation; use --once',
      );
    }
    const client = mustClient(inv);
    if (!client) return;
    const resp = request(client, SERVER_REQUEST_TIMEOUT_TICKS, (o) => client.etcd.leaseKeepAliveOnce(id, o));
    if (!resp.ok) return inv.term.exitWithError(EXIT_BAD_CONNECTION, resp.error.message);
    client.printer.keepAlive(resp.value);
  },
};

export const leaseCommand: Command<EtcdctlEnv> = {
  use: 'lease <subcommand>',
  short: 'Lease related commands',
  children: [grant, revoke, timetolive, list, keepAlive],
};
