/**
 * A bound on requests in flight shared by several clients: a fleet run's global bound, over every
 * group's own client (each keeps its own adaptive limiter, so each group's rate limit is still
 * heard apart). A request takes a slot only while it is on the wire, after its own client's pacing
 * let it go, so one group held back by its rate limit does not hold slots other groups could use.
 */
export interface RequestSlots {
  /** Resolves once a slot is free; call the returned function exactly once to give it back. */
  acquire(): Promise<() => void>;
  /** How many slots there are. */
  readonly size: number;
  /** Slots taken now (for the bench and tests). */
  inUse(): number;
  /** The most slots ever taken at once. */
  peak(): number;
}

export function createRequestSlots(size: number): RequestSlots {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`a bound on requests in flight must be a whole number of at least 1, got ${size}`);
  let taken = 0;
  let most = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter: it never looks free to a newcomer meanwhile.
    if (next !== undefined) next();
    else taken -= 1;
  };
  const once = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };
  return {
    size,
    inUse: () => taken,
    peak: () => most,
    acquire: () => {
      if (taken < size) {
        taken += 1;
        most = Math.max(most, taken);
        return Promise.resolve(once());
      }
      return new Promise((resolve) => waiting.push(() => resolve(once())));
    },
  };
}
