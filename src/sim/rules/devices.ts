import { formatTimestamp, parseTimestamp } from '../core/clock.js';
import { canonicalJson, type JsonObject } from '../core/json.js';
import { DeviceStatus, type DeviceRecord } from '../core/records.js';
import { invalid } from '../errors.js';
import type { ServiceContext } from './context.js';
import {
  ACTIVATION_CODE_TTL_MS,
  DEFAULT_DEVICE_EMV_PARAMS,
  DEFAULT_DEVICE_TYPE,
  checkDeviceAcquirers,
  checkDeviceMethods,
  deviceEmvAids,
  provisioningProfileId,
} from './device-provisioning.js';
import { findOwnDevice, requireOwnDevice, requireOwnMerchant } from './owner.js';

export interface DeviceCreateInput {
  mchId: string;
  deviceAlias?: string | undefined;
  deviceName?: string | undefined;
  deviceType?: string | undefined;
  operatingMode?: string | undefined;
  methodList?: string | undefined;
  deviceAdmin?: string | undefined;
  extParams?: JsonObject | undefined;
  emvParams?: JsonObject | undefined;
}

/** Explicit write: undefined keeps the stored value, null clears it. */
export interface DeviceUpdateInput {
  deviceAlias?: string | null | undefined;
  deviceName?: string | null | undefined;
  deviceType?: string | null | undefined;
  operatingMode?: string | null | undefined;
  methodList?: string | null | undefined;
  deviceAdmin?: string | null | undefined;
  extParams?: JsonObject | null | undefined;
  emvParams?: JsonObject | null | undefined;
}

export interface DeviceFilter {
  mchId: string;
  deviceId?: string | undefined;
  deviceType?: string | undefined;
}

export function deviceId(record: DeviceRecord): string {
  return record.terminalId ?? `CD-${record.code}`;
}

export function codeExpiry(ctx: ServiceContext): string {
  return formatTimestamp(new Date(parseTimestamp(ctx.timestamp) + ACTIVATION_CODE_TTL_MS));
}

export function listDevices(ctx: ServiceContext, filter: DeviceFilter): DeviceRecord[] {
  requireOwnMerchant(ctx, filter.mchId);
  const result: DeviceRecord[] = [];
  for (const device of ctx.group.devicesOf(filter.mchId).values()) {
    if (filter.deviceType !== undefined && device.deviceType !== filter.deviceType) continue;
    if (filter.deviceId !== undefined && !answersTo(device, filter.deviceId)) continue;
    result.push(device);
  }
  return result;
}

export function getDevice(ctx: ServiceContext, id: string): DeviceRecord | undefined {
  return findOwnDevice(ctx, id);
}

export function createDevice(
  ctx: ServiceContext,
  input: DeviceCreateInput,
): { id: string; activationCode: string; profileId: string | null } {
  requireOwnMerchant(ctx, input.mchId);
  checkDeviceMethods(ctx, input.mchId, input.methodList);
  checkDeviceAcquirers(ctx, input.mchId, input.extParams);
  const code = ctx.store.newActivationCode();
  const record: DeviceRecord = {
    code,
    groupId: ctx.group.groupId,
    mchId: input.mchId,
    uuid: ctx.store.newUuid(),
    deviceType: input.deviceType || DEFAULT_DEVICE_TYPE,
    deviceStatus: DeviceStatus.Inactive,
    deviceUpdate: 0,
    profileId: provisioningProfileId(ctx, input.mchId, input.methodList),
    emvParams: { ...DEFAULT_DEVICE_EMV_PARAMS, ...input.emvParams },
    codeExpiresAt: codeExpiry(ctx),
    createdAt: ctx.timestamp,
    updatedAt: ctx.timestamp,
  };
  for (const key of ['deviceAlias', 'deviceName', 'operatingMode', 'methodList', 'deviceAdmin'] as const) {
    const value = input[key];
    if (value !== undefined) record[key] = value;
  }
  if (input.extParams !== undefined) record.extParams = input.extParams;
  ctx.store.putDevice(record);
  return { id: deviceId(record), activationCode: code, profileId: record.profileId };
}

export function updateDevice(ctx: ServiceContext, id: string, input: DeviceUpdateInput): DeviceRecord {
  const current = requireOwnDevice(ctx, id);
  if (current.deviceStatus === DeviceStatus.Decommission) throw invalid(`device ${id} is decommissioned and cannot be updated`);
  const next: DeviceRecord = { ...current };
  for (const key of ['deviceAlias', 'deviceName', 'operatingMode', 'methodList', 'deviceAdmin'] as const) {
    const value = input[key];
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  // Clearing a field the service defaults gives the default back, as on create.
  if (input.deviceType !== undefined) next.deviceType = input.deviceType || DEFAULT_DEVICE_TYPE;
  if (input.emvParams !== undefined) next.emvParams = { ...DEFAULT_DEVICE_EMV_PARAMS, ...input.emvParams };
  if (input.extParams === null) delete next.extParams;
  else if (input.extParams !== undefined) next.extParams = input.extParams;
  // Only what the body writes is checked: a binding removed since must not block renaming a till.
  if (input.methodList !== undefined) checkDeviceMethods(ctx, current.mchId, next.methodList);
  if (input.extParams !== undefined) checkDeviceAcquirers(ctx, current.mchId, next.extParams);
  next.profileId = provisioningProfileId(ctx, current.mchId, next.methodList);
  if (JSON.stringify(deviceView(next)) !== JSON.stringify(deviceView(current))) {
    // deviceUpdate flags a configuration change the terminal has not picked up yet.
    next.deviceUpdate = 1;
    next.updatedAt = ctx.timestamp;
  }
  ctx.store.putDevice(next);
  return next;
}

export function sendActivationCode(ctx: ServiceContext, input: { deviceId: string; email: string }): void {
  const device = requireOwnDevice(ctx, input.deviceId);
  ctx.store.addMail({
    groupId: ctx.group.groupId,
    to: input.email,
    deviceId: deviceId(device),
    activationCode: device.code,
    sentAt: ctx.timestamp,
  });
}

export function deviceEmvView(ctx: ServiceContext, id: string): { emvParams: JsonObject; emvAID: Array<{ aid: string; paymentMethod: string }> } | undefined {
  const device = findOwnDevice(ctx, id);
  if (!device) return undefined;
  return { emvParams: device.emvParams, emvAID: deviceEmvAids(ctx, device.mchId, device.methodList) };
}

export function deviceView(record: DeviceRecord): Record<string, unknown> {
  return {
    deviceId: deviceId(record),
    deviceType: record.deviceType,
    deviceStatus: record.deviceStatus,
    deviceUpdate: record.deviceUpdate,
    uuid: record.uuid,
    deviceAlias: record.deviceAlias,
    deviceName: record.deviceName,
    deviceAdmin: record.deviceAdmin,
    appVersion: record.appVersion,
    deviceToken: canonicalJson({ activationCode: record.code }),
    methodList: record.methodList,
    groupId: record.groupId,
    profileId: record.profileId,
    emvParams: canonicalJson(record.emvParams),
    extParams: record.extParams === undefined ? undefined : canonicalJson(record.extParams),
    operatingMode: record.operatingMode,
    activesAt: record.activesAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    // Present only on an activated device; a pending code has no isDevice key at all (never false).
    ...(record.terminalId !== undefined ? { isDevice: true } : {}),
  };
}

function answersTo(device: DeviceRecord, id: string): boolean {
  return id === deviceId(device) || id === `CD-${device.code}` || id === device.code;
}
