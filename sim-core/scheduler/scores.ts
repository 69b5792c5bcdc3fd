// Score plugins, each giving a feasible node 0–100 (framework.MaxNodeScore), weighted as
// in the default profile: NodeResourcesFit (LeastAllocated strategy, weight 1) and a
// spreading score for Pods of the same owner, standing in for PodTopologySpread's
// system-default constraints (weight 2), which spread a ReplicaSet's Pods over nodes.
import type { Pod } from '../apiserver';
import { ownerCountKey, type NodeInfo } from './nodeInfo';
import { nonZeroRequests } from './requests';
import { freeShareOfSum } from './share';

export const MAX_NODE_SCORE = 100;

export interface ScorePlugin {
  readonly name: string;
  readonly weight: number;
  /** scores for every feasible node, in the same order */
  score(pod: Pod, nodes: readonly NodeInfo[]): number[];
}

/**
 * noderesources.leastResourceScorer: for cpu and memory, (allocatable − requested) ×
 * 100 / allocatable after adding this Pod, averaged. A Pod without requests counts as
 * 100m cpu and 200Mi memory, as the scheduler's non-zero defaults do.
 */
export const leastAllocated: ScorePlugin = {
  name: 'NodeResourcesFit',
  weight: 1,
  score(pod, nodes) {
    const incoming = nonZeroRequests(pod);
    const scores: number[] = new Array<number>(nodes.length);
    for (let i = 0; i < nodes.length; i++) {
      const info = nodes[i] as NodeInfo;
      const cpu = freeShareOfSum(incoming.cpu, info.nonZeroRequested.cpu, info.allocatable.get('cpu'), MAX_NODE_SCORE);
      const memory = freeShareOfSum(incoming.memory, info.nonZeroRequested.memory, info.allocatable.get('memory'), MAX_NODE_SCORE);
      scores[i] = Math.floor((cpu + memory) / 2);
    }
    return scores;
  },
};

/** The uid of the Pod's controller (its ReplicaSet …), the "same owner" the spreading score counts. */
export function controllerUid(pod: Pod): string | undefined {
  return pod.metadata?.ownerReferences?.find((r) => r.controller === true)?.uid;
}

/** Fewer Pods of the same owner on a node → higher score; nodes with the most score 0. */
export const ownerSpreading: ScorePlugin = {
  name: 'PodTopologySpread',
  weight: 2,
  score(pod, nodes) {
    const owner = ownerCountKey(pod);
    const scores: number[] = new Array<number>(nodes.length);
    let max = 0;
    for (let i = 0; i < nodes.length; i++) {
      const c = owner === undefined ? 0 : ((nodes[i] as NodeInfo).ownerCounts.get(owner) ?? 0);
      scores[i] = c;
      if (c > max) max = c;
    }
    // the counts become scores in place: none on the node with the most, full marks where there are none
    for (let i = 0; i < nodes.length; i++) scores[i] = max === 0 ? MAX_NODE_SCORE : Math.floor(((max - (scores[i] as number)) * MAX_NODE_SCORE) / max);
    return scores;
  },
};

export const DEFAULT_SCORES: readonly ScorePlugin[] = [leastAllocated, ownerSpreading];

/** Weighted sum per feasible node (framework.RunScorePlugins). */
export function totalScores(pod: Pod, nodes: readonly NodeInfo[], plugins: readonly ScorePlugin[] = DEFAULT_SCORES): number[] {
  const totals: number[] = new Array<number>(nodes.length).fill(0);
  for (const plugin of plugins) {
    const scores = plugin.score(pod, nodes);
    const w = plugin.weight;
    for (let i = 0; i < totals.length; i++) totals[i] = (totals[i] as number) + (scores[i] ?? 0) * w;
  }
  return totals;
}
