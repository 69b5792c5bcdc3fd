// The simulated wall clock's text: RFC 3339 in whole seconds, the same for every tick of a
// second (the formatter remembers the last second it printed), right across boundaries.
import { describe, expect, it } from 'vitest';
import { SIM_EPOCH_MS, millisToTimestamp, parseTimestamp, tickToTimestamp } from './clock';

describe('simulated timestamps', () => {
  it('every tick of a second prints that second; the next tick after it prints the next', () => {
    expect(tickToTimestamp(0)).toBe('2026-01-01T00:00:00Z');
    expect(tickToTimestamp(99)).toBe('2026-01-01T00:00:00Z');
    expect(tickToTimestamp(100)).toBe('2026-01-01T00:00:01Z');
    expect(tickToTimestamp(99)).toBe('2026-01-01T00:00:00Z');
    expect(tickToTimestamp(8_640_000)).toBe('2026-01-02T00:00:00Z');
    expect(tickToTimestamp(8_639_999)).toBe('2026-01-01T23:59:59Z');
  });

  it('round-trips through parseTimestamp at whole seconds, across months, leap days and years', () => {
    for (const text of ['2026-02-28T23:59:59Z', '2028-02-29T12:00:00Z', '2026-12-31T23:59:59Z', '1970-01-01T00:00:00Z', '2000-03-01T00:00:00Z']) {
      const ms = parseTimestamp(text)!;
      expect(millisToTimestamp(ms)).toBe(text);
      expect(millisToTimestamp(ms + 999)).toBe(text);
    }
    expect(millisToTimestamp(SIM_EPOCH_MS - 1)).toBe('2025-12-31T23:59:59Z');
  });
});
