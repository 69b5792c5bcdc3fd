// What the kubelet answers for GET pods/<name>/log (pkg/kubelet/kuberuntime/logs/logs.go
// ReadLogs over the container's log file): the last tailLines lines, then those written
// before `since` skipped, each led by its time with `timestamps`, and the whole cut after
// limitBytes. A line's time is the simulated tick the container wrote it at.
import { millisToTimestamp, parseTimestamp, tickToMillis } from '../cli/kubectl/clock';
import { utf8Length } from '../kernel';

/** core/v1 PodLogOptions, the query of GET pods/<name>/log (the fields the simulation reads). */
export interface PodLogOptions {
  container?: string;
  /** asked for; the simulation's read returns what the log holds now (see cli/kubectl/run/logs.ts) */
  follow?: boolean;
  previous?: boolean;
  timestamps?: boolean;
  sinceSeconds?: number;
  /** RFC 3339, as metav1.Time travels in a query (whole seconds) */
  sinceTime?: string;
  tailLines?: number;
  limitBytes?: number;
}

/**
 * A following read's stream (`follow`): which container instance it reads, and whether it
 * stays open for what that instance writes next — ReadLogs waits while the container runs
 * (waitLogs' isContainerRunning), writing each line as it comes, and stops once limitBytes
 * are written. The terminal reads an open stream on as simulated time passes (LogResume).
 */
export interface LogStream {
  instance: string;
  open: boolean;
  /** the tick an open stream's process is due to exit by, when it is (a run that ends, a stop under way) */
  endsBy?: number;
  /** the tick an open stream's process writes its next line at, when it does within FOLLOW_LOOKAHEAD_TICKS */
  nextLineAt?: number;
  /** the file's line number after the last one read (where the stream goes on) */
  next: number;
  /** the bytes the stream has written so far (limitBytes counts them all) */
  written: number;
}

/** Where a following read goes on: its stream's instance, the next line and the bytes written so far. */
export type LogResume = Pick<LogStream, 'instance' | 'next' | 'written'>;

/** How far ahead an open stream looks for its process's next line: a terminal's follow lasts no longer (cli/kubectl's request timeout, 32 s). */
export const FOLLOW_LOOKAHEAD_TICKS = 3_200;

/** What GET pods/<name>/log answers: the log, or the API server's error (`Invalid`: kubectl words it `The … is invalid: …`). */
export type LogsResult = { ok: true; text: string; stream?: LogStream } | { ok: false; error: string; reason?: 'Invalid' };

/** One line of a container's log file, without its newline, and the tick it was written at. */
export interface LogLine {
  at: number;
  text: string;
}

/**
 * types.RFC3339NanoFixed, the kubelet's timeFormatOut: nine digits of fraction always (a
 * tick is 10 ms, so the last seven are zeros).
 */
export function logTimestamp(tick: number): string {
  const ms = tickToMillis(tick);
  const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  return `${millisToTimestamp(ms).slice(0, -1)}.${millis}000000Z`;
}

/**
 * NewLogOptions' `since`: sinceSeconds back from now, or sinceTime when that is later; in
 * wall-clock milliseconds (undefined: every line).
 */
function sinceMillis(options: PodLogOptions, now: number): number | undefined {
  let since: number | undefined;
  if (options.sinceSeconds !== undefined) since = tickToMillis(now) - options.sinceSeconds * 1000;
  const t = options.sinceTime === undefined ? undefined : parseTimestamp(options.sinceTime);
  if (t !== undefined && (since === undefined || t > since)) since = t;
  return since;
}

/** ReadLogs, non-following, over a whole log file at tick `now`. */
export function readLog(lines: readonly LogLine[], options: PodLogOptions, now: number): string {
  const tail = options.tailLines;
  // tail.FindTailLineStartIndex, then at most that many lines read (limitedMode)
  const from = tail === undefined || tail < 0 ? 0 : Math.max(0, lines.length - tail);
  const since = sinceMillis(options, now);
  // logWriter.write: a line from before `since` is skipped (Before: one written at `since` stays)
  const recent = since === undefined ? lines.slice(from) : lines.slice(from).filter((line) => tickToMillis(line.at) >= since);
  return writeLines(recent, options, 0);
}

/**
 * What a following read writes of the lines that came since it last read (no tail, no
 * since: they are newer than both), with limitBytes counting the `written` bytes before them.
 */
export function readMore(lines: readonly LogLine[], options: PodLogOptions, written: number): string {
  return writeLines(lines, options, written);
}

/** logWriter: each line with its newline (led by its time with `timestamps`), the whole cut after limitBytes. */
function writeLines(lines: readonly LogLine[], options: PodLogOptions, written: number): string {
  let remain = options.limitBytes === undefined || options.limitBytes < 0 ? Infinity : options.limitBytes - written;
  let out = '';
  for (const line of lines) {
    if (remain <= 0) break;
    const text = `${options.timestamps === true ? `${logTimestamp(line.at)} ` : ''}${line.text}\n`;
    // limitBytes counts UTF-8 bytes; only the line it cuts is encoded
    const length = utf8Length(text);
    if (length >= remain) {
      out += new TextDecoder().decode(new TextEncoder().encode(text).slice(0, remain));
      break;
    }
    out += text;
    remain -= length;
  }
  return out;
}

/**
 * The query the API server sends the kubelet (pod/strategy.go LogLocation: each option set,
 * url.Values.Encode sorts the keys), for its errors that name the URL.
 */
export function kubeletLogQuery(options: PodLogOptions): string {
  const params: [string, string][] = [];
  if (options.follow === true) params.push(['follow', 'true']);
  if (options.previous === true) params.push(['previous', 'true']);
  if (options.timestamps === true) params.push(['timestamps', 'true']);
  if (options.sinceSeconds !== undefined) params.push(['sinceSeconds', String(options.sinceSeconds)]);
  if (options.sinceTime !== undefined) params.push(['sinceTime', options.sinceTime]);
  if (options.tailLines !== undefined) params.push(['tailLines', String(options.tailLines)]);
  if (options.limitBytes !== undefined) params.push(['limitBytes', String(options.limitBytes)]);
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}
