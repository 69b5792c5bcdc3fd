// etcdctl member add|remove|list (etcdctl/ctlv3/command/member_command.go). Member ids are
// hexadecimal. `member add` with the simple format also prints the environment a new
// member needs to join (ETCD_NAME, ETCD_INITIAL_CLUSTER, …), as etcdctl does.
import type { Command } from '../flags/command';
import { goQuote, parseGoUint64 } from '../flags/go-values';
import { mustClient, request, type EtcdctlEnv } from './client';
import { EXIT_BAD_ARGS, EXIT_ERROR } from './exit-codes';

const add: Command<EtcdctlEnv> = {
  use: 'add <memberName> [options]',
  short: 'Adds a member into the cluster',
  flags: [
    { name: 'peer-urls', kind: 'string', defValue: '', usage: 'comma separated peer URLs for the new member.' },
    { name: 'learner', kind: 'bool', defValue: 'false', usage: 'indicates if the new member is raft learner' },
  ],
  run(inv) {
    const { term, args } = inv;
    if (args.length < 1) return term.exitWithError(EXIT_BAD_ARGS, 'member name not provided');
    if (args.length > 1) {
      let ev = 'too many arguments';
      for (const s of args) if (s.toLowerCase().startsWith('http')) ev += `, did you mean --peer-urls=${s}`;
      return term.exitWithError(EXIT_BAD_ARGS, ev);
    }
    const newMemberName = args[0] as string;
    const peerURLs = inv.flags.values.get('peer-urls') as string;
    if (peerURLs.length === 0) return term.exitWithError(EXIT_BAD_ARGS, 'member peer urls not provided');
    const client = mustClient(inv);
    if (!client) return;
    const learner = inv.flags.values.get('learner') === true;
    const resp = request(client, client.commandTimeoutTicks, (o) =>
      client.etcd.memberAdd(peerURLs.split(','), learner, o),
    );
    if (!resp.ok) return term.exitWithError(EXIT_ERROR, resp.error.message);
    client.printer.memberAdd(resp.value);
    if (client.format !== 'simple' || term.exited) return;
    const newID = resp.value.member.ID;
    const conf: string[] = [];
    for (const m of resp.value.members) {
      for (const u of m.peerURLs) conf.push(`${m.ID === newID ? newMemberName : m.name}=${u}`);
    }
    term.print('\n');
    term.println(`ETCD_NAME=${goQuote(newMemberName)}`);
    term.println(`ETCD_INITIAL_CLUSTER=${goQuote(conf.join(','))}`);
    term.println(`ETCD_INITIAL_ADVERTISE_PEER_URLS=${goQuote(peerURLs)}`);
    term.println('ETCD_INITIAL_CLUSTER_STATE="existing"');
  },
};

const remove: Command<EtcdctlEnv> = {
  use: 'remove <memberID>',
  short: 'Removes a member from the cluster',
  run(inv) {
    const { term, args } = inv;
    if (args.length !== 1) return term.exitWithError(EXIT_BAD_ARGS, 'member ID is not provided');
    const id = parseGoUint64(args[0] as string, 16);
    if (!id.ok) return term.exitWithError(EXIT_BAD_ARGS, `bad member ID arg (${id.error}), expecting ID in Hex`);
    const client = mustClient(inv);
    if (!client) return;
    const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.memberRemove(id.value, o));
    if (!resp.ok) return term.exitWithError(EXIT_ERROR, resp.error.message);
    client.printer.memberRemove(id.value, resp.value);
  },
};

const list: Command<EtcdctlEnv> = {
  use: 'list',
  short: 'Lists all members in the cluster',
  long: `When --write-out is set to simple, this command prints out comma-separated member lists for each endpoint.
The items in the lists are ID, Status, Name, Peer Addrs, Client Addrs, Is Learner.
`,
  run(inv) {
    const client = mustClient(inv);
    if (!client) return;
    const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.memberList(o));
    if (!resp.ok) return inv.term.exitWithError(EXIT_ERROR, resp.error.message);
    client.printer.memberList(resp.value);
  },
};

/** `member update` and `member promote` exist in etcdctl 3.4 but are not simulated. */
function notSimulated(use: string, short: string, long?: string): Command<EtcdctlEnv> {
  return {
    use,
    short,
    long,
    flags: use.startsWith('update')
      ? [{ name: 'peer-urls', kind: 'string', defValue: '', usage: 'comma separated peer URLs for the updated member.' }]
      : [],
    run: (inv) => inv.term.exitWithError(EXIT_ERROR, `"etcdctl member ${use.split(' ')[0]}" is not available in this simulation`),
  };
}

export const memberCommand: Command<EtcdctlEnv> = {
  use: 'member <subcommand>',
  short: 'Membership related commands',
  children: [
    add,
    remove,
    notSimulated('update <memberID> [options]', 'Updates a member in the cluster'),
    list,
    notSimulated('promote <memberID>', 'Promotes a non-voting member in the cluster', 'Promotes a non-voting learner member to a voting one in the cluster.\n'),
  ],
};
