import type { Clock } from '../core/clock.js';
import type { MethodCodes } from '../core/payment-methods.js';
import type { SimStore } from '../core/store.js';
import type { FaultInjector } from './faults.js';
import type { LegacyGroupsPolicy } from './legacy-groups.js';
import type { RequestStats } from './stats.js';
import type { TokenRevocations } from './token-revocations.js';
import type { SummaryLists } from '../rules/summary-lists.js';
import type { WireStyle } from './wire-style.js';

/** Everything the HTTP layer shares across requests of one simulator. */
export interface SimRuntime {
  readonly store: SimStore;
  readonly clock: Clock;
  readonly faults: FaultInjector;
  readonly stats: RequestStats;
  readonly jwtSecret: string;
  /** Tokens refused as revoked although well signed and unexpired. */
  readonly revokedTokens: TokenRevocations;
  /** How answers are worded where the reference leaves it open. */
  readonly wireStyle: WireStyle;
  /** Whose lists a merchant's `acquirers[]` items carry. */
  readonly summaryLists: SummaryLists;
  /** Which payment method codes requests may use; the reference's when absent. */
  readonly methodCodes?: MethodCodes;
  /** Whether the current configuration API serves groups on the legacy API; it does when absent. */
  readonly legacyGroups?: LegacyGroupsPolicy;
  /** Whether `POST /api/v2/current` is answered as its GET; not when absent. */
  readonly ownerPost?: boolean;
  /** Bound to 0.0.0.0 or ::, where a Host of 0.0.0.0 names this simulator (see host-guard.ts). */
  readonly listensOnAllInterfaces: boolean;
  /** Called after a request that may have changed the store (the state file follows it). */
  readonly storeChanged: () => void;
}
