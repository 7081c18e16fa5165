import type { Kind } from '../model/kinds.js';

/**
 * What paycfg knows about each field of each kind, as data: how to compare it, whether a change
 * forces a replacement, whether it is secret. The diff engine reads this and nothing else, so a
 * new field is one line here (plus its wire mapping in live/ and desired/).
 */
export type Comparison =
  /** Deep equality of canonical JSON (key order ignored). */
  | 'exact'
  /**
   * Numbers compare by their text: the service is loose about `0` vs `"0"` inside EMV parameters.
   * Booleans and null keep their type: `true` and `"true"` differ (a terminal reads a flag, not a word).
   */
  | 'text'
  /** Only the keys the manifest sets are compared ('text' rule); the service fills the others with its defaults. */
  | 'subset-text'
  /** 'exact', without the keys paycfg reserves for itself (model/receipt-logo.ts): they are not the user's metadata. */
  | 'metadata'
  /**
   * A URL compares exactly. Uploaded content (base64) cannot be read back: it compares by its SHA-256
   * with the fingerprint paycfg keeps in the live record's additionalData (see plan/receipt-logo.ts,
   * which also decides what a plan does where the service shows no additionalData).
   */
  | 'upload'
  /** Arrays whose order carries no meaning. */
  | 'set'
  /** The service never returns it: sent on create and with every update, never compared. */
  | 'write-only';

export interface FieldDescriptor {
  readonly compare: Comparison;
  /** A change cannot be written in place: the resource must be replaced (01 §2.3, §2.4). */
  readonly immutable?: boolean;
  readonly sensitive?: boolean;
}

export type KindDescriptor = Readonly<Record<string, FieldDescriptor>>;

const exact: FieldDescriptor = { compare: 'exact' };

export const DESCRIPTORS: Readonly<Record<Kind, KindDescriptor>> = {
  emv: {
    paymentMethod: { compare: 'exact', immutable: true },
    currency: exact,
    params: { compare: 'text' },
  },
  acquirer: {
    currency: { compare: 'exact', immutable: true },
    acqType: { compare: 'exact', immutable: true },
    connMessageFormat: exact,
    connUrl: exact,
    notifyUrl: exact,
    connExtraParams: exact,
    enablerMsgFormat: exact,
    enablerParams: { compare: 'set' },
    asDefault: exact,
    asSettleBlock: exact,
    methods: exact,
  },
  merchant: {
    mchName: exact,
    currency: exact,
    contactName: exact,
    contactEmail: exact,
    mcc: exact,
    region: exact,
    timeZone: exact,
    country: exact,
    transType: exact,
    contactPhone: exact,
    contactAddress: exact,
    receiptLogo: { compare: 'upload' },
    receiptInfo: exact,
    state: exact,
    // Write-only by our reading of 01 §2.1 ("response presence ... not shown"): see README.
    passcode: { compare: 'write-only', sensitive: true },
    mdr: exact,
    merchantType: exact,
    additionalData: { compare: 'metadata' },
  },
  binding: {
    acquirer: { compare: 'exact', immutable: true },
    currency: { compare: 'exact', immutable: true },
    mid: exact,
    methods: exact,
  },
  device: {
    deviceAlias: exact,
    deviceName: exact,
    deviceType: exact,
    operatingMode: exact,
    methods: { compare: 'set' },
    deviceAdmin: { compare: 'exact', sensitive: true },
    acquirerFields: exact,
    emvParams: { compare: 'subset-text' },
  },
};

export function fieldDescriptor(kind: Kind, field: string): FieldDescriptor {
  return DESCRIPTORS[kind][field] ?? exact;
}
