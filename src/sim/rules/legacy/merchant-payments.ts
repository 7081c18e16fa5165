import type { AcquirerProfileRecord, BindingRecord, BoundPaymentMethod } from '../../core/records.js';
import { bindingKey } from '../../core/store.js';
import { invalid, parameterError } from '../../errors.js';
import type { ServiceContext } from '../context.js';
import { requireOwnMerchant } from '../owner.js';
import { paymentMethodCodeOf } from './common.js';

/**
 * The legacy merchant's payment methods over the current API's bindings. The legacy API has no
 * binding resource: a merchant's `supportedPaymentMethods` (`{paymentMethod, profileId}` pairs) is
 * the only way to bind, and `DELETE /mchInfo/payment/{mchId}/{paymentMethod}` the way to unbind one
 * method. Both end in the records the current API reads, under its rules: a method is bound only
 * if the profile's methodList has it, and a (currency, method) routes through one profile.
 */

export interface LegacyPaymentMethod {
  /** a code; the schema has already turned a network name into its code */
  paymentMethod: string;
  profileId: number;
}

/** What setting the pairs writes: bindings replaced or added (in this order), bindings deleted. */
export interface LegacyPaymentsPlan {
  readonly puts: readonly BindingRecord[];
  readonly deletes: readonly BindingRecord[];
}

/**
 * The bindings that make the merchant's bound methods exactly `pairs`, checked as a whole before
 * anything is written. A pair already bound stays where it is (its currency, EMV ids and mid kept);
 * a new pair joins the binding of its profile in the profile's currency (created when needed) with
 * the profile's transaction types and non-zero EMV ids for the method; a bound method left out is
 * unbound, and a binding this leaves without methods is deleted. A binding that had no methods
 * before is not the legacy view's to see, and is kept.
 */
export function planLegacyPayments(ctx: ServiceContext, mchId: string, pairs: readonly LegacyPaymentMethod[]): LegacyPaymentsPlan {
  const wanted = new Map<number, Set<string>>();
  const profiles = new Map<number, AcquirerProfileRecord>();
  pairs.forEach((pair, index) => {
    const where = `supportedPaymentMethods[${index}]`;
    const profile = ctx.group.acquirerProfiles.get(pair.profileId);
    if (!profile) throw invalid(`${where}.profileId: acquirer profile ${pair.profileId} not found`);
    if (!(pair.paymentMethod in profile.methodList)) {
      throw invalid(
        `${where}.paymentMethod: payment method ${pair.paymentMethod} is not in the methodList of acquirer profile ${profile.profileName} (${profile.profileId})`,
      );
    }
    const codes = wanted.get(profile.profileId) ?? new Set<string>();
    if (codes.has(pair.paymentMethod)) {
      throw invalid(`${where}: payment method ${pair.paymentMethod} with acquirer profile ${profile.profileId} appears twice`);
    }
    codes.add(pair.paymentMethod);
    wanted.set(profile.profileId, codes);
    profiles.set(profile.profileId, profile);
  });

  const next = new Map<string, BindingRecord>();
  const deletes: BindingRecord[] = [];
  const changed = new Set<string>();
  const present = new Set<string>();
  for (const [key, binding] of ctx.group.bindingsOf(mchId)) {
    const kept = binding.paymentMethods.filter((method) => wanted.get(binding.profileId)?.has(method.code) === true);
    for (const method of kept) present.add(`${binding.profileId}|${method.code}`);
    if (kept.length === binding.paymentMethods.length) {
      next.set(key, binding);
    } else if (kept.length === 0) {
      deletes.push(binding);
    } else {
      next.set(key, { ...binding, paymentMethods: kept, updatedAt: ctx.timestamp });
      changed.add(key);
    }
  }
  for (const pair of pairs) {
    if (present.has(`${pair.profileId}|${pair.paymentMethod}`)) continue;
    const profile = profiles.get(pair.profileId) as AcquirerProfileRecord;
    const key = bindingKey(profile.profileId, profile.currency);
    const method: BoundPaymentMethod = {
      code: pair.paymentMethod,
      allows: [...(profile.methodList[pair.paymentMethod] ?? [])],
      emvIds: (profile.emvList?.[pair.paymentMethod] ?? []).filter((id) => id !== 0),
    };
    const binding = next.get(key);
    next.set(
      key,
      binding
        ? { ...binding, paymentMethods: [...binding.paymentMethods, method], updatedAt: ctx.timestamp }
        : {
            mchId,
            groupId: ctx.group.groupId,
            profileId: profile.profileId,
            currency: profile.currency,
            paymentMethods: [method],
            createdAt: ctx.timestamp,
            updatedAt: ctx.timestamp,
          },
    );
    changed.add(key);
  }
  checkOneProfilePerMethod(ctx, [...next.values()]);
  return { puts: [...changed].map((key) => next.get(key) as BindingRecord), deletes };
}

export function applyLegacyPayments(ctx: ServiceContext, plan: LegacyPaymentsPlan): void {
  for (const binding of plan.deletes) ctx.store.deleteBinding(binding);
  for (const binding of plan.puts) ctx.store.putBinding(binding);
}

/**
 * `DELETE /api/v2/mchInfo/payment/{mchId}/{paymentMethod}`: the method (a code or a network name)
 * leaves every binding of the merchant that holds it; a binding left without methods is deleted.
 */
export function dropLegacyPaymentMethod(ctx: ServiceContext, mchId: string, codeOrName: string): void {
  requireOwnMerchant(ctx, mchId);
  const code = paymentMethodCodeOf(codeOrName);
  if (code === undefined) throw parameterError('paymentMethod', `has unknown payment method code or name "${codeOrName}"`);
  const holders = [...ctx.group.bindingsOf(mchId).values()].filter((b) => b.paymentMethods.some((m) => m.code === code));
  if (holders.length === 0) throw invalid(`payment method ${code} is not bound for merchant ${mchId}`);
  for (const binding of holders) {
    const rest = binding.paymentMethods.filter((m) => m.code !== code);
    if (rest.length === 0) ctx.store.deleteBinding(binding);
    else ctx.store.putBinding({ ...binding, paymentMethods: rest, updatedAt: ctx.timestamp });
  }
}

/** The legacy `supportedPaymentMethods`: one `{paymentMethod, profileId}` per bound method and profile. */
export function legacyPaymentMethods(ctx: ServiceContext, mchId: string): Array<{ paymentMethod: string; profileId: number }> {
  const seen = new Set<string>();
  const pairs: Array<{ paymentMethod: string; profileId: number }> = [];
  for (const binding of ctx.group.bindingsOf(mchId).values()) {
    for (const method of binding.paymentMethods) {
      const key = `${binding.profileId}|${method.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push({ paymentMethod: method.code, profileId: binding.profileId });
    }
  }
  return pairs;
}

/** The current API's rule over the whole result: a (currency, method) routes through one profile. */
function checkOneProfilePerMethod(ctx: ServiceContext, bindings: readonly BindingRecord[]): void {
  const holder = new Map<string, number>();
  for (const binding of bindings) {
    for (const method of binding.paymentMethods) {
      const key = `${binding.currency}|${method.code}`;
      const other = holder.get(key);
      if (other !== undefined && other !== binding.profileId) {
        const otherName = ctx.group.acquirerProfiles.get(other)?.profileName ?? '';
        throw invalid(
          `supportedPaymentMethods: payment method ${method.code} in currency ${binding.currency} is already bound to acquirer profile ${otherName} (${other})`,
        );
      }
      holder.set(key, binding.profileId);
    }
  }
}
