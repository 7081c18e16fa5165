/**
 * What the probe reads before it writes anything, and what it learns from that alone: the owner
 * (the group, checked against the environment's), the profiles, the EMV configs and the merchants
 * with their acquirers[] summary; the scratch merchants earlier probes left (providerReference
 * `paycfg-probe-…`); and, when the group already shows the binding reading (a summary item that
 * differs from its profile and whose binding record holds it: rule 1 of live/summary-reading.ts),
 * that proof, which makes every write unneeded.
 */
import type { ApiClient } from '../api/client.js';
import type { AcquirerProfile, EmvConfig, Merchant, MerchantAcquirerSummary, OwnerInfo } from '../api/wire-types.js';
import { detectApi } from '../backend/detect-api.js';
import { readOwner } from '../live/read-live.js';
import { canonicalMethodCode } from '../model/canonical.js';
import { ProbeError } from '../service-record/errors.js';
import type { EmvIdsByMethod } from '../service-record/types.js';
import { bindingRecordLists, profileLists, sameLists, summaryItemLists } from './lists.js';

/** Every scratch merchant's providerReference starts so: `probe --cleanup` finds leftovers by it. */
export const SCRATCH_PREFIX = 'paycfg-probe-';

/** A binding by its key, with its profile's name for the words. */
export interface BindingRef {
  readonly profileId: number;
  readonly profileName: string;
  readonly currency: string;
}

/** A scratch merchant an earlier probe left, with the bindings its summary lists. */
export interface LeftoverMerchant {
  readonly mchId: string;
  readonly providerReference: string;
  readonly bindings: readonly BindingRef[];
}

export interface ProbeGroup {
  /** The service's base URL, as the record keeps it (no user info, query or fragment). */
  readonly baseUrl: string;
  readonly owner: OwnerInfo;
  readonly profiles: readonly AcquirerProfile[];
  readonly emvConfigs: readonly EmvConfig[];
  readonly merchants: readonly Merchant[];
  readonly leftovers: readonly LeftoverMerchant[];
  /**
   * The group's default card profile (acqType card, asDefault): the service binds every merchant
   * created to it (01 §4.3), the scratch merchant included.
   */
  readonly defaultCardProfile: AcquirerProfile | undefined;
}

/** The group's own proof of the binding reading: an item that differs from its profile, and its binding record that holds it. */
export interface LiveProof {
  readonly merchant: { readonly mchId: string; readonly providerReference?: string };
  readonly binding: BindingRef;
  readonly profileLists: EmvIdsByMethod;
  readonly summaryLists: EmvIdsByMethod;
  readonly bindingLists: EmvIdsByMethod;
}

export interface ReadTarget {
  readonly client: ApiClient;
  /** The group the token must belong to (an environment's `group:`), checked before anything else is read. */
  readonly expectedGroup?: string;
  /** The environment's name, for the message when the token is of another group. */
  readonly environment?: string;
}

/** Reads the group. Sends GET requests only. */
export async function readProbeGroup(target: ReadTarget): Promise<ProbeGroup> {
  const { client } = target;
  const owner = await readOwner(client, target.expectedGroup, target.environment);
  // A group on the legacy API has no acquirers[] summary to learn anything from.
  if ((await detectApi(client)) === 'legacy') {
    throw new ProbeError(
      `group ${owner.groupId} at ${client.baseUrl} is on the legacy API (/api/v2), whose merchants have no acquirers[] summary: ` +
        'there is no reading to establish there (runs against such a group read every binding anyway). Probe a test group on the current API. Nothing was written.',
      { group: owner.groupId },
    );
  }
  const [profiles, emvConfigs, merchants] = await Promise.all([client.acquirerProfiles.listAll(), client.emvConfigs.listAll(), client.merchants.listAll()]);
  const names = new Map(profiles.map((p) => [Number(p.profileId), p.profileName]));
  const leftovers = merchants.filter(isScratch).map((m) => ({
    mchId: m.mchId,
    providerReference: m.providerReference as string,
    bindings: (m.acquirers ?? []).map((item) => bindingOfItem(item, names)),
  }));
  return {
    baseUrl: client.baseUrl,
    owner,
    profiles,
    emvConfigs,
    merchants,
    leftovers,
    defaultCardProfile: profiles.find((p) => p.acqType === 'card' && p.asDefault === true),
  };
}

export function isScratch(merchant: Pick<Merchant, 'providerReference'>): boolean {
  return typeof merchant.providerReference === 'string' && merchant.providerReference.startsWith(SCRATCH_PREFIX);
}

export function bindingOfItem(item: MerchantAcquirerSummary, names: ReadonlyMap<number, string>): BindingRef {
  const profileId = Number(item.profileId);
  return { profileId, profileName: item.profileName ?? names.get(profileId) ?? `#${profileId}`, currency: item.currency ?? '' };
}

