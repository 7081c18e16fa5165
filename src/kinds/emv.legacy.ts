/**
 * EMV configs on the legacy API (`/api/v2/emv`): create `{emvName, paymentMethod, params}` with
 * `params` an object and no currency, update `{params}`; records carry `params` (an object or a
 * JSON-encoded string), `aid` and `emvVersion`, and no currency. Read as the current API's records
 * in USD (legacy-context.ts).
 */
import type { EmvConfig, EmvConfigCreate, EmvConfigQuery, EmvConfigUpdate } from '../api/wire-types.js';
import type { ConfigurationApi } from '../backend/configuration-api.js';
import { canonicalMethodCode } from '../model/canonical.js';
import { emv, type LegacyEmvConfig, type LegacyEmvConfigCreate, type LegacyEmvConfigUpdate } from './emv.js';
import { LEGACY_RECORD_CURRENCY, type LegacyContext } from './legacy-context.js';
import { jsonText, refuseLegacyLacks, withoutEmpty, writtenObject } from './legacy-values.js';

/** A legacy EMV config as the current API's record. */
export function emvConfigFromLegacy(record: LegacyEmvConfig): EmvConfig {
  return withoutEmpty({
    id: record.id,
    groupId: record.groupId,
    emvName: record.emvName,
    paymentMethod: canonicalMethodCode(record.paymentMethod),
    currency: LEGACY_RECORD_CURRENCY,
    // The current record carries params JSON-encoded; the normaliser parses either form the same way.
    params: jsonText(record.params) ?? '{}',
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }) as EmvConfig;
}

export function legacyEmvCreate(body: EmvConfigCreate): LegacyEmvConfigCreate {
  checkCurrency(body.emvName, body.currency);
  return { emvName: body.emvName, paymentMethod: body.paymentMethod, params: paramsObject(body.params, body.emvName) };
}

export function legacyEmvUpdate(emvName: string, body: EmvConfigUpdate): LegacyEmvConfigUpdate {
  checkCurrency(emvName, body.currency);
  return { params: paramsObject(body.params, emvName) };
}

function checkCurrency(emvName: string, currency: string | undefined): void {
  refuseLegacyLacks(`EMV config "${emvName}"`, emv.facts, { currency });
}

/** The current body's JSON-encoded params as the object the legacy API takes. */
function paramsObject(text: string, emvName: string): Record<string, unknown> {
  return writtenObject(text, `the params of EMV config "${emvName}"`) ?? {};
}

export function legacyEmvConfigs({ legacy }: LegacyContext): ConfigurationApi['emvConfigs'] {
  return {
    async listAll(q?: EmvConfigQuery) {
      // Every legacy config is USD: a filter on another currency matches none.
      if (q?.currency !== undefined && q.currency !== LEGACY_RECORD_CURRENCY) return [];
      const query = withoutEmpty({ emvName: q?.emvName, paymentMethod: q?.paymentMethod });
      return (await legacy.emvConfigs.listAll(query)).map(emvConfigFromLegacy);
    },
    create: (body) => legacy.emvConfigs.create(legacyEmvCreate(body)),
    update: (emvId, body) => legacy.emvConfigs.update(emvId, legacyEmvUpdate(`#${emvId}`, body)),
    delete: (emvId) => legacy.emvConfigs.delete(emvId),
  };
}
