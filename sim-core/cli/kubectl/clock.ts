// The simulated wall clock kubectl reads. sim-core has no Date: time is the kernel's tick
// (1 tick = 10 ms), and every timestamp an object carries (creationTimestamp, Event
// lastTimestamp, container startedAt) is RFC 3339 text derived from the tick, counted from a
// fixed epoch. kubectl only ever subtracts such a timestamp from "now" (AGE, "Xs ago") or
// formats it (describe's `Start Time:` uses Go's time.RFC1123Z), so both live here.
import { TICK_MS } from '../../kernel/clock';

export { TICK_MS } from '../../kernel/clock';
/** The simulated clock's tick 0. */
export const SIM_EPOCH = '2026-01-01T00:00:00Z';

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y0: number, m: number, d: number): number {
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(z0: number): { y: number; m: number; d: number } {
  const z = z0 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since 1970 of an RFC 3339 timestamp, or undefined when it does not parse. */
export function parseTimestamp(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m as unknown as string[];
  let ms =
    daysFromCivil(Number(y), Number(mo), Number(d)) * MS_PER_DAY +
    ((Number(h) * 60 + Number(mi)) * 60 + Number(s)) * 1000 +
    (frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0);
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  return ms;
}

export const SIM_EPOCH_MS = parseTimestamp(SIM_EPOCH) as number;

/** The wall-clock milliseconds of a tick. */
export function tickToMillis(tick: number): number {
  return SIM_EPOCH_MS + tick * TICK_MS;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** metav1.Time as the API server serialises it: RFC 3339, whole seconds, UTC. */
export function tickToTimestamp(tick: number): string {
  return millisToTimestamp(tickToMillis(tick));
}

/**
 * The last second formatted, and its text: a timestamp has whole seconds and a second is
 * 100 ticks, so the same one is asked for hundreds of times in a row (every Event, status
 * condition and creationTimestamp written in that second).
 */
const lastFormatted = { second: NaN, text: '' };

export function millisToTimestamp(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second === lastFormatted.second) return lastFormatted.text;
  const days = Math.floor(ms / MS_PER_DAY);
  const { y, m, d } = civilFromDays(days);
  const secs = Math.floor((ms - days * MS_PER_DAY) / 1000);
  const text = `${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(Math.floor(secs / 3600))}:${pad(Math.floor(secs / 60) % 60)}:${pad(secs % 60)}Z`;
  lastFormatted.second = second;
  lastFormatted.text = text;
  return text;
}

const WEEKDAYS = ['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed']; // 1970-01-01 was a Thursday
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Go's time.RFC1123Z layout, "Mon, 02 Jan 2006 15:04:05 -0700", in UTC (kubectl describe). */
export function formatRFC1123Z(timestamp: string | undefined): string {
  const ms = timestamp === undefined ? undefined : parseTimestamp(timestamp);
  // A zero metav1.Time formats as Go's zero time.
  if (ms === undefined) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const days = Math.floor(ms / MS_PER_DAY);
  const { y, m, d } = civilFromDays(days);
  const secs = Math.floor((ms - days * MS_PER_DAY) / 1000);
  const weekday = WEEKDAYS[((days % 7) + 7) % 7] as string;
  return `${weekday}, ${pad(d)} ${MONTHS[m - 1] as string} ${pad(y, 4)} ${pad(Math.floor(secs / 3600))}:${pad(Math.floor(secs / 60) % 60)}:${pad(secs % 60)} +0000`;
}

/** klog's header "E1122 03:25:44.221891" (severity, month, day, time to the microsecond). */
export function klogTime(tick: number): string {
  const ms = tickToMillis(tick);
  const days = Math.floor(ms / MS_PER_DAY);
  const { m, d } = civilFromDays(days);
  const inDay = ms - days * MS_PER_DAY;
  const secs = Math.floor(inDay / 1000);
  return `${pad(m)}${pad(d)} ${pad(Math.floor(secs / 3600))}:${pad(Math.floor(secs / 60) % 60)}:${pad(secs % 60)}.${pad((inDay % 1000) * 1000, 6)}`;
}

/** The simulated wall clock at a tick, in UTC, as the fields a program's own log formats print. */
export interface CivilTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 'Mon' … 'Sun' */
  weekday: string;
  /** 'Jan' … 'Dec' */
  monthName: string;
  hour: number;
  minute: number;
  second: number;
  millis: number;
}

export function civilTime(tick: number): CivilTime {
  const ms = tickToMillis(tick);
  const days = Math.floor(ms / MS_PER_DAY);
  const { y, m, d } = civilFromDays(days);
  const inDay = ms - days * MS_PER_DAY;
  const secs = Math.floor(inDay / 1000);
  return {
    year: y,
    month: m,
    day: d,
    weekday: WEEKDAYS[((days % 7) + 7) % 7] as string,
    monthName: MONTHS[m - 1] as string,
    hour: Math.floor(secs / 3600),
    minute: Math.floor(secs / 60) % 60,
    second: secs % 60,
    millis: inDay % 1000,
  };
}
