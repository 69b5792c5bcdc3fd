// The simulated clock's unit: one tick is 10 ms of simulated time, 100 ticks a second. Every
// duration the real components configure in seconds or milliseconds (a Lease's 15 s, etcd's
// lease TTLs, a back-off's 10 s, client-go's 5 ms queue delay) becomes ticks through these.
export const TICK_MS = 10;
export const TICKS_PER_SECOND = 1000 / TICK_MS;
