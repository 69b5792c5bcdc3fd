import { describe, expect, it } from 'vitest';
import { summariseLabAttempts, type LabAttemptRow } from './lab-progress';
import { labStatusOf } from './lab-status';

const goals = (...passed: boolean[]) => JSON.stringify(passed.map((p, i) => ({ id: `g${i}`, passed: p, explanation: { ko: '', en: '' } })));
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

describe('a learner’s lab progress', () => {
  it('counts attempts, keeps the best result and the latest attempt, and stays passed once passed', () => {
    const rows: LabAttemptRow[] = [
      { id: 'a1', labId: 'quorum', passed: false, goalResults: goals(true, false, false), createdAt: at(1) },
      { id: 'a2', labId: 'quorum', passed: true, goalResults: goals(true, true, true), createdAt: at(2) },
      { id: 'a3', labId: 'quorum', passed: false, goalResults: goals(false, false, false), createdAt: at(3) },
      { id: 'b1', labId: 'txn', passed: false, goalResults: goals(false, true), createdAt: at(0) },
    ];
    expect(summariseLabAttempts(rows)).toEqual([
      { labId: 'quorum', attempts: 3, passed: true, best: { passedGoals: 3, totalGoals: 3 }, lastAttemptId: 'a3', lastAttemptAt: at(3) },
      { labId: 'txn', attempts: 1, passed: false, best: { passedGoals: 1, totalGoals: 2 }, lastAttemptId: 'b1', lastAttemptAt: at(0) },
    ]);
  });

  it('names the same last attempt as the lab page when two were stored in the same millisecond, whatever order the rows come in', () => {
    const rows: LabAttemptRow[] = [
      { id: 'k2', labId: 'quorum', passed: false, goalResults: goals(false), createdAt: at(5) },
      { id: 'k1', labId: 'quorum', passed: false, goalResults: goals(true), createdAt: at(5) },
    ];
    for (const order of [rows, [...rows].reverse()]) {
      const [line] = summariseLabAttempts(order);
      // cuids grow with time: k2 was stored after k1
      expect(line!.lastAttemptId).toBe('k2');
      expect(labStatusOf(order)!.last.id).toBe(line!.lastAttemptId);
    }
  });

  it('is empty without attempts and survives unreadable goal results', () => {
    expect(summariseLabAttempts([])).toEqual([]);
    const [line] = summariseLabAttempts([{ id: 'x', labId: 'l', passed: false, goalResults: 'not json', createdAt: at(0) }]);
    expect(line!.best).toEqual({ passedGoals: 0, totalGoals: 0 });
  });
});
