import { canonicalJson, type JsonObject } from '../core/json.js';
import type { EmvConfigRecord } from '../core/records.js';
import { invalid } from '../errors.js';
import type { ServiceContext } from './context.js';

export interface EmvConfigCreateInput {
  emvName: string;
  paymentMethod: string;
  currency: string;
  params: JsonObject;
}

/** Only currency and params change; emvName and paymentMethod may be echoed back unchanged. */
export interface EmvConfigUpdateInput {
  currency: string;
  params: JsonObject;
  emvName?: string | undefined;
  paymentMethod?: string | undefined;
}

export interface EmvConfigFilter {
  paymentMethod?: string | undefined;
  currency?: string | undefined;
  emvName?: string | undefined;
}

export function listEmvConfigs(ctx: ServiceContext, filter: EmvConfigFilter): EmvConfigRecord[] {
  const nameNeedle = filter.emvName?.toLowerCase();
  return [...ctx.group.emvConfigs.values()].filter(
    (r) =>
      (filter.paymentMethod === undefined || r.paymentMethod === filter.paymentMethod) &&
      (filter.currency === undefined || r.currency === filter.currency) &&
      (nameNeedle === undefined || r.emvName.toLowerCase().includes(nameNeedle)),
  );
}

export function createEmvConfig(ctx: ServiceContext, input: EmvConfigCreateInput): EmvConfigRecord {
  for (const other of ctx.group.emvConfigs.values()) {
    if (other.emvName === input.emvName) throw invalid('name exist');
  }
  const record: EmvConfigRecord = {
    id: ctx.store.nextNumericId(),
    groupId: ctx.group.groupId,
    emvName: input.emvName,
    paymentMethod: input.paymentMethod,
    currency: input.currency,
    params: input.params,
    createdAt: ctx.timestamp,
    updatedAt: ctx.timestamp,
  };
  ctx.store.putEmvConfig(record);
  return record;
}

export function requireEmvConfig(ctx: ServiceContext, id: number): EmvConfigRecord {
  const record = ctx.group.emvConfigs.get(id);
  if (!record) throw invalid(`emv config ${id} not found`);
  return record;
}

export function updateEmvConfig(ctx: ServiceContext, id: number, input: EmvConfigUpdateInput): EmvConfigRecord {
  const current = requireEmvConfig(ctx, id);
  if (input.paymentMethod !== undefined && input.paymentMethod !== current.paymentMethod) {
    throw invalid('paymentMethod is immutable');
  }
  if (input.emvName !== undefined && input.emvName !== current.emvName) {
    throw invalid('emvName cannot be changed; only currency and params can');
  }
  const next: EmvConfigRecord = { ...current, currency: input.currency, params: input.params, updatedAt: ctx.timestamp };
  ctx.store.putEmvConfig(next);
  return next;
}

export function deleteEmvConfig(ctx: ServiceContext, id: number): void {
  const record = requireEmvConfig(ctx, id);
  for (const profile of ctx.group.acquirerProfiles.values()) {
    const used = Object.values(profile.emvList ?? {}).some((ids) => ids.includes(id));
    if (used) throw invalid(`EMV config in use by acquirer profile ${profile.profileName}`);
  }
  const binding = ctx.group.bindingsByEmv.get(id)?.values().next().value;
  if (binding) throw invalid(`EMV config in use by merchant ${binding.mchId}`);
  ctx.store.deleteEmvConfig(record);
}

export function emvConfigView(record: EmvConfigRecord): Record<string, unknown> {
  return {
    id: record.id,
    groupId: record.groupId,
    emvName: record.emvName,
    paymentMethod: record.paymentMethod,
    currency: record.currency,
    params: canonicalJson(record.params),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
