import { canonicalJson, type JsonObject } from '../../core/json.js';
import { DeviceStatus, type DeviceRecord } from '../../core/records.js';
import { withRealEmvNames } from '../../core/terminal-emv-names.js';
import { invalid, parameterError } from '../../errors.js';
import type { ServiceContext } from '../context.js';
import { deleteDevice, suspendDevice } from '../device-lifecycle.js';
import { provisioningProfileId } from '../device-provisioning.js';
import { createDevice, deviceId, updateDevice, type DeviceUpdateInput } from '../devices.js';
import { requireOwnDevice, requireOwnMerchant } from '../owner.js';
import { checkCallerGroup } from './common.js';

/**
 * The legacy device (document 2, 2.4) over the current API's device record. The legacy API gives
 * a terminal its acquirer fields flat (`extParams` `{acqTid, acqMid, subMid, ...}`, and `methodList`
 * `{"all" | <code>: {tid, mid}}`); the record keeps them where the current API does, in
 * `extParams.acquirers.<profileId>`, so that both views and every device rule see the same thing.
 * A terminal made before its merchant has any binding is made all the same (document 1, 4.5:
 * `profileId` null, provisioning skipped): its flat fields wait in the record until a legacy
 * binding provisions it.
 */

/** Flat acquirer fields (`acqTid`, `acqMid`, `subMid`, `clientId`, `jwtSecret`, ...). */
export type LegacyAcquirerFields = Record<string, string>;

/** `all` or a payment method code → the acquirer fields of the profiles bound for those methods. */
export type LegacyMethodList = Record<string, LegacyAcquirerFields>;

export interface LegacyDeviceCreateInput {
  mchId: string;
  groupId?: string | undefined;
  activateCodeAlias?: string | undefined;
  deviceName?: string | undefined;
  deviceType?: string | undefined;
  deviceAdmin?: string | undefined;
  /** `emvParams` or `terminalEmvParams`, under the reference's names */
  emvParams?: JsonObject | undefined;
  methodList?: LegacyMethodList | undefined;
  extParams?: LegacyAcquirerFields | undefined;
}

/** Explicit write, as the current device PUT: absent keeps, null clears. */
export interface LegacyDeviceUpdateInput {
  activateCodeAlias?: string | null | undefined;
  deviceName?: string | null | undefined;
  deviceType?: string | null | undefined;
  deviceAdmin?: string | null | undefined;
  emvParams?: JsonObject | null | undefined;
  methodList?: LegacyMethodList | null | undefined;
  extParams?: LegacyAcquirerFields | null | undefined;
}

/** The methodList key that names every method the merchant has bound. */
export const ALL_METHODS = 'all';

/** Key management is not simulated: these are answered empty. */
const UNSIMULATED_KEYS = { serverUrl: '', licenseId: '', signKeyId: '', cardBdkId: '' } as const;

/** Legacy names of the acquirer fields the current record keeps as `tid` and `mid`. */
const LEGACY_NAMES: Readonly<Record<string, string>> = { tid: 'acqTid', mid: 'acqMid' };

type Acquirers = Record<string, Record<string, string>>;

export function createLegacyDevice(ctx: ServiceContext, input: LegacyDeviceCreateInput): { id: string; activationCode: string } {
  const merchant = requireOwnMerchant(ctx, input.mchId);
  checkCallerGroup(ctx, input.groupId);
  const routed = routeMethodList(ctx, input.mchId, input.methodList, {});
  const flat = input.extParams === undefined ? {} : recordFields(input.extParams, 'extParams');
  const target = provisioningProfileId(ctx, input.mchId, routed.methodList);
  // Before any binding, `all` had no profile to go to either: both wait for one.
  const waiting = target === null ? { ...allFields(input.methodList), ...flat } : {};
  const acquirers = target === null || Object.keys(flat).length === 0 ? routed.acquirers : { ...routed.acquirers, [target]: { ...routed.acquirers[target], ...flat } };
  const created = createDevice(ctx, {
    mchId: input.mchId,
    deviceAlias: input.activateCodeAlias,
    deviceName: input.deviceName,
    deviceType: input.deviceType,
    deviceAdmin: input.deviceAdmin,
    emvParams: { ...merchant.legacyTerminalEmvParams, ...input.emvParams },
    methodList: routed.methodList,
    extParams: Object.keys(acquirers).length > 0 ? { acquirers } : undefined,
  });
  if (Object.keys(waiting).length > 0) {
    ctx.store.putDevice({ ...requireOwnDevice(ctx, created.id), unprovisionedFields: waiting });
  }
  return { id: created.id, activationCode: created.activationCode };
}

