/**
 * TypeScript shapes of the service's wire records and request bodies, from the API reference
 * (api/01-configuration-api.md). They describe the wire, not paycfg's model: fields the service
 * sends as JSON-encoded strings (methodList, emvList, params, extParams, ...) stay `string` here;
 * parsing them is the normaliser's job. Fields whose presence the reference does not promise are
 * optional. The records of the five kinds are derived from each kind's field facts (src/kinds/)
 * and re-exported here; the envelope, pages, the owner and the endpoints' own shapes are written
 * here.
 */
import type { DeviceEmvParams } from '../kinds/device.js';

/** `<yyyy-MM-ddTHH:mm:ss+0000>` on current-API records. */
export type WireTimestamp = string;

/** The body of every response (section 1). `data` is absent on operations that return nothing. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T | null;
}

/**
 * `data` of every list operation. The reference lists `total, current, hasNext, records`; the real
 * service answers MyBatis-Plus pages (`records, total, size, current, pages`) where `hasNext` may be
 * missing. Walk by `total`, never by `hasNext` alone.
 */
export interface Page<T> {
  total: number;
  current: number;
  hasNext?: boolean;
  /** The page size the server used (MyBatis-Plus; -1 when everything was asked for). */
  size?: number;
  /** Number of pages at that size (MyBatis-Plus). */
  pages?: number;
  records: T[];
}

/** GET /api/v2/current (section 4.6). `logo` and `timeZone` are absent while the group has none. */
export interface OwnerInfo {
  groupId: string;
  groupName?: string;
  /** A plain name (`HOSTA_8583`) or, from the real service, a JSON-encoded array (`["SVC_ENABLER"]`): read it with ownerMessageFormats(). */
  messageFormat?: string;
  logo?: string;
  timeZone?: string;
  /** A plain address or, from the real service, a JSON-encoded object (`{}`). */
  emailSender?: string;
  updatedAt?: string;
}

// ---- the kinds' records and bodies: each kind's module derives them from its field facts ----

export type { AcqType, ConnMessageFormat, AcquirerProfile, AcquirerProfileCreate, AcquirerProfileUpdate, AcquirerProfileQuery } from '../kinds/acquirer.js';
export type { EmvConfig, EmvConfigCreate, EmvConfigUpdate } from '../kinds/emv.js';
export type { MerchantAcquirerSummary, MerchantState, Merchant, MerchantCreate, MerchantQuery } from '../kinds/merchant.js';
export type { BindingEmvRef, BindingPaymentMethod, BindingRecord, BindingWrite, BindingKey } from '../kinds/binding.js';
export type { DeviceStatus, Device, DeviceEmvParams, DeviceExtParams, DeviceCreate, DeviceUpdate } from '../kinds/device.js';

export interface EmvConfigQuery {
  paymentMethod?: string;
  currency?: string;
  emvName?: string;
}

export interface DeviceCreated {
  id: string;
  activationCode: string;
  /** Null when no acquirer is bound for a matching payment method. */
  profileId: string | null;
}

export interface DeviceQuery {
  deviceId?: string;
  deviceType?: string;
}

/** GET /device/emv/{deviceId}: the resolved values currently pushed to the device. */
export interface DeviceEmv {
  emvParams: DeviceEmvParams;
  emvAID: Array<{ aid: string; paymentMethod: string }>;
}

export interface IdResult {
  id: number;
}

export interface PageQuery {
  pageNumber?: number;
  pageSize?: number;
}
