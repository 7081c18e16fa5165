import { deleteMerchant, getMerchant, listMerchants } from '../../rules/merchants.js';
import { dropLegacyPaymentMethod } from '../../rules/legacy/merchant-payments.js';
import { bindLegacyPayment, createLegacyMerchant, legacyMerchantView, updateLegacyMerchant } from '../../rules/legacy/merchants.js';
import { success } from '../envelope.js';
import { legacyMerchantCreateSchema, legacyMerchantUpdateSchema, legacyPaymentBindSchema } from '../schemas/legacy-merchant.js';
import { parseInput } from '../validation.js';
import { param, queryText, recordOf, type ApiRoute } from './api-route.js';
import { legacyPageOf, legacyRoute } from './legacy-api-route.js';

/** `/api/v2/mchInfo` (document 2, 4.4, and the POST of a method binding the public onboarding client sends). */
export const legacyMerchantRoutes: ApiRoute[] = [
  legacyRoute('GET', '/mchInfo', (r) => {
    const records = listMerchants(r.ctx, { mchName: queryText(r, 'mchName'), mchId: queryText(r, 'mchId') });
    return legacyPageOf(r, records, (m) => legacyMerchantView(r.ctx, m));
  }),
  legacyRoute('POST', '/mchInfo', (r) =>
    recordOf(r, legacyMerchantView(r.ctx, createLegacyMerchant(r.ctx, parseInput(legacyMerchantCreateSchema(r.ctx.methods), r.body())))),
  ),
  legacyRoute('GET', '/mchInfo/{mchId}', (r) => {
    // Unknown id: code 0 with data null, as the current API answers.
    const merchant = getMerchant(r.ctx, param(r, 'mchId'));
    return recordOf(r, merchant ? legacyMerchantView(r.ctx, merchant) : undefined);
  }),
  legacyRoute('PUT', '/mchInfo/{mchId}', (r) => {
    const input = parseInput(legacyMerchantUpdateSchema(r.ctx.methods), r.body());
    return recordOf(r, legacyMerchantView(r.ctx, updateLegacyMerchant(r.ctx, param(r, 'mchId'), input)));
  }),
  legacyRoute('DELETE', '/mchInfo/{mchId}', (r) => {
    deleteMerchant(r.ctx, param(r, 'mchId'));
    return success();
  }),
  // Answers the envelope only, as the DELETE of a method does.
  legacyRoute('POST', '/mchInfo/payment/{mchId}', (r) => {
    bindLegacyPayment(r.ctx, param(r, 'mchId'), parseInput(legacyPaymentBindSchema(r.ctx.methods), r.body()));
    return success();
  }),
  legacyRoute('DELETE', '/mchInfo/payment/{mchId}/{paymentMethod}', (r) => {
    dropLegacyPaymentMethod(r.ctx, param(r, 'mchId'), param(r, 'paymentMethod'));
    return success();
  }),
];
