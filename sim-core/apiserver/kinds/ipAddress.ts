// IP addresses as netutils.ParseIPSloppy reads them (Go 1.16's net.ParseIP): IPv4 in dotted
// decimal (leading zeros allowed and read as decimal), or IPv6 in any of its text forms —
// `::` shorthand, a trailing dotted IPv4, hex groups of up to 0xffff. An IPv4-mapped IPv6
// address (::ffff:a.b.c.d) is an IPv4 address, as Go's To4 says.

export type ParsedIP = { family: 'IPv4'; v4: number } | { family: 'IPv6' };

/** A decimal (or hex) field of an address: digits only, read as Go's dtoi/xtoi do, under its limit. */
function field(s: string, radix: 10 | 16, max: number): number | undefined {
  if (s === '' || !(radix === 10 ? /^[0-9]+$/ : /^[0-9a-fA-F]+$/).test(s)) return undefined;
  const n = Number.parseInt(s, radix);
  return n <= max ? n : undefined;
}

function parseV4(s: string): number | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    const v = field(p, 10, 255);
    if (v === undefined) return undefined;
    n = n * 256 + v;
  }
  return n;
}

/** The eight 16-bit groups of an IPv6 address, or undefined. */
function parseV6(s: string): number[] | undefined {
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string, last: boolean): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const items = part.split(':');
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (last && i === items.length - 1 && item.includes('.')) {
        const v4 = parseV4(item);
        if (v4 === undefined) return undefined;
        out.push(Math.floor(v4 / 65536), v4 % 65536);
        continue;
      }
      const g = field(item, 16, 0xffff);
      if (g === undefined) return undefined;
      out.push(g);
    }
    return out;
  };
  const head = groupsOf(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1]!, true) : [];
  if (head === undefined || tail === undefined) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  if (head.length + tail.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

export function parseIP(s: string): ParsedIP | undefined {
  const v4 = parseV4(s);
  if (v4 !== undefined) return { family: 'IPv4', v4 };
  const g = parseV6(s);
  if (g === undefined) return undefined;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return { family: 'IPv4', v4: g[6]! * 65536 + g[7]! };
  return { family: 'IPv6' };
}

export function isIP(s: string): boolean {
  return parseIP(s) !== undefined;
}

/** An IPv4 address as Go prints a net.IP: dotted decimal, no leading zeros. */
export function ipv4Text(n: number): string {
  return `${Math.floor(n / 16777216) % 256}.${Math.floor(n / 65536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

/** validation.IsValidIP's detail (k8s.io/apimachinery util/validation, 1.32). */
export const INVALID_IP_DETAIL = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
