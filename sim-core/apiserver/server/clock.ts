// The simulated wall clock the API server stamps objects with: tick 0 is
// 2026-01-01T00:00:00Z and one tick is 10 ms (the same mapping kubectl's AGE reads, so it
// lives in one place: cli/kubectl/clock.ts).
import { SIM_EPOCH, TICK_MS, tickToTimestamp } from '../../cli/kubectl/clock';

export { SIM_EPOCH, TICK_MS };

/** metav1.Time for a tick: RFC 3339, whole seconds, UTC. */
export function timestampAt(tick: number): string {
  return tickToTimestamp(tick);
}
