// Standard base64 (RFC 4648) for Secret data, without depending on btoa/Buffer.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

/**
 * Where Go's base64.StdEncoding would stop decoding, or -1 when the text is valid.
 * Used for the real decode error `illegal base64 data at input byte N`.
 */
export function base64ErrorOffset(text: string): number {
  const body = text.replace(/=+$/, '');
  for (let i = 0; i < body.length; i++) if (!ALPHABET.includes(body[i] ?? '')) return i;
  const padding = text.length - body.length;
  if (padding > 2 || text.length % 4 !== 0) return text.length - (text.length % 4 === 0 ? padding : text.length % 4);
  return -1;
}
