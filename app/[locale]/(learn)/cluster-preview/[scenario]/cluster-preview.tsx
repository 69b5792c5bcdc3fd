'use client';
// The preview's client leaf: the two views side by side with the learner's
// reduced-motion preference, as the lesson's sim view will pass it.
import { ClusterPanel, WatchChain } from '@/app/_components/cluster';
import { useReducedMotion } from '@/app/_components/sim/use-reduced-motion';
import type { ClusterView } from '@/app/_lib/sim-worker/cluster-view';
import type { Hop } from '@/app/_lib/sim-worker/watch-chain';

export function ClusterPreview({ view, hops }: { view: ClusterView; hops: Hop[] }) {
  const reducedMotion = useReducedMotion();
  return (
    <div style={{ display: 'grid', gap: '1.5rem' }}>
      <WatchChain hops={hops} reducedMotion={reducedMotion} />
      <ClusterPanel view={view} />
    </div>
  );
}
