import { parameterError } from '../../errors.js';
import { createEmvConfig, deleteEmvConfig, emvConfigView, listEmvConfigs, updateEmvConfig } from '../../rules/emv-configs.js';
import { success } from '../envelope.js';
import { emvConfigCreateSchema, emvConfigUpdateSchema } from '../schemas/emv-config.js';
import { parseInput } from '../validation.js';
import { API_V1, pageOf, param, queryText, type ApiRequest, type ApiRoute } from './api-route.js';

/** Path `emvId` is a number in the reference. */
function emvIdParam(r: ApiRequest): number {
  const raw = param(r, 'emvId');
  if (!/^\d{1,15}$/.test(raw)) throw parameterError('emvId', `must be a number, got "${raw}"`);
  return Number(raw);
}

export const emvConfigRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: `${API_V1}/emv`,
    handler: (r) => {
      const paymentMethod = queryText(r, 'paymentMethod');
      if (paymentMethod !== undefined && !r.ctx.methods.has(paymentMethod)) {
        throw parameterError('paymentMethod', `has unknown payment method code "${paymentMethod}"`);
      }
      const records = listEmvConfigs(r.ctx, { paymentMethod, currency: queryText(r, 'currency'), emvName: queryText(r, 'emvName') });
      return pageOf(r, records, emvConfigView);
    },
  },
  {
    method: 'POST',
    pattern: `${API_V1}/emv`,
    handler: (r) => success({ id: createEmvConfig(r.ctx, parseInput(emvConfigCreateSchema(r.ctx.methods), r.body())).id }),
  },
  {
    method: 'PUT',
    pattern: `${API_V1}/emv/{emvId}`,
    handler: (r) => {
      const id = emvIdParam(r);
      updateEmvConfig(r.ctx, id, parseInput(emvConfigUpdateSchema, r.body()));
      return success();
    },
  },
  {
    method: 'DELETE',
    pattern: `${API_V1}/emv/{emvId}`,
    handler: (r) => {
      deleteEmvConfig(r.ctx, emvIdParam(r));
      return success();
    },
  },
];
