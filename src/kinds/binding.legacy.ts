/**
 * Bindings on the legacy API, which has no binding resource: a merchant's binding to profile P is
 * the methods its `supportedPaymentMethods` bind through P, in P's currency, each with P's EMV
 * configs and transaction types for that method, and no mid. Read from GET
 * /api/v2/mchInfo/{mchId} and the run's profile list; a create is one
 * POST /api/v2/mchInfo/payment/{mchId} `{groupId, paymentMethod, profileId}` per method, a replace
 * posts the methods added and deletes (DELETE /api/v2/mchInfo/payment/{mchId}/{code}) those
 * removed, a delete deletes each method.
 *
 * What a binding write carries beyond its methods (its currency, a mid, each method's EMV configs
 * and transaction types) is its profile's on the legacy API: `validate --api legacy` refuses a
 * manifest that says otherwise, and a write that still does is refused here (LegacyApiLimitError)
 * where it can be told without a request.
 */
import type { BindingKey, BindingRecord, BindingWrite } from '../api/wire-types.js';
import type { ConfigurationApi } from '../backend/configuration-api.js';
import { LegacyApiLimitError } from '../backend/errors.js';
import { LiveStateError } from '../live/errors.js';
import { canonicalMethodCode } from '../model/canonical.js';
import type { LegacyAcquirerProfile } from './acquirer.js';
import { profileLists } from './acquirer.legacy.js';
import { binding } from './binding.js';
import type { LegacyContext, LegacyProfiles } from './legacy-context.js';
import { refuseLegacyLacks } from './legacy-values.js';
import type { LegacyMerchant } from './merchant.js';

/** The methods a merchant binds through one profile, as its legacy record says. */
export interface LegacyBinding {
  readonly profile: LegacyAcquirerProfile;
  /** Canonical codes, in the order the record lists them. */
  readonly codes: readonly string[];
}

/** Profile id (as text) → the codes the merchant binds through it, in the order the record lists them. */
export function boundMethods(record: Pick<LegacyMerchant, 'supportedPaymentMethods'>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const pair of record.supportedPaymentMethods ?? []) {
    const profileId = String(pair.profileId);
    const code = canonicalMethodCode(pair.paymentMethod);
    const codes = out.get(profileId);
    if (codes === undefined) out.set(profileId, [code]);
    else if (!codes.includes(code)) codes.push(code);
  }
  return out;
}

/** The merchant's bindings, one per profile it binds methods through; `profiles` holds every one of them. */
export function legacyBindingsOf(record: LegacyMerchant, profiles: ReadonlyMap<string, LegacyAcquirerProfile>): LegacyBinding[] {
  return [...boundMethods(record)].map(([profileId, codes]) => {
    const profile = profiles.get(profileId);
    if (profile === undefined) throw unknownProfile(record.mchId, profileId);
    return { profile, codes };
  });
}

function unknownProfile(mchId: string, profileId: string): LiveStateError {
  return new LiveStateError(
    `merchant ${mchId} binds payment methods through acquirer profile ${profileId}, which GET /api/v2/acquirer does not list; paycfg cannot read that binding`,
    { mchId, profileId },
  );
}

/**
 * The profiles the merchants bind through, by id as text: the run's profile list, read again once
 * when it misses one. Nothing is read for merchants that bind nothing.
 */
export async function profilesOf(profiles: LegacyProfiles, records: readonly LegacyMerchant[]): Promise<ReadonlyMap<string, LegacyAcquirerProfile>> {
  const wanted = new Set<string>();
  for (const record of records) for (const profileId of boundMethods(record).keys()) wanted.add(profileId);
  if (wanted.size === 0) return new Map();
  const byId = new Map((await profiles.all()).map((p) => [String(p.profileId), p]));
  for (const profileId of wanted) {
    if (byId.has(profileId)) continue;
    const found = await profiles.byId(profileId);
    if (found !== undefined) byId.set(profileId, found);
  }
  return byId;
}

