import type { JsonObject } from '../core/json.js';
import { invalid } from '../errors.js';
import { enablerFieldNames } from './acquirer-profiles.js';
import type { ServiceContext } from './context.js';

/** Applied to `emvParams` when an activation code is created (document 2, 2.6), then overlaid by the caller's keys. */
export const DEFAULT_DEVICE_EMV_PARAMS: Readonly<JsonObject> = {
  netDFloorLimit: '00000100',
  terminalCountryCode: '0840',
  txnCurrencyCode: '0840',
  netDExReaderCapability: '18000',
  netDReaderCapability: 'C3',
  terminalType: '21',
  terminalCapability: '0068C8',
  emvFlags: 'VMAUJDP',
};

export const DEFAULT_DEVICE_TYPE = 'COTS';

/** An activation code not used within this time can no longer log in (idling it issues it afresh). */
export const ACTIVATION_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The codes of a device's comma-separated `methodList`. */
export function deviceMethodCodes(methodList: string | undefined): string[] {
  if (methodList === undefined) return [];
  return methodList
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

/** Every method a device names must be routed by one of the merchant's bindings. */
export function checkDeviceMethods(ctx: ServiceContext, mchId: string, methodList: string | undefined): void {
  const bound = new Set<string>();
  for (const binding of ctx.group.bindingsOf(mchId).values()) {
    for (const method of binding.paymentMethods) bound.add(method.code);
  }
  for (const code of deviceMethodCodes(methodList)) {
    if (!bound.has(code)) throw invalid(`methodList: payment method ${code} is not bound for merchant ${mchId}`);
  }
}

/**
 * `extParams.acquirers` has one entry per acquirer profile bound to the merchant, holding every
 * field that profile's enablerParams (or the group's, when blank) names.
 */
export function checkDeviceAcquirers(ctx: ServiceContext, mchId: string, extParams: JsonObject | undefined): void {
  const acquirers = extParams?.['acquirers'];
  if (acquirers === undefined || acquirers === null || typeof acquirers !== 'object' || Array.isArray(acquirers)) return;
  const boundProfiles = new Set<number>();
  for (const binding of ctx.group.bindingsOf(mchId).values()) boundProfiles.add(binding.profileId);
  for (const [profileKey, entry] of Object.entries(acquirers)) {
    const profileId = /^\d{1,15}$/.test(profileKey) ? Number(profileKey) : Number.NaN;
    const profile = ctx.group.acquirerProfiles.get(profileId);
    if (!profile || !boundProfiles.has(profileId)) {
      throw invalid(`extParams.acquirers.${profileKey}: acquirer profile ${profileKey} is not bound to merchant ${mchId}`);
    }
    const fields = entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? entry : {};
    for (const name of enablerFieldNames(ctx, profile)) {
      const value = fields[name];
      if (typeof value !== 'string' || value === '') {
        throw invalid(
          `extParams.acquirers.${profileKey}.${name} required: acquirer profile ${profile.profileName} (${profileId}) needs enabler fields ${enablerFieldNames(ctx, profile).join(', ')}`,
        );
      }
    }
  }
}

/**
 * The profile pushed to the device: the first binding (in creation order) that routes one of the
 * device's methods, or the first binding at all when the device names none; null when none fits.
 */
export function provisioningProfileId(ctx: ServiceContext, mchId: string, methodList: string | undefined): string | null {
  const methods = deviceMethodCodes(methodList);
  for (const binding of ctx.group.bindingsOf(mchId).values()) {
    if (methods.length === 0 || binding.paymentMethods.some((m) => methods.includes(m.code))) {
      return String(binding.profileId);
    }
  }
  return null;
}

/** The EMV AIDs pushed to a device: its methods' EMV configs across the merchant's bindings. */
export function deviceEmvAids(
  ctx: ServiceContext,
  mchId: string,
  methodList: string | undefined,
): Array<{ aid: string; paymentMethod: string }> {
  const methods = deviceMethodCodes(methodList);
  const seen = new Set<number>();
  const aids: Array<{ aid: string; paymentMethod: string }> = [];
  for (const binding of ctx.group.bindingsOf(mchId).values()) {
    for (const method of binding.paymentMethods) {
      if (methods.length > 0 && !methods.includes(method.code)) continue;
      for (const emvId of method.emvIds) {
        if (seen.has(emvId)) continue;
        seen.add(emvId);
        const aid = ctx.group.emvConfigs.get(emvId)?.params['aid'];
        // An EMV config without an aid has nothing to select on the terminal.
        if (typeof aid === 'string' && aid !== '') aids.push({ aid, paymentMethod: method.code });
      }
    }
  }
  return aids;
}
