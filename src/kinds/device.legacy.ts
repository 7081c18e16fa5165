/**
 * Devices on the legacy API (`/api/v2/device`, 02 §2.4, §4.5): the device's legacy facts
 * (device.ts): `activateCodeAlias` for deviceAlias; `methodList`, `extParams` and `emvParams` sent
 * as objects; listed by the `merchantId` query. A device created before any binding is created
 * (its profile is then null).
 *
 * The legacy `methodList` maps `all` or a method code to `{tid, mid}`: a device's methods are its
 * codes (`all`, or none: every method the merchant binds). The legacy `extParams` holds the flat
 * acquirer fields of the one profile the terminal is provisioned with (`profileId`), with `tid` as
 * `acqTid` and `mid` as `acqMid`: the current record's `extParams.acquirers.<profileId>`. So a
 * device's acquirerFields can name one profile on the legacy API.
 */
import type { Device, DeviceCreate, DeviceQuery, DeviceUpdate } from '../api/wire-types.js';
import type { ConfigurationApi } from '../backend/configuration-api.js';
import { LegacyApiLimitError } from '../backend/errors.js';
import { isPlainObject } from '../model/canonical.js';
import type { LegacyDevice, LegacyDeviceCreate, LegacyDeviceExtParams, LegacyDeviceMethodList, LegacyDeviceUpdate } from './device.js';
import type { LegacyContext } from './legacy-context.js';
import { jsonText, withoutEmpty, writtenObject } from './legacy-values.js';
import { jsonObject } from './live-values.js';

/** The public client's form of the bodies (the contract's choice): objects, not JSON-encoded strings. */
const AS_OBJECTS = { asObjects: true } as const;

/** The legacy methodList key that names every method the merchant binds. */
const ALL_METHODS = 'all';

/** What a legacy create sends when the device's type is not managed: 4.5 requires one, and COTS is the service's default (2.6). */
const DEFAULT_DEVICE_TYPE = 'COTS';

/** Current names of acquirer fields → the legacy terminal's names for them. */
const LEGACY_FIELD_NAMES: Readonly<Record<string, string>> = { tid: 'acqTid', mid: 'acqMid' };
const CURRENT_FIELD_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(LEGACY_FIELD_NAMES).map(([current, legacy]) => [legacy, current]));

function renamed(fields: Readonly<Record<string, unknown>>, names: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null) out[names[name] ?? name] = String(value);
  return out;
}

/** A legacy methodList (codes joined with commas, or the object) as the current record's codes; undefined for every method. */
function methodCodes(methodList: unknown, where: string): string | undefined {
  if (typeof methodList === 'string' && !methodList.trim().startsWith('{')) return methodList === '' ? undefined : methodList;
  const object = jsonObject(methodList, `methodList of ${where}`);
  if (object === undefined || Object.hasOwn(object, ALL_METHODS)) return undefined;
  const codes = Object.keys(object);
  return codes.length === 0 ? undefined : codes.join(',');
}

/** The flat acquirer fields as the current record's extParams: the provisioning profile's entry. */
function acquirersText(record: LegacyDevice, where: string): string | undefined {
  const flat = jsonObject(record.extParams, `extParams of ${where}`);
  if (record.profileId === undefined || record.profileId === null || flat === undefined || Object.keys(flat).length === 0) return undefined;
  return JSON.stringify({ acquirers: { [String(record.profileId)]: renamed(flat, CURRENT_FIELD_NAMES) } });
}

/** A legacy device as the current API's record. */
export function deviceFromLegacy(record: LegacyDevice): Device {
  const where = `device ${record.deviceId}`;
  return withoutEmpty({
    deviceId: record.deviceId,
    deviceAlias: record.activateCodeAlias,
    deviceName: record.deviceName,
    deviceType: record.deviceType,
    operatingMode: record.operatingMode,
    methodList: methodCodes(record.methodList, where),
    deviceAdmin: record.deviceAdmin,
    deviceStatus: record.deviceStatus,
    isDevice: record.isDevice,
    extParams: acquirersText(record, where),
    // As the service answered: real terminals name their EMV parameters amex…, the reference netD… (device.ts keyAlias).
    emvParams: jsonText(record.emvParams),
    createdAt: record.createdAt,
    deviceUpdate: record.deviceUpdate,
    uuid: record.uuid,
    appVersion: record.appVersion,
    deviceToken: jsonText(record.deviceToken),
    groupId: record.groupId,
    profileId: record.profileId === undefined || record.profileId === null ? undefined : String(record.profileId),
    activesAt: record.activesAt,
    updatedAt: record.updatedAt,
  }) as Device;
}

