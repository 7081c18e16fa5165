import { createMerchant, deleteMerchant, getMerchant, listMerchants, merchantView, replaceMerchant } from '../../rules/merchants.js';
import { success } from '../envelope.js';
import { merchantSchema } from '../schemas/merchant.js';
import { parseInput } from '../validation.js';
import { API_V1, pageOf, param, queryText, recordOf, type ApiRoute } from './api-route.js';

export const merchantRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: `${API_V1}/mchInfo`,
    handler: (r) => {
      const records = listMerchants(r.ctx, {
        uuid: queryText(r, 'uuid'),
        mchId: queryText(r, 'mchId'),
        mchName: queryText(r, 'mchName'),
        activationCode: queryText(r, 'activationCode'),
      });
      return pageOf(r, records, (m) => merchantView(r.ctx, m));
    },
  },
  {
    method: 'POST',
    pattern: `${API_V1}/mchInfo`,
    handler: (r) => recordOf(r, merchantView(r.ctx, createMerchant(r.ctx, parseInput(merchantSchema, r.body())))),
  },
  {
    method: 'GET',
    pattern: `${API_V1}/mchInfo/{mchId}`,
    handler: (r) => {
      // Unknown id: code 0 with data null, as the reference documents for devices.
      const merchant = getMerchant(r.ctx, param(r, 'mchId'));
      return recordOf(r, merchant ? merchantView(r.ctx, merchant) : undefined);
    },
  },
  {
    method: 'PUT',
    pattern: `${API_V1}/mchInfo/{mchId}`,
    handler: (r) => {
      const input = parseInput(merchantSchema, r.body());
      return recordOf(r, merchantView(r.ctx, replaceMerchant(r.ctx, param(r, 'mchId'), input)));
    },
  },
  {
    method: 'DELETE',
    pattern: `${API_V1}/mchInfo/{mchId}`,
    handler: (r) => {
      deleteMerchant(r.ctx, param(r, 'mchId'));
      return success();
    },
  },
];
