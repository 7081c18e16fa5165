/**
 * Acquirer profiles on the legacy API (`/api/v2/acquirer`, 02 §2.5, §4.6): profileName, currency,
 * the connection fields, connExtraParams, and `methodList`/`emvList` as objects; no acqType (read
 * as absent: the current API's default applies), enablerMsgFormat, enablerParams, asDefault or
 * asSettleBlock. A create names the group; a PUT requires connMessageFormat and the profile's own
 * currency.
 *
 * The legacy API has no binding resource: a merchant's binding is the methods it binds through a
 * profile, with that profile's lists (binding.legacy.ts). So the profile list is what every binding
 * and every merchant summary is read from: read once per run, and again after this run changes a
 * profile (LegacyProfiles).
 */
import type { LegacyClient } from '../api/legacy-client.js';
import type { AcquirerProfile, AcquirerProfileCreate, AcquirerProfileQuery, AcquirerProfileUpdate } from '../api/wire-types.js';
import type { ConfigurationApi } from '../backend/configuration-api.js';
import { LiveStateError } from '../live/errors.js';
import { canonicalMethodCode } from '../model/canonical.js';
import { acquirer, type LegacyAcquirerProfile, type LegacyAcquirerProfileCreate, type LegacyAcquirerProfileUpdate } from './acquirer.js';
import type { LegacyContext, LegacyProfiles } from './legacy-context.js';
import { jsonText, refuseLegacyLacks, withoutEmpty, writtenObject } from './legacy-values.js';

/** A profile's lists, keyed by method code (a legacy answer may name a method: `VISA` is `01`). */
export interface ProfileLists {
  /** Method code → transaction-type names. */
  readonly methodList: Readonly<Record<string, readonly string[]>>;
  /** Method code → EMV config ids. */
  readonly emvList: Readonly<Record<string, readonly number[]>>;
}

const listsByProfile = new WeakMap<LegacyAcquirerProfile, ProfileLists>();

/** The profile's methodList and emvList by code, computed once per record read. */
export function profileLists(profile: LegacyAcquirerProfile): ProfileLists {
  let lists = listsByProfile.get(profile);
  if (lists === undefined) {
    lists = { methodList: byCode(profile.methodList), emvList: byCode(profile.emvList ?? {}) };
    listsByProfile.set(profile, lists);
  }
  return lists;
}

function byCode<V>(map: Readonly<Record<string, V>>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [key, value] of Object.entries(map)) out[canonicalMethodCode(key)] = value;
  return out;
}

/** A legacy profile as the current API's record. */
export function acquirerProfileFromLegacy(record: LegacyAcquirerProfile): AcquirerProfile {
  const { methodList, emvList } = profileLists(record);
  return withoutEmpty({
    profileId: record.profileId,
    groupId: record.groupId,
    profileName: record.profileName,
    currency: record.currency,
    connMessageFormat: record.connMessageFormat,
    connUrl: record.connUrl,
    notifyUrl: record.notifyUrl,
    connExtraParams: jsonText(record.connExtraParams),
    methodList: JSON.stringify(methodList),
    emvList: record.emvList === undefined || record.emvList === null ? undefined : JSON.stringify(emvList),
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }) as AcquirerProfile;
}

/** What a current-shape profile body writes that the legacy API has no field for (a card profile, not the default, settled, is what it holds). */
function refuseCurrentOnly(what: string, body: AcquirerProfileUpdate & { acqType?: string }): void {
  refuseLegacyLacks(what, acquirer.facts, body);
}

