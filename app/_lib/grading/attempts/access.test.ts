import { describe, expect, it } from 'vitest';
import { canOpenAttempt } from './access';

const attempt = { userId: 'u1', labId: 'etcd-quorum-recovery' };

describe('who may open an attempt’s replay', () => {
  it('lets its owner and instructors in, nobody else, and only under its own lab', () => {
    expect(canOpenAttempt({ id: 'u1', role: 'learner' }, attempt, 'etcd-quorum-recovery')).toBe(true);
    expect(canOpenAttempt({ id: 'u2', role: 'learner' }, attempt, 'etcd-quorum-recovery')).toBe(false);
    expect(canOpenAttempt({ id: 'u2', role: 'instructor' }, attempt, 'etcd-quorum-recovery')).toBe(true);
    expect(canOpenAttempt({ id: 'u3', role: 'admin' }, attempt, 'etcd-quorum-recovery')).toBe(true);
    expect(canOpenAttempt({ id: 'u1', role: 'learner' }, attempt, 'etcd-five-members')).toBe(false);
    expect(canOpenAttempt({ id: 'u1', role: 'learner' }, undefined, 'etcd-quorum-recovery')).toBe(false);
  });
});
