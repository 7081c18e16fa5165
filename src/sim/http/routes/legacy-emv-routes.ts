import { parameterError } from '../../errors.js';
import { deleteEmvConfig, listEmvConfigs } from '../../rules/emv-configs.js';
import { createLegacyEmvConfig, legacyEmvConfigView, updateLegacyEmvConfig } from '../../rules/legacy/emv-configs.js';
import { success } from '../envelope.js';
import { legacyEmvCreateSchema, legacyEmvUpdateSchema } from '../schemas/legacy-emv-config.js';
import { parseInput } from '../validation.js';
import { param, queryText, type ApiRequest, type ApiRoute } from './api-route.js';
import { legacyPageWithHasNext, legacyRoute } from './legacy-api-route.js';

function emvIdParam(r: ApiRequest): number {
  const raw = param(r, 'emvId');
  if (!/^\d{1,15}$/.test(raw)) throw parameterError('emvId', `must be a number, got "${raw}"`);
  return Number(raw);
}

/** The `paymentMethod` filter: a code or a name (`VISA`), compared as its code. */
function methodQuery(r: ApiRequest): string | undefined {
  const raw = queryText(r, 'paymentMethod');
  if (raw === undefined) return undefined;
  const code = r.ctx.methods.codeOf(raw);
  if (code === undefined) throw parameterError('paymentMethod', `has unknown payment method code "${raw}"`);
  return code;
}

/**
 * `/api/v2/emv`, in the shapes of the public documentation: create `{emvName, paymentMethod,
 * params}` with `params` an object and no currency (rules/legacy/emv-configs.ts), update `{params}`,
 * list records with `aid` and `emvVersion` and no currency, `hasNext` after `records`. The current
 * API's rules (unique name, immutable method, a config in use kept) hold.
 */
export const legacyEmvRoutes: ApiRoute[] = [
  legacyRoute('GET', '/emv', (r) => {
    const records = listEmvConfigs(r.ctx, { paymentMethod: methodQuery(r), currency: queryText(r, 'currency'), emvName: queryText(r, 'emvName') });
    return legacyPageWithHasNext(r, records, legacyEmvConfigView);
  }),
  legacyRoute('POST', '/emv', (r) => success({ id: createLegacyEmvConfig(r.ctx, parseInput(legacyEmvCreateSchema(r.ctx.methods), r.body())).id })),
  legacyRoute('PUT', '/emv/{emvId}', (r) => {
    const id = emvIdParam(r);
    updateLegacyEmvConfig(r.ctx, id, parseInput(legacyEmvUpdateSchema(r.ctx.methods), r.body()));
    return success();
  }),
  legacyRoute('DELETE', '/emv/{emvId}', (r) => {
    deleteEmvConfig(r.ctx, emvIdParam(r));
    return success();
  }),
];
