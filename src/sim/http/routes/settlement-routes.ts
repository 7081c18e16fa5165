import { parseCreatedRange } from '../../rules/money.js';
import { batchDetailView, batchListView, findOwnBatch, listBatches, sendSettlementReport, settleBatch } from '../../rules/settlements.js';
import { success } from '../envelope.js';
import { settlementWirePage } from '../money-page.js';
import { DOCUMENT_2_PAGE_SIZE, paginate, parsePageRequest } from '../page.js';
import { settlementEmailSchema, settleSchema } from '../schemas/settlement.js';
import { parseInput } from '../validation.js';
import { wireRecord } from '../wire-style.js';
import { param, queryText, recordOf, type ApiRoute } from './api-route.js';

/**
 * Settlement batches (document 2, 4.2), for every group: these endpoints never answer 13310. One
 * overview of the reference names the prefix `/api/v2/settle`; both answer alike.
 */
function routesUnder(prefix: string): ApiRoute[] {
  return [
    {
      method: 'GET',
      pattern: prefix,
      handler: (r) => {
        const batches = listBatches(r.ctx, {
          created: parseCreatedRange(queryText(r, 'createdStart'), queryText(r, 'createdEnd')),
          batchId: queryText(r, 'batchId'),
        });
        const style = r.ctx.wireStyle;
        const page = paginate(batches, parsePageRequest(r.query, DOCUMENT_2_PAGE_SIZE), (b) => wireRecord(batchListView(r.ctx.store, b), style), r.maxPageSize);
        return success(settlementWirePage(page, style));
      },
    },
    {
      method: 'GET',
      pattern: `${prefix}/{batchId}`,
      handler: (r) => {
        // An unknown batch is code 0 with data null, as the reference documents for devices.
        const batch = findOwnBatch(r.ctx, param(r, 'batchId'));
        return recordOf(r, batch ? batchDetailView(r.ctx.store, batch) : undefined);
      },
    },
    {
      method: 'POST',
      pattern: `${prefix}/settle`,
      handler: (r) => {
        const settled = settleBatch(r.ctx, parseInput(settleSchema, r.body()).batchId);
        return success({ id: Number(settled.batchId) });
      },
    },
    {
      method: 'POST',
      pattern: `${prefix}/email`,
      handler: (r) => {
        sendSettlementReport(r.ctx, parseInput(settlementEmailSchema, r.body()));
        return success();
      },
    },
  ];
}

export const settlementRoutes: ApiRoute[] = [...routesUnder('/api/v2/settlement'), ...routesUnder('/api/v2/settle')];
