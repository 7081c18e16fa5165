/**
 * Which of several live records under one key stays: the rule that both `plan` (a pending code
 * beside another with its alias) and `apply` (after its own create, when another run created the
 * same record at the same time) follow, so that two runs that never talk agree on the survivor.
 *
 * An activated terminal is a till in a shop and always stays; among the rest the oldest record
 * stays: lowest creation time, then lowest id (creation times have one-second resolution, so two
 * records of one moment are ordered by id).
 */
export interface Twin {
  readonly id: string;
  /** The wire `createdAt` (`yyyy-MM-ddTHH:mm:ss+0000`); a record without a readable one sorts last. */
  readonly createdAt?: string | undefined;
  readonly activated: boolean;
}

function createdTime(twin: Twin): number {
  const time = twin.createdAt === undefined ? Number.NaN : Date.parse(twin.createdAt);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

/** Negative when `a` stays rather than `b`. */
export function compareTwins(a: Twin, b: Twin): number {
  if (a.activated !== b.activated) return a.activated ? -1 : 1;
  const byTime = createdTime(a) - createdTime(b);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The record that stays; `twins` must not be empty. */
export function survivorOf<T extends Twin>(twins: readonly T[]): T {
  let best = twins[0]!;
  for (const twin of twins) if (compareTwins(twin, best) < 0) best = twin;
  return best;
}
