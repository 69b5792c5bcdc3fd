// The URI of `kubectl get|create|replace|delete --raw URI`, as Go's net/url reads it:
// url.ParseRequestURI decides whether kubectl accepts it (Validate), and rest.Request's
// RequestURI keeps only its path (unescaped) and its query (url.Values: what ParseQuery
// could read; a pair it could not is dropped). The host of an absolute URL is ignored:
// the request goes to the configured server.
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

/** url.parse(rawURL, viaRequest=true), reduced to what a request keeps. */
export function parseRequestURI(raw: string): Parsed {
  // stringContainsCTLByte
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, error: 'net/url: invalid control character in URL' };
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
    return { ok: false, error: 'invalid URI for request' };
  }
  if (scheme !== '' && rest.startsWith('//')) {
    // the authority (user info and host) is not kept: kubectl sends to its own server
    const slash = rest.indexOf('/', 2);
    rest = slash === -1 ? '' : rest.slice(slash);
  }
  const path = unescape(rest, false);
  if (!path.ok) return { ok: false, error: path.error };
  return { ok: true, target: { path: path.value, query: parseQuery(rawQuery) } };
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
