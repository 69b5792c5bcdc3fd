import { describe, expect, it } from 'vitest';
import { formatRFC1123Z, klogTime, parseTimestamp, SIM_EPOCH, tickToTimestamp } from './clock';
import { humanDuration, timestampSince } from './duration';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('humanDuration (apimachinery duration.HumanDuration)', () => {
  it.each([
    [-3 * S, '<invalid>'],
    [-1500, '0s'],
    [-999, '0s'],
    [0, '0s'],
    [5 * S, '5s'],
    [5 * S + 999, '5s'],
    [119 * S, '119s'],
    [2 * M, '2m'],
    [2 * M + 10 * S, '2m10s'],
    [9 * M + 59 * S, '9m59s'],
    [10 * M + 30 * S, '10m'],
    [179 * M, '179m'],
    [3 * H, '3h'],
    [3 * H + 5 * M, '3h5m'],
    [7 * H + 59 * M, '7h59m'],
    [8 * H + 30 * M, '8h'],
    [47 * H, '47h'],
    [2 * D, '2d'],
    [2 * D + 3 * H, '2d3h'],
    [7 * D + 23 * H, '7d23h'],
    [8 * D + 5 * H, '8d'],
    [729 * D, '729d'],
    [730 * D, '2y'],
    [365 * 2 * D + 3 * D, '2y3d'],
    [365 * 8 * D, '8y'],
  ])('%d ms → %s', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});

describe('the simulated clock', () => {
  it('turns ticks into RFC 3339 seconds from the epoch and back', () => {
    expect(tickToTimestamp(0)).toBe(SIM_EPOCH);
    expect(tickToTimestamp(12_345)).toBe('2026-01-01T00:02:03Z');
    expect(tickToTimestamp(100 * 86_400 * 60)).toBe('2026-03-02T00:00:00Z');
    expect(parseTimestamp('1970-01-01T00:00:01.5Z')).toBe(1500);
    expect(parseTimestamp('2026-01-01T02:00:00+02:00')).toBe(parseTimestamp('2026-01-01T00:00:00Z'));
    expect(parseTimestamp('yesterday')).toBeUndefined();
  });
  it('computes AGE from the tick, truncating to the second', () => {
    expect(timestampSince(tickToTimestamp(0), 599)).toBe('5s');
    expect(timestampSince(tickToTimestamp(0), 13_000)).toBe('2m10s');
    expect(timestampSince(undefined, 10)).toBe('<unknown>');
  });
  it("formats describe's timestamps as Go's time.RFC1123Z", () => {
    expect(formatRFC1123Z('2026-01-01T00:00:05Z')).toBe('Thu, 01 Jan 2026 00:00:05 +0000');
    expect(formatRFC1123Z('2024-02-29T23:59:59Z')).toBe('Thu, 29 Feb 2024 23:59:59 +0000');
    expect(formatRFC1123Z(undefined)).toBe('Mon, 01 Jan 0001 00:00:00 +0000');
    expect(klogTime(100 * 3600 * 3 + 123)).toBe('0101 03:00:01.230000');
  });
});
