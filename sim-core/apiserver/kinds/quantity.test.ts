// Quantities compare exactly, in integer milli-units, as the scheduler needs.
import { describe, expect, it, test } from 'vitest';
import { canonicalQuantity, compareQuantities, formatMilli, parseQuantity, QUANTITY_FORMAT_ERROR, sumMilli, type Quantity } from './index';

function q(text: string | number): Quantity {
  const r = parseQuantity(text);
  if (!r.ok) throw new Error(`${text}: ${r.error}`);
  return r.quantity;
}

describe('parseQuantity', () => {
  test.each([
    ['100m', 100n],
    ['0.5', 500n],
    ['.5', 500n],
    ['2', 2000n],
    [2, 2000n],
    [0.25, 250n],
    ['1k', 1_000_000n],
    ['128Mi', 128n * 1024n * 1024n * 1000n],
    ['1Gi', 1024n ** 3n * 1000n],
    ['1e3', 1_000_000n],
    ['1E-3', 1n],
    ['1n', 1n],
    ['1500u', 2n],
    ['-1', -1000n],
    ['+3', 3000n],
  ])('%s is %s milli-units', (text, milli) => {
    expect(q(text).milli).toBe(milli);
  });

  test.each(['abc', '', '1.2.3', '1Zi', 'Mi', '12 Mi', '1e', '--1'])('%j is refused with the real message', (text) => {
    expect(parseQuantity(text)).toEqual({ ok: false, error: QUANTITY_FORMAT_ERROR });
  });

  test('comparisons are exact where floating point would not be', () => {
    expect(compareQuantities(q('0.1'), q('100m'))).toBe(0);
    expect(compareQuantities(q('1Gi'), q('1G'))).toBe(1);
    expect(compareQuantities(q('999m'), q('1'))).toBe(-1);
    expect(sumMilli([q('0.1'), q('0.2')])).toBe(q('300m').milli);
  });

  test('CPU formatted as describe shows it', () => {
    expect(formatMilli(2000n)).toBe('2');
    expect(formatMilli(250n)).toBe('250m');
  });
});

describe('canonicalQuantity (Quantity.String)', () => {
  // apimachinery's TestQuantityParseEmit, and the forms `kubectl set resources` meets
  it.each([
    ['1Ki', '1Ki'],
    ['1Mi', '1Mi'],
    ['1Gi', '1Gi'],
    ['1024Mi', '1Gi'],
    ['1000M', '1G'],
    ['.001Ki', '1024m'],
    ['.000001Ki', '1024u'],
    ['.000000001Ki', '1024n'],
    ['.000000000001Ki', '2n'],
    ['-1024Mi', '-1Gi'],
    ['-.001Ki', '-1024m'],
    ['100m', '100m'],
    ['200m', '200m'],
    ['0.5', '500m'],
    ['1000m', '1'],
    ['1.5', '1500m'],
    ['2000', '2k'],
    ['512Mi', '512Mi'],
    ['1536Mi', '1536Mi'],
    ['100Mi', '100Mi'],
    ['0.5Ki', '512'],
    ['1e3', '1e3'],
    ['1000e3', '1e6'],
    ['0', '0'],
    ['0m', '0'],
    ['+1', '+1'],
    ['1', '1'],
    ['10', '10'],
    ['1000', '1k'],
    // the reviewer's cases, from ParseQuantity and CanonicalizeBytes: below nano, leading
    // zeros, past E, and the binary cap (apimachinery's own 9Ei case)
    ['1.234n', '2n'],
    ['1e-12', '1e-9'],
    ['100e-12', '1e-9'],
    ['010', '010'],
    ['0100m', '0100m'],
    ['1000E', '1'],
    ['9Ei', '9223372036854775807'],
    ['8Ei', '9223372036854775807'],
  ])('%s is written back as %s', (text, canonical) => {
    expect(canonicalQuantity(text)).toBe(canonical);
  });

  it('gives nothing for text that does not parse', () => {
    expect(canonicalQuantity('abc')).toBeUndefined();
    expect(canonicalQuantity('')).toBeUndefined();
  });
});
