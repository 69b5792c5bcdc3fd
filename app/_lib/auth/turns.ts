// Turns for checking passwords. A limit that counts failures is checked before a password
// and counted after it, and a password check takes tens of milliseconds: requests sent at
// once would all pass the check before any failure is counted (fifty parallel guesses, all
// verified, against a limit of eight). So the checks of one account take turns, one at a
// time, and one address has at most a few checks running at once; the rest wait their turn
// (never refused for it: a class signing in together behind one address only queues).
// In memory: the app runs as one process on its SQLite file (README, "Accounts and roles").

/** How many password checks from one address run at once. */
export const CHECKS_AT_ONCE_PER_ADDRESS = 8;

class Turns {
  readonly #running = new Map<string, number>();
  readonly #waiting = new Map<string, (() => void)[]>();

  /** Run `work` once fewer than `atOnce` others hold `key`; turns are given in arrival order. */
  async run<T>(key: string, atOnce: number, work: () => Promise<T>): Promise<T> {
    if ((this.#running.get(key) ?? 0) >= atOnce) {
      await new Promise<void>((resolve) => {
        const queue = this.#waiting.get(key) ?? [];
        queue.push(resolve);
        this.#waiting.set(key, queue);
      });
    } else {
      this.#running.set(key, (this.#running.get(key) ?? 0) + 1);
    }
    try {
      return await work();
    } finally {
      this.#release(key);
    }
  }

  /** The turn passes to the next waiting (who keeps the running count), or the count drops. */
  #release(key: string): void {
    const queue = this.#waiting.get(key);
    const next = queue?.shift();
    if (queue !== undefined && queue.length === 0) this.#waiting.delete(key);
    if (next !== undefined) return next();
    const running = (this.#running.get(key) ?? 1) - 1;
    if (running === 0) this.#running.delete(key);
    else this.#running.set(key, running);
  }

  /** keys with a check running or waiting (tests: nothing is left behind) */
  get size(): number {
    return this.#running.size + this.#waiting.size;
  }
}

const turns = new Turns();

/**
 * Check a sign-in's password in turn: after the address's other checks beyond
 * CHECKS_AT_ONCE_PER_ADDRESS, and after every other check of the same account (from any
 * address). Always the address first, then the account, so two sign-ins never wait on
 * each other in a circle.
 */
export function inSignInTurn<T>(email: string, ip: string, work: () => Promise<T>): Promise<T> {
  return turns.run(`ip:${ip}`, CHECKS_AT_ONCE_PER_ADDRESS, () => turns.run(`account:${email}`, 1, work));
}

/** Check an account's current password (changing it) after the account's other checks. */
export function inAccountTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
  return turns.run(`user:${userId}`, 1, work);
}

/** Look a reset link up from one address after that address's other look-ups, so its failures are counted before the next is let in. */
export function inResetLinkTurn<T>(ip: string, work: () => Promise<T>): Promise<T> {
  return turns.run(`reset-ip:${ip}`, 1, work);
}

/** For tests: how many keys have a check running or waiting. */
export function turnsInUse(): number {
  return turns.size;
}