/** A legacy binding as the current API's binding record. */
export function bindingRecordFromLegacy(mchId: string, { profile, codes }: LegacyBinding): BindingRecord {
  const { emvList } = profileLists(profile);
  return {
    merchantId: mchId,
    acquirerProfileId: String(profile.profileId),
    acquirerProfileName: profile.profileName,
    currency: profile.currency,
    // 0 is "no EMV config" in a profile's emvList (01 §4.1).
    paymentMethods: codes.map((code) => ({ paymentMethodCode: code, emvs: (emvList[code] ?? []).filter((id) => id !== 0).map((emvId) => ({ emvId })) })),
  };
}

/** The methods a write binds through its profile, refusing what the legacy API binds only as the profile says. */
function writtenCodes(mchId: string, body: BindingWrite, profile: LegacyAcquirerProfile | undefined): string[] {
  const what = `the binding of merchant ${mchId} to acquirer profile ${body.acquirerProfileId}`;
  refuseLegacyLacks(what, binding.facts, body);
  if (profile === undefined) {
    throw new LiveStateError(`${what} was not written: the profile is no longer in the service; make a new plan`, { mchId, profileId: body.acquirerProfileId });
  }
  if (body.currency !== profile.currency) {
    throw new LegacyApiLimitError(what, `its currency is ${body.currency}, and a legacy binding has its profile's (${profile.currency})`, { field: 'currency' });
  }
  return (body.paymentMethods ?? []).map((method) => canonicalMethodCode(method.paymentMethodCode));
}

export function legacyBindings({ legacy, methodBinding, profiles, groupId }: LegacyContext): ConfigurationApi['bindings'] {
  /** The codes the merchant binds through the profile now (a fresh read: the requests depend on it); undefined when the merchant is gone. */
  const boundNow = async (mchId: string, profileId: string): Promise<string[] | undefined> => {
    const record = await legacy.merchants.get(mchId);
    return record === null ? undefined : (boundMethods(record).get(profileId) ?? []);
  };
  const bind = async (mchId: string, profileId: string, codes: readonly string[]): Promise<void> => {
    if (codes.length === 0) return;
    const group = await groupId();
    // One call per method (the public client's way), one after the other: each changes the same merchant.
    for (const code of codes) await methodBinding.bindMethod(mchId, { groupId: group, paymentMethod: code, profileId: Number(profileId) });
  };
  const unbind = async (mchId: string, codes: readonly string[]): Promise<void> => {
    for (const code of codes) await legacy.merchants.unbindMethod(mchId, code);
  };
  return {
    async listAll(mchId) {
      const record = await legacy.merchants.get(mchId);
      if (record === null) return [];
      const byId = await profilesOf(profiles, [record]);
      return legacyBindingsOf(record, byId).map((binding) => bindingRecordFromLegacy(mchId, binding));
    },
    async create(mchId, body) {
      const codes = writtenCodes(mchId, body, await profiles.byId(body.acquirerProfileId));
      await bind(mchId, body.acquirerProfileId, codes);
    },
    async replace(mchId, body) {
      const codes = writtenCodes(mchId, body, await profiles.byId(body.acquirerProfileId));
      const bound = await boundNow(mchId, body.acquirerProfileId);
      if (bound === undefined) throw new LiveStateError(`merchant ${mchId} is no longer in the service, so its binding was not written; make a new plan`, { mchId });
      // Removed first: a method this binding gives up may be the one another binding of the plan takes.
      await unbind(mchId, bound.filter((code) => !codes.includes(code)));
      await bind(mchId, body.acquirerProfileId, codes.filter((code) => !bound.includes(code)));
    },
    // A merchant that is gone has no binding left to delete.
    async delete(mchId, key: BindingKey) {
      await unbind(mchId, (await boundNow(mchId, key.acquirerProfileId)) ?? []);
    },
  };
}
