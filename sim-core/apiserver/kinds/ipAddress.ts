// IP addresses as netutils.ParseIPSloppy reads them (Go 1.16's net.ParseIP): IPv4 in dotted
// decimal (leading zeros allowed and read as decimal), or IPv6 in any of its text forms —
// `::` shorthand, a trailing dotted IPv4, hex groups of up to 0xffff. An IPv4-mapped IPv6
// address (::ffff:a.b.c.d) is an IPv4 address, as Go's To4 says.

export type ParsedIP = { family: 'IPv4'; v4: number } | { family: 'IPv6'; groups: number[] };

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
  return { family: 'IPv6', groups: g };
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

/** validation.IsValidCIDR's detail (1.32). */
export const INVALID_CIDR_DETAIL = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

/** netutils.ParseCIDRSloppy accepts it: an address (as parseIP reads it), `/`, and a decimal prefix length that fits the family. */
export function isCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const ip = parseIP(s.slice(0, slash));
  const bits = s.slice(slash + 1);
  if (ip === undefined || !/^[0-9]+$/.test(bits)) return false;
  // an IPv4-mapped address written as IPv6 has IPv6's 128 bits
  const max = s.slice(0, slash).includes(':') ? 128 : 32;
  return Number(bits) <= max;
}

/**
 * ValidateNonSpecialIP's complaints about an address that parses (pkg/apis/core/validation):
 * unspecified, loopback, link-local unicast and link-local multicast, as Go's net.IP
 * methods define them.
 */
export function specialIPDetails(text: string): string[] {
  const ip = parseIP(text);
  if (ip === undefined) return [];
  let unspecified: boolean, loopback: boolean, linkLocal: boolean, linkLocalMulticast: boolean;
  if (ip.family === 'IPv4') {
    const a = ip.v4 >>> 24;
    const b = (ip.v4 >>> 16) & 255;
    const c = (ip.v4 >>> 8) & 255;
    unspecified = ip.v4 === 0;
    loopback = a === 127;
    linkLocal = a === 169 && b === 254;
    linkLocalMulticast = a === 224 && b === 0 && c === 0;
  } else {
    const g = ip.groups;
    unspecified = g.every((x) => x === 0);
    loopback = g.slice(0, 7).every((x) => x === 0) && g[7] === 1;
    linkLocal = (g[0]! & 0xffc0) === 0xfe80;
    linkLocalMulticast = (g[0]! & 0xff0f) === 0xff02;
  }
  const details: string[] = [];
  if (unspecified) details.push(`may not be unspecified (${text})`);
  if (loopback) details.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
  if (linkLocal) details.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
  if (linkLocalMulticast) details.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
  return details;
}
