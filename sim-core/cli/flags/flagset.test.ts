import { describe, expect, it } from 'vitest';
import { parseFlags, type FlagSpec } from './flagset';
import { formatGoDuration, goQuote, parseGoDuration, parseGoInt64 } from './go-values';
import { tabwrite } from './tabwriter';

const SPECS: FlagSpec[] = [
  { name: 'prefix', kind: 'bool', defValue: 'false', usage: '' },
  { name: 'limit', kind: 'int64', defValue: '0', usage: '' },
  { name: 'write-out', shorthand: 'w', kind: 'string', defValue: 'simple', usage: '' },
  { name: 'interactive', shorthand: 'i', kind: 'bool', defValue: 'false', usage: '' },
  { name: 'endpoints', kind: 'stringSlice', defValue: '[127.0.0.1:2379]', usage: '' },
  { name: 'command-timeout', kind: 'duration', defValue: '5s', usage: '' },
];

function ok(argv: string[]) {
  const r = parseFlags(argv, SPECS);
  if (!r.ok) throw new Error(r.error);
  return r.flags;
}
function err(argv: string[]): string {
  const r = parseFlags(argv, SPECS);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

describe('parseFlags (pflag)', () => {
  it('takes --flag=value, --flag value, bool flags and interspersed arguments', () => {
    const f = ok(['foo', '--limit', '3', '--prefix', 'bar', '--write-out=json']);
    expect(f.args).toEqual(['foo', 'bar']);
    expect(f.values.get('limit')).toBe(3n);
    expect(f.values.get('prefix')).toBe(true);
    expect(f.values.get('write-out')).toBe('json');
    expect([...f.changed].sort()).toEqual(['limit', 'prefix', 'write-out']);
  });
  it('takes shorthands: -w json, -wjson, -w=json and grouped bools', () => {
    expect(ok(['-w', 'json']).values.get('write-out')).toBe('json');
    expect(ok(['-wjson']).values.get('write-out')).toBe('json');
    expect(ok(['-w=fields']).values.get('write-out')).toBe('fields');
    const g = ok(['-iwtable']);
    expect([g.values.get('interactive'), g.values.get('write-out')]).toEqual([true, 'table']);
  });
  it('stops at -- and keeps a lone - as an argument', () => {
    expect(ok(['a', '--', '--prefix', '-']).args).toEqual(['a', '--prefix', '-']);
    expect(ok(['-']).args).toEqual(['-']);
  });
  it('keeps defaults, replaces then appends string slices', () => {
    expect(ok([]).values.get('endpoints')).toEqual(['127.0.0.1:2379']);
    expect(ok(['--endpoints=a,b', '--endpoints', 'c']).values.get('endpoints')).toEqual(['a', 'b', 'c']);
    expect(ok([]).values.get('command-timeout')).toBe(5e9);
    expect(ok(['--command-timeout=1.5s']).values.get('command-timeout')).toBe(1.5e9);
  });
  it("reports errors in pflag's words", () => {
    expect(err(['--bogus'])).toBe('unknown flag: --bogus');
    expect(err(['-x'])).toBe("unknown shorthand flag: 'x' in -x");
    expect(err(['--limit'])).toBe('flag needs an argument: --limit');
    expect(err(['-w'])).toBe("flag needs an argument: 'w' in -w");
    expect(err(['--limit=abc'])).toBe('invalid argument "abc" for "--limit" flag: strconv.ParseInt: parsing "abc": invalid syntax');
    expect(err(['--prefix=maybe'])).toBe('invalid argument "maybe" for "--prefix" flag: strconv.ParseBool: parsing "maybe": invalid syntax');
    expect(err(['--command-timeout=abc'])).toBe('invalid argument "abc" for "--command-timeout" flag: time: invalid duration "abc"');
    expect(err(['--command-timeout=5'])).toBe('invalid argument "5" for "--command-timeout" flag: time: missing unit in duration "5"');
  });
});

describe('Go values', () => {
  it('parses hexadecimal lease ids and reports range errors', () => {
    expect(parseGoInt64('2916a2011d18b83f', 16)).toEqual({ ok: true, value: 0x2916a2011d18b83fn });
    expect(parseGoInt64('ffffffffffffffff', 16)).toEqual({
      ok: false,
      error: 'strconv.ParseInt: parsing "ffffffffffffffff": value out of range',
    });
    expect(parseGoInt64('0x10', 16).ok).toBe(false);
  });
  it('formats durations as time.Duration.String', () => {
    expect(formatGoDuration(0)).toBe('0s');
    expect(formatGoDuration(2_232_910)).toBe('2.23291ms');
    expect(formatGoDuration(90e6)).toBe('90ms');
    expect(formatGoDuration(5e9)).toBe('5s');
    expect(formatGoDuration(5_000_615_899)).toBe('5.000615899s');
    expect(formatGoDuration(90e9)).toBe('1m30s');
    expect(formatGoDuration(1500)).toBe('1.5µs');
    expect(parseGoDuration('1m30s')).toEqual({ ok: true, value: 90e9 });
  });
  it('quotes like strconv.Quote', () => {
    expect(goQuote('a "b"\n\x01é')).toBe('"a \\"b\\"\\n\\x01é"');
  });
});

describe('tabwriter', () => {
  it('pads each column block with tabs to the widest cell plus one, in multiples of 8', () => {
    const text = 'OPTIONS:\n  -h, --help[=false]\thelp\n      --print-value-only[=false]\tx\n\nNEXT\n\tshort\tdesc\n';
    expect(tabwrite(text)).toBe(
      'OPTIONS:\n  -h, --help[=false]\t\t\thelp\n      --print-value-only[=false]\tx\n\nNEXT\n\tshort\tdesc\n',
    );
  });
});
