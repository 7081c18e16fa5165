import type { TransactionRecord } from '../core/records.js';
import { parameterError } from '../errors.js';
import type { ServiceContext } from './context.js';
import { inCreatedRange, parseCreatedRange, type CreatedRange } from './money.js';
import { found, ownRecord } from './owner.js';
import { newestFirst, transactionSettleState } from './transaction-views.js';

/**
 * Reading transactions (document 2, 4.1): the list with its filters, and one transaction with its
 * owner checked. Transaction ids are global, so another group's id is 13000, as for merchants.
 */

export interface TransactionFilter {
  created: CreatedRange;
  transactionId?: string | undefined;
  /** the acquirer's reference of a transaction: its RRN */
  acquirerRefNo?: string | undefined;
  /** the terminal id (`T` + 10 digits) */
  deviceId?: string | undefined;
  settleState?: number | undefined;
  state?: number | undefined;
}

/** The list's query parameters; an empty value counts as absent, a malformed one is a parameter error. */
export function parseTransactionFilter(query: (name: string) => string | undefined): TransactionFilter {
  const transactionId = query('transactionId');
  if (transactionId !== undefined && !/^\d{12}$/.test(transactionId)) {
    throw parameterError('transactionId', `must be a transaction id (12 digits), got "${transactionId}"`);
  }
  return {
    created: parseCreatedRange(query('createdStart'), query('createdEnd')),
    transactionId,
    acquirerRefNo: query('acquirerRefNo'),
    deviceId: query('deviceId'),
    state: enumNumber(query, 'state', 7, '0 INIT to 7 REVERSED'),
    settleState: enumNumber(query, 'settleState', 2, '0 WAIT_FOR_SETTLE, 1 SETTLED or 2 SETTLE_FAILED'),
  };
}

function enumNumber(query: (name: string) => string | undefined, name: string, max: number, meaning: string): number | undefined {
  const raw = query(name);
  if (raw === undefined) return undefined;
  const value = /^\d{1,2}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(value >= 0 && value <= max)) throw parameterError(name, `must be a number from 0 to ${max} (${meaning}), got "${raw}"`);
  return value;
}

/** The group's transactions that match every filter, newest first (then by id, descending). */
export function listTransactions(ctx: ServiceContext, filter: TransactionFilter): TransactionRecord[] {
  let candidates: Iterable<TransactionRecord> = ctx.store.transactionsOf(ctx.group.groupId);
  if (filter.transactionId !== undefined) {
    const one = ctx.store.transaction(filter.transactionId);
    candidates = one?.groupId === ctx.group.groupId ? [one] : [];
  }
  const result: TransactionRecord[] = [];
  for (const record of candidates) {
    if (filter.acquirerRefNo !== undefined && record.rrn !== filter.acquirerRefNo) continue;
    if (filter.deviceId !== undefined && record.terminalId !== filter.deviceId) continue;
    if (filter.state !== undefined && record.state !== filter.state) continue;
    // A transaction in no batch has no settle state, so no settleState filter matches it.
    if (filter.settleState !== undefined && transactionSettleState(ctx.store, record) !== filter.settleState) continue;
    if (!inCreatedRange(filter.created, record.createdAt)) continue;
    result.push(record);
  }
  return result.sort(newestFirst((t) => t.tranId));
}

/** The caller's transaction; undefined for an unknown id, 13000 for another group's. */
export function findOwnTransaction(ctx: ServiceContext, tranId: string): TransactionRecord | undefined {
  return ownRecord(ctx, ctx.store.transaction(tranId));
}

export function requireOwnTransaction(ctx: ServiceContext, tranId: string): TransactionRecord {
  return found(findOwnTransaction(ctx, tranId), 'transaction', tranId);
}