export function updateLegacyDevice(ctx: ServiceContext, id: string, input: LegacyDeviceUpdateInput): DeviceRecord {
  const current = requireOwnDevice(ctx, id);
  const update: DeviceUpdateInput = {
    deviceAlias: input.activateCodeAlias,
    deviceName: input.deviceName,
    deviceType: input.deviceType,
    deviceAdmin: input.deviceAdmin,
  };
  if (input.emvParams !== undefined) {
    // Cleared or set, the terminal starts again from its merchant's legacy terminalEmvParams.
    update.emvParams = { ...ctx.store.merchant(current.mchId)?.legacyTerminalEmvParams, ...input.emvParams };
  }
  let methodList = current.methodList;
  let acquirers = storedAcquirers(current);
  if (input.methodList === null) {
    update.methodList = null;
    methodList = undefined;
  } else if (input.methodList !== undefined) {
    const routed = routeMethodList(ctx, current.mchId, input.methodList, acquirers);
    update.methodList = routed.methodList ?? null;
    methodList = routed.methodList;
    acquirers = routed.acquirers;
  }
  let waiting = current.unprovisionedFields;
  if (input.extParams === null) {
    update.extParams = null;
    waiting = undefined;
  } else if (input.extParams !== undefined || input.methodList || waiting !== undefined) {
    const flat = input.extParams ? recordFields(input.extParams, 'extParams') : {};
    const target = provisioningProfileId(ctx, current.mchId, methodList);
    if (target === null) {
      waiting = { ...waiting, ...allFields(input.methodList ?? undefined), ...flat };
    } else {
      acquirers = { ...acquirers, [target]: { ...acquirers[target], ...waiting, ...flat } };
      waiting = undefined;
      update.extParams = { ...current.extParams, acquirers };
    }
  }
  const next = updateDevice(ctx, id, update);
  if (waiting === current.unprovisionedFields) return next;
  const { unprovisionedFields: _dropped, ...rest } = next;
  const kept: DeviceRecord = waiting !== undefined && Object.keys(waiting).length > 0 ? { ...rest, unprovisionedFields: waiting } : rest;
  ctx.store.putDevice(kept);
  return kept;
}

/**
 * After a legacy binding: each device of the merchant that has no provisioning profile yet gets
 * one (the first binding for its methods), and the flat fields it was given meanwhile join that
 * profile's acquirer entry; the terminal has a configuration change to pick up.
 */
export function provisionWaitingDevices(ctx: ServiceContext, mchId: string): void {
  for (const device of [...ctx.group.devicesOf(mchId).values()]) {
    if (device.profileId !== null || device.deviceStatus === DeviceStatus.Decommission) continue;
    const target = provisioningProfileId(ctx, mchId, device.methodList);
    if (target === null) continue;
    const { unprovisionedFields, ...rest } = device;
    const next: DeviceRecord = { ...rest, profileId: target, deviceUpdate: 1, updatedAt: ctx.timestamp };
    if (unprovisionedFields !== undefined) {
      const acquirers = storedAcquirers(device);
      next.extParams = { ...device.extParams, acquirers: { ...acquirers, [target]: { ...acquirers[target], ...unprovisionedFields } } };
    }
    ctx.store.putDevice(next);
  }
}

/**
 * `DELETE /api/v2/device/{id}?deviceStatus=`: 2 logs out and 3 decommissions an activated device,
 * 0 suspends it; a pending code is deleted by 0 or no status. Answers the device's number (see
 * legacyDeviceNumber), taken before a pending code is deleted.
 */
export function deleteLegacyDevice(ctx: ServiceContext, id: string, deviceStatus: 0 | 2 | 3 | undefined): number {
  const device = requireOwnDevice(ctx, id);
  const number = legacyDeviceNumber(device);
  if (device.terminalId === undefined) {
    deleteDevice(ctx, id, deviceStatus === 0 ? undefined : deviceStatus);
    return number;
  }
  if (deviceStatus === undefined) {
    throw invalid('activated device needs deviceStatus 0 (suspend), 2 (logout) or 3 (decommission)');
  }
  if (deviceStatus === 0) suspendDevice(ctx, id);
  else deleteDevice(ctx, id, deviceStatus);
  return number;
}

