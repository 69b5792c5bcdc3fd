// The reflector's back-off between failed LISTs and refused WATCHes (client-go
// tools/cache/reflector.go: wait.NewExponentialBackoffManager(800ms, 30s, 2min, 2.0, 1.0)):
// 800 ms, doubling, at most 30 s; after 2 minutes without a failure it starts again from
// 800 ms. "With these parameters, backoff will stop at [30,60) sec interval which is
// 0.22 QPS" — so a client facing a dead API server keeps asking, slowly, and finds it
// within 30 s of its return, however long it was gone (the work queue's 1000 s cap would
// leave it blind for a quarter of an hour). The real manager adds up to 100 % jitter; here
// the wait is its lower bound, the same for every seed.
export const REFLECTOR_BACKOFF_INITIAL_TICKS = 80;
export const REFLECTOR_BACKOFF_MAX_TICKS = 3_000;
export const REFLECTOR_BACKOFF_RESET_TICKS = 12_000;

export class ReflectorBackoff {
  /** the next wait */
  private duration = REFLECTOR_BACKOFF_INITIAL_TICKS;
  /** when the last wait began (undefined before the first) */
  private lastStart: number | undefined;

  /** Ticks to wait before the next try, failing at `now`. */
  next(now: number): number {
    if (this.lastStart !== undefined && now - this.lastStart > REFLECTOR_BACKOFF_RESET_TICKS) this.duration = REFLECTOR_BACKOFF_INITIAL_TICKS;
    const wait = this.duration;
    this.duration = Math.min(this.duration * 2, REFLECTOR_BACKOFF_MAX_TICKS);
    this.lastStart = now;
    return wait;
  }
}
