/** The time source of everything scheduled: tests inject their own (docs/design.md "Scheduled jobs"). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told: for tests. */
export function createManualClock(start: Date = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(at: Date) {
      current = at.getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}

export type ManualClock = ReturnType<typeof createManualClock>;
