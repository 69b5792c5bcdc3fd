import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize';

describe('tokenize', () => {
  it('splits on whitespace', () => {
    expect(tokenize('  etcdctl   get\tfoo ')).toEqual({ ok: true, words: ['etcdctl', 'get', 'foo'] });
  });
  it('keeps quoted spaces and joins adjacent quoted parts into one word', () => {
    expect(tokenize(`etcdctl put "a b" 'c d'`)).toEqual({ ok: true, words: ['etcdctl', 'put', 'a b', 'c d'] });
    expect(tokenize(`x"y z"'w'`)).toEqual({ ok: true, words: ['xy zw'] });
  });
  it('gives an empty word for empty quotes, as in `get --prefix ""`', () => {
    expect(tokenize(`etcdctl get --prefix ""`)).toEqual({ ok: true, words: ['etcdctl', 'get', '--prefix', ''] });
  });
  it('honours backslash escapes outside quotes and \\" inside double quotes only', () => {
    expect(tokenize(String.raw`put a\ b "say \"hi\"" 'no \escape'`)).toEqual({
      ok: true,
      words: ['put', 'a b', 'say "hi"', 'no \\escape'],
    });
  });
  it('keeps JSON values intact inside single quotes', () => {
    expect(tokenize(`etcdctl put /k '{"phase":"Running"}'`)).toEqual({
      ok: true,
      words: ['etcdctl', 'put', '/k', '{"phase":"Running"}'],
    });
  });
  it('reports an unterminated quote as bash does', () => {
    expect(tokenize('put "abc')).toEqual({ ok: false, error: 'unexpected EOF while looking for matching `"\'' });
    expect(tokenize("put 'abc")).toEqual({ ok: false, error: "unexpected EOF while looking for matching `''" });
  });
});
