// CSV for the instructor's exports, written for Excel as much as for scripts:
// - RFC 4180: CRLF line ends; a field holding a comma, a double quote, CR or LF is put in
//   double quotes and its quotes are doubled (https://www.rfc-editor.org/rfc/rfc4180 §2).
// - A UTF-8 byte-order mark first: without it Excel reads the file in the system's ANSI
//   code page and Korean titles come out garbled.
// - Formula injection (OWASP "CSV Injection"): a text cell that begins with = + - @, a tab
//   or a carriage return is run as a formula by spreadsheets, so it gets a leading '.
//   Learners choose what they type (a short answer, their name), so every text is suspect.
//   Numbers are written as numbers: -3 is a value, not a formula.
export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv; charset=utf-8';

export type CsvCell = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** The whole file: BOM, the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + csvLine(header) + rows.map(csvLine).join('');
}
