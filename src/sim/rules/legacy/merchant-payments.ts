import { legacyMethodName } from '../../core/payment-methods.js';
import type { AcquirerProfileRecord, BindingRecord, BoundPaymentMethod } from '../../core/records.js';
import { bindingKey } from '../../core/store.js';
import { invalid, parameterError } from '../../errors.js';
import { defaultCardProfile } from '../acquirer-profiles.js';
import type { ServiceContext } from '../context.js';
import { requireOwnMerchant } from '../owner.js';
import { provisionWaitingDevices } from './devices.js';

/**
 * The legacy merchant's payment methods over the current API's bindings. The legacy API has no
 * binding resource: a merchant's `supportedPaymentMethods`, `POST /mchInfo/payment/{mchId}` (one
 * method through one profile, as the public onboarding client binds) and `DELETE
 * /mchInfo/payment/{mchId}/{paymentMethod}` are the ways to bind and unbind. All end in the records
 * the current API reads, under its rules: a method is bound only if the profile's methodList has
 * it, and a (currency, method) routes through one profile.
 */

/** An item of `supportedPaymentMethods`: a method (its code: the schema has turned a name into it), and the profile when one is named. */
export interface LegacyPaymentMethod {
  paymentMethod: string;
  profileId?: number | undefined;
}

/** A method with the profile it is bound through, and the index of the item that asked for it. */
interface LegacyPair {
  readonly paymentMethod: string;
  readonly profileId: number;
  readonly index: number;
}

/** What setting the pairs writes: bindings replaced or added (in this order), bindings deleted. */
export interface LegacyPaymentsPlan {
  readonly mchId: string;
  readonly puts: readonly BindingRecord[];
  readonly deletes: readonly BindingRecord[];
}

/**
 * An item without a profile (`"VISA"`, as the public client sends it) binds the method through the
 * profile(s) the merchant already has it on, else through the group's default card profile when
 * that profile has the method; else it binds nothing. (A choice: the real material shows the client
 * sending bare names at create, then binding each method to a profile with POST /mchInfo/payment.)
 */
function resolvePairs(ctx: ServiceContext, mchId: string, items: readonly LegacyPaymentMethod[]): LegacyPair[] {
  const fallback = defaultCardProfile(ctx);
  return items.flatMap((item, index): LegacyPair[] => {
    if (item.profileId !== undefined) return [{ paymentMethod: item.paymentMethod, profileId: item.profileId, index }];
    const holders = [...ctx.group.bindingsOf(mchId).values()].filter((b) => b.paymentMethods.some((m) => m.code === item.paymentMethod));
    if (holders.length > 0) return [...new Set(holders.map((b) => b.profileId))].map((profileId) => ({ paymentMethod: item.paymentMethod, profileId, index }));
    if (fallback && item.paymentMethod in fallback.methodList) return [{ paymentMethod: item.paymentMethod, profileId: fallback.profileId, index }];
    return [];
  });
}

/**
 * The bindings that make the merchant's bound methods exactly `items`, checked as a whole before
 * anything is written. A pair already bound stays where it is (its currency, EMV ids and mid kept);
 * a new pair joins the binding of its profile in the profile's currency (created when needed) with
 * the profile's transaction types and non-zero EMV ids for the method; a bound method left out is
 * unbound, and a binding this leaves without methods is deleted. A binding that had no methods
 * before is not the legacy view's to see, and is kept.
 */
export function planLegacyPayments(ctx: ServiceContext, mchId: string, items: readonly LegacyPaymentMethod[]): LegacyPaymentsPlan {
  const pairs = resolvePairs(ctx, mchId, items);
  const wanted = new Map<number, Set<string>>();
  const profiles = new Map<number, AcquirerProfileRecord>();
  for (const pair of pairs) {
    const where = `supportedPaymentMethods[${pair.index}]`;
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
  }

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
    const binding = next.get(key);
    const method = boundMethod(profile, pair.paymentMethod);
    next.set(
      key,
      binding ? { ...binding, paymentMethods: [...binding.paymentMethods, method], updatedAt: ctx.timestamp } : newBinding(ctx, mchId, profile, method),
    );
    changed.add(key);
  }
  checkOneProfilePerMethod(ctx, [...next.values()]);
  return { mchId, puts: [...changed].map((key) => next.get(key) as BindingRecord), deletes };
}

export function applyLegacyPayments(ctx: ServiceContext, plan: LegacyPaymentsPlan): void {
  for (const binding of plan.deletes) ctx.store.deleteBinding(binding);
  for (const binding of plan.puts) ctx.store.putBinding(binding);
  if (plan.puts.length > 0) provisionWaitingDevices(ctx, plan.mchId);
}

