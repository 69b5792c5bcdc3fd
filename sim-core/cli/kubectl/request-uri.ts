// The URI of `kubectl get|create|replace|delete --raw URI`, as Go's net/url reads it twice:
// url.ParseRequestURI decides whether kubectl accepts it (Validate: an absolute URL's host
// is checked — brackets, port, escapes, the characters a host may hold — and a `#` is
// only more path), then rest.Request's RequestURI reads it again with url.Parse, which
// cuts a `#fragment` off (never sent), and keeps only its path (unescaped) and its query
// (url.Values: what ParseQuery could read; a pair it could not is dropped). The host
// itself is not used: the request goes to the configured server.
import { goQuote } from '../../apiserver';

/** url.ParseRequestURI's error as err.Error() prints it (`parse "foo": invalid URI for request`), or undefined when it accepts the text. */
export function requestURIError(raw: string): string | undefined {
  const r = parseRequestURI(raw);
  return r.ok ? undefined : `parse ${goQuote(raw)}: ${r.error}`;
}

export interface RequestTarget {
  /** the unescaped path; '' for an opaque URI (`mailto:x`) */
  path: string;
  /** url.Values in the order the query gives them; `+` read as a space */
  query: [string, string][];
}

type Parsed = { ok: true; target: RequestTarget } | { ok: false; error: string };

/** url.ParseRequestURI: url.parse(rawURL, viaRequest=true), reduced to what a request keeps. */
export function parseRequestURI(raw: string): Parsed {
  return parse(raw, true);
}

/**
 * What the request is sent to: url.Parse (client-go RequestURI) — the fragment cut off
 * (its escapes still checked), the rest read as a URL reference. Its error is the
 * *url.Error's inner one, which is what kubectl prints of it.
 */
export function requestTarget(raw: string): { ok: true; target: RequestTarget } | { ok: false; error: string } {
  const hash = raw.indexOf('#');
  const wrap = (error: string) => ({ ok: false as const, error });
  const r = parse(hash === -1 ? raw : raw.slice(0, hash), false);
  if (!r.ok) return wrap(r.error);
  if (hash !== -1) {
    const fragment = unescape(raw.slice(hash + 1), false);
    if (!fragment.ok) return wrap(fragment.error);
  }
  return r;
}

/** url.parse(rawURL, viaRequest). */
function parse(raw: string, viaRequest: boolean): Parsed {
  // stringContainsCTLByte
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, error: 'net/url: invalid control character in URL' };
  if (raw === '' && viaRequest) return { ok: false, error: 'empty url' };
  if (raw === '*') return { ok: true, target: { path: '*', query: [] } };
  let scheme = '';
  let rest = raw;
  // getScheme: letters, then digits, + - . after the first; a ':' ends it
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) continue;
    if ((c >= '0' && c <= '9') || c === '+' || c === '-' || c === '.') {
      if (i === 0) break;
      continue;
    }
    if (c === ':') {
      if (i === 0) return { ok: false, error: 'missing protocol scheme' };
      scheme = raw.slice(0, i);
      rest = raw.slice(i + 1);
    }
    break;
  }
  let rawQuery = '';
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf('?');
    if (q !== -1) {
      rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith('/')) {
    if (scheme !== '') return { ok: true, target: { path: '', query: parseQuery(rawQuery) } };
    if (viaRequest) return { ok: false, error: 'invalid URI for request' };
    // a relative reference: its first segment may not look like a scheme
    if ((rest.split('/')[0] ?? '').includes(':')) return { ok: false, error: 'first path segment in URL cannot contain colon' };
  }
  if ((scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    // the authority: checked, then not kept (kubectl sends to its own server)
    const slash = rest.indexOf('/', 2);
    const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash);
    const bad = authorityError(authority);
    if (bad !== undefined) return { ok: false, error: bad };
    rest = slash === -1 ? '' : rest.slice(slash);
  }
  const path = unescape(rest, false);
  if (!path.ok) return { ok: false, error: path.error };
  return { ok: true, target: { path: path.value, query: parseQuery(rawQuery) } };
}

/** url.parseAuthority: user info (after validUserinfo, its escapes) and the host (parseHost). */
function authorityError(authority: string): string | undefined {
  const at = authority.lastIndexOf('@');
  const hostError = parseHostError(at === -1 ? authority : authority.slice(at + 1));
  if (hostError !== undefined) return hostError;
  if (at === -1) return undefined;
  const userinfo = authority.slice(0, at);
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) return 'net/url: invalid userinfo';
  for (const part of userinfo.split(':').slice(0, 2)) {
    const u = unescape(part, false);
    if (!u.ok) return u.error;
  }
  return undefined;
}

/** url.parseHost: an IP literal's closing bracket, an optional port of digits, escapes only of non-ASCII bytes (or %25), no character a host cannot hold. */
function parseHostError(host: string): string | undefined {
  let colonPort: string | undefined;
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close === -1) return "missing ']' in host";
    colonPort = host.slice(close + 1);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon !== -1) colonPort = host.slice(colon);
  }
  // validOptionalPort
  if (colonPort !== undefined && colonPort !== '' && !/^:[0-9]*$/.test(colonPort)) return `invalid port ${goQuote(colonPort)} after host`;
  for (let i = 0; i < host.length; i++) {
    const c = host[i]!;
    if (c === '%') {
      const hex = host.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return `invalid URL escape ${goQuote(host.slice(i, i + 3))}`;
      // encodeHost: an escape below %80 is refused, but for %25 (an IPv6 zone's `%`)
      if (parseInt(hex[0]!, 16) < 8 && host.slice(i, i + 3) !== '%25') return `invalid URL escape ${goQuote(host.slice(i, i + 3))}`;
      i += 2;
    } else if (c.charCodeAt(0) < 0x80 && !/[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"]/.test(c)) {
      // shouldEscape(c, encodeHost): InvalidHostError
      return `invalid character ${goQuote(c)} in host name`;
    }
  }
  return undefined;
}

/** url.ParseQuery's pairs; one it cannot read (a `;`, a bad escape) is left out, as Query() does. */
function parseQuery(rawQuery: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of rawQuery.split('&')) {
    if (part === '' || part.includes(';')) continue;
    const eq = part.indexOf('=');
    const k = unescape(eq === -1 ? part : part.slice(0, eq), true);
    const v = unescape(eq === -1 ? '' : part.slice(eq + 1), true);
    if (k.ok && v.ok) out.push([k.value, v.value]);
  }
  return out;
}

/** url.unescape: %XX escapes (UTF-8 bytes), `+` as a space in a query. */
function unescape(s: string, query: boolean): { ok: true; value: string } | { ok: false; error: string } {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%') {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) {
        // EscapeError: the (at most) three characters from the %
        return { ok: false, error: `invalid URL escape ${goQuote(s.slice(i, i + 3))}` };
      }
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c === '+' && query) bytes.push(0x20);
    else {
      // a whole code point: a surrogate pair is one character's four UTF-8 bytes
      const ch = String.fromCodePoint(s.codePointAt(i)!);
      bytes.push(...encoder.encode(ch));
      i += ch.length - 1;
    }
  }
  return { ok: true, value: new TextDecoder().decode(new Uint8Array(bytes)) };
}
