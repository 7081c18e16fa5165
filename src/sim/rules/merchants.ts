import type { JsonObject } from '../core/json.js';
import { DeviceStatus, type MerchantRecord } from '../core/records.js';
import { invalid } from '../errors.js';
import { defaultCardProfile } from './acquirer-profiles.js';
import type { ServiceContext } from './context.js';
import { acquirerSummary, bindDefaultProfile, supportedPayments } from './merchant-bindings.js';
import { findOwnMerchant, lookupDevice, requireOwnMerchant } from './owner.js';
import { DEFAULT_RECEIPT_LOGO, storedReceiptLogo } from './receipt-logo.js';

/** Body of merchant create and of the full-replace PUT. */
export interface MerchantInput {
  mchName: string;
  currency: string;
  contactName: string;
  contactEmail: string;
  mcc?: string | undefined;
  region?: string | undefined;
  timeZone?: string | undefined;
  country?: string | undefined;
  transType?: string | undefined;
  contactPhone?: string | undefined;
  contactAddress?: string | undefined;
  receiptLogo?: string | undefined;
  receiptInfo?: string | undefined;
  state?: 0 | 1 | undefined;
  providerReference?: string | undefined;
  passcode?: string | undefined;
  mdr?: string | undefined;
  merchantType?: string | undefined;
  additionalData?: JsonObject | undefined;
}

export interface MerchantFilter {
  uuid?: string | undefined;
  mchId?: string | undefined;
  mchName?: string | undefined;
  activationCode?: string | undefined;
}

const OPTIONAL_TEXT_FIELDS = [
  'mcc',
  'region',
  'country',
  'transType',
  'contactPhone',
  'contactAddress',
  'receiptInfo',
  'providerReference',
  'mdr',
  'merchantType',
] as const;

const CREATED_BY = 'openapi';

export function listMerchants(ctx: ServiceContext, filter: MerchantFilter): MerchantRecord[] {
  // The exact filters narrow to one merchant through an index; the rest are checked on what is left.
  let candidates: Iterable<MerchantRecord> = ctx.group.merchants.values();
  if (filter.mchId !== undefined) candidates = maybeOne(ctx.group.merchants.get(filter.mchId));
  if (filter.activationCode !== undefined) {
    const device = lookupDevice(ctx.store, filter.activationCode);
    const issuedTo = device?.groupId === ctx.group.groupId ? ctx.group.merchants.get(device.mchId) : undefined;
    candidates = maybeOne(issuedTo).filter((m) => filter.mchId === undefined || m.mchId === filter.mchId);
  }
  const needle = filter.mchName?.toLowerCase();
  const result: MerchantRecord[] = [];
  for (const m of candidates) {
    if (filter.uuid !== undefined && m.uuid !== filter.uuid) continue;
    if (needle !== undefined && !m.mchName.toLowerCase().includes(needle)) continue;
    result.push(m);
  }
  return result;
}

export function getMerchant(ctx: ServiceContext, mchId: string): MerchantRecord | undefined {
  return findOwnMerchant(ctx, mchId);
}

export function createMerchant(ctx: ServiceContext, input: MerchantInput): MerchantRecord {
  // The real service's merchant ids are `M` + the creation second, and its uuid is the same id.
  const real = ctx.wireStyle === 'real';
  const mchId = real ? ctx.store.newMerchantIdAt(ctx.epochSecond) : ctx.store.newMerchantId();
  const record = buildMerchant(ctx, input, {
    mchId,
    uuid: real ? mchId : ctx.store.newUuid(),
    createdAt: ctx.timestamp,
    passcode: undefined,
  });
  ctx.store.putMerchant(record);
  const profile = defaultCardProfile(ctx);
  if (profile) bindDefaultProfile(ctx, record, profile);
  return record;
}

