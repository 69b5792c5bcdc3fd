// The page's side of a live chain: the worker posts only the hops recorded since its last
// view (WatchChainRecorder.since), and the page keeps a capped, causally ordered list.
// Types only from the recorder's module, so the page bundle does not pull in sim-core.
import type { Hop } from '@/app/_lib/sim-worker/watch-chain';

/** `existing` plus `incoming` (ids not seen yet), by tick then id, keeping the newest `limit`. */
export function mergeHops(existing: readonly Hop[], incoming: readonly Hop[], limit = 500): Hop[] {
  if (incoming.length === 0) return existing as Hop[];
  const seen = new Set(existing.map((h) => h.id));
  const merged = [...existing, ...incoming.filter((h) => !seen.has(h.id))].sort((a, b) => a.tick - b.tick || a.id - b.id);
  if (merged.length <= limit) return merged;
  // drop the oldest by id (the order they were recorded), as the recorder does
  const cutoff = merged.map((h) => h.id).sort((a, b) => b - a)[limit - 1]!;
  return merged.filter((h) => h.id >= cutoff);
}
