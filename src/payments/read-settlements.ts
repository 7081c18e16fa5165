import type { ApiClient } from '../api/index.js';
import type { SettlementBatch } from '../api/wire-types-payments.js';
import { PaycfgError } from '../errors.js';
import type { SettlementBatchFacts } from './settlement-batch.js';

/** The endpoint a plan reads its settlement batches from, as messages name it. */
export const SETTLEMENT_LIST = 'GET /api/v2/settlement';

/**
 * The settlement batches could not be read, so the settlement guard cannot say whether money routes
 * through what the plan removes. Never a silent pass: the plan is not made.
 */
export class SettlementReadError extends PaycfgError {
  readonly code = 'SETTLEMENT_READ';
}

/** The first UTC day a read `since` covers, as the list's createdStart takes it (`yyyy-MM-dd`). */
export function createdStartOf(since: Date): string {
  return since.toISOString().slice(0, 10);
}

function factsOf(batch: SettlementBatch): SettlementBatchFacts {
  return {
    batchId: batch.batchId,
    profileName: batch.profileName ?? '',
    acquirerMid: batch.acquirerMid ?? '',
    acquirerTid: batch.acquirerTid ?? '',
    mchName: batch.mchName ?? '',
    currency: batch.currency,
    state: batch.state,
    paymentCount: batch.paymentCount ?? 0,
    paymentAmt: batch.paymentAmt ?? 0,
    refundCount: batch.refundCount ?? 0,
    refundAmt: batch.refundAmt ?? 0,
    createdAt: batch.createdAt ?? '',
    updatedAt: batch.updatedAt ?? batch.createdAt ?? '',
  };
}

/**
 * Every settlement batch of the group created on or after the UTC day of `since`: one list read
 * (the client walks its pages when the service caps them), whatever the size of the plan. A
 * failure (a token that may not read settlements, the service down) is a SettlementReadError that
 * names the endpoint and carries the client's error as its cause.
 */
export async function readSettlementBatches(client: Pick<ApiClient, 'settlements'>, since: Date): Promise<SettlementBatchFacts[]> {
  const createdStart = createdStartOf(since);
  let batches: SettlementBatch[];
  try {
    batches = await client.settlements.listAll({ createdStart });
  } catch (error) {
    if (!(error instanceof PaycfgError)) throw error;
    throw new SettlementReadError(
      `cannot read the group's settlement batches (${SETTLEMENT_LIST}?createdStart=${createdStart}): ${error.message}\n` +
        'The plan deletes, replaces or re-routes something payments go through, and paycfg makes no such plan without knowing which ' +
        'batches are still unsettled. Give paycfg a token that may read settlements (or fix what kept it from answering), then plan again.',
      { ...error.details, endpoint: SETTLEMENT_LIST, createdStart, causeCode: error.code },
      { cause: error },
    );
  }
  return batches.map(factsOf);
}
