// The `sim` command: what a teacher does to the cluster — let time pass, wait until it is
// quiet, kill and restart members, cut and heal the network, look at every member.
export const SIM_USAGE = `usage: sim <command> [arguments]

commands:
  tick <n>             let n ticks of simulated time pass (1 tick = 10 ms)
  settle [<cap>]       run until nothing is pending, at most <cap> ticks (default 10000)
  kill <member>        stop a member's process; it keeps its WAL on disk
  restart <member>     start a killed member again from its WAL
  partition <groups>   cut the network into groups: | between groups, , between members
                       (e.g. sim partition etcd-1,etcd-2|etcd-3)
  heal                 remove every partition
  status               each member's role, term, commit and applied index, log length

A member is named etcd-N or by its client URL http://etcd-N:2379.
`;

/** The largest tick or cap a single command accepts (the action log's own limit). */
export const MAX_TICKS = 10_000_000;

export function parseTicks(word: string | undefined): number | undefined {
  if (word === undefined || !/^[0-9]+$/.test(word)) return undefined;
  const n = Number(word);
  return n >= 1 && n <= MAX_TICKS ? n : undefined;
}

/** ticks as simulated time, e.g. 150 → "1.5s" */
export function ticksAsTime(ticks: number): string {
  const ms = ticks * 10;
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`;
}