/** `{id}` of the legacy PUT and DELETE answers: the digits of the device id, as a number. */
export function legacyDeviceNumber(record: DeviceRecord): number {
  return Number(deviceId(record).replace(/\D/g, ''));
}

export function legacyDeviceView(record: DeviceRecord): Record<string, unknown> {
  return {
    deviceId: deviceId(record),
    deviceType: record.deviceType,
    deviceStatus: record.deviceStatus,
    deviceUpdate: record.deviceUpdate,
    uuid: record.uuid,
    activateCodeAlias: record.deviceAlias,
    deviceName: record.deviceName,
    deviceAdmin: record.deviceAdmin,
    appVersion: record.appVersion,
    deviceToken: canonicalJson({ activationCode: record.code }),
    methodList: record.methodList,
    groupId: record.groupId,
    customerId: record.groupId,
    profileId: record.profileId,
    ...UNSIMULATED_KEYS,
    // The real documentation's names (`amexFloorLimit`), as the live service answers them.
    emvParams: canonicalJson(withRealEmvNames(record.emvParams)),
    extParams: legacyExtParams(record),
    operatingMode: record.operatingMode,
    activesAt: record.activesAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.terminalId !== undefined ? { isDevice: true } : {}),
  };
}

/**
 * The acquirer fields of the device's provisioning profile, or those waiting for one, `tid` and
 * `mid` under their legacy names.
 */
function legacyExtParams(record: DeviceRecord): Record<string, string> {
  const entry = record.profileId === null ? record.unprovisionedFields : storedAcquirers(record)[record.profileId];
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry ?? {})) flat[LEGACY_NAMES[name] ?? name] = value;
  return flat;
}

/** `extParams.acquirers` as the record keeps it (the schemas let only string fields in). */
function storedAcquirers(record: DeviceRecord): Acquirers {
  const acquirers = record.extParams?.['acquirers'];
  if (acquirers === null || typeof acquirers !== 'object' || Array.isArray(acquirers)) return {};
  return structuredClone(acquirers) as Acquirers;
}

/** Flat legacy fields in the record's names: `acqTid` → `tid`, `acqMid` → `mid`; a field given under both names must agree. */
function recordFields(fields: LegacyAcquirerFields, where: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const recordName = Object.entries(LEGACY_NAMES).find(([, legacy]) => legacy === name)?.[0] ?? name;
    const earlier = result[recordName];
    if (earlier !== undefined && earlier !== value) {
      throw parameterError(`${where}.${name}`, `differs from ${where}.${recordName === name ? (LEGACY_NAMES[name] ?? name) : recordName}; send one of them`);
    }
    result[recordName] = value;
  }
  return result;
}

/** The `all` entry of a methodList, in the record's names. */
function allFields(methodList: LegacyMethodList | undefined): Record<string, string> {
  const all = methodList?.[ALL_METHODS];
  return all === undefined ? {} : recordFields(all, `methodList.${ALL_METHODS}`);
}

/**
 * A legacy methodList over the merchant's bindings: `all` gives its fields to every bound profile,
 * a method code to the profiles bound for it (after `all`, so a code overrides). The device's own
 * methodList becomes the codes named, or every method when `all` is there.
 */
function routeMethodList(
  ctx: ServiceContext,
  mchId: string,
  methodList: LegacyMethodList | undefined,
  stored: Acquirers,
): { methodList: string | undefined; acquirers: Acquirers } {
  const acquirers = { ...stored };
  if (methodList === undefined) return { methodList: undefined, acquirers };
  const bindings = [...ctx.group.bindingsOf(mchId).values()];
  const give = (profileId: number, fields: Record<string, string>): void => {
    acquirers[String(profileId)] = { ...acquirers[String(profileId)], ...fields };
  };
  const all = methodList[ALL_METHODS];
  if (all !== undefined) {
    const fields = recordFields(all, `methodList.${ALL_METHODS}`);
    for (const binding of bindings) give(binding.profileId, fields);
  }
  const codes = Object.keys(methodList).filter((key) => key !== ALL_METHODS);
  for (const code of codes) {
    const fields = recordFields(methodList[code] as LegacyAcquirerFields, `methodList.${code}`);
    const holders = bindings.filter((b) => b.paymentMethods.some((m) => m.code === code));
    if (holders.length === 0) throw invalid(`methodList: payment method ${code} is not bound for merchant ${mchId}`);
    for (const binding of holders) give(binding.profileId, fields);
  }
  return { methodList: all !== undefined || codes.length === 0 ? undefined : codes.join(','), acquirers };
}