/** POST /api/v2/acquirer from the current API's create body; the legacy API takes the lists as objects. */
export function legacyProfileCreate(body: AcquirerProfileCreate, groupId: string): LegacyAcquirerProfileCreate {
  const what = `acquirer profile "${body.profileName}"`;
  refuseCurrentOnly(what, body);
  // connUrl and notifyUrl are required by 4.6: a body without them is sent so, and the service says what is missing.
  return withoutEmpty({
    profileName: body.profileName,
    currency: body.currency,
    groupId,
    connMessageFormat: body.connMessageFormat,
    connUrl: body.connUrl,
    notifyUrl: body.notifyUrl,
    emvList: writtenObject(body.emvList, `the emvList of ${what}`) ?? {},
    methodList: writtenObject(body.methodList, `the methodList of ${what}`),
    connExtraParams: writtenObject(body.connExtraParams, `the connExtraParams of ${what}`),
  }) as LegacyAcquirerProfileCreate;
}

/** PUT /api/v2/acquirer/{profileId}: what the change writes, with the connMessageFormat and currency the legacy PUT requires. */
export function legacyProfileUpdate(body: AcquirerProfileUpdate, live: LegacyAcquirerProfile): LegacyAcquirerProfileUpdate {
  const what = `acquirer profile "${body.profileName ?? live.profileName}"`;
  refuseCurrentOnly(what, body);
  return withoutEmpty({
    profileName: body.profileName,
    connMessageFormat: body.connMessageFormat ?? live.connMessageFormat,
    // The profile's own: a currency cannot change (a change replaces the profile).
    currency: live.currency,
    connUrl: body.connUrl,
    notifyUrl: body.notifyUrl,
    emvList: writtenObject(body.emvList, `the emvList of ${what}`),
    methodList: writtenObject(body.methodList, `the methodList of ${what}`),
    connExtraParams: writtenObject(body.connExtraParams, `the connExtraParams of ${what}`),
  }) as LegacyAcquirerProfileUpdate;
}

/** The group's profiles, read once per run: every legacy binding and merchant summary is made from them. */
export function legacyProfiles(legacy: LegacyClient): LegacyProfiles {
  let list: Promise<readonly LegacyAcquirerProfile[]> | undefined;
  // A miss reads the list again once per list read, not once per record that names the missing profile.
  let missRead = false;
  const all = (): Promise<readonly LegacyAcquirerProfile[]> => {
    if (list === undefined) {
      const read = legacy.acquirerProfiles.listAll();
      list = read;
      // A failed read is not kept: the next caller tries again.
      read.catch(() => {
        if (list === read) list = undefined;
      });
    }
    return list;
  };
  const find = (profiles: readonly LegacyAcquirerProfile[], profileId: number | string) => profiles.find((p) => String(p.profileId) === String(profileId));
  return {
    all,
    async byId(profileId) {
      const found = find(await all(), profileId);
      if (found !== undefined || missRead) return found;
      missRead = true;
      list = undefined;
      return find(await all(), profileId);
    },
    changed() {
      list = undefined;
      missRead = false;
    },
  };
}

export function legacyAcquirerProfiles({ legacy, profiles, groupId }: LegacyContext): ConfigurationApi['acquirerProfiles'] {
  /** The list is read again after any write, also one whose outcome is unknown. */
  const changing = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      profiles.changed();
    }
  };
  return {
    async listAll(q?: AcquirerProfileQuery) {
      // A filtered read looks for a record the run has not seen (after a create's lost answer): never the kept list.
      const records = q?.profileName !== undefined ? await legacy.acquirerProfiles.listAll({ profileName: q.profileName }) : await profiles.all();
      return records.map(acquirerProfileFromLegacy);
    },
    async create(body) {
      const written = legacyProfileCreate(body, await groupId());
      return changing(() => legacy.acquirerProfiles.create(written));
    },
    async update(profileId, body) {
      const live = await profiles.byId(profileId);
      if (live === undefined) {
        throw new LiveStateError(`acquirer profile ${String(profileId)} is no longer in the service, so it was not updated; make a new plan`, { profileId });
      }
      const written = legacyProfileUpdate(body, live);
      await changing(() => legacy.acquirerProfiles.update(profileId, written));
    },
    async delete(profileId) {
      await changing(() => legacy.acquirerProfiles.delete(profileId));
    },
  };
}
