import { z } from 'zod';
import type { JsonObject, JsonValue } from './json.js';

/**
 * What the store keeps, one schema per record kind. The same schemas validate a state file on
 * load, so a hand-edited or foreign file is refused at start instead of failing mid-request.
 * JSON-encoded wire fields are kept parsed here; the views re-serialise them.
 */

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);
const jsonObject: z.ZodType<JsonObject> = z.record(z.string(), jsonValue);
const timestamp = z.string();

export const groupSettingsSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  timeZone: z.string(),
  messageFormat: z.string(),
  qrEnabled: z.boolean(),
  enablerParams: z.string(),
  apiVersion: z.enum(['v1', 'legacy']),
  logo: z.string(),
  emailSender: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type GroupSettings = z.infer<typeof groupSettingsSchema>;
export type ApiVersion = GroupSettings['apiVersion'];

export const emvConfigRecordSchema = z.object({
  id: z.number().int(),
  groupId: z.string(),
  emvName: z.string(),
  paymentMethod: z.string(),
  currency: z.string(),
  params: jsonObject,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type EmvConfigRecord = z.infer<typeof emvConfigRecordSchema>;

export const acqTypeSchema = z.enum(['card', 'qr']);
export type AcqType = z.infer<typeof acqTypeSchema>;

export const acquirerProfileRecordSchema = z.object({
  profileId: z.number().int(),
  groupId: z.string(),
  profileName: z.string(),
  currency: z.string(),
  acqType: acqTypeSchema,
  asDefault: z.boolean(),
  asSettleBlock: z.boolean(),
  connUrl: z.string().optional(),
  notifyUrl: z.string().optional(),
  connExtraParams: jsonObject.optional(),
  connMessageFormat: z.string(),
  enablerMsgFormat: z.string().optional(),
  enablerParams: z.string().optional(),
  /** Legacy (/api/v2) connection settings (02 §2.5); the current API neither shows nor writes them. */
  connTimeout: z.number().optional(),
  connRequestTimeout: z.number().optional(),
  connRetryCount: z.number().optional(),
  connSync: z.number().optional(),
  connNll: z.string().optional(),
  connInitBatchNo: z.string().optional(),
  /** payment method code → allowed transaction types (reserved by the service) */
  methodList: z.record(z.string(), z.array(z.string())),
  /** payment method code → EMV config ids; 0 is a placeholder the service tolerates */
  emvList: z.record(z.string(), z.array(z.number().int())).optional(),
  createdBy: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AcquirerProfileRecord = z.infer<typeof acquirerProfileRecordSchema>;

export const merchantRecordSchema = z.object({
  mchId: z.string(),
  uuid: z.string(),
  groupId: z.string(),
  mchName: z.string(),
  currency: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  mcc: z.string().optional(),
  region: z.string().optional(),
  country: z.string().optional(),
  timeZone: z.string(),
  contactPhone: z.string().optional(),
  contactAddress: z.string().optional(),
  receiptLogo: z.string(),
  receiptInfo: z.string().optional(),
  state: z.union([z.literal(0), z.literal(1)]),
  providerReference: z.string().optional(),
  transType: z.string().optional(),
  /** write-only: never in a response */
  passcode: z.string().optional(),
  mdr: z.string().optional(),
  merchantType: z.string().optional(),
  additionalData: jsonObject.optional(),
  hasKioskTerminal: z.boolean(),
  /**
   * Legacy (/api/v2) `extParams` (02 §2.3: `{acqMid, acqTid}`; the public client adds `subMid` and
   * the secret `signKey`), as a legacy write last set it.
   */
  legacyExtParams: z.record(z.string(), z.string()).optional(),
  /** Legacy `terminalEmvParams`: EMV parameters the merchant's terminals made through the legacy API start from. */
  legacyTerminalEmvParams: jsonObject.optional(),
  createdBy: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type MerchantRecord = z.infer<typeof merchantRecordSchema>;

export const boundPaymentMethodSchema = z.object({
  code: z.string(),
  allows: z.array(z.string()),
  emvIds: z.array(z.number().int()),
});
export type BoundPaymentMethod = z.infer<typeof boundPaymentMethodSchema>;

export const bindingRecordSchema = z.object({
  mchId: z.string(),
  groupId: z.string(),
  profileId: z.number().int(),
  currency: z.string(),
  mid: z.string().optional(),
  paymentMethods: z.array(boundPaymentMethodSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BindingRecord = z.infer<typeof bindingRecordSchema>;

export const deviceStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;
export const DeviceStatus = { Inactive: 0, Active: 1, Logout: 2, Decommission: 3 } as const;

export const deviceRecordSchema = z.object({
  /** the 12-digit activation code: the record's stable key for its whole life */
  code: z.string(),
  /** `T` + 10 digits while the record is an activated device; absent for a pending code */
  terminalId: z.string().optional(),
  groupId: z.string(),
  mchId: z.string(),
  uuid: z.string(),
  deviceType: z.string(),
  deviceStatus: deviceStatusSchema,
  deviceUpdate: z.number().int(),
  deviceAlias: z.string().optional(),
  deviceName: z.string().optional(),
  deviceAdmin: z.string().optional(),
  appVersion: z.string().optional(),
  methodList: z.string().optional(),
  profileId: z.string().nullable(),
  emvParams: jsonObject,
  extParams: jsonObject.optional(),
  /**
   * Flat legacy acquirer fields (`acqTid`, `subMid`, ...; `tid`/`mid` under the record's names) sent
   * before the merchant had a binding to hold them: they join `extParams.acquirers.<profileId>` when
   * a legacy binding provisions the device (rules/legacy/devices.ts).
   */
  unprovisionedFields: z.record(z.string(), z.string()).optional(),
  operatingMode: z.string().optional(),
  activesAt: timestamp.optional(),
  /** internal: a pending code older than this cannot be used to log in */
  codeExpiresAt: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type DeviceRecord = z.infer<typeof deviceRecordSchema>;

/** Transaction states of document 2, 3.1; the `state` filter takes the number, records show the name. */
export const TranState = {
  INIT: 0,
  PROCESSING: 1,
  APPROVED: 2,
  DECLINED: 3,
  VOIDED: 4,
  REFUNDED: 5,
  CLOSED: 6,
  REVERSED: 7,
} as const;
export type TranStateValue = (typeof TranState)[keyof typeof TranState];
export const TRAN_STATE_NAMES: readonly string[] = ['INIT', 'PROCESSING', 'APPROVED', 'DECLINED', 'VOIDED', 'REFUNDED', 'CLOSED', 'REVERSED'];

/** Settlement states of document 2, 3.1; a batch's `state` mirrors them (docs/simulator.md). */
export const SettleState = { WAIT_FOR_SETTLE: 0, SETTLED: 1, SETTLE_FAILED: 2 } as const;
export type SettleStateValue = (typeof SettleState)[keyof typeof SettleState];

export const tranTypeSchema = z.enum(['SALE', 'PRE_AUTH', 'REFUND']);
export type TranType = z.infer<typeof tranTypeSchema>;

/** What the record and the batch views write as ISO 8601 UTC with seconds: `2026-11-25T10:15:00Z`. */
const isoTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, { error: 'must be yyyy-MM-ddTHH:mm:ssZ' });
const minorAmount = z.number().int().nonnegative();

export const transactionActionSchema = z.object({
  actionId: z.string(),
  /** the refund's own id for a refund, else the transaction's */
  tranId: z.string(),
  actionType: z.enum(['VOID', 'REFUND', 'CAPTURE']),
  reason: z.string(),
  trace: z.string(),
  actionStatus: z.string(),
  hostRespCode: z.string(),
  /** the amount voided, refunded or captured, in the transaction currency's minor units */
  amountMinor: minorAmount,
  createdAt: isoTimestamp,
});
export type TransactionAction = z.infer<typeof transactionActionSchema>;

/**
 * A payment transaction as a terminal made it (or a refund of one). The wire facts the acquirer
 * answered (approval code, RRN, EMV data...) are kept as they were when it was made; `settleState`
 * is not stored: it is the state of the batch named by `batchId`.
 */
export const transactionRecordSchema = z.object({
  /** 12 digits, from a counter shared by all groups */
  tranId: z.string().regex(/^\d{12}$/),
  groupId: z.string(),
  mchId: z.string(),
  /** the merchant's name when the payment was made */
  mchName: z.string(),
  /** `T` + 10 digits */
  terminalId: z.string(),
  /** the terminal's activation code (its stable key in the store) */
  deviceCode: z.string(),
  /** the acquirer profile of the binding the payment was routed through */
  profileId: z.number().int(),
  /** the binding's currency, which is the payment's */
  currency: z.string(),
  /** payment method code (`01`, `A1`...) */
  paymentMethod: z.string(),
  tranType: tranTypeSchema,
  state: z.number().int().min(0).max(7),
  /** authorised (or sold, or refunded) amount in minor units */
  amountMinor: minorAmount,
  /** a pre-authorisation's captured amount, once captured */
  capturedMinor: minorAmount.optional(),
  /** a refund's sale */
  linkedTranId: z.string().optional(),
  /** the settlement batch the transaction joined; absent when it joined none */
  batchId: z.string().optional(),
  approvalCode: z.string(),
  rrn: z.string(),
  trace: z.string(),
  accountMasked: z.string(),
  acqMid: z.string(),
  acqTid: z.string(),
  aid: z.string(),
  appName: z.string(),
  entryMode: z.string(),
  cvmPerformed: z.string(),
  tsi: z.string(),
  tvr: z.string(),
  tc: z.string(),
  atc: z.string(),
  hostMessageFormat: z.string(),
  callbackUrl: z.string(),
  actions: z.array(transactionActionSchema),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

export const batchStateSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type BatchState = z.infer<typeof batchStateSchema>;

/**
 * A settlement batch: the transactions of one (acquirer profile, merchant, terminal, currency)
 * between two settlements. Counts and amounts are not stored: they follow the batch's transactions.
 */
export const settlementBatchRecordSchema = z.object({
  /** digits, from a counter shared by all groups */
  batchId: z.string().regex(/^\d{1,15}$/),
  groupId: z.string(),
  uuid: z.string(),
  profileId: z.number().int(),
  /** the profile's name when the batch opened */
  profileName: z.string(),
  /** the profile's connMessageFormat when the batch opened */
  profileMessage: z.string(),
  mchId: z.string(),
  mchName: z.string(),
  terminalId: z.string(),
  acquirerMid: z.string(),
  acquirerTid: z.string(),
  currency: z.string(),
  /** 6 digits, counting up per (profile, terminal) */
  batchNo: z.string(),
  /** 0 open (waiting for settlement), 1 settled, 2 settlement failed */
  state: batchStateSchema,
  acquirerRefNo: z.string(),
  acquirerCode: z.string(),
  successTime: z.string(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type SettlementBatchRecord = z.infer<typeof settlementBatchRecordSchema>;

export const activationCodeMailSchema = z.object({
  kind: z.literal('activation-code'),
  groupId: z.string(),
  to: z.string(),
  deviceId: z.string(),
  activationCode: z.string(),
  sentAt: timestamp,
});
export type ActivationCodeMail = z.infer<typeof activationCodeMailSchema>;

export const receiptMailSchema = z.object({
  kind: z.literal('receipt'),
  groupId: z.string(),
  to: z.string(),
  tranId: z.string(),
  sentAt: timestamp,
});
export type ReceiptMail = z.infer<typeof receiptMailSchema>;

export const settlementReportMailSchema = z.object({
  kind: z.literal('settlement-report'),
  groupId: z.string(),
  to: z.string(),
  mchId: z.string(),
  batchIds: z.array(z.string()),
  sentAt: timestamp,
});
export type SettlementReportMail = z.infer<typeof settlementReportMailSchema>;

/** An outbox entry of a version 1 state file has no `kind`: the only mail then was the activation code. */
export const outboxMailSchema = z.preprocess(
  (entry) =>
    entry !== null && typeof entry === 'object' && !Array.isArray(entry) && !('kind' in entry)
      ? { kind: 'activation-code', ...entry }
      : entry,
  z.discriminatedUnion('kind', [activationCodeMailSchema, receiptMailSchema, settlementReportMailSchema]),
);
export type OutboxMail = ActivationCodeMail | ReceiptMail | SettlementReportMail;

/** What `addMail` takes: any mail, or an activation-code mail without its `kind` (written before kinds existed). */
export type OutboxMailInput = OutboxMail | Omit<ActivationCodeMail, 'kind'>;

/** Counters that outlive the records they numbered (a deleted record must not give its number back). */
export const moneyCountersSchema = z.object({
  nextTranId: z.number().int().positive(),
  nextBatchId: z.number().int().positive(),
  /** terminalId → the last trace number it used */
  traces: z.record(z.string(), z.number().int().nonnegative()),
  /** `profileId|terminalId` → the last batch number used */
  batchNos: z.record(z.string(), z.number().int().nonnegative()),
});
export type MoneyCounters = z.infer<typeof moneyCountersSchema>;

const snapshotGroupSchema = z.object({
  settings: groupSettingsSchema,
  emvConfigs: z.array(emvConfigRecordSchema),
  acquirerProfiles: z.array(acquirerProfileRecordSchema),
  merchants: z.array(merchantRecordSchema),
  bindings: z.array(bindingRecordSchema),
  devices: z.array(deviceRecordSchema),
  /** absent from a version 1 file */
  transactions: z.array(transactionRecordSchema).default([]),
  settlementBatches: z.array(settlementBatchRecordSchema).default([]),
});

/** Version 2 adds transactions, settlement batches, the money counters and mail kinds; version 1 still loads. */
export const STORE_SNAPSHOT_VERSION = 2;

export const storeSnapshotSchema = z.object({
  format: z.literal('paycfg-sim-state'),
  version: z.union([z.literal(1), z.literal(2)]),
  nextNumericId: z.number().int().positive(),
  moneyCounters: moneyCountersSchema.optional(),
  groups: z.array(snapshotGroupSchema),
  outbox: z.array(outboxMailSchema),
});
/** A snapshot as the store writes it (always the current version, every list present). */
export type StoreSnapshot = z.output<typeof storeSnapshotSchema>;
