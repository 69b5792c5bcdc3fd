// One container instance's log file (/var/log/pods/…/<container>/<restart>.log): what its
// process writes over simulated time, and what others append to it as it happens (an
// access-log line per request the server answers). The process's lines are produced only
// when the log is read or appended to (program.ts), up to that moment and never past the
// process's end, so the file reads the same whenever it is read.
//
// Bounded: the kubelet rotates a container's log at containerLogMaxSize (10 MiB) and
// `kubectl logs` reads only the current file (kuberuntime/logs ReadLogs). The simulation
// keeps each instance's last MAX_LOG_LINES lines instead, far fewer than 10 MiB holds: a
// line kept costs about 150 bytes of heap, so a thousand Pods that each write a line a
// second, all read after an hour, hold about 150 MB (at 5,000 lines, over 400 MB).
import type { LogLine } from './logRead';
import type { ProcessRun } from './program';

/** Lines kept per container instance (see above). */
export const MAX_LOG_LINES = 1_000;

export class ContainerLog {
  private readonly lines: LogLine[] = [];
  /** how many lines were dropped from the front: lines[i] is the file's line dropped + i */
  private dropped = 0;
  /** the process's lines are in `lines` up to this tick */
  private writtenTo: number;
  /** the last tick the process may write at (it exits or is killed then), once that is known */
  private lastTick = Infinity;

  constructor(
    /** the container ID of the instance (`containerd://…`) */
    readonly instance: string,
    private readonly run: ProcessRun | undefined,
  ) {
    this.writtenTo = (run?.startTick ?? 0) - 1;
  }

  /** The process writes nothing after `tick` (its exit, or the tick before the SIGKILL); a later, shorter bound wins. */
  endAt(tick: number): void {
    this.lastTick = Math.min(this.lastTick, tick);
  }

  /** A line written now by someone other than the process's program (the server's access log). */
  append(now: number, text: string): void {
    this.catchUp(now);
    this.lines.push({ at: now, text });
    this.trim();
  }

  /** The lines written up to `now`, and the file's line number of the first of them. */
  read(now: number): { lines: readonly LogLine[]; first: number } {
    this.catchUp(now);
    return { lines: this.lines, first: this.dropped };
  }

  /** The tick the process writes its next line at, if it does by `horizon` (and before it ends). */
  nextLineAt(now: number, horizon: number): number | undefined {
    if (this.run === undefined) return undefined;
    this.catchUp(now);
    const at = this.run.nextLineAt(Math.min(horizon, this.lastTick));
    return at !== undefined && at > now ? at : undefined;
  }

  private catchUp(now: number): void {
    const until = Math.min(now, this.lastTick);
    if (this.run === undefined || until <= this.writtenTo) return;
    // a chatty process over a long stretch writes more than is kept: drop as it goes
    this.run.writeUntil(until, (at, text) => {
      if (this.lines.push({ at, text }) >= 2 * MAX_LOG_LINES) this.trim();
    });
    this.writtenTo = until;
    this.trim();
  }

  private trim(): void {
    const over = this.lines.length - MAX_LOG_LINES;
    if (over <= 0) return;
    this.lines.splice(0, over);
    this.dropped += over;
  }
}
