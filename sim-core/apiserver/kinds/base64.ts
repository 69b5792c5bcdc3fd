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

/** A Secret's value as text: the bytes base64 stands for, read as UTF-8 (characters outside the alphabet ignored). */
export function decodeBase64(b64: string): string {
  const bytes: number[] = [];
  let n = 0;
  let bits = 0;
  for (const ch of b64) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) continue;
    n = (n << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((n >> bits) & 255);
    }
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
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
