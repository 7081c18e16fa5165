import { sendReceipt } from '../../rules/receipts.js';
import { captureTransaction, refundTransaction, voidTransaction } from '../../rules/transaction-actions.js';
import { transactionDetailView, transactionListView } from '../../rules/transaction-views.js';
import { findOwnTransaction, listTransactions, parseTransactionFilter } from '../../rules/transactions.js';
import { success } from '../envelope.js';
import { DOCUMENT_2_PAGE_SIZE } from '../page.js';
import { captureSchema, receiptMailSchema, refundSchema, voidSchema } from '../schemas/transaction.js';
import { parseInput } from '../validation.js';
import { pageOf, param, queryText, recordOf, type ApiRoute } from './api-route.js';

/**
 * Transactions (document 2, 4.1), for every group: unlike the legacy configuration endpoints,
 * these never answer 13310.
 */
const ORDER = '/api/v2/order';

export const orderRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: ORDER,
    handler: (r) => {
      const records = listTransactions(r.ctx, parseTransactionFilter((name) => queryText(r, name)));
      return pageOf(r, records, (t) => transactionListView(r.ctx.store, t), DOCUMENT_2_PAGE_SIZE);
    },
  },
  {
    method: 'GET',
    pattern: `${ORDER}/{transactionId}`,
    handler: (r) => {
      // Unknown id: code 0 with data null, as for the other detail reads.
      const record = findOwnTransaction(r.ctx, param(r, 'transactionId'));
      return recordOf(r, record ? transactionDetailView(r.ctx.store, record) : undefined);
    },
  },
  {
    method: 'POST',
    pattern: `${ORDER}/email/{transactionId}`,
    handler: (r) => {
      sendReceipt(r.ctx, param(r, 'transactionId'), parseInput(receiptMailSchema, r.body()).email);
      return success();
    },
  },
  {
    method: 'POST',
    pattern: `${ORDER}/void/{transactionId}`,
    handler: (r) => success(voidTransaction(r.ctx, param(r, 'transactionId'), parseInput(voidSchema, r.body()))),
  },
  {
    method: 'POST',
    pattern: `${ORDER}/refund/{transactionId}`,
    handler: (r) => success(refundTransaction(r.ctx, param(r, 'transactionId'), parseInput(refundSchema, r.body()))),
  },
  {
    method: 'POST',
    pattern: `${ORDER}/capture/{transactionId}`,
    handler: (r) => {
      // The reference's only body field is optional, so a capture of the whole amount may carry no body at all.
      captureTransaction(r.ctx, param(r, 'transactionId'), parseInput(captureSchema, r.optionalBody()));
      return success({});
    },
  },
];
