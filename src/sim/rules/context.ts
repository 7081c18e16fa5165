import { formatTimestamp, type Clock } from '../core/clock.js';
import type { GroupState, SimStore } from '../core/store.js';

/** What a rule needs to act for one caller: the store, the caller's group and the time of the request. */
export interface ServiceContext {
  readonly store: SimStore;
  readonly group: GroupState;
  /** The request's timestamp, in the service's record form; one value for everything a request touches. */
  readonly timestamp: string;
}

export function serviceContext(store: SimStore, group: GroupState, clock: Clock): ServiceContext {
  return { store, group, timestamp: formatTimestamp(clock()) };
}
