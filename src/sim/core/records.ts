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
  /** Legacy (/api/v2) `extParams` `{acqMid, acqTid}` (02 §2.3), as a legacy write last set it. */
  legacyExtParams: z.record(z.string(), z.string()).optional(),
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
  operatingMode: z.string().optional(),
  activesAt: timestamp.optional(),
  /** internal: a pending code older than this cannot be used to log in */
  codeExpiresAt: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type DeviceRecord = z.infer<typeof deviceRecordSchema>;

export const outboxMailSchema = z.object({
  groupId: z.string(),
  to: z.string(),
  deviceId: z.string(),
  activationCode: z.string(),
  sentAt: timestamp,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const storeSnapshotSchema = z.object({
  format: z.literal('paycfg-sim-state'),
  version: z.literal(1),
  nextNumericId: z.number().int().positive(),
  groups: z.array(
    z.object({
      settings: groupSettingsSchema,
      emvConfigs: z.array(emvConfigRecordSchema),
      acquirerProfiles: z.array(acquirerProfileRecordSchema),
      merchants: z.array(merchantRecordSchema),
      bindings: z.array(bindingRecordSchema),
      devices: z.array(deviceRecordSchema),
    }),
  ),
  outbox: z.array(outboxMailSchema),
});
export type StoreSnapshot = z.infer<typeof storeSnapshotSchema>;
