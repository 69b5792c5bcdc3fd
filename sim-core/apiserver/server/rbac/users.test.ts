// impersonatedUser builds the user an Impersonate-User / Impersonate-Group request acts as,
// the way k8s.io/apiserver's impersonation filter does.
import { describe, expect, it } from 'vitest';
import { impersonatedUser } from './users';

describe('impersonatedUser', () => {
  it('gives a user without groups system:authenticated, and a ServiceAccount its own groups too', () => {
    expect(impersonatedUser('jane', undefined)).toEqual({ name: 'jane', groups: ['system:authenticated'] });
    expect(impersonatedUser('system:serviceaccount:shop:ci', [])).toEqual({
      name: 'system:serviceaccount:shop:ci',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:shop', 'system:authenticated'],
    });
  });

  it('takes the groups asked for as all of them: a ServiceAccount does not keep its own', () => {
    expect(impersonatedUser('system:serviceaccount:shop:ci', ['ops'])).toEqual({ name: 'system:serviceaccount:shop:ci', groups: ['ops', 'system:authenticated'] });
    expect(impersonatedUser('jane', ['ops', 'devs'])).toEqual({ name: 'jane', groups: ['ops', 'devs', 'system:authenticated'] });
  });

  it('adds system:authenticated only when the groups name neither it nor system:unauthenticated', () => {
    expect(impersonatedUser('jane', ['system:authenticated', 'ops'])).toEqual({ name: 'jane', groups: ['system:authenticated', 'ops'] });
    expect(impersonatedUser('jane', ['system:unauthenticated'])).toEqual({ name: 'jane', groups: ['system:unauthenticated'] });
  });

  it('gives system:anonymous system:unauthenticated, never system:authenticated', () => {
    expect(impersonatedUser('system:anonymous', undefined)).toEqual({ name: 'system:anonymous', groups: ['system:unauthenticated'] });
    expect(impersonatedUser('system:anonymous', ['ops'])).toEqual({ name: 'system:anonymous', groups: ['ops', 'system:unauthenticated'] });
    expect(impersonatedUser('system:anonymous', ['system:unauthenticated', 'ops'])).toEqual({ name: 'system:anonymous', groups: ['system:unauthenticated', 'ops'] });
  });

  it('does not take a malformed ServiceAccount name for one', () => {
    expect(impersonatedUser('system:serviceaccount:shop', undefined)).toEqual({ name: 'system:serviceaccount:shop', groups: ['system:authenticated'] });
  });
});
