// The etcdctl command tree as etcdctl/ctlv3/ctl.go builds it at v3.4.23. Commands outside
// the course (auth, snapshot, defrag, …) exist so that cobra's lookup, prefix matching and
// suggestions behave as in the real tool; running one says it is not simulated.
import { linkTree, type Command } from '../flags/command';
import { renderUsage } from '../flags/usage';
import type { EtcdctlEnv } from './client';
import { compactionCommand } from './compaction';
import { delCommand } from './del';
import { endpointCommand } from './endpoint';
import { EXIT_ERROR } from './exit-codes';
import { getCommand } from './get';
import { ETCDCTL_API_VERSION, ETCDCTL_VERSION, GLOBAL_FLAGS, ROOT_COMMANDS } from './global-flags';
import { leaseCommand } from './lease';
import { memberCommand } from './member';
import { putCommand } from './put';
import { txnCommand } from './txn';
import { watchCommand } from './watch';

export const USAGE_EXTRAS = { version: ETCDCTL_VERSION, apiVersion: ETCDCTL_API_VERSION, rootCommands: ROOT_COMMANDS };

function notSimulated(name: string, short: string): Command<EtcdctlEnv> {
  return {
    use: name,
    short,
    run: (inv) => inv.term.exitWithError(EXIT_ERROR, `"etcdctl ${name}" is not available in this simulation`),
  };
}

const versionCommand: Command<EtcdctlEnv> = {
  use: 'version',
  short: 'Prints the version of etcdctl',
  run(inv) {
    inv.term.println(`etcdctl version: ${ETCDCTL_VERSION}`);
    inv.term.println(`API version: ${ETCDCTL_API_VERSION}`);
  },
};

const helpCommand: Command<EtcdctlEnv> = {
  use: 'help [command]',
  short: 'Help about any command',
  run(inv) {
    let cmd: Command<EtcdctlEnv> = root;
    for (const word of inv.args) {
      const next: Command<EtcdctlEnv> | undefined = (cmd.children ?? []).find((c) => c.use.split(' ')[0] === word);
      if (!next) {
        inv.term.println(`Unknown help topic [${inv.args.map((a) => JSON.stringify(a)).join(' ')}]`);
        break;
      }
      cmd = next;
    }
    inv.term.print(renderUsage(cmd, USAGE_EXTRAS));
  },
};

const root: Command<EtcdctlEnv> = linkTree({
  use: 'etcdctl',
  short: 'A simple command line client for etcd3.',
  persistentFlags: GLOBAL_FLAGS,
  children: [
    getCommand,
    putCommand,
    delCommand,
    txnCommand,
    compactionCommand,
    notSimulated('alarm', 'Alarm related commands'),
    notSimulated('defrag', 'Defragments the storage of the etcd members with given endpoints'),
    endpointCommand,
    notSimulated('move-leader', 'Transfers leadership to another etcd cluster member.'),
    watchCommand,
    versionCommand,
    leaseCommand,
    memberCommand,
    notSimulated('snapshot', 'Manages etcd node snapshots'),
    notSimulated('make-mirror', 'Makes a mirror at the destination etcd cluster'),
    notSimulated('migrate', 'Migrates keys in a v2 store to a mvcc store'),
    notSimulated('lock', 'Acquires a named lock'),
    notSimulated('elect', 'Observes and participates in leader election'),
    notSimulated('auth', 'Enable or disable authentication'),
    notSimulated('user', 'User related commands'),
    notSimulated('role', 'Role related commands'),
    notSimulated('check', 'commands for checking properties of the etcd cluster'),
    notSimulated('completion', 'Generate the autocompletion script for the specified shell'),
    helpCommand,
  ],
});

export const etcdctlRoot = root;

/** cobra suggests among the available commands, in sorted order; its own help command is not one of them */
export const ROOT_NAMES = (root.children ?? [])
  .map((c) => c.use.split(' ')[0] as string)
  .filter((n) => n !== 'help')
  .sort();
