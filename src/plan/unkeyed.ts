import { addressOf } from '../model/kinds.js';
import type { LiveState, MerchantFields } from '../model/state.js';
import { heldReference } from '../live/unkeyed-records.js';
import { UNKEYED_MARK, unkeyedKey } from '../model/unkeyed-key.js';
import type { Change, PlanWarning, UnmanagedResource } from './plan.js';
import { changeFields } from '../kinds/of-kind.js';

/**
 * Live records paycfg cannot key (a merchant without providerReference, a device without
 * deviceAlias) are listed as unmanaged under `~<id>` (model/unkeyed-key.ts), and a create that
 * looks like one of them is warned about: without the warning, `apply` makes a second merchant or
 * till of the same name beside the one a person made by hand.
 */

type UnkeyedMerchant = LiveState['unkeyedMerchants'][number];

/**
 * The unmanaged entry of a live merchant paycfg cannot key. Renderers print its address, id and
 * name before the note, so the note names neither again: it says why, and what to do.
 */
export function unkeyedMerchantEntry(merchant: UnkeyedMerchant): UnmanagedResource {
  const key = unkeyedKey(merchant.mchId);
  const bindings = merchant.profiles.length;
  // Its devices are not read, by plan or drift: nothing it holds can be keyed, so there is nothing to compare.
  const held = `; ${bindings === 0 ? '' : `its ${bindings} binding${bindings === 1 ? '' : 's'} and `}its devices (not read) are left alone with it`;
  const reference = heldReference(merchant);
  const note =
    reference === undefined
      ? `it has no providerReference, so no manifest merchant can match it${held}. Set its providerReference in the service to manage it`
      : `its providerReference ${JSON.stringify(reference)} starts with "${UNKEYED_MARK}", which no key of a manifest may, so no manifest merchant can match it${held}. ` +
        `Change its providerReference in the service to one without the "${UNKEYED_MARK}" to manage it`;
  return { address: addressOf('merchant', key), kind: 'merchant', key, liveId: merchant.mchId, name: merchant.mchName, note };
}

/** Why a live device is shown by its id (no deviceAlias, or one that starts with `~`), and what to do. */
export function unkeyedDeviceNote(alias: string): string {
  return alias === ''
    ? 'It has no deviceAlias, so no manifest device can match it; set its deviceAlias in the service to manage it'
    : `Its deviceAlias ${JSON.stringify(alias)} starts with "${UNKEYED_MARK}", which no key of a manifest may, so no manifest device can match it; ` +
        `change its deviceAlias in the service to one without the "${UNKEYED_MARK}" to manage it`;
}

/**
 * Names typed by people in the service's back office differ from the manifest's in case and spacing
 * ("Coffee  Corner", "coffee corner"); a warning too many costs a reviewer a glance, a duplicate
 * merchant costs a clean-up in the service, so names are compared loosely.
 */
export function sameName(a: string, b: string): boolean {
  return looseName(a) === looseName(b);
}

function looseName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** An unkeyed device of a merchant whose devices were read, as the plan lists it. */
export interface UnkeyedDevice {
  readonly merchant: string;
  readonly id: string | number;
  readonly name: string | undefined;
  /** Its deviceAlias when it has one that paycfg cannot key (it starts with `~`). */
  readonly alias?: string;
}

/** Warnings on the creates whose name is that of a live record paycfg cannot key. */
export function lookAlikeWarnings(changes: readonly Change[], live: LiveState, unkeyedDevices: readonly UnkeyedDevice[]): PlanWarning[] {
  if (live.unkeyedMerchants.length === 0 && unkeyedDevices.length === 0) return [];
  const merchantsByName = new Map<string, UnkeyedMerchant[]>();
  for (const merchant of live.unkeyedMerchants) {
    if (typeof merchant.mchName !== 'string' || merchant.mchName === '') continue;
    const name = looseName(merchant.mchName);
    merchantsByName.set(name, [...(merchantsByName.get(name) ?? []), merchant]);
  }
  const warnings: PlanWarning[] = [];
  for (const change of changes) {
    if (change.action !== 'create' || change.after === null) continue;
    if (change.kind === 'merchant') {
      const name = (change.after as MerchantFields).mchName;
      for (const twin of name === undefined ? [] : (merchantsByName.get(looseName(name)) ?? [])) {
        const held = heldReference(twin);
        const unkeyed = held === undefined ? 'without a providerReference' : `with providerReference ${JSON.stringify(held)}, which paycfg cannot key`;
        warnings.push({
          address: change.address,
          message:
            `${change.address} is created as a new merchant, but the live group already holds merchant ${twin.mchId} (${JSON.stringify(twin.mchName)}) ` +
            `${unkeyed}; apply would make a second merchant of that name. If ${twin.mchId} is the merchant the manifest means, ` +
            `set its providerReference to ${JSON.stringify(change.key)} in the service, and paycfg manages it instead of creating another.`,
        });
      }
    } else if (change.kind === 'device') {
      const fields = changeFields(change, 'device');
      const wanted = [fields.deviceName, fields.deviceAlias].filter((n): n is string => typeof n === 'string' && n !== '');
      for (const twin of unkeyedDevices) {
        if (twin.merchant !== change.merchant || twin.name === undefined || !wanted.some((n) => sameName(n, twin.name!))) continue;
        warnings.push({
          address: change.address,
          message:
            `${change.address} is created as a new activation code, but merchant ${JSON.stringify(twin.merchant)} already holds device ${twin.id} (${JSON.stringify(twin.name)}) ` +
            `${twin.alias === undefined ? 'without a deviceAlias' : `with deviceAlias ${JSON.stringify(twin.alias)}, which paycfg cannot key`}; apply would issue a second device of that name. If ${twin.id} is the till the manifest means, ` +
            `set its deviceAlias to ${JSON.stringify(fields.deviceAlias)} in the service, and paycfg manages it instead of issuing another.`,
        });
      }
    }
  }
  return warnings;
}

