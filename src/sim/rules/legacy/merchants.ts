import type { MerchantRecord } from '../../core/records.js';
import type { ServiceContext } from '../context.js';
import { supportedPayments } from '../merchant-bindings.js';
import { createMerchant, replaceMerchant, type MerchantInput } from '../merchants.js';
import { requireOwnMerchant } from '../owner.js';
import { checkCallerGroup } from './common.js';
import { applyLegacyPayments, legacyPaymentMethods, planLegacyPayments, type LegacyPaymentMethod } from './merchant-payments.js';

/**
 * The legacy merchant (document 2, 2.3) over the current API's merchant record: the same record,
 * created and replaced by the current API's rules (providerReference unique, server defaults, the
 * automatic binding to the default card profile), shown without currency and current-only fields.
 */

/** What a legacy create or update may write; an update writes the fields present. */
export interface LegacyMerchantInput {
  groupId?: string | undefined;
  mchName?: string | undefined;
  contactName?: string | undefined;
  contactEmail?: string | undefined;
  timeZone?: string | undefined;
  mcc?: string | undefined;
  providerReference?: string | undefined;
  receiptLogo?: string | undefined;
  contactAddress?: string | undefined;
  contactPhone?: string | undefined;
  state?: 0 | 1 | undefined;
  extParams?: { acqMid?: string | undefined; acqTid?: string | undefined } | undefined;
  supportedPaymentMethods?: LegacyPaymentMethod[] | undefined;
}

export type LegacyMerchantCreateInput = LegacyMerchantInput & { mchName: string; contactName: string; contactEmail: string };

/** The legacy merchant has no currency; one created here settles in USD, as the legacy terminal defaults (0840) do. */
export const LEGACY_MERCHANT_CURRENCY = 'USD';

const PROFILE_FIELDS = ['timeZone', 'mcc', 'providerReference', 'receiptLogo', 'contactAddress', 'contactPhone', 'state'] as const;

export function createLegacyMerchant(ctx: ServiceContext, input: LegacyMerchantCreateInput): MerchantRecord {
  checkCallerGroup(ctx, input.groupId);
  const merchantInput: MerchantInput = {
    mchName: input.mchName,
    currency: LEGACY_MERCHANT_CURRENCY,
    contactName: input.contactName,
    contactEmail: input.contactEmail,
  };
  copyProfileFields(merchantInput, input);
  // Checked before the merchant exists, so a refused binding leaves nothing behind. The default
  // profile's automatic binding cannot change the outcome: the pairs decide what stays bound.
  if (input.supportedPaymentMethods !== undefined) planLegacyPayments(ctx, '', input.supportedPaymentMethods);
  let record = createMerchant(ctx, merchantInput);
  if (input.extParams !== undefined) record = saveExtParams(ctx, record, input.extParams);
  if (input.supportedPaymentMethods !== undefined) {
    applyLegacyPayments(ctx, planLegacyPayments(ctx, record.mchId, input.supportedPaymentMethods));
  }
  return record;
}

/**
 * Partial update: the fields present change, the others keep their value (the current API's PUT
 * replaces the whole profile, so the record is rebuilt from what is stored). `supportedPaymentMethods`,
 * when present, sets the merchant's bindings. Everything is checked before anything is written.
 */
export function updateLegacyMerchant(ctx: ServiceContext, mchId: string, input: LegacyMerchantInput): MerchantRecord {
  const current = requireOwnMerchant(ctx, mchId);
  checkCallerGroup(ctx, input.groupId);
  const plan = input.supportedPaymentMethods === undefined ? undefined : planLegacyPayments(ctx, mchId, input.supportedPaymentMethods);
  const merchantInput: MerchantInput = {
    mchName: input.mchName ?? current.mchName,
    currency: current.currency,
    contactName: input.contactName ?? current.contactName,
    contactEmail: input.contactEmail ?? current.contactEmail,
    region: current.region,
    country: current.country,
    transType: current.transType,
    receiptInfo: current.receiptInfo,
    mdr: current.mdr,
    merchantType: current.merchantType,
    additionalData: current.additionalData,
    mcc: current.mcc,
    timeZone: current.timeZone,
    providerReference: current.providerReference,
    receiptLogo: current.receiptLogo,
    contactAddress: current.contactAddress,
    contactPhone: current.contactPhone,
    state: current.state,
  };
  copyProfileFields(merchantInput, input);
  let record = replaceMerchant(ctx, mchId, merchantInput);
  if (input.extParams !== undefined) record = saveExtParams(ctx, record, input.extParams);
  if (plan) applyLegacyPayments(ctx, plan);
  return record;
}

export function legacyMerchantView(ctx: ServiceContext, record: MerchantRecord): Record<string, unknown> {
  return {
    mchId: record.mchId,
    id: record.mchId,
    uuid: record.uuid,
    groupId: record.groupId,
    mchName: record.mchName,
    contactName: record.contactName,
    contactEmail: record.contactEmail,
    timeZone: record.timeZone,
    mcc: record.mcc,
    providerReference: record.providerReference,
    receiptLogo: record.receiptLogo,
    contactAddress: record.contactAddress,
    contactPhone: record.contactPhone,
    state: record.state,
    supportedPayments: supportedPayments(ctx, record.mchId),
    supportedPaymentMethods: legacyPaymentMethods(ctx, record.mchId),
    extParams: legacyExtParams(ctx, record),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** As a legacy write last set it; else the first binding's mid (the merchant's id at its acquirer) and no tid. */
function legacyExtParams(ctx: ServiceContext, record: MerchantRecord): { acqMid: string; acqTid: string } {
  const stored = record.legacyExtParams;
  if (stored !== undefined) return { acqMid: stored['acqMid'] ?? '', acqTid: stored['acqTid'] ?? '' };
  const first = ctx.group.bindingsOf(record.mchId).values().next().value;
  return { acqMid: first?.mid ?? '', acqTid: '' };
}

function saveExtParams(ctx: ServiceContext, record: MerchantRecord, extParams: NonNullable<LegacyMerchantInput['extParams']>): MerchantRecord {
  const legacy: Record<string, string> = {};
  if (extParams.acqMid !== undefined) legacy['acqMid'] = extParams.acqMid;
  if (extParams.acqTid !== undefined) legacy['acqTid'] = extParams.acqTid;
  const next: MerchantRecord = { ...record, legacyExtParams: legacy, updatedAt: ctx.timestamp };
  ctx.store.putMerchant(next);
  return next;
}

function copyProfileFields(target: MerchantInput, input: LegacyMerchantInput): void {
  for (const key of PROFILE_FIELDS) {
    const value = input[key];
    if (value !== undefined) (target as Record<typeof key, unknown>)[key] = value;
  }
}
