// etcdctl compaction (etcdctl/ctlv3/command/compaction_command.go); `compact` reaches it
// through cobra's prefix matching, as it does in the real tool.
import type { Command } from '../flags/command';
import { parseGoInt64 } from '../flags/go-values';
import { mustClient, request, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import { EXIT_BAD_ARGS, EXIT_ERROR } from './exit-codes';

function run(inv: EtcdctlInvocation): void {
  if (inv.args.length !== 1) return inv.term.exitWithError(EXIT_BAD_ARGS, 'compaction command needs 1 argument');
  const rev = parseGoInt64(inv.args[0] as string, 10);
  if (!rev.ok) return inv.term.exitWithError(EXIT_ERROR, rev.error);
  const client = mustClient(inv);
  if (!client) return;
  const physical = inv.flags.values.get('physical') === true;
  const resp = request(client, client.commandTimeoutTicks, (o) =>
    client.etcd.compact({ revision: Number(rev.value), physical }, o),
  );
  if (!resp.ok) return inv.term.exitWithError(EXIT_ERROR, resp.error.message);
  // printed with fmt.Println whatever --write-out says
  inv.term.println(`compacted revision ${rev.value}`);
}

export const compactionCommand: Command<EtcdctlEnv> = {
  use: 'compaction [options] <revision>',
  short: 'Compacts the event history in etcd',
  flags: [
    {
      name: 'physical',
      kind: 'bool',
      defValue: 'false',
      usage: "'true' to wait for compaction to physically remove all old revisions",
    },
  ],
  run,
};
