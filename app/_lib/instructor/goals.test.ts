import { describe, expect, it } from 'vitest';
import { tallyGoalFailures } from './goals';

const json = (v: unknown) => JSON.stringify(v);

describe('tallyGoalFailures', () => {
  it('counts, per goal, the attempts in which it failed, keeping goals the content no longer has', () => {
    const t = tallyGoalFailures(['replicas', 'image'], [
      { goalResults: json([{ id: 'replicas', passed: false, explanation: {} }, { id: 'image', passed: true }]), count: 3 },
      { goalResults: json([{ id: 'replicas', passed: true }, { id: 'old-goal', passed: false }]), count: 2 },
    ]);
    expect(t.goals).toEqual([
      { id: 'replicas', failed: 3, evaluated: 5, known: true },
      { id: 'image', failed: 0, evaluated: 3, known: true },
      { id: 'old-goal', failed: 2, evaluated: 2, known: false },
    ]);
    expect(t.unreadable).toBe(0);
  });

  it('counts rows that are not a list of {id, passed} as unreadable', () => {
    const t = tallyGoalFailures(['g'], [
      { goalResults: 'not json', count: 1 },
      { goalResults: '{"id":"g"}', count: 2 },
      { goalResults: json([{ id: 'g', passed: 'no' }]), count: 4 },
      { goalResults: json([null]), count: 1 },
    ]);
    expect(t.unreadable).toBe(8);
    expect(t.goals).toEqual([{ id: 'g', failed: 0, evaluated: 0, known: true }]);
  });
});
