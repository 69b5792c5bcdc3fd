// What etcdctl's commands that run until interrupted (watch, lease keep-alive) share in the
// browser's terminal (EtcdctlEnv.live): the command returns still running, with what it
// had to print by then as its own output, and the rest comes from reads as the clock plays.
import type { LiveOutput } from '../ports';
import { Terminal } from '../terminal';

/**
 * One read of a running command: what `print` writes into a terminal of its own (the
 * command's has returned), with its exit code once `print` says the command has ended, and
 * marked clipped when `dropped` answers were lost unread before it.
 */
export function printedRead(print: (out: Terminal) => boolean, dropped = 0): LiveOutput {
  const out = new Terminal();
  const ended = print(out);
  const { stdout, stderr, exitCode } = out.output();
  const lost = dropped > 0 ? { clipped: true as const } : {};
  return ended ? { stdout, stderr, exitCode, ...lost } : { stdout, stderr, ...lost };
}

/**
 * Print what `read` gives now as the command's output and leave it running. One that has
 * ended already (a watch from a compacted --rev, a keep-alive of a lease that is gone) is
 * still left to the first read, so that the command is logged as the live one it was and
 * its replay takes this path too.
 */
export function keepRunningFrom(term: Terminal, read: () => LiveOutput, stop: () => void): void {
  let first: LiveOutput | undefined = read();
  if (first.exitCode === undefined) {
    term.print(first.stdout);
    term.printErr(first.stderr);
    first = undefined;
  }
  term.keepRunning({
    read: () => {
      const ended = first;
      first = undefined;
      return ended ?? read();
    },
    stop,
  });
}
