// sim status: one row per member, aligned in columns like kubectl's tables.
import type { MemberStatusRow, SimControlPort } from '../ports';
import type { Terminal } from '../terminal';

const HEADER = ['MEMBER', 'ROLE', 'TERM', 'COMMIT', 'APPLIED', 'LOG', 'PARTITION'];

export function statusTable(rows: MemberStatusRow[]): string {
  const cells = [
    HEADER,
    ...rows.map((r) => [
      r.name,
      r.role,
      String(r.term),
      String(r.commitIndex),
      String(r.appliedIndex),
      String(r.logLength),
      r.partition ?? '-',
    ]),
  ];
  const widths = HEADER.map((_, i) => Math.max(...cells.map((row) => (row[i] as string).length)));
  return cells
    .map((row) => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd((widths[i] as number) + 3))).join('') + '\n')
    .join('');
}

export function simStatus(args: string[], sim: SimControlPort, term: Terminal): void {
  if (args.length !== 0) {
    term.printErr('sim status: takes no arguments\n');
    return term.exit(2);
  }
  term.print(statusTable(sim.status()));
}
