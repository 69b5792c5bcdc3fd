import { describe, expect, it } from 'vitest';
import { attemptOwnerLabel, canOpenAttempt } from './access';

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

describe('whose attempt the replay says it is', () => {
  it('is "yours" for the owner and names the learner for anyone else', () => {
    expect(attemptOwnerLabel({ id: 'u1' }, { id: 'u1', name: null, email: 'a@example.com' })).toEqual({ own: true });
    expect(attemptOwnerLabel({ id: 'u2' }, { id: 'u1', name: null, email: 'a@example.com' })).toEqual({ own: false, learner: 'a@example.com' });
    expect(attemptOwnerLabel({ id: 'u2' }, { id: 'u1', name: ' Ada ', email: 'a@example.com' })).toEqual({ own: false, learner: '\u2068Ada\u2069 (a@example.com)' });
    // a direction override in a name stays inside it
    expect(attemptOwnerLabel({ id: 'u2' }, { id: 'u1', name: '\u202enimda', email: 'a@example.com' })).toEqual({ own: false, learner: '\u2068\u202enimda\u2069 (a@example.com)' });
    expect(attemptOwnerLabel({ id: 'u2' }, { id: 'u1', name: '  ', email: 'a@example.com' })).toEqual({ own: false, learner: 'a@example.com' });
  });
});
