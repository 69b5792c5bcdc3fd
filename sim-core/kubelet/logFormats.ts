// The times the simulated images' programs print inside their own log lines, each in its
// program's format, from the simulated clock (a container's clock is UTC): nginx's error
// log and access log, redis's serverLog, Apache httpd's error log and busybox `date`.
import { civilTime, tickToMillis } from '../cli/kubectl/clock';

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** nginx's error log (ngx_log_error_core, ngx_cached_err_log_time): `2026/01/01 00:00:13`. */
export function nginxErrorLogTime(tick: number): string {
  const t = civilTime(tick);
  return `${t.year}/${pad(t.month)}/${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** nginx's `$time_local` (ngx_cached_http_log_time), Apache's `%t` inside its brackets: `01/Jan/2026:00:00:13 +0000`. */
export function nginxLocalTime(tick: number): string {
  const t = civilTime(tick);
  return `${pad(t.day)}/${t.monthName}/${t.year}:${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)} +0000`;
}

/** redis serverLogRaw: strftime `%d %b %Y %H:%M:%S.` and the milliseconds, `01 Jan 2026 00:00:13.450`. */
export function redisLogTime(tick: number): string {
  const t = civilTime(tick);
  return `${pad(t.day)} ${t.monthName} ${t.year} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}.${pad(t.millis, 3)}`;
}

/** Apache httpd's error log (ap_recent_ctime_ex with microseconds): `Thu Jan 01 00:00:13.450000 2026`. */
export function httpdLogTime(tick: number): string {
  const t = civilTime(tick);
  return `${t.weekday} ${t.monthName} ${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}.${pad(t.millis * 1000, 6)} ${t.year}`;
}

/** busybox `date` with no format: `%a %b %e %H:%M:%S %Z %Y`, `Thu Jan  1 00:00:13 UTC 2026`. */
export function busyboxDate(tick: number): string {
  const t = civilTime(tick);
  return `${t.weekday} ${t.monthName} ${String(t.day).padStart(2, ' ')} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)} UTC ${t.year}`;
}

/**
 * A klog line as the control-plane components write it to stderr (klog's header:
 * severity, MMDD, time to the microsecond, the thread id padded to 7, file:line):
 * `I0101 00:00:09.530000       1 leaderelection.go:271] successfully acquired lease …`.
 */
export function klogLine(tick: number, severity: 'I' | 'E', source: string, message: string): string {
  const t = civilTime(tick);
  const micros = pad((tickToMillis(tick) % 1000) * 1000, 6);
  return `${severity}${pad(t.month)}${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}.${micros}       1 ${source}] ${message}`;
}
