// What a container does once started, from its image and its command/args: the program it
// runs over time (program.ts) — the lines it writes and when, whether and when it exits —
// the ports it listens on, and how it takes SIGTERM. A learner's `command: ["sh", "-c",
// "exit 1"]` must crash-loop, `sleep 3600` must run for an hour then exit 0, `while true;
// do echo tick; sleep 5; done` must write a line every five seconds, and a plain
// `busybox` must exit at once ("Completed"), as on a real node.
import type { Container } from '../apiserver';
import { TICKS_PER_SECOND } from './backoff';
import { imageVersion, type ImageInfo } from './images';
import { ProcessProgram, type ProgramExit } from './program';
import { compileArgv, compileScript, Unsupported, type Op } from './shell';

export interface ContainerBehaviour {
  program: ProcessProgram;
  /** how the process ends, if it does: its exit code, so many ticks after it starts */
  exit: ProgramExit | undefined;
  /** ports the process listens on (probes and curl reach only these) */
  listens: readonly number[];
  /** a shell or sleep as PID 1 ignores SIGTERM: stopping waits for the grace period */
  ignoresSigterm: boolean;
}

/** A process the simulation starts takes at least this long (a shell script that ends at once is seen running for a second). */
const COMMAND_MIN_TICKS = TICKS_PER_SECOND;
/** an image's own program that exits at once still runs this long */
const DEFAULT_MIN_TICKS = 10;

const SHELLS = new Set(['sh', 'bash', 'ash', 'dash']);
/** commands the simulation runs itself when they are the container's whole command */
const BUILTINS = new Set(['echo', 'sleep', 'date', 'true', 'false', 'tail', ':']);

const basename = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** `version`: the one the image's tag names (images.ts imageVersion); the newest when not given. */
export function behaviourOf(container: Container, image: ImageInfo, version = imageVersion(image, 'latest')): ContainerBehaviour {
  const argv = [...(container.command ?? []), ...(container.args ?? [])];
  const startup = image.startupLogs(version);
  if (argv.length === 0) return imageDefault(image, startup);
  const server = { names: image.servers ?? [], lines: startup };
  const first = basename(argv[0] as string);
  let ops: Op[];
  if (SHELLS.has(first)) {
    try {
      ops = argv[1] === '-c' && argv[2] !== undefined ? compileScript(argv[2]) : [];
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      return fallback(argv, image, startup);
    }
  } else if (BUILTINS.has(first) || server.names.includes(first)) {
    ops = compileArgv(argv);
  } else if (image.defaultRun.kind === 'serve' && image.listens.length > 0) {
    // the image's own server started some other way keeps serving (docker-entrypoint.sh nginx …)
    return imageDefault(image, startup);
  } else {
    // anything else (hostname, env) runs and ends successfully, writing nothing the simulation knows
    ops = [];
  }
  const program = new ProcessProgram(ops, server, COMMAND_MIN_TICKS);
  const serverRuns = ops.filter((op) => op.k === 'cmd').map((op) => op.words.map(literalOf)).filter((w) => server.names.includes(basename((w[0] === 'exec' ? w[1] : w[0]) ?? '')));
  // the server as PID 1 (the command itself, or a script's `exec`) takes SIGTERM; a shell waiting on it does not
  const serverIsPid1 = server.names.includes(first) || serverRuns.some((w) => w[0] === 'exec');
  return { program, exit: program.exit, listens: serverRuns.length > 0 ? image.listens : [], ignoresSigterm: !serverIsPid1 };
}

/** The image's default command: its startup lines, then it serves, or exits (writing its last lines) after its run. */
function imageDefault(image: ImageInfo, startup: ReturnType<ImageInfo['startupLogs']>): ContainerBehaviour {
  const run = image.defaultRun;
  const ops: Op[] =
    run.kind === 'serve'
      ? [{ k: 'write', lines: startup }, { k: 'wait', ticks: Infinity }]
      : [{ k: 'write', lines: startup }, { k: 'wait', ticks: Math.round(run.afterSeconds * TICKS_PER_SECOND) }, { k: 'write', lines: run.logs ?? [] }, { k: 'status', code: run.exitCode }];
  const program = new ProcessProgram(ops, undefined, DEFAULT_MIN_TICKS);
  return { program, exit: program.exit, listens: image.listens, ignoresSigterm: false };
}

/**
 * A shell script the simulation cannot run (a pipe, an `if`): its words read as before —
 * what it echoes written as it starts, then `exit N` or `false` ends it after a second,
 * `while true`, `sleep infinity` or `tail -f` keeps it running, `sleep N` ends it after N
 * seconds; the image's server keeps serving.
 */
function fallback(argv: readonly string[], image: ImageInfo, startup: ReturnType<ImageInfo['startupLogs']>): ContainerBehaviour {
  const script = argv.join(' ');
  const echoed = [...script.matchAll(/echo\s+("([^"]*)"|'([^']*)'|([^;&|]+))/g)].map((m) => (m[2] ?? m[3] ?? m[4] ?? '').trim());
  const exit = /\bexit\s+(\d+)/.exec(script);
  const sleep = /\bsleep\s+(\d+)/.exec(script);
  let end: { seconds: number; code: number } | undefined;
  if (exit) end = { seconds: 1, code: Number(exit[1]) };
  else if (/(^|[\s;&|])false($|[\s;&|])/.test(script)) end = { seconds: 1, code: 1 };
  else if (/while\s+true|sleep\s+infinity|tail\s+-f/.test(script)) end = undefined;
  else if (sleep) end = { seconds: Number(sleep[1]), code: 0 };
  else if (image.defaultRun.kind === 'serve' && image.listens.length > 0) return imageDefault(image, startup);
  else end = { seconds: 1, code: 0 };
  const ops: Op[] = [{ k: 'write', lines: echoed }, end === undefined ? { k: 'wait', ticks: Infinity } : { k: 'wait', ticks: end.seconds * TICKS_PER_SECOND }, { k: 'status', code: end?.code ?? 0 }];
  const program = new ProcessProgram(ops, undefined, COMMAND_MIN_TICKS);
  return { program, exit: program.exit, listens: [], ignoresSigterm: true };
}

/** A word's literal text (its expansions left out). */
function literalOf(w: { parts: readonly ({ lit: string } | object)[] }): string {
  return w.parts.map((p) => ('lit' in p ? p.lit : '')).join('');
}
