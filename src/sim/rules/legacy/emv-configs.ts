import { canonicalJson, type JsonObject } from '../../core/json.js';
import type { EmvConfigRecord } from '../../core/records.js';
import type { ServiceContext } from '../context.js';
import { createEmvConfig, requireEmvConfig, updateEmvConfig } from '../emv-configs.js';
import { LEGACY_CURRENCY } from './common.js';

/**
 * The legacy EMV config over the current API's record. The public documentation creates one with
 * `params` as an object and no currency, and lists records with `aid` and `emvVersion` and no
 * currency. A currency sent anyway is kept, as the simulator's earlier legacy view took it.
 */

export interface LegacyEmvCreateInput {
  emvName: string;
  /** a code; the schema has already turned a name into its code */
  paymentMethod: string;
  params: JsonObject;
  currency?: string | undefined;
}

export interface LegacyEmvUpdateInput {
  params: JsonObject;
  currency?: string | undefined;
  emvName?: string | undefined;
  paymentMethod?: string | undefined;
}

export function createLegacyEmvConfig(ctx: ServiceContext, input: LegacyEmvCreateInput): EmvConfigRecord {
  return createEmvConfig(ctx, { ...input, currency: input.currency ?? LEGACY_CURRENCY });
}

/** `params` replaces the stored ones; the currency stays unless sent. */
export function updateLegacyEmvConfig(ctx: ServiceContext, id: number, input: LegacyEmvUpdateInput): EmvConfigRecord {
  const current = requireEmvConfig(ctx, id);
  return updateEmvConfig(ctx, id, { ...input, currency: input.currency ?? current.currency });
}

/** A record of the legacy list: params as an object, `aid` and `emvVersion` read from them (`""` when they hold none). */
export function legacyEmvConfigView(record: EmvConfigRecord): Record<string, unknown> {
  return {
    id: record.id,
    groupId: record.groupId,
    emvName: record.emvName,
    paymentMethod: record.paymentMethod,
    aid: paramText(record.params, 'aid'),
    emvVersion: paramText(record.params, 'emvVersion'),
    // Keys sorted, as every JSON field the service answers.
    params: JSON.parse(canonicalJson(record.params)) as JsonObject,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

function paramText(params: JsonObject, key: string): string {
  const value = params[key];
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}
