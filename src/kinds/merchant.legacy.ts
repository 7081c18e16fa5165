/**
 * Merchants on the legacy API (`/api/v2/mchInfo`, 02 §2.3, §4.4): the legacy fields of the
 * merchant's facts (merchant.ts); no currency (read as USD, legacy-context.ts), region, country,
 * transType, receiptInfo, passcode, mdr, merchantType or additionalData. The record's `activated`
 * (real answers) or `state` (the reference) says whether it is active; a write sends both. A PUT is
 * partial and never sends `supportedPaymentMethods` (it would rebind: bindings are
 * binding.legacy.ts's). The current record's acquirers[] summary is built from
 * `supportedPaymentMethods`, grouped by profile, with each profile's currency and lists.
 */
import type { Merchant, MerchantAcquirerSummary, MerchantCreate } from '../api/wire-types.js';
import type { ConfigurationApi } from '../backend/configuration-api.js';
import { LegacyApiLimitError } from '../backend/errors.js';
import { canonicalMethodCode } from '../model/canonical.js';
import { userAdditionalData } from '../model/receipt-logo.js';
import type { LegacyAcquirerProfile } from './acquirer.js';
import { profileLists } from './acquirer.legacy.js';
import { legacyBindingsOf, profilesOf, type LegacyBinding } from './binding.legacy.js';
import { LEGACY_RECORD_CURRENCY, type LegacyContext } from './legacy-context.js';
import { refuseLegacyLacks, withoutEmpty } from './legacy-values.js';
import { merchant, type LegacyMerchant, type LegacyMerchantUpdate, type MerchantState } from './merchant.js';

/** `state` where the record gives it, else `activated` (a boolean, or once the text "true"). */
export function legacyMerchantState(record: Pick<LegacyMerchant, 'state' | 'activated'>): MerchantState | undefined {
  if (record.state === 0 || record.state === 1) return record.state;
  if (record.activated === true || record.activated === 'true') return 1;
  if (record.activated === false || record.activated === 'false') return 0;
  return undefined;
}

/** A binding as an item of the merchant's acquirers[] summary: the profile's lists for the methods bound through it. */
function summaryItem({ profile, codes }: LegacyBinding): MerchantAcquirerSummary {
  const { methodList, emvList } = profileLists(profile);
  return {
    profileId: Number(profile.profileId),
    profileName: profile.profileName,
    currency: profile.currency,
    methodList: JSON.stringify(Object.fromEntries(codes.map((code) => [code, methodList[code] ?? []]))),
    emvList: JSON.stringify(Object.fromEntries(codes.map((code) => [code, emvList[code] ?? []]))),
  };
}

/** A legacy merchant as the current API's record; `profiles` holds every profile it binds methods through. */
export function merchantFromLegacy(record: LegacyMerchant, profiles: ReadonlyMap<string, LegacyAcquirerProfile>): Merchant {
  return withoutEmpty({
    mchId: record.mchId,
    id: record.id,
    uuid: record.uuid,
    groupId: record.groupId,
    providerReference: record.providerReference,
    mchName: record.mchName,
    currency: LEGACY_RECORD_CURRENCY,
    contactName: record.contactName,
    contactEmail: record.contactEmail,
    mcc: record.mcc,
    timeZone: record.timeZone,
    contactPhone: record.contactPhone,
    contactAddress: record.contactAddress,
    receiptLogo: record.receiptLogo,
    state: legacyMerchantState(record),
    supportedPayments: record.supportedPayments?.map((method) => canonicalMethodCode(method)),
    acquirers: legacyBindingsOf(record, profiles).map(summaryItem),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }) as Merchant;
}


/**
 * The legacy body of a merchant create or PUT from the current API's. The PUT is partial: the
 * fields sent change, which for the full-replace body of the current API (every field it holds) is
 * the same replace.
 */
export function legacyMerchantWrite(body: MerchantCreate): LegacyMerchantUpdate {
  const what = `merchant "${body.providerReference ?? body.mchName}"`;
  refuseLegacyLacks(what, merchant.facts, body, ['additionalData']);
  // paycfg's receipt logo fingerprint cannot be kept: the logo is then write-only (merchant-logo.ts); the user's own data cannot be either.
  if (body.additionalData !== undefined && body.additionalData !== null && Object.keys(userAdditionalData(body.additionalData)).length > 0) {
    throw new LegacyApiLimitError(what, 'it sets additionalData', { field: 'additionalData' });
  }
  const state = body.state === undefined || body.state === null ? undefined : (Number(body.state) as MerchantState);
  return withoutEmpty({
    providerReference: body.providerReference,
    mchName: body.mchName,
    contactName: body.contactName,
    contactEmail: body.contactEmail,
    mcc: body.mcc,
    timeZone: body.timeZone,
    contactPhone: body.contactPhone,
    contactAddress: body.contactAddress,
    receiptLogo: body.receiptLogo,
    // The reference's field and the real records': the service reads the one it knows.
    state,
    activated: state === undefined ? undefined : state === 1,
  });
}

export function legacyMerchants({ legacy, profiles, groupId }: LegacyContext): ConfigurationApi['merchants'] {
  const mapped = async (records: readonly LegacyMerchant[]): Promise<Merchant[]> => {
    const byId = await profilesOf(profiles, records);
    return records.map((record) => merchantFromLegacy(record, byId));
  };
  const one = async (record: LegacyMerchant): Promise<Merchant> => (await mapped([record]))[0]!;
  return {
    listAll: async (q) => mapped(await legacy.merchants.listAll(withoutEmpty({ mchName: q?.mchName, mchId: q?.mchId }))),
    async get(mchId) {
      const record = await legacy.merchants.get(mchId);
      return record === null ? null : one(record);
    },
    async create(body) {
      const written = legacyMerchantWrite(body);
      return one(await legacy.merchants.create({ ...written, mchName: body.mchName, groupId: await groupId() }));
    },
    replace: async (mchId, body) => one(await legacy.merchants.update(mchId, legacyMerchantWrite(body))),
    delete: (mchId) => legacy.merchants.delete(mchId),
  };
}
