import { formatTimestamp, parseTimestamp, type Clock } from '../core/clock.js';
import { DeviceStatus, type DeviceRecord } from '../core/records.js';
import type { SimStore } from '../core/store.js';
import { invalid } from '../errors.js';
import type { ServiceContext } from './context.js';
import { ACTIVATION_CODE_TTL_MS } from './device-provisioning.js';
import { codeExpiry, deviceId } from './devices.js';
import { lookupDevice, requireOwnDevice } from './owner.js';

/**
 * Transitions of reference 3.2. Pending code → (terminal login) → Active; Active ⇄ Logout
 * (logout by DELETE ?deviceStatus=2, back by a new login); Active/Logout → Decommission (final).
 * Idle turns any non-decommissioned record back into a pending code. The legacy API adds suspend
 * (Active/Logout → Inactive, still a device), after which the terminal logs in again with its code.
 */

/** `DELETE /device/{id}`: deletes a pending code; logs out (2) or decommissions (3) a device. */
export function deleteDevice(ctx: ServiceContext, id: string, deviceStatus: 2 | 3 | undefined): void {
  const device = requireOwnDevice(ctx, id);
  if (device.deviceStatus === DeviceStatus.Decommission) {
    // A repeated decommission is a no-op, so a client retrying after a lost answer is not refused.
    if (deviceStatus === DeviceStatus.Decommission) return;
    throw invalid(`device ${deviceId(device)} is decommissioned`);
  }
  if (device.terminalId === undefined) {
    if (deviceStatus !== undefined) {
      throw invalid(`deviceStatus ${deviceStatus} applies to an activated device; ${deviceId(device)} is a pending activation code`);
    }
    ctx.store.deleteDevice(device);
    return;
  }
  if (deviceStatus === undefined) {
    throw invalid('activated device needs deviceStatus 2 (logout) or 3 (decommission)');
  }
  if (device.deviceStatus === deviceStatus) return;
  ctx.store.putDevice({ ...device, deviceStatus, updatedAt: ctx.timestamp });
}

/**
 * Legacy `DELETE /api/v2/device/{id}?deviceStatus=0`: an activated device becomes inactive and
 * keeps its device id; its code is issued afresh so that the terminal can log in again with it.
 */
export function suspendDevice(ctx: ServiceContext, id: string): DeviceRecord {
  const device = requireOwnDevice(ctx, id);
  if (device.deviceStatus === DeviceStatus.Decommission) throw invalid(`device ${deviceId(device)} is decommissioned`);
  if (device.terminalId === undefined) {
    throw invalid(`deviceStatus 0 suspends an activated device; ${deviceId(device)} is a pending activation code`);
  }
  if (device.deviceStatus === DeviceStatus.Inactive) return device;
  const next: DeviceRecord = { ...device, deviceStatus: DeviceStatus.Inactive, codeExpiresAt: codeExpiry(ctx), updatedAt: ctx.timestamp };
  ctx.store.putDevice(next);
  return next;
}

/** `DELETE /device/{code}/idle`: the code is kept (or given back) as a pending code, free to log in again. */
export function idleDevice(ctx: ServiceContext, id: string): void {
  const device = requireOwnDevice(ctx, id);
  if (device.deviceStatus === DeviceStatus.Decommission) {
    throw invalid(`device ${deviceId(device)} is decommissioned; its activation code cannot be freed`);
  }
  const next: DeviceRecord = {
    ...device,
    deviceStatus: DeviceStatus.Inactive,
    codeExpiresAt: codeExpiry(ctx),
    updatedAt: ctx.timestamp,
  };
  delete next.terminalId;
  delete next.activesAt;
  delete next.appVersion;
  ctx.store.putDevice(next);
}

/**
 * What a terminal app login with an activation code does (admin surface only: the service has
 * no API for it). A logged-out device logs in again under its device id; a code that was idled
 * after activation becomes a new device.
 */
export function activateDevice(
  store: SimStore,
  clock: Clock,
  input: { activationCode: string; appVersion?: string | undefined },
): DeviceRecord {
  const code = input.activationCode;
  const device = /^(CD-)?\d{12}$/.test(code) ? lookupDevice(store, code) : undefined;
  if (!device) throw invalid(`activation code ${code} not found`);
  const now = clock();
  const timestamp = formatTimestamp(now);
  switch (device.deviceStatus) {
    case DeviceStatus.Active:
      throw invalid(`activation code ${code} is already in use by active device ${deviceId(device)}`);
    case DeviceStatus.Decommission:
      throw invalid(`device ${deviceId(device)} is decommissioned; its activation code cannot log in`);
    case DeviceStatus.Inactive:
      if (now.getTime() > parseTimestamp(device.codeExpiresAt)) {
        throw invalid(`activation code ${code} expired at ${device.codeExpiresAt}; idle it to issue it again`);
      }
      break;
    case DeviceStatus.Logout:
      break;
  }
  const next: DeviceRecord = {
    ...device,
    terminalId: device.terminalId ?? store.newTerminalId(),
    deviceStatus: DeviceStatus.Active,
    deviceUpdate: 0,
    appVersion: input.appVersion ?? device.appVersion ?? '1.0.0',
    activesAt: timestamp,
    codeExpiresAt: formatTimestamp(new Date(now.getTime() + ACTIVATION_CODE_TTL_MS)),
    updatedAt: timestamp,
  };
  store.putDevice(next);
  return next;
}
