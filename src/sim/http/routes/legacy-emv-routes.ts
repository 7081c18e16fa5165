import { isPaymentMethodCode } from '../../core/payment-methods.js';
import { parameterError } from '../../errors.js';
import { createEmvConfig, deleteEmvConfig, emvConfigView, listEmvConfigs, updateEmvConfig } from '../../rules/emv-configs.js';
import { success } from '../envelope.js';
import { emvConfigCreateSchema, emvConfigUpdateSchema } from '../schemas/emv-config.js';
import { parseInput } from '../validation.js';
import { param, queryText, type ApiRequest, type ApiRoute } from './api-route.js';
import { legacyPageOf, legacyRoute } from './legacy-api-route.js';

function emvIdParam(r: ApiRequest): number {
  const raw = param(r, 'emvId');
  if (!/^\d{1,15}$/.test(raw)) throw parameterError('emvId', `must be a number, got "${raw}"`);
  return Number(raw);
}

/** `/api/v2/emv`: document 2 shows no legacy EMV shape, so these are the current API's shapes and rules. */
export const legacyEmvRoutes: ApiRoute[] = [
  legacyRoute('GET', '/emv', (r) => {
    const paymentMethod = queryText(r, 'paymentMethod');
    if (paymentMethod !== undefined && !isPaymentMethodCode(paymentMethod)) {
      throw parameterError('paymentMethod', `has unknown payment method code "${paymentMethod}"`);
    }
    const records = listEmvConfigs(r.ctx, { paymentMethod, currency: queryText(r, 'currency'), emvName: queryText(r, 'emvName') });
    return legacyPageOf(r, records, emvConfigView);
  }),
  legacyRoute('POST', '/emv', (r) => success({ id: createEmvConfig(r.ctx, parseInput(emvConfigCreateSchema, r.body())).id })),
  legacyRoute('PUT', '/emv/{emvId}', (r) => {
    const id = emvIdParam(r);
    updateEmvConfig(r.ctx, id, parseInput(emvConfigUpdateSchema, r.body()));
    return success();
  }),
  legacyRoute('DELETE', '/emv/{emvId}', (r) => {
    deleteEmvConfig(r.ctx, emvIdParam(r));
    return success();
  }),
];
