// A container's process over simulated time: what a command line writes and when, how it
// ends, and the log file that keeps it (bounded, produced as it is read).
import { describe, expect, it } from 'vitest';
import type { Container } from '../apiserver';
import { behaviourOf } from './behaviour';
import { ContainerLog, MAX_LOG_LINES } from './containerLog';
import { lookupImage, type ImageInfo } from './images';

const image = (ref: string): ImageInfo => {
  const found = lookupImage(ref);
  if (!found.ok) throw new Error(found.message);
  return found.image;
};
const BUSYBOX = image('busybox:1.37');

/** The lines a command writes by tick `until` when its container starts at tick 100, as `tick text`. */
function linesOf(command: string[], until: number, img = BUSYBOX, version?: string): string[] {
  const b = behaviourOf({ name: 'c', command } as Container, img, version);
  const log = new ContainerLog('id', b.program.start(100, '10.244.1.7'));
  return log.read(until).lines.map((l) => `${l.at} ${l.text}`);
}
const sh = (script: string): string[] => ['sh', '-c', script];
const exitOf = (command: string[], img = BUSYBOX) => behaviourOf({ name: 'c', command } as Container, img).exit;

describe('a shell command line over time', () => {
  it('writes each turn of a loop when it comes round, sleeping between', () => {
    expect(linesOf(sh('while true; do echo tick; sleep 5; done'), 1_200)).toEqual(['100 tick', '600 tick', '1100 tick']);
    expect(exitOf(sh('while true; do echo tick; sleep 5; done'))).toBeUndefined();
  });

  it('expands variables, $((arithmetic)) and $(date) as each line is written', () => {
    expect(linesOf(sh('i=0; while :; do echo "$i: $(date)"; i=$((i+1)); sleep 1; done'), 350)).toEqual([
      '100 0: Thu Jan  1 00:00:01 UTC 2026',
      '200 1: Thu Jan  1 00:00:02 UTC 2026',
      '300 2: Thu Jan  1 00:00:03 UTC 2026',
    ]);
    expect(linesOf(sh('x=7; echo $((x * (2 + 1) - 1)) ${x}y "$missing" end; date'), 100)).toEqual(['100 20 7y  end', '100 Thu Jan  1 00:00:01 UTC 2026']);
  });

  it('ends where the script ends or exits, after its sleeps, and takes a second at least', () => {
    expect(exitOf(sh('echo a; sleep 5; echo b; exit 3'))).toEqual({ afterTicks: 500, code: 3 });
    expect(linesOf(sh('echo a; sleep 5; echo b; exit 3; echo never'), 10_000)).toEqual(['100 a', '600 b']);
    expect(exitOf(sh('echo hello'))).toEqual({ afterTicks: 100, code: 0 });
    expect(exitOf(sh('sleep 2; false'))).toEqual({ afterTicks: 200, code: 1 });
    expect(exitOf(['sleep', '1.5m'])).toEqual({ afterTicks: 9_000, code: 0 });
    expect(exitOf(sh('while true; do sleep 1; exit 4; done'))).toEqual({ afterTicks: 100, code: 4 });
    expect(exitOf(sh('sleep infinity'))).toBeUndefined();
    expect(exitOf(['tail', '-f', '/dev/null'])).toBeUndefined();
  });

  it('runs for loops over their words, && and || on the last status, and keeps lines sent to a file out', () => {
    expect(linesOf(sh('for n in 3 2 1; do echo $n; sleep 2; done; echo liftoff'), 10_000)).toEqual(['100 3', '300 2', '500 1', '700 liftoff']);
    expect(linesOf(sh('false && echo no || echo yes; true && echo and; echo hidden > /tmp/x; echo shown 2>&1; echo $?'), 100)).toEqual(['100 yes', '100 and', '100 shown', '100 0']);
    expect(linesOf(sh("echo 'single $x' \"a\\\"b\" -e; echo -e 'one\\ntwo'"), 100)).toEqual(['100 single $x a"b -e', '100 one', '100 two']);
  });

  it('takes a tick for each turn of a loop that never sleeps', () => {
    expect(linesOf(sh('while true; do echo spam; done'), 103)).toEqual(['100 spam', '101 spam', '102 spam', '103 spam']);
  });

  it("starts the image's server when the script runs it by name, and serves", () => {
    const nginx = image('nginx:1.27');
    const served = behaviourOf({ name: 'c', command: sh("echo configuring; nginx -g 'daemon off;'") } as Container, nginx, '1.27.5');
    // the shell stays PID 1 and ignores SIGTERM; with `exec` nginx is PID 1 and takes it
    expect([served.listens, served.exit, served.ignoresSigterm]).toEqual([[80], undefined, true]);
    const execd = behaviourOf({ name: 'c', command: sh("echo configuring; exec nginx -g 'daemon off;'") } as Container, nginx, '1.27.5');
    expect([execd.listens, execd.exit, execd.ignoresSigterm]).toEqual([[80], undefined, false]);
    expect(behaviourOf({ name: 'c', command: sh('cat /etc/hosts') } as Container, nginx).exit).toEqual({ afterTicks: 100, code: 0 });
    const lines = new ContainerLog('id', served.program.start(100, '')).read(100).lines.map((l) => l.text);
    expect(lines[0]).toBe('configuring');
    expect(lines).toContain('2026/01/01 00:00:01 [notice] 1#1: nginx/1.27.5');
  });

  it('reads a script it cannot run (a pipe) by its words, as before: what it echoes at once, then its end', () => {
    expect(linesOf(sh('echo start | tee /tmp/x; exit 2'), 10_000)).toEqual(['100 start']);
    expect(exitOf(sh('echo start | tee /tmp/x; exit 2'))).toEqual({ afterTicks: 100, code: 2 });
  });
});

