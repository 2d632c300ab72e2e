import type { Counters } from './counters';
import { TooManyRequestsError } from './errors';

/** A count of attempts: at most `limit` in each window of `windowMs`. */
export type Budget = { key: string; limit: number; windowMs: number };

export type Attempt = {
  /** The attempt succeeded: what it took from each budget is given back. */
  succeeded(): Promise<void>;
};

/**
 * Takes one attempt from every budget before the slow check is made (a password, a code, a
 * receipt), so a burst sent at once is counted as what it is: the n-th concurrent request sees a
 * count of n, whatever the others have not finished checking yet (docs/protection.md "The
 * racer"). Past any limit the attempt is refused with 429 and the longest wait, and what it took
 * stays taken. A check that succeeds gives its attempt back; one that fails keeps it.
 */
export async function takeAttempt(counters: Counters, budgets: Budget[]): Promise<Attempt> {
  const states = await Promise.all(
    budgets.map((budget) => counters.hit(budget.key, budget.windowMs)),
  );
  const exhausted = states.filter((state, index) => state.count > (budgets[index]?.limit ?? 0));
  if (exhausted.length > 0) {
    const waitMs = Math.max(...exhausted.map((state) => state.resetInMs));
    throw new TooManyRequestsError(Math.max(1, Math.ceil(waitMs / 1000)));
  }
  let isGivenBack = false;
  return {
    async succeeded() {
      if (isGivenBack) return;
      isGivenBack = true;
      await Promise.all(budgets.map((budget) => counters.giveBack(budget.key)));
    },
  };
}