/**
 * `POST /api/v2/mchInfo/payment/{mchId}` `{paymentMethod, profileId}`: the method is bound through
 * the profile, in the profile's currency. It leaves the merchant's other profiles in that currency
 * (the legacy API binds a method to one profile, and a client binding each method after a create
 * that bound the default profile must not be refused); a method already bound through the profile
 * stays as it is. Devices waiting for a binding are provisioned.
 */
export function bindLegacyPaymentMethod(ctx: ServiceContext, mchId: string, code: string, profileId: number): void {
  requireOwnMerchant(ctx, mchId);
  const profile = ctx.group.acquirerProfiles.get(profileId);
  if (!profile) throw invalid(`profileId: acquirer profile ${profileId} not found`);
  if (!(code in profile.methodList)) {
    throw invalid(`paymentMethod: payment method ${code} is not in the methodList of acquirer profile ${profile.profileName} (${profile.profileId})`);
  }
  const bindings = [...ctx.group.bindingsOf(mchId).values()];
  if (bindings.some((b) => b.profileId === profileId && b.paymentMethods.some((m) => m.code === code))) return;
  for (const binding of bindings) {
    if (binding.profileId === profileId || binding.currency !== profile.currency) continue;
    if (!binding.paymentMethods.some((m) => m.code === code)) continue;
    const rest = binding.paymentMethods.filter((m) => m.code !== code);
    if (rest.length === 0) ctx.store.deleteBinding(binding);
    else ctx.store.putBinding({ ...binding, paymentMethods: rest, updatedAt: ctx.timestamp });
  }
  const own = ctx.group.bindingsOf(mchId).get(bindingKey(profileId, profile.currency));
  const method = boundMethod(profile, code);
  ctx.store.putBinding(own ? { ...own, paymentMethods: [...own.paymentMethods, method], updatedAt: ctx.timestamp } : newBinding(ctx, mchId, profile, method));
  provisionWaitingDevices(ctx, mchId);
}

/**
 * `DELETE /api/v2/mchInfo/payment/{mchId}/{paymentMethod}`: the method (a code or a name) leaves
 * every binding of the merchant that holds it; a binding left without methods is deleted.
 */
export function dropLegacyPaymentMethod(ctx: ServiceContext, mchId: string, codeOrName: string): void {
  requireOwnMerchant(ctx, mchId);
  const code = ctx.methods.codeOf(codeOrName);
  if (code === undefined) throw parameterError('paymentMethod', `has unknown payment method code or name "${codeOrName}"`);
  const holders = [...ctx.group.bindingsOf(mchId).values()].filter((b) => b.paymentMethods.some((m) => m.code === code));
  if (holders.length === 0) throw invalid(`payment method ${code} is not bound for merchant ${mchId}`);
  for (const binding of holders) {
    const rest = binding.paymentMethods.filter((m) => m.code !== code);
    if (rest.length === 0) ctx.store.deleteBinding(binding);
    else ctx.store.putBinding({ ...binding, paymentMethods: rest, updatedAt: ctx.timestamp });
  }
}

/** An item of the legacy `supportedPaymentMethods` answer. */
export interface LegacyPaymentMethodView {
  /** the network name of 01..06 (`VISA`), any other code as it is */
  paymentMethod: string;
  mchId: string;
  profileId: number;
}

/** The legacy `supportedPaymentMethods`: one `{paymentMethod, mchId, profileId}` per bound method and profile. */
export function legacyPaymentMethods(ctx: ServiceContext, mchId: string): LegacyPaymentMethodView[] {
  const seen = new Set<string>();
  const items: LegacyPaymentMethodView[] = [];
  for (const binding of ctx.group.bindingsOf(mchId).values()) {
    for (const method of binding.paymentMethods) {
      const key = `${binding.profileId}|${method.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ paymentMethod: legacyMethodName(method.code), mchId, profileId: binding.profileId });
    }
  }
  return items;
}

/** The method as a legacy bind writes it: the profile's transaction types and non-zero EMV ids for it. */
function boundMethod(profile: AcquirerProfileRecord, code: string): BoundPaymentMethod {
  return {
    code,
    allows: [...(profile.methodList[code] ?? [])],
    emvIds: (profile.emvList?.[code] ?? []).filter((id) => id !== 0),
  };
}

function newBinding(ctx: ServiceContext, mchId: string, profile: AcquirerProfileRecord, method: BoundPaymentMethod): BindingRecord {
  return {
    mchId,
    groupId: ctx.group.groupId,
    profileId: profile.profileId,
    currency: profile.currency,
    paymentMethods: [method],
    createdAt: ctx.timestamp,
    updatedAt: ctx.timestamp,
  };
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
