import { canonicalJson, type JsonObject } from '../core/json.js';
import { anyMethodInfo } from '../core/payment-methods.js';
import type { AcquirerProfileRecord, BindingRecord, BoundPaymentMethod, MerchantRecord } from '../core/records.js';
import { bindingKey } from '../core/store.js';
import { invalid } from '../errors.js';
import { requireAcquirerProfile } from './acquirer-profiles.js';
import type { ServiceContext } from './context.js';
import { requireOwnMerchant } from './owner.js';

export interface BindingInput {
  acquirerProfileId: string;
  currency: string;
  mid?: string | undefined;
  paymentMethods?:
    | Array<{
        paymentMethodCode: string;
        allows?: string[] | undefined;
        emvs?: Array<{ emvId: number }> | undefined;
      }>
    | undefined;
}

export function listBindings(ctx: ServiceContext, mchId: string): BindingRecord[] {
  requireOwnMerchant(ctx, mchId);
  return [...ctx.group.bindingsOf(mchId).values()];
}

export function addBinding(ctx: ServiceContext, mchId: string, input: BindingInput): BindingRecord {
  requireOwnMerchant(ctx, mchId);
  const profile = requireAcquirerProfile(ctx, input.acquirerProfileId);
  if (ctx.group.bindingsOf(mchId).has(bindingKey(profile.profileId, input.currency))) {
    throw invalid(`payment config exists for profile ${profile.profileId} and currency ${input.currency}; use PUT`);
  }
  const record = buildBinding(ctx, mchId, profile, input, ctx.timestamp);
  ctx.store.putBinding(record);
  return record;
}

/** Replaces the whole (profile, currency) subtree: methods not in the payload are dropped. */
export function replaceBinding(ctx: ServiceContext, mchId: string, input: BindingInput): BindingRecord {
  requireOwnMerchant(ctx, mchId);
  const profile = requireAcquirerProfile(ctx, input.acquirerProfileId);
  const current = ctx.group.bindingsOf(mchId).get(bindingKey(profile.profileId, input.currency));
  if (!current) {
    throw invalid(`payment config for profile ${profile.profileId} and currency ${input.currency} not found; use POST`);
  }
  const record = buildBinding(ctx, mchId, profile, input, current.createdAt);
  ctx.store.putBinding(record);
  return record;
}

export function removeBinding(ctx: ServiceContext, mchId: string, acquirerProfileId: string, currency: string): void {
  requireOwnMerchant(ctx, mchId);
  const profileId = /^\d{1,15}$/.test(acquirerProfileId) ? Number(acquirerProfileId) : Number.NaN;
  const current = ctx.group.bindingsOf(mchId).get(bindingKey(profileId, currency));
  if (!current) {
    throw invalid(`payment config for profile ${acquirerProfileId} and currency ${currency} not found`);
  }
  ctx.store.deleteBinding(current);
}

/**
 * Merchant create while the group has a default card profile: one binding to it in the profile's
 * currency, with every method of its methodList and the (non-zero) EMV ids of its emvList.
 */
export function bindDefaultProfile(ctx: ServiceContext, merchant: MerchantRecord, profile: AcquirerProfileRecord): void {
  const paymentMethods: BoundPaymentMethod[] = Object.entries(profile.methodList).map(([code, allows]) => ({
    code,
    allows: [...allows],
    emvIds: (profile.emvList?.[code] ?? []).filter((id) => id !== 0),
  }));
  ctx.store.putBinding({
    mchId: merchant.mchId,
    groupId: ctx.group.groupId,
    profileId: profile.profileId,
    currency: profile.currency,
    paymentMethods,
    createdAt: ctx.timestamp,
    updatedAt: ctx.timestamp,
  });
}

export function bindingView(ctx: ServiceContext, record: BindingRecord): Record<string, unknown> {
  const profile = ctx.group.acquirerProfiles.get(record.profileId);
  return {
    merchantId: record.mchId,
    acquirerProfileId: String(record.profileId),
    acquirerProfileName: profile?.profileName,
    acqType: profile?.acqType,
    currency: record.currency,
    mid: record.mid,
    paymentMethods: record.paymentMethods.map((method) => {
      const info = anyMethodInfo(method.code);
      return {
        paymentMethodCode: method.code,
        paymentMethodName: info?.name,
        displayName: info?.name,
        paymentType: info?.type,
        emvs: method.emvIds.map((emvId) => ({ emvId, emvName: ctx.group.emvConfigs.get(emvId)?.emvName })),
      };
    }),
  };
}

