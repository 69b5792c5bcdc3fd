// History goals: a condition that must hold at every observed moment of the run
// (`always`: never more than replicas + maxSurge Pods during a rolling update) or at some
// moment (`eventually`). The replay shows the tracker every moment the committed etcd
// revision changes, after every action and at the end; a condition is evaluated only
// until its verdict is settled (the first violation, the first success).
import { verdict, type GoalVerdict } from './explain';
import type { GoalCheck } from './goals';
import { evaluateState } from './evaluate';
import type { ClusterView } from './view';

type HistoryCheck = Extract<GoalCheck, { kind: 'always' | 'eventually' }>;

interface Watched {
  check: HistoryCheck;
  /** the moment that decided the goal: the first violation (always) or the first success (eventually) */
  decided?: { tick: number; revision: number; result: GoalVerdict };
  last?: GoalVerdict;
  observations: number;
}

export function isHistoryCheck(c: GoalCheck): c is HistoryCheck {
  return c.kind === 'always' || c.kind === 'eventually';
}

export class HistoryTracker {
  private readonly watched: Watched[];

  constructor(checks: readonly HistoryCheck[]) {
    this.watched = checks.map((check) => ({ check, observations: 0 }));
  }

  get empty(): boolean {
    return this.watched.length === 0;
  }

  /** Evaluate every undecided condition at this moment. */
  observe(view: ClusterView): void {
    for (const w of this.watched) {
      if (w.decided !== undefined) continue;
      const result = evaluateState(w.check.condition, view);
      w.observations++;
      w.last = result;
      const decides = w.check.kind === 'always' ? !result.passed : result.passed;
      if (decides) w.decided = { tick: view.tick, revision: view.revision, result };
    }
  }

  /** The verdict of the i-th history check given to the constructor. */
  verdictOf(i: number): GoalVerdict {
    const w = this.watched[i]!;
    const n = w.observations;
    if (w.check.kind === 'always') {
      if (w.decided !== undefined) {
        const { tick, revision, result } = w.decided;
        return verdict(false, `must always hold, but at tick ${tick} (revision ${revision}): ${result.explanation.en}`, `항상 성립해야 하지만 tick ${tick}(revision ${revision})에서 어긋났습니다: ${result.explanation.ko}`);
      }
      const last = w.last?.explanation;
      return verdict(true, `held at all ${n} observed moments; at the end: ${last?.en ?? '-'}`, `관찰한 ${n}개 시점 모두에서 성립했습니다. 마지막: ${last?.ko ?? '-'}`);
    }
    if (w.decided !== undefined) {
      const { tick, revision, result } = w.decided;
      return verdict(true, `held at tick ${tick} (revision ${revision}): ${result.explanation.en}`, `tick ${tick}(revision ${revision})에서 성립했습니다: ${result.explanation.ko}`);
    }
    const last = w.last?.explanation;
    return verdict(false, `never held in ${n} observed moments; at the end: ${last?.en ?? '-'}`, `관찰한 ${n}개 시점에서 한 번도 성립하지 않았습니다. 마지막: ${last?.ko ?? '-'}`);
  }
}
