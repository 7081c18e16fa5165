import { invalid, ownerInvalid } from '../errors.js';
import type { DeviceRecord, MerchantRecord } from '../core/records.js';
import type { SimStore } from '../core/store.js';
import type { ServiceContext } from './context.js';

/**
 * Merchant and device ids are global across the service, so a caller can name another group's
 * record. The service answers `Owner info invalid` (13000) for that instead of "not found".
 */

/** The caller's merchant, or undefined when no merchant has this id; 13000 for another group's. */
export function findOwnMerchant(ctx: ServiceContext, mchId: string): MerchantRecord | undefined {
  const merchant = ctx.store.merchant(mchId);
  if (merchant && merchant.groupId !== ctx.group.groupId) throw ownerInvalid();
  return merchant;
}

export function requireOwnMerchant(ctx: ServiceContext, mchId: string): MerchantRecord {
  const merchant = findOwnMerchant(ctx, mchId);
  if (!merchant) throw invalid(`merchant ${mchId} not found`);
  return merchant;
}

const ACTIVATION_CODE = /^\d{12}$/;

/** Accepts the `CD-` id, the bare 12-digit activation code or an activated device's id. */
export function lookupDevice(store: SimStore, id: string): DeviceRecord | undefined {
  if (id.startsWith('CD-')) return store.deviceByCode(id.slice(3));
  if (ACTIVATION_CODE.test(id)) return store.deviceByCode(id);
  return store.deviceByTerminalId(id);
}

export function findOwnDevice(ctx: ServiceContext, id: string): DeviceRecord | undefined {
  const device = lookupDevice(ctx.store, id);
  if (device && device.groupId !== ctx.group.groupId) throw ownerInvalid();
  return device;
}

export function requireOwnDevice(ctx: ServiceContext, id: string): DeviceRecord {
  const device = findOwnDevice(ctx, id);
  if (!device) throw invalid(`device ${id} not found`);
  return device;
}