/** The merchant's read-only `acquirers[]`: one item per binding, its lists as the context's summaryLists says (summary-lists.ts). */
export function acquirerSummary(ctx: ServiceContext, mchId: string): Array<Record<string, unknown>> {
  const fromProfile = ctx.summaryLists === 'profile';
  return [...ctx.group.bindingsOf(mchId).values()].map((binding) => {
    const profile = ctx.group.acquirerProfiles.get(binding.profileId);
    let methodList: JsonObject = {};
    let emvList: JsonObject = {};
    if (fromProfile && profile !== undefined) {
      methodList = profile.methodList;
      emvList = profile.emvList ?? {};
    } else {
      for (const method of binding.paymentMethods) {
        methodList[method.code] = [...method.allows];
        emvList[method.code] = [...method.emvIds];
      }
    }
    return {
      profileId: binding.profileId,
      profileName: profile?.profileName,
      currency: binding.currency,
      acqType: profile?.acqType,
      methodList: canonicalJson(methodList),
      emvList: canonicalJson(emvList),
    };
  });
}

/** `supportedPayments`: the union of the merchant's bound method codes, sorted. */
export function supportedPayments(ctx: ServiceContext, mchId: string): string[] {
  const codes = new Set<string>();
  for (const binding of ctx.group.bindingsOf(mchId).values()) {
    for (const method of binding.paymentMethods) codes.add(method.code);
  }
  return [...codes].sort();
}

function buildBinding(
  ctx: ServiceContext,
  mchId: string,
  profile: AcquirerProfileRecord,
  input: BindingInput,
  createdAt: string,
): BindingRecord {
  const paymentMethods: BoundPaymentMethod[] = [];
  const seen = new Set<string>();
  (input.paymentMethods ?? []).forEach((method, index) => {
    const where = `paymentMethods[${index}]`;
    const code = method.paymentMethodCode;
    if (seen.has(code)) throw invalid(`${where}.paymentMethodCode: payment method ${code} appears twice`);
    seen.add(code);
    if (!(code in profile.methodList)) {
      throw invalid(
        `${where}.paymentMethodCode: payment method ${code} is not in the methodList of acquirer profile ${profile.profileName} (${profile.profileId})`,
      );
    }
    const emvIds = (method.emvs ?? []).map((emv, emvIndex) => {
      const config = ctx.group.emvConfigs.get(emv.emvId);
      if (!config) throw invalid(`${where}.emvs[${emvIndex}].emvId: EMV config ${emv.emvId} not found`);
      if (config.paymentMethod !== code) {
        throw invalid(
          `${where}.emvs[${emvIndex}].emvId: EMV config ${emv.emvId} is for payment method ${config.paymentMethod}, not ${code}`,
        );
      }
      return emv.emvId;
    });
    paymentMethods.push({ code, allows: [...(method.allows ?? [])], emvIds });
  });
  checkNoConflict(ctx, mchId, profile, input.currency, paymentMethods);
  const record: BindingRecord = {
    mchId,
    groupId: ctx.group.groupId,
    profileId: profile.profileId,
    currency: input.currency,
    paymentMethods,
    createdAt,
    updatedAt: ctx.timestamp,
  };
  if (input.mid !== undefined) record.mid = input.mid;
  return record;
}

/** A (currency, method) of a merchant routes through one acquirer profile only. */
function checkNoConflict(
  ctx: ServiceContext,
  mchId: string,
  profile: AcquirerProfileRecord,
  currency: string,
  methods: readonly BoundPaymentMethod[],
): void {
  for (const other of ctx.group.bindingsOf(mchId).values()) {
    if (other.profileId === profile.profileId || other.currency !== currency) continue;
    for (const method of methods) {
      if (other.paymentMethods.some((m) => m.code === method.code)) {
        const otherName = ctx.group.acquirerProfiles.get(other.profileId)?.profileName ?? '';
        throw invalid(
          `payment method ${method.code} in currency ${currency} is already bound to acquirer profile ${otherName} (${other.profileId})`,
        );
      }
    }
  }
}