describe("an image's own program", () => {
  it('writes its startup lines with the version its tag names, and its last lines as it exits', () => {
    const redis = image('redis:7.2');
    expect(linesOf([], 200, redis, '7.2.12').slice(0, 2)).toEqual([
      '100 1:C 01 Jan 2026 00:00:01.000 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo',
      '100 1:C 01 Jan 2026 00:00:01.000 * Redis version=7.2.12, bits=64, commit=00000000, modified=0, pid=1, just started',
    ]);
    expect(linesOf([], 200, redis, '6.2.21')).toEqual([
      '100 1:C 01 Jan 2026 00:00:01.000 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo',
      '100 1:C 01 Jan 2026 00:00:01.000 # Redis version=6.2.21, bits=64, commit=00000000, modified=0, pid=1, just started',
      '100 1:M 01 Jan 2026 00:00:01.000 # Server initialized',
      '100 1:M 01 Jan 2026 00:00:01.000 * Ready to accept connections',
    ]);
    expect(linesOf([], 1_000, image('reconcile/crashloop:1.0'))).toEqual(['100 starting up', '300 panic: cannot read /etc/app/config.yaml: no such file or directory']);
    expect(linesOf([], 200, image('httpd:2.4'), '2.4.66')[0]).toContain('using 10.244.1.7.');
  });
});

describe('a container log file', () => {
  const loop = () => behaviourOf({ name: 'c', command: sh('i=0; while true; do echo $i; i=$((i+1)); sleep 1; done') } as Container, BUSYBOX).program;

  it('is the same whenever it is read, and appends go after what the process wrote by then', () => {
    const early = new ContainerLog('a', loop().start(0, ''));
    early.read(150);
    early.append(250, 'GET /');
    const late = new ContainerLog('b', loop().start(0, ''));
    late.append(250, 'GET /');
    expect(late.read(400)).toEqual(early.read(400));
    expect(early.read(400).lines.map((l) => l.text)).toEqual(['0', '1', '2', 'GET /', '3', '4']);
  });

  it('keeps the last MAX_LOG_LINES lines of a long run, numbering from the first line ever written', () => {
    const log = new ContainerLog('a', loop().start(0, ''));
    const { lines, first } = log.read((MAX_LOG_LINES + 250) * 100);
    expect(lines).toHaveLength(MAX_LOG_LINES);
    expect(first).toBe(251);
    expect(lines[0]).toEqual({ at: 25_100, text: '251' });
  });

  it('stops at the end it is given (a SIGKILL), and says when the next line comes', () => {
    const log = new ContainerLog('a', loop().start(0, ''));
    expect(log.nextLineAt(50, 1_000)).toBe(100);
    log.endAt(299);
    expect(log.read(10_000).lines.map((l) => l.text)).toEqual(['0', '1', '2']);
    expect(log.nextLineAt(10_000, 20_000)).toBeUndefined();
  });
});