/** The current record's comma-separated codes as a legacy methodList: each code, with no fields of its own. */
function methodListOf(codes: string): LegacyDeviceMethodList {
  const out: LegacyDeviceMethodList = {};
  for (const code of codes.split(',')) if (code.trim() !== '') out[code.trim()] = {};
  return out;
}

/** extParams.acquirers (profile id → fields) as the legacy terminal's flat fields: one profile's at most. */
function flatFields(acquirers: unknown, what: string): LegacyDeviceExtParams | undefined {
  if (!isPlainObject(acquirers)) return undefined;
  const entries = Object.entries(acquirers);
  if (entries.length === 0) return undefined;
  if (entries.length > 1) {
    throw new LegacyApiLimitError(what, `its acquirerFields name ${entries.length} profiles, and a legacy terminal holds the fields of one (the profile it is provisioned with)`, {
      field: 'acquirerFields',
    });
  }
  const [, fields] = entries[0]!;
  return isPlainObject(fields) ? renamed(fields, LEGACY_FIELD_NAMES) : undefined;
}

/** POST /api/v2/device from the current API's create body. */
export function legacyDeviceCreate(body: DeviceCreate): LegacyDeviceCreate {
  const what = `device "${body.deviceAlias ?? ''}" of merchant ${body.mchId}`;
  return withoutEmpty({
    mchId: body.mchId,
    activateCodeAlias: body.deviceAlias ?? '',
    deviceType: body.deviceType ?? DEFAULT_DEVICE_TYPE,
    deviceName: body.deviceName,
    deviceAdmin: body.deviceAdmin,
    operatingMode: body.operatingMode,
    emvParams: body.emvParams,
    methodList: body.methodList === undefined ? undefined : methodListOf(body.methodList),
    extParams: flatFields(body.extParams?.acquirers, what),
  }) as LegacyDeviceCreate;
}

/** PUT /api/v2/device/{deviceId} from the current API's explicit-write update: absent keeps, null clears. */
export function legacyDeviceUpdate(deviceId: string, body: DeviceUpdate): LegacyDeviceUpdate {
  const what = `device ${deviceId}`;
  const out: LegacyDeviceUpdate = {};
  if (body.deviceAlias !== undefined) out.activateCodeAlias = body.deviceAlias;
  if (body.deviceName !== undefined) out.deviceName = body.deviceName;
  if (body.deviceType !== undefined) out.deviceType = body.deviceType;
  if (body.operatingMode !== undefined) out.operatingMode = body.operatingMode;
  if (body.deviceAdmin !== undefined) out.deviceAdmin = body.deviceAdmin;
  if (body.methodList !== undefined) out.methodList = body.methodList === null ? null : methodListOf(body.methodList);
  if (body.emvParams !== undefined) out.emvParams = body.emvParams === null ? null : (writtenObject(body.emvParams, `the emvParams of ${what}`) ?? null);
  if (body.extParams !== undefined) {
    // The legacy PUT merges the flat fields over the terminal's: an empty set is sent as such.
    out.extParams = body.extParams === null ? null : (flatFields(writtenObject(body.extParams, `the extParams of ${what}`)?.['acquirers'], what) ?? {});
  }
  return out;
}

function matches(device: Device, q: DeviceQuery | undefined): boolean {
  return (q?.deviceId === undefined || device.deviceId === q.deviceId) && (q?.deviceType === undefined || device.deviceType === q.deviceType);
}

export function legacyDevices({ legacy }: LegacyContext): ConfigurationApi['devices'] {
  return {
    // The legacy list filters by merchant only.
    listAll: async (mchId, q) => (await legacy.devices.listAll(mchId)).map(deviceFromLegacy).filter((device) => matches(device, q)),
    async create(body) {
      const created = await legacy.devices.create(legacyDeviceCreate(body), AS_OBJECTS);
      // Document 2's answer names no profile: unknown reads as none bound, which only words the progress line.
      return { id: created.id, activationCode: created.activationCode, profileId: created.profileId ?? null };
    },
    async update(deviceId, body) {
      await legacy.devices.update(deviceId, legacyDeviceUpdate(deviceId, body), AS_OBJECTS);
    },
    async delete(deviceId, options) {
      await legacy.devices.delete(deviceId, options?.deviceStatus);
    },
  };
}
