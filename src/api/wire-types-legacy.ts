/**
 * TypeScript shapes of the legacy `/api/v2` configuration records and request bodies (document 2,
 * sections 2.3 to 2.5, 4.4 to 4.6). A group switched to the current API is refused on all of them
 * with code 13310 (LegacyApiRejectedError). EMV configs keep the current API's shapes
 * (wire-types.ts), since document 2 shows no legacy one.
 */

import type { ConnMessageFormat } from './wire-types.js';

/** A timestamp as legacy records carry it: the current API's form or ISO 8601 UTC. */
export type LegacyTimestamp = string;

/*
 * The legacy merchant and device records are their kinds' (src/kinds/merchant.ts, device.ts), from
 * each field's legacy wire fact; the bodies are there too.
 */
export type {
  LegacyMerchant,
  LegacyMerchantCreate,
  LegacyMerchantQuery,
  LegacyMerchantUpdate,
  LegacySupportedPaymentMethod,
} from '../kinds/merchant.js';
export type { LegacyDevice, LegacyDeviceCreate, LegacyDeviceExtParams, LegacyDeviceUpdate } from '../kinds/device.js';

/** data of POST /api/v2/device; the reference table's `activeCode` is read as `activationCode`. */
export interface LegacyDeviceCreated {
  id: string;
  activationCode: string;
}

/** data of PUT and DELETE /api/v2/device/{deviceId}: the digits of the device id. */
export interface LegacyDeviceIdResult {
  id: number | string;
}

/** Record of GET /api/v2/acquirer (2.5): no `acqType`, lists as objects. */
export interface LegacyAcquirerProfile {
  profileId: number | string;
  profileName: string;
  currency: string;
  connMessageFormat?: ConnMessageFormat | null;
  connUrl?: string | null;
  notifyUrl?: string | null;
  connTimeout?: number | null;
  connRequestTimeout?: number | null;
  /** Method code to EMV config ids. */
  emvList?: Record<string, number[]> | null;
  /** Method code to transaction-type names (`Sale`, `Void`, `Refund`, `Capture`, `Pre-Auth`). */
  methodList: Record<string, string[]>;
  batchNo?: string | number | null;
  connExtraParams?: string | null;
  connInitBatchNo?: string | number | null;
  groupId?: string | null;
  createdBy?: string | null;
  connRetryCount?: number | string | null;
  connSync?: boolean | number | string | null;
  connNll?: number | string | null;
  createdAt?: LegacyTimestamp | null;
  updatedAt?: LegacyTimestamp | null;
}

/** POST /api/v2/acquirer: the fields 4.6 requires, and the optional ones of 2.5. */
export interface LegacyAcquirerProfileCreate {
  profileName: string;
  currency: string;
  groupId: string;
  connMessageFormat: ConnMessageFormat;
  connUrl: string;
  notifyUrl: string;
  emvList: Record<string, number[]>;
  methodList: Record<string, string[]>;
  connTimeout?: number;
  connRequestTimeout?: number;
  connRetryCount?: number;
  connSync?: number;
  connNll?: string;
  /** 1 to 6 digits. */
  connInitBatchNo?: string;
  /** An object, or the JSON-encoded object. */
  connExtraParams?: Record<string, unknown> | string;
}

/** PUT /api/v2/acquirer/{profileId}: connMessageFormat and currency (the profile's own) required. */
export type LegacyAcquirerProfileUpdate = Partial<LegacyAcquirerProfileCreate> & {
  connMessageFormat: ConnMessageFormat;
  currency: string;
};

export interface LegacyAcquirerProfileQuery {
  /** Like match. */
  profileName?: string;
}
