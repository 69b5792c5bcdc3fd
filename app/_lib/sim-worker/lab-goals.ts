// A lab's goal checklist on the live cluster: the same predicates the server's grading
// runs (sim-core/grading), evaluated on the simulation as the learner works. History goals
// (`always`, `eventually`) are watched exactly as grade() watches them: from the end of
// the setup on, at every change of the committed etcd revision (seen at the next network
// event or fault) and after every action. The server's replay alone decides the verdict;
// this is the learner's live view of it (the final settle of grade() is not run here).
import type { Simulation } from '@/sim-core/cluster';
import { committedStore, evaluateState, HistoryTracker, isFaultLine, isHistoryCheck, JsonCache, simulationView, type FaultMark, type Goal } from '@/sim-core/grading';
import type { Action } from '@/sim-core/cluster/actions';
import type { GoalView } from './protocol';

export class LabGoals {
  private readonly cache = new JsonCache();
  private readonly history: HistoryTracker;
  private readonly stopWatching: () => void;
  private lastFault: FaultMark | undefined;
  private seenRevision = -1;

  /** Call once the lab's setup has run: history starts here, as in the server's replay. */
  constructor(
    private readonly sim: Simulation,
    private readonly goals: readonly Goal[],
  ) {
    this.history = new HistoryTracker(goals.flatMap((g) => (isHistoryCheck(g.check) ? [g.check] : [])));
    this.stopWatching = this.history.empty ? () => {} : sim.subscribe(() => this.observeIfChanged(), { kinds: ['deliver', 'kill', 'exit', 'restart', 'fault'] });
    this.observeIfChanged();
  }

  private view() {
    return simulationView(this.sim, this.cache, this.lastFault);
  }

  private observeIfChanged(): void {
    if (this.history.empty) return;
    const rev = committedStore(this.sim)?.currentRev ?? 0;
    if (rev === this.seenRevision) return;
    this.seenRevision = rev;
    this.history.observe(this.view());
  }

  /** After each learner action (grade() observes after every action too). */
  afterAction(action: Action): void {
    if (action.type === 'command' && isFaultLine(action.line)) {
      this.lastFault = { line: action.line, tick: this.sim.now, revision: committedStore(this.sim)?.currentRev ?? 0 };
    }
    if (!this.history.empty) this.history.observe(this.view());
  }

  /** Every goal as it stands now, in the lab's order. */
  evaluate(): GoalView[] {
    const now = this.view();
    let h = 0;
    return this.goals.map((g): GoalView => {
      if (isHistoryCheck(g.check)) {
        const v = this.history.verdictOf(h++);
        return { id: g.id, passed: v.passed, explanation: v.explanation, kind: g.check.kind };
      }
      const v = evaluateState(g.check, now);
      return { id: g.id, passed: v.passed, explanation: v.explanation, kind: 'state' };
    });
  }

  dispose(): void {
    this.stopWatching();
  }
}
