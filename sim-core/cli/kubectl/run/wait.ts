// Waiting in simulated time. kubectl watches and blocks (delete --wait, drain, rollout
// status); in the simulation the terminal advances the clock itself, one simulated second
// at a time, re-checking after each step, until the condition holds or a cap passes. A
// real kubectl may wait forever (timeout 0); a learner's terminal must not, so every wait
// is capped.
import type { RunEnv } from './env';

/** One polling step: 1 s (100 ticks of 10 ms). */
export const POLL_TICKS = 100;

/** The longest a command waits when kubectl itself would wait without end: 5 simulated minutes. */
export const DEFAULT_WAIT_CAP_TICKS = 30_000;

/** `--timeout=<duration>` in ticks, or the default cap for 0 (kubectl's "never"). */
export function timeoutTicks(env: RunEnv, flag = 'timeout'): number {
  const v = env.cmd.flags.values.get(flag);
  const nanos = typeof v === 'number' ? v : 0;
  if (nanos <= 0) return DEFAULT_WAIT_CAP_TICKS;
  return Math.max(1, Math.ceil(nanos / 10_000_000));
}

/** Poll `done` every simulated second until it holds (true) or `capTicks` pass (false). */
export function waitUntil(env: RunEnv, done: () => boolean, capTicks: number): boolean {
  const start = env.ports.sim.now();
  for (;;) {
    if (done()) return true;
    const elapsed = env.ports.sim.now() - start;
    if (elapsed >= capTicks) return false;
    env.ports.sim.tick(Math.min(POLL_TICKS, capTicks - elapsed));
  }
}
