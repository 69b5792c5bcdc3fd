import { describe, expect, it } from 'vitest';
import { CHECKS_AT_ONCE_PER_ADDRESS, inAccountTurn, inSignInTurn, turnsInUse } from './turns';

/** A password check that yields to the event loop, so parallel ones would overlap. */
function tracker() {
  let running = 0;
  let most = 0;
  const order: string[] = [];
  return {
    order,
    get most() {
      return most;
    },
    check: (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(name);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      return name;
    },
  };
}

describe('password checks take turns', () => {
  it('one at a time for one account, from any address, in arrival order', async () => {
    const t = tracker();
    const names = Array.from({ length: 12 }, (_, i) => `try-${i}`);
    const done = await Promise.all(names.map((n, i) => inSignInTurn('victim@school.test', `10.0.0.${i % 3}`, t.check(n))));
    expect(done).toEqual(names);
    expect(t.most).toBe(1);
    expect(t.order).toEqual(names);
    expect(turnsInUse()).toBe(0);
  });

  it(`at most ${CHECKS_AT_ONCE_PER_ADDRESS} at once from one address, while other addresses and accounts go on`, async () => {
    const sameAddress = tracker();
    const elsewhere = tracker();
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => inSignInTurn(`learner${i}@school.test`, '10.1.1.1', sameAddress.check(`a${i}`))),
      ...Array.from({ length: 30 }, (_, i) => inSignInTurn(`other${i}@school.test`, `10.2.0.${i}`, elsewhere.check(`b${i}`))),
    ]);
    expect(sameAddress.most).toBe(CHECKS_AT_ONCE_PER_ADDRESS);
    expect(elsewhere.most).toBe(30);
    expect(turnsInUse()).toBe(0);
  });

  it('a check that throws passes its turn on', async () => {
    const t = tracker();
    const failing = inAccountTurn('u1', async () => {
      throw new Error('database gone');
    });
    const next = inAccountTurn('u1', t.check('after'));
    await expect(failing).rejects.toThrow('database gone');
    expect(await next).toBe('after');
    expect(turnsInUse()).toBe(0);
  });
});
