// The kubelet's read of a container log (kuberuntime/logs ReadLogs) over the simulated clock:
// what --tail, --since, --since-time, --timestamps and --limit-bytes leave of it. No real
// kubelet can be recorded here (the recordings' stub stands in for one), so these are the
// rules of logs.go, each shown on a three-line log.
import { describe, expect, it } from 'vitest';
import { kubeletLogQuery, logTimestamp, readLog, type LogLine } from './logRead';

// written at 00:00:01, 00:00:05.5 and 00:01:00 of the simulated day
const LOG: LogLine[] = [
  { at: 100, text: 'starting' },
  { at: 550, text: 'listening on :80' },
  { at: 6000, text: 'GET / 200' },
];
const NOW = 9000; // 00:01:30

describe('the kubelet reads a container log', () => {
  it('prints every line, each with its newline', () => {
    expect(readLog(LOG, {}, NOW)).toBe('starting\nlistening on :80\nGET / 200\n');
  });

  it('stamps each line with the time it was written, nanoseconds always nine digits (RFC3339NanoFixed)', () => {
    expect(logTimestamp(550)).toBe('2026-01-01T00:00:05.500000000Z');
    expect(readLog(LOG, { timestamps: true, tailLines: 2 }, NOW)).toBe('2026-01-01T00:00:05.500000000Z listening on :80\n2026-01-01T00:01:00.000000000Z GET / 200\n');
  });

  it('keeps the last tailLines lines (0: none; more than there are: all)', () => {
    expect(readLog(LOG, { tailLines: 1 }, NOW)).toBe('GET / 200\n');
    expect(readLog(LOG, { tailLines: 0 }, NOW)).toBe('');
    expect(readLog(LOG, { tailLines: 10 }, NOW)).toBe(readLog(LOG, {}, NOW));
  });

  it('skips the lines written before now minus sinceSeconds, keeping one written at that instant', () => {
    expect(readLog(LOG, { sinceSeconds: 30 }, NOW)).toBe('GET / 200\n');
    expect(readLog(LOG, { sinceSeconds: 85 }, NOW)).toBe('listening on :80\nGET / 200\n');
    expect(readLog(LOG, { sinceSeconds: 89 }, NOW)).toBe('starting\nlistening on :80\nGET / 200\n');
    expect(readLog(LOG, { sinceSeconds: 1 }, NOW)).toBe('');
  });

  it('skips the lines written before sinceTime (whole seconds, as kubectl sends it)', () => {
    expect(readLog(LOG, { sinceTime: '2026-01-01T00:00:05Z' }, NOW)).toBe('listening on :80\nGET / 200\n');
    expect(readLog(LOG, { sinceTime: '2026-01-01T00:00:06Z' }, NOW)).toBe('GET / 200\n');
  });

  it('applies the tail before since: the last lines, then those recent enough', () => {
    expect(readLog(LOG, { tailLines: 2, sinceSeconds: 30 }, NOW)).toBe('GET / 200\n');
  });

  it('cuts the output after limitBytes, timestamps counted, mid-line if it falls there', () => {
    expect(readLog(LOG, { limitBytes: 12 }, NOW)).toBe('starting\nlis');
    expect(readLog(LOG, { limitBytes: 9 }, NOW)).toBe('starting\n');
    expect(readLog(LOG, { limitBytes: 35, timestamps: true }, NOW)).toBe('2026-01-01T00:00:01.000000000Z star');
  });

  it('names the options in the URL it is asked on, keys sorted as url.Values.Encode sorts them', () => {
    expect(kubeletLogQuery({ container: 'web', timestamps: true, tailLines: 5, sinceTime: '2026-01-01T00:00:05Z', previous: true })).toBe(
      'previous=true&sinceTime=2026-01-01T00%3A00%3A05Z&tailLines=5&timestamps=true',
    );
    expect(kubeletLogQuery({})).toBe('');
  });
});
