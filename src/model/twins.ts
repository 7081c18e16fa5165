/**
 * Which of several live records under one key stays: the rule that both `plan` (a pending code
 * beside another with its alias) and `apply` (after its own create, when another run created the
 * same record at the same time) follow, so that two runs that never talk agree on the survivor.
 *
 * An activated terminal is a till in a shop and always stays; among the rest the oldest record
 * stays: lowest creation time, then lowest id (creation times have one-second resolution, so two
 * records of one moment are ordered by id).
 */
import type { DeviceLifecycle } from './state.js';

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

/** What a wire device record says about its lifecycle. */
export interface DeviceStanding {
  /** Present (true) only once the record is an activated device. */
  readonly isDevice?: boolean | undefined;
  readonly deviceStatus?: number | string | null | undefined;
}

const DEVICE_LIFECYCLE: Readonly<Record<number, DeviceLifecycle>> = { 0: 'pending', 1: 'active', 2: 'logout', 3: 'decommissioned' };

/**
 * A device's lifecycle, the one reading of it that plan (which devices are twins, which stays) and
 * apply (the twin check after its own create) share, so that they cannot disagree: a record is a
 * pending activation code until it is activated (`isDevice`), whatever its deviceStatus says; an
 * activated one is what its deviceStatus says (01 §3.2: Inactive counts as pending, a missing or unknown status as active).
 */
export function deviceLifecycle(device: DeviceStanding): DeviceLifecycle {
  if (device.isDevice !== true) return 'pending';
  return DEVICE_LIFECYCLE[Number(device.deviceStatus ?? 1)] ?? 'active';
}

/** Whether a device of this lifecycle holds its alias: a decommissioned terminal has given it up, and is nobody's twin. */
export function holdsAlias(lifecycle: DeviceLifecycle): boolean {
  return lifecycle !== 'decommissioned';
}

/** Whether a device of this lifecycle is an activated terminal, which always stays. */
export function isActivated(lifecycle: DeviceLifecycle): boolean {
  return lifecycle !== 'pending';
}
