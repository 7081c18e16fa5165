/**
 * TypeScript shapes of the service's wire records and request bodies, written from the API
 * reference (api/01-configuration-api.md). They describe the wire, not paycfg's model: fields the
 * service sends as JSON-encoded strings (methodList, emvList, params, extParams, ...) stay `string`
 * here; parsing them is the normaliser's job. Fields whose presence the reference does not promise
 * are optional.
 */

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

// ---- acquirer profiles (2.3, 4.1) ----

export type AcqType = 'card' | 'qr';

export type ConnMessageFormat =
  | 'HOSTA_8583'
  | 'HOSTB_8583'
  | 'HOSTC_8583'
  | 'HOSTD_AIO'
  | 'HOSTD_WALLET'
  | 'HOSTE_JSON'
  | 'SVC_ENABLER';

export interface AcquirerProfile {
  profileId: number;
  groupId?: string;
  profileName: string;
  currency: string;
  acqType: AcqType;
  asDefault?: boolean;
  asSettleBlock?: boolean;
  connUrl?: string;
  notifyUrl?: string;
  /** JSON-encoded object. */
  connExtraParams?: string;
  connMessageFormat: ConnMessageFormat;
  enablerMsgFormat?: string;
  /** Comma- or semicolon-separated field names. */
  enablerParams?: string;
  /** JSON-encoded object: payment method code -> transaction types. */
  methodList: string;
  /** JSON-encoded object: payment method code -> EMV config ids. */
  emvList?: string;
  createdBy?: string;
  createdAt?: WireTimestamp;
  updatedAt?: WireTimestamp;
}

export interface AcquirerProfileCreate {
  profileName: string;
  currency: string;
  acqType?: AcqType;
  connUrl?: string;
  notifyUrl?: string;
  connExtraParams?: string;
  connMessageFormat: ConnMessageFormat;
  enablerMsgFormat?: string;
  enablerParams?: string;
  asDefault?: boolean;
  asSettleBlock?: boolean;
  methodList: string;
  /** Required when acqType is card. */
  emvList?: string;
}

/** PUT is a partial update: the create fields except currency and acqType, all optional. */
export type AcquirerProfileUpdate = Partial<Omit<AcquirerProfileCreate, 'currency' | 'acqType'>>;

export interface AcquirerProfileQuery {
  profileName?: string;
}

// ---- EMV configs (2.4, 4.2) ----

export interface EmvConfig {
  id: number;
  groupId?: string;
  emvName: string;
  paymentMethod: string;
  currency: string;
  /** JSON-encoded object of EMV parameters. */
  params: string;
  createdAt?: WireTimestamp;
  updatedAt?: WireTimestamp;
}

export interface EmvConfigCreate {
  emvName: string;
  paymentMethod: string;
  currency: string;
  params: string;
}

/** Only currency and params can change. */
export interface EmvConfigUpdate {
  currency: string;
  params: string;
}

export interface EmvConfigQuery {
  paymentMethod?: string;
  currency?: string;
  emvName?: string;
}

// ---- merchants (2.1, 4.3) ----

export interface MerchantAcquirerSummary {
  profileId?: number;
  profileName?: string;
  currency?: string;
  acqType?: string;
  /** JSON-encoded. */
  methodList?: string;
  /** JSON-encoded. */
  emvList?: string;
}

export type MerchantState = 0 | 1;

export interface Merchant {
  mchId: string;
  id?: string;
  uuid?: string;
  groupId?: string;
  mchName: string;
  currency: string;
  mcc?: string;
  region?: string;
  country?: string;
  timeZone?: string;
  contactName: string;
  contactPhone?: string;
  contactEmail: string;
  contactAddress?: string;
  receiptLogo?: string;
  receiptInfo?: string;
  state?: MerchantState;
  providerReference?: string;
  transType?: string;
  passcode?: string;
  mdr?: string;
  merchantType?: string;
  additionalData?: Record<string, unknown>;
  supportedPayments?: string[];
  hasKioskTerminal?: boolean;
  /** Read-only. */
  acquirers?: MerchantAcquirerSummary[];
  createdBy?: string;
  createdAt?: WireTimestamp;
  updatedAt?: WireTimestamp;
}

