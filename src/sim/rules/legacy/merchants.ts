import type { JsonObject } from '../../core/json.js';
import type { MerchantRecord } from '../../core/records.js';
import { withRealEmvNames } from '../../core/terminal-emv-names.js';
import type { ServiceContext } from '../context.js';
import { supportedPayments } from '../merchant-bindings.js';
import { createMerchant, replaceMerchant, type MerchantInput } from '../merchants.js';
import { requireOwnMerchant } from '../owner.js';
import { storedReceiptLogo } from '../receipt-logo.js';
import { parameterError } from '../../errors.js';
import { checkCallerGroup, LEGACY_CURRENCY } from './common.js';
import { applyLegacyPayments, bindLegacyPaymentMethod, legacyPaymentMethods, planLegacyPayments, type LegacyPaymentMethod } from './merchant-payments.js';

/**
 * The legacy merchant (document 2, 2.3, and what the public onboarding client sends) over the
 * current API's merchant record: the same record, created and replaced by the current API's rules
 * (providerReference unique, server defaults, the automatic binding to the default card profile),
 * shown without currency and current-only fields.
 */

/** The legacy `extParams`: the merchant's ids at its acquirer, and the public client's `subMid` and secret `signKey`. */
export interface LegacyMerchantExtParams {
  acqMid?: string | undefined;
  acqTid?: string | undefined;
  subMid?: string | undefined;
  signKey?: string | undefined;
}

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
  /** the public client's name for receiptLogo */
  logo?: string | undefined;
  contactAddress?: string | undefined;
  contactPhone?: string | undefined;
  state?: 0 | 1 | undefined;
  /** the public client's form of state: true is 1 */
  activated?: boolean | undefined;
  extParams?: LegacyMerchantExtParams | undefined;
  /** EMV parameters (under the reference's names) the merchant's legacy-made terminals start from */
  terminalEmvParams?: JsonObject | undefined;
  supportedPaymentMethods?: LegacyPaymentMethod[] | undefined;
}

export type LegacyMerchantCreateInput = LegacyMerchantInput & { mchName: string; contactName: string; contactEmail: string };

export interface LegacyPaymentBindInput {
  groupId?: string | undefined;
  /** a code; the schema has already turned a name into its code */
  paymentMethod: string;
  profileId: number;
}

/** Written as the current API's record has them; `logo` and `activated` are folded into receiptLogo and state first. */
const PROFILE_FIELDS = ['timeZone', 'mcc', 'providerReference', 'receiptLogo', 'contactAddress', 'contactPhone', 'state'] as const;

/** The secret of `extParams`: written, never answered, and kept when a write leaves it out (no client can read it back to resend it). */
const SIGN_KEY = 'signKey';

export function createLegacyMerchant(ctx: ServiceContext, input: LegacyMerchantCreateInput): MerchantRecord {
  checkCallerGroup(ctx, input.groupId);
  const merchantInput: MerchantInput = {
    mchName: input.mchName,
    currency: LEGACY_CURRENCY,
    contactName: input.contactName,
    contactEmail: input.contactEmail,
  };
  copyProfileFields(merchantInput, input);
  // Checked before the merchant exists, so a refused binding leaves nothing behind. The default
  // profile's automatic binding cannot change the outcome: the items decide what stays bound.
  if (input.supportedPaymentMethods !== undefined) planLegacyPayments(ctx, '', input.supportedPaymentMethods);
  let record = createMerchant(ctx, merchantInput);
  record = saveLegacyFields(ctx, record, input);
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
  record = saveLegacyFields(ctx, record, input);
  if (plan) applyLegacyPayments(ctx, plan);
  return record;
}

/** `POST /api/v2/mchInfo/payment/{mchId}`: binds one method through one profile (merchant-payments.ts). */
export function bindLegacyPayment(ctx: ServiceContext, mchId: string, input: LegacyPaymentBindInput): void {
  checkCallerGroup(ctx, input.groupId);
  bindLegacyPaymentMethod(ctx, mchId, input.paymentMethod, input.profileId);
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
    activated: record.state === 1,
    supportedPayments: supportedPayments(ctx, record.mchId),
    supportedPaymentMethods: legacyPaymentMethods(ctx, record.mchId),
    extParams: legacyExtParams(ctx, record),
    terminalEmvParams: record.legacyTerminalEmvParams === undefined ? undefined : withRealEmvNames(record.legacyTerminalEmvParams),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * As a legacy write last set it (`subMid` when one was set; `signKey` never); else the first
 * binding's mid (the merchant's id at its acquirer) and no tid.
 */
function legacyExtParams(ctx: ServiceContext, record: MerchantRecord): Record<string, string> {
  const stored = record.legacyExtParams;
  if (stored !== undefined) {
    const subMid = stored['subMid'];
    return { acqMid: stored['acqMid'] ?? '', acqTid: stored['acqTid'] ?? '', ...(subMid !== undefined ? { subMid } : {}) };
  }
  const first = ctx.group.bindingsOf(record.mchId).values().next().value;
  return { acqMid: first?.mid ?? '', acqTid: '' };
}

/** `extParams` and `terminalEmvParams`, which only the legacy view shows; the current API's full-replace PUT keeps them. */
function saveLegacyFields(ctx: ServiceContext, record: MerchantRecord, input: LegacyMerchantInput): MerchantRecord {
  if (input.extParams === undefined && input.terminalEmvParams === undefined) return record;
  const next: MerchantRecord = { ...record, updatedAt: ctx.timestamp };
  if (input.extParams !== undefined) {
    const legacy: Record<string, string> = {};
    for (const key of ['acqMid', 'acqTid', 'subMid'] as const) {
      const value = input.extParams[key];
      if (value !== undefined) legacy[key] = value;
    }
    // `""` clears the secret; absent keeps it.
    const signKey = input.extParams.signKey ?? record.legacyExtParams?.[SIGN_KEY];
    if (signKey !== undefined && signKey !== '') legacy[SIGN_KEY] = signKey;
    next.legacyExtParams = legacy;
  }
  if (input.terminalEmvParams !== undefined) next.legacyTerminalEmvParams = input.terminalEmvParams;
  ctx.store.putMerchant(next);
  return next;
}

function copyProfileFields(target: MerchantInput, input: LegacyMerchantInput): void {
  const given: LegacyMerchantInput = { ...input };
  if (given.activated !== undefined) given.state ??= given.activated ? 1 : 0;
  if (given.logo !== undefined && given.receiptLogo === undefined) {
    // Checked under the name the client used.
    if (given.logo !== '') checkLogo(given.logo);
    given.receiptLogo = given.logo;
  }
  for (const key of PROFILE_FIELDS) {
    const value = given[key];
    if (value !== undefined) (target as Record<typeof key, unknown>)[key] = value;
  }
}

function checkLogo(logo: string): void {
  try {
    storedReceiptLogo(logo);
  } catch {
    throw parameterError('logo', 'must be an http(s) URL or base64 jpg/jpeg/png content');
  }
}
