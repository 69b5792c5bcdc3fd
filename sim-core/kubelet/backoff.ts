// The kubelet's two back-offs (pkg/kubelet/kubelet.go: backOffPeriod 10 s, MaxContainerBackOff
// 300 s; image pulls use the same shape, pkg/kubelet/images). Both double per failure.
export { TICKS_PER_SECOND } from '../kernel/clock';
export const INITIAL_BACKOFF_SECONDS = 10;
export const MAX_BACKOFF_SECONDS = 300;

/**
 * Seconds to wait before restarting a container that has already been restarted
 * `restartCount` times: the first restart is immediate (the back-off entry does not
 * exist yet), then 10 s, 20 s, 40 s … capped at 300 s.
 */
export function crashLoopDelaySeconds(restartCount: number): number {
  if (restartCount <= 0) return 0;
  return Math.min(INITIAL_BACKOFF_SECONDS * 2 ** (restartCount - 1), MAX_BACKOFF_SECONDS);
}

/** Seconds in ImagePullBackOff after the n-th failed pull (n ≥ 1): 10, 20, 40 … 300. */
export function imagePullBackoffSeconds(failures: number): number {
  return Math.min(INITIAL_BACKOFF_SECONDS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_SECONDS);
}