/**
 * Full replace of the profile fields: an optional field left out is cleared. Exceptions: the
 * write-only passcode is kept when omitted (a client cannot read it back to resend it), and the
 * server-filled defaults (timeZone, receiptLogo) are filled again.
 */
export function replaceMerchant(ctx: ServiceContext, mchId: string, input: MerchantInput): MerchantRecord {
  const current = requireOwnMerchant(ctx, mchId);
  const record = buildMerchant(ctx, input, {
    mchId: current.mchId,
    uuid: current.uuid,
    createdAt: current.createdAt,
    passcode: current.passcode,
  });
  // The legacy API's extParams is no field of this API: a full replace here must not drop it.
  if (current.legacyExtParams !== undefined) record.legacyExtParams = current.legacyExtParams;
  ctx.store.putMerchant(record);
  return record;
}

export function deleteMerchant(ctx: ServiceContext, mchId: string): void {
  const merchant = requireOwnMerchant(ctx, mchId);
  const hasBinding = ctx.group.bindingsOf(mchId).size > 0;
  // A decommissioned terminal no longer holds an issued code; every other device row does.
  const hasCode = [...ctx.group.devicesOf(mchId).values()].some((d) => d.deviceStatus !== DeviceStatus.Decommission);
  if (hasBinding || hasCode) throw invalid('Merchant has activation code or payment config');
  ctx.store.deleteMerchant(merchant);
}

export function merchantView(ctx: ServiceContext, record: MerchantRecord): Record<string, unknown> {
  return {
    mchId: record.mchId,
    id: record.mchId,
    uuid: record.uuid,
    groupId: record.groupId,
    mchName: record.mchName,
    currency: record.currency,
    mcc: record.mcc,
    region: record.region,
    country: record.country,
    timeZone: record.timeZone,
    contactName: record.contactName,
    contactPhone: record.contactPhone,
    contactEmail: record.contactEmail,
    contactAddress: record.contactAddress,
    receiptLogo: record.receiptLogo,
    receiptInfo: record.receiptInfo,
    state: record.state,
    providerReference: record.providerReference,
    transType: record.transType,
    mdr: record.mdr,
    merchantType: record.merchantType,
    additionalData: record.additionalData,
    supportedPayments: supportedPayments(ctx, record.mchId),
    hasKioskTerminal: record.hasKioskTerminal,
    acquirers: acquirerSummary(ctx, record.mchId),
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

function maybeOne<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

function buildMerchant(
  ctx: ServiceContext,
  input: MerchantInput,
  kept: { mchId: string; uuid: string; createdAt: string; passcode: string | undefined },
): MerchantRecord {
  if (input.providerReference) {
    const holder = ctx.group.merchantIdByProviderReference.get(input.providerReference);
    if (holder !== undefined && holder !== kept.mchId) {
      throw invalid(`providerReference ${input.providerReference} is already used by merchant ${holder}`);
    }
  }
  const record: MerchantRecord = {
    mchId: kept.mchId,
    uuid: kept.uuid,
    groupId: ctx.group.groupId,
    mchName: input.mchName,
    currency: input.currency,
    contactName: input.contactName,
    contactEmail: input.contactEmail,
    timeZone: input.timeZone || ctx.group.settings.timeZone,
    receiptLogo: input.receiptLogo ? storedReceiptLogo(input.receiptLogo) : DEFAULT_RECEIPT_LOGO,
    state: input.state ?? 1,
    hasKioskTerminal: false,
    createdBy: CREATED_BY,
    createdAt: kept.createdAt,
    updatedAt: ctx.timestamp,
  };
  for (const key of OPTIONAL_TEXT_FIELDS) {
    const value = input[key];
    if (value !== undefined) record[key] = value;
  }
  if (input.additionalData !== undefined) record.additionalData = input.additionalData;
  // `""` clears the passcode; absent keeps the stored one.
  const passcode = input.passcode ?? kept.passcode;
  if (passcode !== undefined && passcode !== '') record.passcode = passcode;
  return record;
}
