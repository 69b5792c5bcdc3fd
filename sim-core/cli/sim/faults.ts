// sim kill|restart <member>, sim partition a,b|c, sim heal: the faults of the Raft
// lessons. Members are named etcd-N or by URL; the cluster resolves them.
import type { SimControlPort, SimResult } from '../ports';
import type { Terminal } from '../terminal';

function report(command: string, result: SimResult, fallback: string, term: Terminal): void {
  if (!result.ok) {
    term.printErr(`sim ${command}: ${result.error}\n`);
    return term.exit(1);
  }
  term.println(result.value === '' ? fallback : result.value);
}

export function simKillOrRestart(command: 'kill' | 'restart', args: string[], sim: SimControlPort, term: Terminal): void {
  if (args.length !== 1) {
    term.printErr(`sim ${command}: name one member (e.g. sim ${command} etcd-2)\n`);
    return term.exit(2);
  }
  // the cluster resolves the name (members today; nodes and control-plane processes later)
  const target = args[0] as string;
  const name = sim.resolveMember(target) ?? target;
  const result = command === 'kill' ? sim.kill(target) : sim.restart(target);
  report(command, result, command === 'kill' ? `killed ${name}` : `restarted ${name}`, term);
}

/** "etcd-1,etcd-2|etcd-3" → [["etcd-1","etcd-2"],["etcd-3"]]; spaces around | and , are allowed. */
export function parseGroups(spec: string): string[][] {
  return spec.split('|').map((g) =>
    g
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m !== ''),
  );
}

export function simPartition(args: string[], sim: SimControlPort, term: Terminal): void {
  const groups = parseGroups(args.join(' '));
  if (args.length === 0 || groups.length < 2 || groups.some((g) => g.length === 0)) {
    term.printErr('sim partition: give two or more groups of members, e.g. sim partition etcd-1,etcd-2|etcd-3\n');
    return term.exit(2);
  }
  const text = groups.map((g) => g.map((m) => sim.resolveMember(m) ?? m).join(',')).join(' | ');
  const result = sim.partition(groups);
  // the cluster answers with the groups it made (members named in no group form one more)
  report('partition', result.ok ? { ok: true, value: `partitioned the network: ${result.value || text}` } : result, '', term);
}

export function simHeal(args: string[], sim: SimControlPort, term: Terminal): void {
  if (args.length !== 0) {
    term.printErr('sim heal: takes no arguments\n');
    return term.exit(2);
  }
  const result = sim.heal();
  report('heal', result.ok ? { ok: true, value: 'healed the network: every member can reach every other' } : result, '', term);
}
