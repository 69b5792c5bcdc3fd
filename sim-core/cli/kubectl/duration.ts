// AGE as kubectl prints it: apimachinery/pkg/util/duration HumanDuration, "~2-3
// significant figures": 5s, 119s, 2m10s, 7m, 179m, 3h5m, 7h, 47h, 2d3h, 7d, 729d, 2y3d, 8y.
// The arithmetic is Go's integer truncation on a time.Duration.
import { parseTimestamp, tickToMillis } from './clock';

export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  // "Allow deviation no more than 2 seconds(excluded) to tolerate machine time inconsistence"
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(ms / 60_000);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(ms / 3_600_000);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    const y = Math.trunc(hours / 24 / 365);
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** printers.go translateTimestampSince: `<unknown>` for a zero time, else HumanDuration(now - t). */
export function timestampSince(timestamp: string | undefined | null, nowTick: number): string {
  if (!timestamp) return '<unknown>';
  const ms = parseTimestamp(timestamp);
  if (ms === undefined) return '<unknown>';
  return humanDuration(tickToMillis(nowTick) - ms);
}
