import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../scripts/db/migrated-database';
import { RATE_LIMITS } from './rate-limit-window';

// rate-limit.ts writes through the app's Prisma client: here a throw-away migrated database.
const request = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('server-only', () => ({}));
vi.mock('../db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../db')>()),
  get db() {
    return request.db;
  },
}));

let mdb: MigratedDatabase;
let limits: typeof import('./rate-limit');
beforeAll(async () => {
  mdb = await migratedDatabase();
  request.db = mdb.client;
  limits = await import('./rate-limit');
});
afterAll(() => mdb.close());

const t0 = new Date('2026-11-27T09:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe('sign-in limits', () => {
  it('count failures only: a class behind one address signs in as often as it likes', async () => {
    // far more correct sign-ins from one address than any limit allows failures
    for (let i = 0; i < RATE_LIMITS.signInFailuresPerIp.limit * 2; i++) {
      expect(await limits.signInAllowed(`learner${i % 40}@school.test`, '10.0.0.1', at(0))).toEqual({ allowed: true });
      await limits.forgetSignInFailures(`learner${i % 40}@school.test`, '10.0.0.1');
    }
  });

  it('hold an account back after its failures from one address, and a correct sign-in clears them', async () => {
    const { limit } = RATE_LIMITS.signInFailuresPerAccountAndIp;
    for (let i = 0; i < limit; i++) {
      expect((await limits.signInAllowed('bob@school.test', '10.0.0.2', at(0))).allowed).toBe(true);
      await limits.countSignInFailure('bob@school.test', '10.0.0.2', at(0));
    }
    expect(await limits.signInAllowed('bob@school.test', '10.0.0.2', at(1))).toEqual({ allowed: false, retryAfterMs: 14 * 60_000 });
    // the owner, signing in from elsewhere, is not locked out by those failures
    expect(await limits.signInAllowed('bob@school.test', '10.9.9.9', at(1))).toEqual({ allowed: true });
    // the window passes
    expect(await limits.signInAllowed('bob@school.test', '10.0.0.2', at(15))).toEqual({ allowed: true });
    await limits.forgetSignInFailures('bob@school.test', '10.0.0.2');
    expect(await mdb.client.rateLimit.findUnique({ where: { key: 'signin:account-ip:bob@school.test:10.0.0.2' } })).toBeNull();
  });

  it('bound failures against one account from many addresses, and a spray from one address', async () => {
    const account = RATE_LIMITS.signInFailuresPerAccount.limit;
    for (let i = 0; i < account; i++) await limits.countSignInFailure('admin@school.test', `10.1.0.${i}`, at(0));
    expect((await limits.signInAllowed('admin@school.test', '10.2.0.1', at(1))).allowed).toBe(false);
    const ip = RATE_LIMITS.signInFailuresPerIp.limit;
    for (let i = 0; i < ip; i++) await limits.countSignInFailure(`target${i}@school.test`, '10.3.0.1', at(0));
    expect((await limits.signInAllowed('someone-else@school.test', '10.3.0.1', at(1))).allowed).toBe(false);
    expect((await limits.signInAllowed('someone-else@school.test', '10.3.0.2', at(1))).allowed).toBe(true);
  });
});

describe('parallel sign-ins', () => {
  it('cannot check more passwords than the limit before their failures are counted, nor lock the account from one address', async () => {
    const { inSignInTurn } = await import('./turns');
    const { limit } = RATE_LIMITS.signInFailuresPerAccountAndIp;
    let verified = 0;
    // as actions.ts signIn does, with a wrong password that takes a moment to verify
    const attempt = () =>
      inSignInTurn('victim@school.test', '10.6.6.6', async () => {
        if (!(await limits.signInAllowed('victim@school.test', '10.6.6.6', at(0))).allowed) return 'held back';
        verified++;
        await new Promise((r) => setTimeout(r, 2));
        await limits.countSignInFailure('victim@school.test', '10.6.6.6', at(0));
        return 'wrong';
      });
    const answers = await Promise.all(Array.from({ length: 50 }, attempt));
    expect(verified).toBe(limit);
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(limit);
    // the owner, elsewhere, is not locked out
    expect(await limits.signInAllowed('victim@school.test', '10.7.7.7', at(1))).toEqual({ allowed: true });
  });
});
