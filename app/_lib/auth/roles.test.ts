import { describe, expect, it } from 'vitest';
import { canChangeRole, hasRole, parseRole } from './roles';

describe('roles', () => {
  it('orders learner < instructor < admin', () => {
    expect(hasRole({ role: 'learner' }, 'learner')).toBe(true);
    expect(hasRole({ role: 'learner' }, 'instructor')).toBe(false);
    expect(hasRole({ role: 'instructor' }, 'instructor')).toBe(true);
    expect(hasRole({ role: 'instructor' }, 'admin')).toBe(false);
    expect(hasRole({ role: 'admin' }, 'instructor')).toBe(true);
  });

  it('gives nobody a role when signed out', () => {
    expect(hasRole(null, 'learner')).toBe(false);
    expect(hasRole(undefined, 'learner')).toBe(false);
  });

  it('treats an unknown stored role as a learner, never more', () => {
    expect(parseRole('superuser')).toBe('learner');
    expect(hasRole({ role: 'root' }, 'instructor')).toBe(false);
  });

  it('lets only admins change roles, and not their own', () => {
    const admin = { id: 'a', role: 'admin' };
    expect(canChangeRole(admin, { id: 'b' }, 'instructor')).toEqual({ ok: true });
    expect(canChangeRole(admin, { id: 'a' }, 'learner')).toEqual({ ok: false, reason: 'cannotDemoteSelf' });
    expect(canChangeRole({ id: 'i', role: 'instructor' }, { id: 'b' }, 'admin')).toEqual({ ok: false, reason: 'adminOnly' });
  });
});
