import { seg, type EndpointCalls } from './endpoint-calls.js';
import { EMAIL_OUTCOME_CHECK } from './transactions-client.js';
import type { IdResult, Page, PageQuery } from './wire-types.js';
import type { SettlementBatch, SettlementBatchDetail, SettlementEmailRequest, SettlementQuery } from './wire-types-payments.js';

/**
 * Settlement batches (`/api/v2/settlement`, document 2, 4.2), for every group. Their pages carry
 * `pages` and `size`: listAll asks for everything (pageSize -1) and, when the service caps the
 * page, walks the pages it counts, until it holds `total` batches (paginate.ts). Settle and the
 * report e-mail are POSTs, never sent twice by the client.
 */

export interface SettlementsClient {
  list(q?: SettlementQuery & PageQuery): Promise<Page<SettlementBatch>>;
  listAll(q?: SettlementQuery): Promise<SettlementBatch[]>;
  /** Null when no batch has this id. */
  get(batchId: string): Promise<SettlementBatchDetail | null>;
  /** Settles an open (or failed) batch; answers the batch id. */
  settle(batchId: string): Promise<IdResult>;
  /** Sends the settlement report of the merchant's batches. */
  email(request: SettlementEmailRequest): Promise<void>;
}

const SETTLEMENT = '/api/v2/settlement';

export function settlementsClient(calls: EndpointCalls): SettlementsClient {
  const { call, callVoid, getOrNull } = calls;
  const batches = calls.list<SettlementBatch, SettlementQuery>({
    endpoint: SETTLEMENT,
    path: () => SETTLEMENT,
    schema: 'settlement-batch',
    keyOf: (b) => b.batchId,
    firstPageSize: -1,
    // Payments keep arriving while a walk runs: newest first, each pushes the others back.
    growsAtFront: true,
  });

  return {
    list: (q) => batches.page('', q),
    listAll: (q) => batches.all('', q),
    get: (batchId) => getOrNull<SettlementBatchDetail>(`${SETTLEMENT}/{batchId}`, `${SETTLEMENT}/${seg(batchId)}`, 'settlement-batch-detail'),
    settle: (batchId) =>
      call<IdResult>('POST', `${SETTLEMENT}/settle`, `${SETTLEMENT}/settle`, { kind: 'record', schema: 'id-result' }, {
        body: { batchId },
        outcomeCheck: `Check GET ${SETTLEMENT}/${seg(batchId)} (state 1: settled) before trying again`,
      }),
    email: ({ batchIds, email, mchId }) =>
      callVoid('POST', `${SETTLEMENT}/email`, `${SETTLEMENT}/email`, {
        // The reference types batchIds as a string holding a JSON array of {batchId}.
        body: { batchIds: JSON.stringify(batchIds.map((batchId) => ({ batchId }))), email, mchId },
        outcomeCheck: EMAIL_OUTCOME_CHECK,
      }),
  };
}
