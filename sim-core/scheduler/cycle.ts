// One scheduling cycle for one Pod (pkg/scheduler/schedule_one.go): filter every node,
// score the feasible ones, pick the best (ties broken by the scheduler's PRNG, as
// selectHost's reservoir sampling is), or explain why no node fits with FitError's text.
// Pure: the caller hands in the nodes, the Pods bound to them and the PRNG.
import type { Pod } from '../apiserver';
import type { Prng } from '../kernel';
import { fitErrorMessage, NO_PREEMPTION_VICTIMS, PREEMPTION_NOT_HELPFUL } from './messages';
import { runFilters, DEFAULT_FILTERS, type FilterPlugin, type FilterStatus } from './filters';
import type { NodeInfo } from './nodeInfo';
import { DEFAULT_SCORES, totalScores, type ScorePlugin } from './scores';

export interface NodeVerdict {
  node: string;
  status: FilterStatus;
  /** the weighted score, for feasible nodes */
  score?: number;
}

export type ScheduleResult =
  | { ok: true; node: string; verdicts: NodeVerdict[] }
  | { ok: false; message: string; verdicts: NodeVerdict[] };

export interface SchedulerProfile {
  filters: readonly FilterPlugin[];
  scores: readonly ScorePlugin[];
}

export const DEFAULT_PROFILE: SchedulerProfile = { filters: DEFAULT_FILTERS, scores: DEFAULT_SCORES };

/**
 * What DefaultPreemption says about a node it cannot help with. Every simulated Pod has
 * priority 0, so there is never a lower-priority victim to evict: nodes rejected for
 * resources get "No preemption victims found", the rest "Preemption is not helpful".
 */
function preemptionVerdict(status: Extract<FilterStatus, { ok: false }>): string {
  return status.code === 'Unschedulable' ? NO_PREEMPTION_VICTIMS : PREEMPTION_NOT_HELPFUL;
}

export function schedulePod(pod: Pod, nodes: readonly NodeInfo[], rng: Prng, profile: SchedulerProfile = DEFAULT_PROFILE): ScheduleResult {
  const verdicts: NodeVerdict[] = nodes.map((info) => ({ node: info.name, status: runFilters(pod, info, profile.filters) }));
  const feasibleAt: number[] = [];
  verdicts.forEach((v, i) => {
    if (v.status.ok) feasibleAt.push(i);
  });
  const feasible = feasibleAt.map((i) => nodes[i] as NodeInfo);
  if (feasible.length === 0) {
    const failed = verdicts.map((v) => v.status).filter((s): s is Extract<FilterStatus, { ok: false }> => !s.ok);
    const message = fitErrorMessage(
      nodes.length,
      failed.map((s) => s.reasons),
      failed.map(preemptionVerdict),
    );
    return { ok: false, message, verdicts };
  }
  const scores = feasible.length === 1 ? [0] : totalScores(pod, feasible, profile.scores);
  let best = -1;
  let chosen = '';
  let ties = 0;
  feasible.forEach((info, i) => {
    const s = scores[i] ?? 0;
    const v = verdicts[feasibleAt[i] as number];
    if (v) v.score = s;
    if (s > best) {
      best = s;
      chosen = info.name;
      ties = 1;
    } else if (s === best) {
      // reservoir sampling: the k-th node with the best score replaces the pick with probability 1/k
      ties++;
      if (rng.int(1, ties) === 1) chosen = info.name;
    }
  });
  return { ok: true, node: chosen, verdicts };
}
