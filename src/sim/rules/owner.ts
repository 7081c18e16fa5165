import { invalid, ownerInvalid } from '../errors.js';
import type { DeviceRecord, MerchantRecord } from '../core/records.js';
import type { SimStore } from '../core/store.js';
import type { ServiceContext } from './context.js';

/**
 * Merchant, device, transaction and batch ids are global across the service, so a caller can name
 * another group's record. The service answers `Owner info invalid` (13000) for that instead of
 * "not found".
 */

/** The record found by a global id, as the caller may see it: 13000 when it is another group's. */
export function ownRecord<T extends { groupId: string }>(ctx: ServiceContext, record: T | undefined): T | undefined {
  if (record && record.groupId !== ctx.group.groupId) throw ownerInvalid();
  return record;
}

/** The record, or the refusal `<what> <id> not found`. */
export function found<T>(record: T | undefined, what: string, id: string): T {
  if (!record) throw invalid(`${what} ${id} not found`);
  return record;
}

/** The caller's merchant, or undefined when no merchant has this id; 13000 for another group's. */
export function findOwnMerchant(ctx: ServiceContext, mchId: string): MerchantRecord | undefined {
  return ownRecord(ctx, ctx.store.merchant(mchId));
}

export function requireOwnMerchant(ctx: ServiceContext, mchId: string): MerchantRecord {
  return found(findOwnMerchant(ctx, mchId), 'merchant', mchId);
}

const ACTIVATION_CODE = /^\d{12}$/;

/** Accepts the `CD-` id, the bare 12-digit activation code or an activated device's id. */
export function lookupDevice(store: SimStore, id: string): DeviceRecord | undefined {
  if (id.startsWith('CD-')) return store.deviceByCode(id.slice(3));
  if (ACTIVATION_CODE.test(id)) return store.deviceByCode(id);
  return store.deviceByTerminalId(id);
}

export function findOwnDevice(ctx: ServiceContext, id: string): DeviceRecord | undefined {
  return ownRecord(ctx, lookupDevice(ctx.store, id));
}

export function requireOwnDevice(ctx: ServiceContext, id: string): DeviceRecord {
  return found(findOwnDevice(ctx, id), 'device', id);
}
