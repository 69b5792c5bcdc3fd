import { describe, expect, it } from 'vitest';
import { labStatusOf } from './lab-status';

const goals = (...passed: boolean[]) => JSON.stringify(passed.map((p, i) => ({ id: `g${i}`, passed: p, explanation: { ko: '', en: '' } })));
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const row = (id: string, minute: number, ...passed: boolean[]) => ({ id, passed: passed.every(Boolean), goalResults: goals(...passed), createdAt: at(minute) });

describe('the lab page’s status of one lab', () => {
  it('is nothing without attempts', () => {
    expect(labStatusOf([])).toBeUndefined();
  });

  it('not passed yet: counts the attempts, keeps the best result and the latest attempt', () => {
    const status = labStatusOf([row('a1', 1, true, false, false), row('a2', 3, false, false, false), row('a3', 2, true, true, false)]);
    expect(status).toEqual({
      attempts: 3,
      last: { id: 'a2', passed: false, passedGoals: 0, totalGoals: 3, at: at(3) },
      best: { passedGoals: 2, totalGoals: 3 },
      recent: ['a2', 'a3', 'a1'].map((id) => expect.objectContaining({ id })),
    });
    expect(status).not.toHaveProperty('firstPassed');
  });

  it('passed: dated by the first attempt that passed, even with passing and failing attempts after it', () => {
    const status = labStatusOf([row('late-pass', 9, true, true), row('fail', 7, true, false), row('first-pass', 5, true, true), row('before', 2, false, false)]);
    expect(status?.firstPassed).toEqual({ id: 'first-pass', passed: true, passedGoals: 2, totalGoals: 2, at: at(5) });
    expect(status?.last.id).toBe('late-pass');
    expect(status?.attempts).toBe(4);
  });

  it('lists only the newest attempts but counts them all', () => {
    const rows = Array.from({ length: 5 }, (_, i) => row(`a${i}`, i, false));
    const status = labStatusOf(rows, 2);
    expect(status?.attempts).toBe(5);
    expect(status?.recent.map((l) => l.id)).toEqual(['a4', 'a3']);
  });

  it('survives an unreadable goal record', () => {
    const status = labStatusOf([{ id: 'x', passed: false, goalResults: 'not json', createdAt: at(0) }]);
    expect(status?.best).toEqual({ passedGoals: 0, totalGoals: 0 });
  });
});
