/**
 * TypeScript shapes of the legacy `/api/v2` configuration records and request bodies (document 2,
 * sections 2.3 to 2.5, 4.4 to 4.6). A group switched to the current API is refused on all of them
 * with code 13310 (LegacyApiRejectedError). EMV configs keep the current API's shapes
 * (wire-types.ts), since document 2 shows no legacy one.
 */

import type { ConnMessageFormat, DeviceStatus } from './wire-types.js';

/** A timestamp as legacy records carry it: the current API's form or ISO 8601 UTC. */
export type LegacyTimestamp = string;

export interface LegacySupportedPaymentMethod {
  paymentMethod: string;
  profileId: number | string;
}

/** Record of GET /api/v2/mchInfo (2.3). */
export interface LegacyMerchant {
  mchId: string;
  mchName: string;
  id?: string | null;
  uuid?: string | null;
  groupId?: string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  timeZone?: string | null;
  mcc?: string | null;
  providerReference?: string | null;
  receiptLogo?: string | null;
  contactAddress?: string | null;
  contactPhone?: string | null;
  state?: 0 | 1 | null;
  /** The bound method codes. */
  supportedPayments?: string[] | null;
  /** One per bound method. */
  supportedPaymentMethods?: LegacySupportedPaymentMethod[] | null;
  extParams?: { acqMid?: string | null; acqTid?: string | null } | null;
  createdAt?: LegacyTimestamp | null;
  updatedAt?: LegacyTimestamp | null;
}

/** POST /api/v2/mchInfo: the fields 4.4 lists, and the record's other writable fields. */
export interface LegacyMerchantCreate {
  mchName: string;
  contactName?: string;
  contactEmail?: string;
  timeZone?: string;
  /** The caller's own group when sent. */
  groupId?: string;
  providerReference?: string;
  mcc?: string;
  receiptLogo?: string;
  contactAddress?: string;
  contactPhone?: string;
  state?: 0 | 1;
  /** Sets the merchant's bindings: each method bound through its profile. */
  supportedPaymentMethods?: LegacySupportedPaymentMethod[];
  extParams?: { acqMid?: string; acqTid?: string };
}

/** PUT /api/v2/mchInfo/{mchId}: a partial update; read-only fields sent back are ignored. */
export type LegacyMerchantUpdate = Partial<LegacyMerchantCreate>;

export interface LegacyMerchantQuery {
  /** Partial match. */
  mchName?: string;
  /** Exact. */
  mchId?: string;
}

/** The flat acquirer fields of a legacy device (2.4); `jwtSecret` is a secret. */
export interface LegacyDeviceExtParams {
  subMid?: string;
  clientId?: string;
  jwtSecret?: string;
  acqMid?: string;
  subTid?: string;
  mid?: string;
  acqTid?: string;
  [key: string]: unknown;
}

/** Record of GET /api/v2/device (2.4): document 1's device with `activateCodeAlias` for `deviceAlias`. */
export interface LegacyDevice {
  /** `CD-` activation code id while pending; device id once activated. */
  deviceId: string;
  activateCodeAlias?: string | null;
  deviceType?: string | null;
  deviceStatus?: DeviceStatus | null;
  deviceName?: string | null;
  /** A secret: never print it. */
  deviceAdmin?: string | null;
  uuid?: string | null;
  appVersion?: string | null;
  deviceToken?: string | null;
  methodList?: string | Record<string, unknown> | null;
  groupId?: string | null;
  profileId?: string | number | null;
  emvParams?: string | Record<string, unknown> | null;
  /** An object here (document 1's devices carry a JSON string). */
  extParams?: LegacyDeviceExtParams | string | null;
  serverUrl?: string | null;
  customerId?: string | null;
  licenseId?: string | null;
  signKeyId?: string | null;
  cardBdkId?: string | null;
  operatingMode?: string | null;
  activesAt?: LegacyTimestamp | null;
  createdAt?: LegacyTimestamp | null;
  updatedAt?: LegacyTimestamp | null;
  isDevice?: true | null;
}

/** POST /api/v2/device. The client sends `mchId` and `activateCodeAlias` (the reference table's names). */
export interface LegacyDeviceCreate {
  mchId: string;
  activateCodeAlias: string;
  deviceType: string;
  deviceName?: string;
  deviceAdmin?: string;
  emvParams?: Record<string, unknown>;
  /**
   * `{all: {tid, mid}}` or per method code; sent JSON-encoded. An object is encoded by the client,
   * a string is sent as it is.
   */
  methodList?: Record<string, { tid?: string; mid?: string }> | string;
  /** The flat fields of 2.4; sent JSON-encoded (a string is sent as it is). */
  extParams?: LegacyDeviceExtParams | string;
}

/** PUT /api/v2/device/{deviceId}: every field optional; objects are sent JSON-encoded. */
export interface LegacyDeviceUpdate {
  deviceType?: string;
  deviceAdmin?: string;
  activateCodeAlias?: string;
  deviceName?: string;
  emvParams?: Record<string, unknown> | string;
  methodList?: Record<string, { tid?: string; mid?: string }> | string;
  extParams?: LegacyDeviceExtParams | string;
}

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
