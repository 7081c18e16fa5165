import { formatTimestamp, type Clock } from '../core/clock.js';
import { DEFAULT_METHOD_CODES, methodCatalog, type MethodCatalog, type MethodCodes } from '../core/payment-methods.js';
import type { GroupState, SimStore } from '../core/store.js';
import type { WireStyle } from '../http/wire-style.js';
import type { SummaryLists } from './summary-lists.js';

/** What a rule needs to act for one caller: the store, the caller's group and the time of the request. */
export interface ServiceContext {
  readonly store: SimStore;
  readonly group: GroupState;
  /** The request's timestamp, in the service's record form; one value for everything a request touches. */
  readonly timestamp: string;
  /** The same instant in whole seconds since the epoch (real-style merchant ids are made of it). */
  readonly epochSecond: number;
  /** How the answers are worded, where that reaches into records (merchant ids, owner fields). */
  readonly wireStyle: WireStyle;
  /** Whose lists a merchant's `acquirers[]` items carry. */
  readonly summaryLists: SummaryLists;
  /** The payment method codes requests may use. */
  readonly methods: MethodCatalog;
}

/** How the simulated service answers where the reference leaves it open; fixed when the simulator starts. */
export interface ServiceSettings {
  readonly wireStyle: WireStyle;
  readonly summaryLists: SummaryLists;
  /** Which method codes the service knows; the reference's when absent. */
  readonly methodCodes?: MethodCodes;
}

export function serviceContext(store: SimStore, group: GroupState, clock: Clock, settings: ServiceSettings): ServiceContext {
  const now = clock();
  return {
    store,
    group,
    timestamp: formatTimestamp(now),
    epochSecond: Math.floor(now.getTime() / 1000),
    wireStyle: settings.wireStyle,
    summaryLists: settings.summaryLists,
    methods: methodCatalog(settings.methodCodes ?? DEFAULT_METHOD_CODES),
  };
}
