// `-w table` (etcdctl/ctlv3/command/printer_table.go): member list and endpoint
// status/health through github.com/olekukonko/tablewriter with ALIGN_RIGHT; every other
// response is unsupported (exit 4 after the request). Layout as tablewriter renders it:
// `+---+` borders, upper-cased centred headers, cells padded by one space.
import type { Terminal } from '../terminal';
import {
  ENDPOINT_HEALTH_HEADER,
  ENDPOINT_STATUS_HEADER,
  MEMBER_LIST_HEADER,
  endpointHealthRows,
  endpointStatusRows,
  memberListRows,
  unsupportedPrinter,
  type Printer,
} from './printer';

function width(s: string): number {
  return [...s].length;
}

/** tablewriter's Title(): `_` and `.` become spaces, then upper case. */
function title(h: string): string {
  return h.replace(/_/g, ' ').replace(/\./g, ' ').trim().toUpperCase();
}

export function renderTable(headers: string[], rows: string[][]): string {
  const heads = headers.map(title);
  const widths = heads.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const border = '+' + widths.map((w) => '-'.repeat(w + 2)).join('+') + '+\n';
  const center = (s: string, w: number): string => {
    const gap = w - width(s);
    const left = Math.floor(gap / 2);
    return ' '.repeat(left) + s + ' '.repeat(gap - left);
  };
  const right = (s: string, w: number): string => ' '.repeat(w - width(s)) + s;
  let out = border;
  out += '|' + heads.map((h, i) => ` ${center(h, widths[i] as number)} `).join('|') + '|\n';
  out += border;
  for (const r of rows) out += '|' + widths.map((w, i) => ` ${right(r[i] ?? '', w)} `).join('|') + '|\n';
  out += border;
  return out;
}

export function tablePrinter(term: Terminal): Printer {
  return {
    ...unsupportedPrinter('table', term),
    memberList: (r) => term.print(renderTable(MEMBER_LIST_HEADER, memberListRows(r))),
    endpointHealth: (hs) => term.print(renderTable(ENDPOINT_HEALTH_HEADER, endpointHealthRows(hs))),
    endpointStatus: (ss) => term.print(renderTable(ENDPOINT_STATUS_HEADER, endpointStatusRows(ss))),
  };
}
