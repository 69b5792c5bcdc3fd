// Whether a string is an IP address as netutils.ParseIPSloppy reads one (Go 1.16's
// net.ParseIP): IPv4 in dotted decimal (leading zeros allowed), or IPv6 in any of its
// text forms, `::` shorthand and a trailing dotted IPv4 included.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export function isIPv4(s: string): boolean {
  const m = IPV4.exec(s);
  return m !== null && m.slice(1).every((p) => Number(p) <= 255);
}

export function isIPv6(s: string): boolean {
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string): string[] | undefined => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (head === undefined || tail === undefined) return false;
  const all = [...head, ...tail];
  // a dotted IPv4 may end the address, counting as two groups
  let count = all.length;
  const last = all[all.length - 1];
  if (last !== undefined && last.includes('.')) {
    if (!isIPv4(last)) return false;
    all.pop();
    count++;
  }
  if (!all.every((g) => HEX_GROUP.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

export function isIP(s: string): boolean {
  return isIPv4(s) || isIPv6(s);
}

/** validation.IsValidIP's detail (k8s.io/apimachinery util/validation, 1.32). */
export const INVALID_IP_DETAIL = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
