// encoding/json's syntax errors, as json.Unmarshal words them (Go's scanner_test.go and
// decode_test.go cases, and what its eof() makes of a value cut short).
import { describe, expect, it } from 'vitest';
import { goJsonSyntaxError, quoteChar } from './goJsonScanner';

const CASES: [string, string | undefined][] = [
  ['{"a":[1,2.5e-3,-0,true,false,null,"\\u00e9\\n"],"b":{}}', undefined],
  [' 42 ', undefined],
  ['"x"', undefined],
  ['', 'unexpected end of JSON input'],
  ['   ', 'unexpected end of JSON input'],
  ['[2, 3', 'unexpected end of JSON input'],
  ['{"a":', 'unexpected end of JSON input'],
  ['"abc', 'unexpected end of JSON input'],
  ['apiVersion: v1', "invalid character 'a' looking for beginning of value"],
  ['\u0001 42', "invalid character '\\x01' looking for beginning of value"],
  ['{]', "invalid character ']' looking for beginning of object key string"],
  ['{"x": 1,}', "invalid character '}' looking for beginning of object key string"],
  ['{"X": "foo", "Y"}', "invalid character '}' after object key"],
  ['{"X":12x}', "invalid character 'x' after object key:value pair"],
  ['[1, 2, 3+]', "invalid character '+' after array element"],
  ['[1,]', "invalid character ']' looking for beginning of value"],
  ['tru', "invalid character ' ' in literal true (expecting 'e')"],
  ['trux', "invalid character 'x' in literal true (expecting 'e')"],
  ['nul', "invalid character ' ' in literal null (expecting 'l')"],
  ['fals', "invalid character ' ' in literal false (expecting 'e')"],
  ['"a\u0001"', "invalid character '\\x01' in string literal"],
  ['"\\x"', "invalid character 'x' in string escape code"],
  ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
  ['{"F3": -}', "invalid character '}' in numeric literal"],
  ['-', "invalid character ' ' in numeric literal"],
  ['1.', "invalid character ' ' after decimal point in numeric literal"],
  ['1e+', "invalid character ' ' in exponent of numeric literal"],
  ['01', "invalid character '1' after top-level value"],
  ['{} {}', "invalid character '{' after top-level value"],
  ["{'a':1}", "invalid character '\\'' looking for beginning of object key string"],
  ['é', "invalid character 'Ã' looking for beginning of value"],
  ['\u00a0', "invalid character 'Â' looking for beginning of value"], // NO-BREAK SPACE: its first byte 0xC2
];

describe('encoding/json syntax errors', () => {
  it.each(CASES)('%j', (text, error) => {
    expect(goJsonSyntaxError(text)).toBe(error);
  });

  it('refuses nesting past 10000, as maxNestingDepth does', () => {
    expect(goJsonSyntaxError('['.repeat(10000) + ']'.repeat(10000))).toBeUndefined();
    expect(goJsonSyntaxError('['.repeat(10001))).toBe("invalid character '[' exceeded max depth");
  });

  it('quotes a byte as quoteChar does', () => {
    expect([0x22, 0x27, 0x5c, 0x09, 0x7f, 0x80, 0xad, 0xe9].map(quoteChar)).toEqual([`'"'`, "'\\''", "'\\\\'", "'\\t'", "'\\x7f'", "'\\u0080'", "'\\u00ad'", "'é'"]);
  });
});
