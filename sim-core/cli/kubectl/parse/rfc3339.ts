// Go's time.Parse(time.RFC3339, s) as kubectl's `logs --since-time` uses it (util.ParseRFC3339):
// only whether the text parses, and Go's error when it does not — the layout walked element
// by element, `cannot parse "REST" as "ELEMENT"` at the first that does not match, a field
// out of its range, or text left over (Go's time/format.go, its ParseError messages).
const LAYOUT = '2006-01-02T15:04:05Z07:00';

/** Go's quote() of a time string: a Go string literal (printable ASCII as it is). */
const quote = (s: string): string => JSON.stringify(s);

const digits = (s: string, n: number): boolean => s.length >= n && /^[0-9]+$/.test(s.slice(0, n));

/** getnum: one or two digits (two when `fixed`), or undefined. */
function getnum(s: string, fixed: boolean): [number, string] | undefined {
  if (!digits(s, 1)) return undefined;
  if (!digits(s, 2)) return fixed ? undefined : [Number(s[0]), s.slice(1)];
  return [Number(s.slice(0, 2)), s.slice(2)];
}

const daysIn = (month: number, year: number): number => {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
};

/** The error Go's time.Parse gives for `value` in RFC 3339, or undefined if it parses. */
export function rfc3339Error(value: string): string | undefined {
  const cannot = (rest: string, elem: string): string => `parsing time ${quote(value)} as ${quote(LAYOUT)}: cannot parse ${quote(rest)} as ${quote(elem)}`;
  const outOfRange = (what: string): string => `parsing time ${quote(value)}: ${what} out of range`;
  let rest = value;
  const literal = (text: string): boolean => {
    if (!rest.startsWith(text)) return false;
    rest = rest.slice(text.length);
    return true;
  };
  // 2006: four characters, a number
  if (!digits(rest, 4)) return cannot(rest, '2006');
  const year = Number(rest.slice(0, 4));
  rest = rest.slice(4);
  if (!literal('-')) return cannot(rest, '-');
  const month = getnum(rest, true);
  if (month === undefined) return cannot(rest, '01');
  if (month[0] < 1 || month[0] > 12) return outOfRange('month');
  rest = month[1];
  if (!literal('-')) return cannot(rest, '-');
  const day = getnum(rest, true);
  if (day === undefined) return cannot(rest, '02');
  rest = day[1];
  if (!literal('T')) return cannot(rest, 'T');
  // 15, 04, 05: the hour may be one digit
  const fields: [string, boolean, number, string][] = [['15', false, 23, 'hour'], ['04', true, 59, 'minute'], ['05', true, 59, 'second']];
  for (const [i, [elem, fixed, max, name]] of fields.entries()) {
    if (i > 0 && !literal(':')) return cannot(rest, ':');
    const n = getnum(rest, fixed);
    if (n === undefined) return cannot(rest, elem);
    if (n[0] > max) return outOfRange(name);
    rest = n[1];
  }
  // a fractional second the layout does not name is taken all the same
  const fraction = /^[.,][0-9]+/.exec(rest);
  if (fraction) rest = rest.slice(fraction[0].length);
  // Z07:00: `Z`, or ±hh:mm
  if (!literal('Z')) {
    const zone = /^[+-]([0-9]{2}):([0-9]{2})/.exec(rest);
    if (zone === null) return cannot(rest, 'Z07:00');
    if (Number(zone[1]) > 24) return outOfRange('time zone offset hour');
    if (Number(zone[2]) > 60) return outOfRange('time zone offset minute');
    rest = rest.slice(6);
  }
  if (rest !== '') return `parsing time ${quote(value)}: extra text: ${quote(rest)}`;
  if (day[0] < 1 || day[0] > daysIn(month[0], year)) return outOfRange('day');
  return undefined;
}