/** Body of POST and of PUT (a full replace of the profile fields). */
export interface MerchantCreate {
  mchName: string;
  currency: string;
  contactName: string;
  contactEmail: string;
  mcc?: string;
  region?: string;
  timeZone?: string;
  country?: string;
  transType?: string;
  contactPhone?: string;
  contactAddress?: string;
  receiptLogo?: string;
  receiptInfo?: string;
  state?: MerchantState;
  providerReference?: string;
  passcode?: string;
  mdr?: string;
  merchantType?: string;
  additionalData?: Record<string, unknown>;
}

export interface MerchantQuery {
  uuid?: string;
  mchId?: string;
  mchName?: string;
  /** An activation code issued to the merchant. */
  activationCode?: string;
}

// ---- merchant payment config (2.2, 4.4) ----

export interface BindingEmvRef {
  emvId: number;
  emvName?: string;
}

export interface BindingPaymentMethod {
  paymentMethodCode: string;
  paymentMethodName?: string;
  displayName?: string;
  paymentType?: string;
  emvs?: BindingEmvRef[];
}

/** One record per (acquirerProfileId, currency) of a merchant. */
export interface BindingRecord {
  merchantId?: string;
  acquirerProfileId: string;
  acquirerProfileName?: string;
  acqType?: string;
  currency: string;
  mid?: string;
  paymentMethods?: BindingPaymentMethod[];
}

/** Body of binding POST (add) and PUT (replace the subtree of one acquirerProfileId + currency). */
export interface BindingWrite {
  acquirerProfileId: string;
  currency: string;
  mid?: string;
  paymentMethods?: Array<{
    paymentMethodCode: string;
    /** Reserved for future use. */
    allows?: string[];
    emvs?: Array<{ emvId: number }>;
  }>;
}

export interface BindingKey {
  acquirerProfileId: string;
  currency: string;
}

// ---- devices (2.6, 2.7, 4.5) ----

/** 0 Inactive, 1 Active, 2 Logout, 3 Decommission. */
export type DeviceStatus = 0 | 1 | 2 | 3;

export interface Device {
  /** `CD-` activation code id while pending; device id once activated. */
  deviceId: string;
  deviceType?: string;
  deviceStatus?: DeviceStatus;
  deviceUpdate?: number;
  uuid?: string;
  deviceAlias?: string;
  deviceName?: string;
  /** A secret: never print it. */
  deviceAdmin?: string;
  appVersion?: string;
  /** JSON-encoded object carrying the activation code. */
  deviceToken?: string;
  methodList?: string;
  groupId?: string;
  /** Null while no acquirer is bound (as in the create result). */
  profileId?: string | null;
  /** JSON-encoded object (keys of 2.7). */
  emvParams?: string;
  /** JSON-encoded `{acquirers: {<acquirerProfileId>: {<field>: string}}}`. */
  extParams?: string;
  operatingMode?: string;
  activesAt?: WireTimestamp;
  createdAt?: WireTimestamp;
  updatedAt?: WireTimestamp;
  /** Present (true) only on an activated device; omitted on a pending activation code. */
  isDevice?: true;
}

/** Keys of section 2.7; the service may add others. */
export interface DeviceEmvParams {
  netDFloorLimit?: string;
  terminalCountryCode?: string;
  txnCurrencyCode?: string;
  netDExReaderCapability?: string | number;
  netDReaderCapability?: string;
  terminalType?: string;
  terminalCapability?: string;
  emvFlags?: string;
  [key: string]: unknown;
}

export interface DeviceExtParams {
  acquirers?: Record<string, Record<string, string>>;
  [key: string]: unknown;
}

/** POST takes extParams and emvParams as objects (PUT takes them JSON-encoded). */
export interface DeviceCreate {
  mchId: string;
  deviceAlias?: string;
  deviceName?: string;
  deviceType?: string;
  operatingMode?: string;
  /** Comma-separated payment method codes. */
  methodList?: string;
  deviceAdmin?: string;
  extParams?: DeviceExtParams;
  emvParams?: DeviceEmvParams;
}

export interface DeviceCreated {
  id: string;
  activationCode: string;
  /** Null when no acquirer is bound for a matching payment method. */
  profileId: string | null;
}

/** Explicit-write update: an omitted field stays, a field sent as null is cleared. */
export interface DeviceUpdate {
  deviceAlias?: string | null;
  deviceName?: string | null;
  deviceType?: string | null;
  operatingMode?: string | null;
  methodList?: string | null;
  deviceAdmin?: string | null;
  /** JSON-encoded string. */
  extParams?: string | null;
  /** JSON-encoded string. */
  emvParams?: string | null;
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
