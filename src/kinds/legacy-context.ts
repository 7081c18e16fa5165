/**
 * What the kinds' legacy adapters (src/kinds/<kind>.legacy.ts) share within one run: the legacy
 * client, the caller's group, and the group's acquirer profiles, which every binding (and every
 * merchant's summary of its bindings) is made from on the legacy API.
 */
import type { LegacyBindingClient, LegacyClient } from '../api/legacy-client.js';
import type { LegacyAcquirerProfile } from './acquirer.js';

export interface LegacyContext {
  readonly legacy: LegacyClient;
  /** POST /api/v2/mchInfo/payment/{mchId}: binds one method. */
  readonly methodBinding: LegacyBindingClient;
  /** The caller's group, which the legacy writes that name it send (a profile's create, a method's binding). */
  groupId(): Promise<string>;
  readonly profiles: LegacyProfiles;
}

/** The group's legacy acquirer profiles, read once per run (acquirer.legacy.ts). */
export interface LegacyProfiles {
  /** Every profile: GET /api/v2/acquirer once, and again only after this run changed one. */
  all(): Promise<readonly LegacyAcquirerProfile[]>;
  /** A profile by id; a miss reads the list once more (a profile made since by someone else), then undefined. */
  byId(profileId: number | string): Promise<LegacyAcquirerProfile | undefined>;
  /** This run created, changed or deleted a profile: the next read sees it. */
  changed(): void;
}

/**
 * The legacy API carries no currency on EMV configs and merchants: paycfg reads their records as
 * USD, the currency of the legacy terminal defaults (0840, document 2, 2.6), and the simulator's
 * legacy view makes them so. A choice, documented with the legacy API's limits.
 */
export const LEGACY_RECORD_CURRENCY = 'USD';
