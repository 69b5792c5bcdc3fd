// What a container does once started, from its image and its command/args. A learner's
// `command: ["sh", "-c", "exit 1"]` must crash-loop, `sleep 3600` must run for an hour
// then exit 0, and a plain `busybox` must exit at once ("Completed"), as on a real node.
import type { Container } from '../apiserver';
import type { ImageInfo, RunBehaviour } from './images';

export interface ContainerBehaviour {
  run: RunBehaviour;
  /** ports the process listens on (probes and curl reach only these) */
  listens: readonly number[];
  /** a shell or sleep as PID 1 ignores SIGTERM: stopping waits for the grace period */
  ignoresSigterm: boolean;
  logs: readonly string[];
}

export function behaviourOf(container: Container, image: ImageInfo): ContainerBehaviour {
  const argv = [...(container.command ?? []), ...(container.args ?? [])];
  if (argv.length === 0) {
    const run = image.defaultRun;
    return { run, listens: image.listens, ignoresSigterm: false, logs: [...image.startupLogs, ...(run.kind === 'exit' ? (run.logs ?? []) : [])] };
  }
  const script = argv.join(' ');
  const echoed = [...script.matchAll(/echo\s+("([^"]*)"|'([^']*)'|([^;&|]+))/g)].map((m) => (m[2] ?? m[3] ?? m[4] ?? '').trim());
  const shell = { listens: [] as number[], ignoresSigterm: true, logs: echoed };
  const exit = /\bexit\s+(\d+)/.exec(script);
  if (exit) return { ...shell, run: { kind: 'exit', exitCode: Number(exit[1]), afterSeconds: 1 } };
  if (/(^|[\s;&|])false($|[\s;&|])/.test(script)) return { ...shell, run: { kind: 'exit', exitCode: 1, afterSeconds: 1 } };
  if (/while\s+true|sleep\s+infinity|tail\s+-f/.test(script)) return { ...shell, run: { kind: 'serve' } };
  const sleep = /\bsleep\s+(\d+)/.exec(script);
  if (sleep) return { ...shell, run: { kind: 'exit', exitCode: 0, afterSeconds: Number(sleep[1]) } };
  // The image's own server started with different flags keeps serving (nginx -g 'daemon off;').
  if (image.defaultRun.kind === 'serve' && image.listens.length > 0) {
    return { run: { kind: 'serve' }, listens: image.listens, ignoresSigterm: false, logs: image.startupLogs };
  }
  // Anything else (echo hello, date) runs and ends successfully.
  return { ...shell, run: { kind: 'exit', exitCode: 0, afterSeconds: 1 } };
}
