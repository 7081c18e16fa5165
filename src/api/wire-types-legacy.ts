/**
 * TypeScript shapes of the legacy `/api/v2` configuration records and request bodies (document 2,
 * sections 2.3 to 2.5, 4.4 to 4.6, and `/api/v2/emv` as the public docs and client show it). A
 * group switched to the current API is refused on all of them with code 13310
 * (LegacyApiRejectedError).
 */

/** A timestamp as legacy records carry it: the current API's form or ISO 8601 UTC. */
export type LegacyTimestamp = string;

/*
 * The legacy records are their kinds' (src/kinds/emv.ts, acquirer.ts, merchant.ts, device.ts), from
 * each field's legacy wire fact; the bodies are there too.
 */
export type {
  LegacyMerchant,
  LegacyMerchantCreate,
  LegacyMerchantQuery,
  LegacyMerchantUpdate,
  LegacySupportedPaymentMethod,
} from '../kinds/merchant.js';
export type { LegacyDevice, LegacyDeviceCreate, LegacyDeviceExtParams, LegacyDeviceMethodList, LegacyDeviceUpdate } from '../kinds/device.js';
export type {
  LegacyAcquirerProfile,
  LegacyAcquirerProfileCreate,
  LegacyAcquirerProfileQuery,
  LegacyAcquirerProfileUpdate,
} from '../kinds/acquirer.js';
export type { LegacyEmvConfig, LegacyEmvConfigCreate, LegacyEmvConfigUpdate } from '../kinds/emv.js';

/** data of POST /api/v2/device; the reference table's `activeCode` is read as `activationCode`. */
export interface LegacyDeviceCreated {
  id: string;
  activationCode: string;
  /** Only where the answer carries it (document 1's create does; document 2 shows none): null while no acquirer is bound. */
  profileId?: string | null;
}

/**
 * Body of POST /api/v2/mchInfo/payment/{mchId}, as the public client sends it (document 2 lists
 * only the DELETE of that path): one method, by code (`"01"`) or network name, bound through the
 * profile.
 */
export interface LegacyPaymentBinding {
  groupId: string;
  paymentMethod: string;
  profileId: number;
}

/** data of PUT and DELETE /api/v2/device/{deviceId}: the digits of the device id. */
export interface LegacyDeviceIdResult {
  id: number | string;
}
