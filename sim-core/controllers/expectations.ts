// ControllerExpectations (pkg/controller/controller_utils.go): after a ReplicaSet sync
// asks for N creations, its cache will not show them until the watch events arrive. Until
// then the ReplicaSet must not be synced against the stale cache, or it would create the
// same Pods again. Each informer event lowers the count; an expectation older than 5
// minutes is treated as satisfied (ExpectationsTimeout), so a lost event cannot wedge a
// controller forever.
import { TICKS_PER_SECOND } from '../kernel/clock';

export const EXPECTATIONS_TIMEOUT_TICKS = 5 * 60 * TICKS_PER_SECOND;

interface Expectation {
  add: number;
  del: number;
  setAt: number;
}

export class ControllerExpectations {
  private readonly byKey = new Map<string, Expectation>();

  constructor(private readonly now: () => number) {}

  satisfied(key: string): boolean {
    const e = this.byKey.get(key);
    if (!e) return true;
    return (e.add <= 0 && e.del <= 0) || this.now() - e.setAt > EXPECTATIONS_TIMEOUT_TICKS;
  }

  expect(key: string, add: number, del: number): void {
    this.byKey.set(key, { add, del, setAt: this.now() });
  }

  creationObserved(key: string): void {
    const e = this.byKey.get(key);
    if (e) e.add--;
  }

  deletionObserved(key: string): void {
    const e = this.byKey.get(key);
    if (e) e.del--;
  }

  delete(key: string): void {
    this.byKey.delete(key);
  }
}
