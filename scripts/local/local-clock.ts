/**
 * The clock of the local stack's handlers: the machine's time plus an offset that tests (and an operator trying the
 * expiry flow by hand) can move forward, instead of waiting 15 minutes for a hold or 48 hours for a host.
 */
export interface LocalClock {
  now(): Date;
  /** Moves the clock forward (or back, with a negative value). */
  advanceBy(ms: number): void;
  /** Back to the machine's time. */
  reset(): void;
  readonly offsetMs: number;
}

export function createLocalClock(): LocalClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advanceBy: (ms) => {
      offsetMs += ms;
    },
    reset: () => {
      offsetMs = 0;
    },
    get offsetMs() {
      return offsetMs;
    },
  };
}