/**
 * Looks for rule 1's proof in the group as it stands: the first summary item that differs from its
 * profile, checked against its merchant's binding records (one read more). Scratch merchants are
 * left out: their removal is planned, and the evidence names a merchant that stays.
 */
export async function findLiveProof(client: ApiClient, group: ProbeGroup): Promise<LiveProof | undefined> {
  const profiles = new Map(group.profiles.map((p) => [Number(p.profileId), p]));
  for (const merchant of group.merchants) {
    if (isScratch(merchant)) continue;
    for (const item of merchant.acquirers ?? []) {
      const profile = profiles.get(Number(item.profileId));
      if (profile === undefined) continue;
      const whole = profileLists(profile);
      const summary = summaryItemLists(item, merchant.mchId);
      if (sameLists(summary, whole)) continue;
      const binding = bindingOfItem(item, new Map([[Number(profile.profileId), profile.profileName]]));
      const records = await client.bindings.listAll(merchant.mchId);
      const record = records.find((r) => Number(r.acquirerProfileId) === binding.profileId && r.currency === binding.currency);
      const bound = record === undefined ? undefined : bindingRecordLists(record);
      // The first candidate only, as a plan checks it: one that fails (a profile edited between the
      // reads) leaves the question to the scratch merchant.
      if (bound === undefined || !sameLists(bound, summary)) return undefined;
      return {
        merchant: { mchId: merchant.mchId, ...(typeof merchant.providerReference === 'string' && merchant.providerReference !== '' ? { providerReference: merchant.providerReference } : {}) },
        binding,
        profileLists: whole,
        summaryLists: summary,
        bindingLists: bound,
      };
    }
  }
  return undefined;
}

/** The part of a profile the scratch merchant binds: its summary item then tells whose lists it carries. */
export interface ProbePart {
  readonly profile: AcquirerProfile;
  readonly binding: BindingRef;
  /** What the binding binds: less than the profile. */
  readonly bound: EmvIdsByMethod;
  /** The profile's lists. */
  readonly whole: EmvIdsByMethod;
  /** `method`: the first of two methods or more, alone; `emv`: the only method, with the first of its EMV ids. */
  readonly by: 'one-method' | 'one-emv';
  /**
   * The profile is the group's default card profile: the service binds the scratch merchant to it
   * when it creates it, and the part is made by narrowing that binding (PUT), one write fewer than
   * removing it and binding another profile.
   */
  readonly narrowsAutomaticBinding: boolean;
}

/**
 * Picks the profile and the part of it to bind: the default card profile when it offers a part
 * (its automatic binding is then narrowed, not removed), else the first profile with two methods
 * or more (the first method alone, with its EMV ids), else the first whose method has two EMV ids
 * or more (that method with its first EMV id). A profile whose lists name an EMV config the group
 * does not hold for that method is passed over: the service would refuse the binding.
 *
 * @throws ProbeError saying what the group needs, when no profile offers a part.
 */
export function choosePart(group: ProbeGroup): ProbePart {
  const emvs = new Map(group.emvConfigs.map((e) => [Number(e.id), canonicalMethodCode(e.paymentMethod)]));
  const offers = group.profiles
    .map((profile) => partOf(profile, emvs, profile === group.defaultCardProfile))
    .filter((part): part is ProbePart => part !== undefined);
  const chosen =
    offers.find((part) => part.narrowsAutomaticBinding) ?? offers.find((part) => part.by === 'one-method') ?? offers.find((part) => part.by === 'one-emv');
  if (chosen !== undefined) return chosen;
  throw new ProbeError(
    `group ${group.owner.groupId} has no acquirer profile that offers a part to bind, so no binding can differ from its profile and show whose lists the summary carries: ` +
      'the probe needs a profile with two payment methods or more, or one whose method has two EMV configs or more (EMV configs the group holds, for that method). ' +
      'Add such a profile to this test group (or probe another), then run `paycfg probe` again. Nothing was written.',
    { group: group.owner.groupId, profiles: group.profiles.length },
  );
}

function partOf(profile: AcquirerProfile, emvs: ReadonlyMap<number, string>, isDefault: boolean): ProbePart | undefined {
  const whole = profileLists(profile);
  const usable = Object.entries(whole).every(([code, ids]) => ids.every((id) => emvs.get(id) === code));
  if (!usable) return undefined;
  const codes = Object.keys(whole);
  const first = codes[0];
  if (first === undefined) return undefined;
  const ids = whole[first]!;
  const by = codes.length >= 2 ? 'one-method' : ids.length >= 2 ? 'one-emv' : undefined;
  if (by === undefined) return undefined;
  return {
    profile,
    binding: { profileId: Number(profile.profileId), profileName: profile.profileName, currency: profile.currency },
    bound: { [first]: by === 'one-method' ? [...ids] : [ids[0]!] },
    whole,
    by,
    narrowsAutomaticBinding: isDefault,
  };
}
