// Secret data: base64 both ways, as Go's StdEncoding writes and reads it (checked against Node's).
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64';

describe('base64', () => {
  it.each(['', 'a', 'ab', 'abc', 'p4ss', 'héllo wörld ✓', 'line\nbreak'])('%j round-trips and matches Node', (text) => {
    const b64 = Buffer.from(text, 'utf8').toString('base64');
    expect(encodeBase64(text)).toBe(b64);
    expect(decodeBase64(b64)).toBe(text);
  });
});
