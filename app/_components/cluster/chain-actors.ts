// Who takes part in a watch chain, in the order the diagram draws them: the clients on
// the left (kubectl and the control-plane processes), the API server in the middle, etcd
// on the right, then the node agents. The API server sits between the clients and etcd
// because every hop between them passes through it (note 02).
import type { Hop } from '@/app/_lib/sim-worker/watch-chain';

function rank(actor: string): number {
  if (actor === 'kubectl') return 0;
  // an HA control plane's other instances (`kube-scheduler@control-plane-2`) stand with the first
  if (actor === 'kube-controller-manager' || actor.startsWith('kube-controller-manager@')) return 1;
  if (actor === 'kube-scheduler' || actor.startsWith('kube-scheduler@')) return 2;
  if (actor === 'kube-apiserver') return 3;
  if (/^etcd-\d+$/.test(actor)) return 4;
  if (actor.startsWith('kubelet@')) return 5;
  if (actor.startsWith('kube-proxy@')) return 6;
  return 7;
}

/** The distinct processes named by the hops, in drawing order (ties by name). */
export function chainActors(hops: readonly Hop[]): string[] {
  const set = new Set<string>();
  for (const h of hops) {
    set.add(h.from);
    set.add(h.to);
  }
  return [...set].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The centre of an actor's column, as a percentage of the diagram's width. */
export function actorCentre(index: number, count: number): number {
  return count <= 0 ? 50 : ((index + 0.5) / count) * 100;
}

/**
 * The index of the current hop: the one with `currentId`; the first one when none was
 * chosen; when the chosen one fell off the front of the capped list, the oldest kept hop
 * after it; -1 when there are no hops.
 */
export function currentIndex(hops: readonly Hop[], currentId: number | undefined): number {
  if (hops.length === 0) return -1;
  if (currentId === undefined) return 0;
  const exact = hops.findIndex((h) => h.id === currentId);
  if (exact >= 0) return exact;
  const after = hops.findIndex((h) => h.id > currentId);
  return after >= 0 ? after : hops.length - 1;
}

/** How long each hop stays current while the chain plays at 1×. */
export const HOP_MS = 2200;

/** The playing speeds a learner can choose, as multiples of one hop per HOP_MS: runs of a
 *  few hundred hops take minutes at 1×. */
export const CHAIN_SPEEDS = [0.5, 1, 2, 4] as const;
export type ChainSpeed = (typeof CHAIN_SPEEDS)[number];

/** The speed a select's value names; 1× for anything else. */
export function chainSpeedOf(value: string): ChainSpeed {
  return CHAIN_SPEEDS.find((s) => String(s) === value) ?? 1;
}

/** How long each hop stays current at a speed. */
export function hopDelay(speed: ChainSpeed): number {
  return Math.round(HOP_MS / speed);
}
