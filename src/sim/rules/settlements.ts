import { anyMethodInfo } from '../core/payment-methods.js';
import { SettleState, TranState, type SettlementBatchRecord, type TransactionRecord } from '../core/records.js';
import type { SimStore } from '../core/store.js';
import { invalid, parameterError } from '../errors.js';
import type { ServiceContext } from './context.js';
import { inCreatedRange, toMajor, type CreatedRange } from './money.js';
import { found, ownRecord, requireOwnMerchant } from './owner.js';
import { newestFirst } from './transaction-views.js';

/**
 * Settlement batches (document 2, 2.2 and 4.2). A batch gathers the transactions of one (acquirer
 * profile, merchant, terminal, currency, acquirer MID and TID: store.ts BatchKey) until it settles;
 * its `state` mirrors the transactions' `settleState`: 0 open, 1 settled, 2 settlement failed
 * (docs/simulator.md).
 */

/** What a batch is opened from: the routing facts of the transaction that joins it. */
export type BatchSource = Pick<TransactionRecord, 'profileId' | 'mchId' | 'mchName' | 'terminalId' | 'currency' | 'acqMid' | 'acqTid'>;

/** The acquirer's answer to a settlement that succeeded, and to one that failed (ISO 8583 `96`, system malfunction). */
export const ACQUIRER_CODE_SETTLED = '00';
export const ACQUIRER_CODE_FAILED = '96';

/**
 * The open batch that a transaction of `source` joins, opened when the key has none, with its
 * `updatedAt` moved to `at` (an ISO `…Z` timestamp; a backdated payment opens a backdated batch).
 * A transaction older than the key's open batch opens a batch of its own, which becomes the key's
 * open batch: a batch's `createdAt` is never later than one of its transactions', so a date filter
 * that finds the transaction finds its batch. undefined when the profile has `asSettleBlock`: its
 * transactions are excluded from PBO settlement and join no batch. The caller sets `batchId` on
 * its transaction and puts it.
 */
export function joinOpenBatch(ctx: ServiceContext, source: BatchSource, at: string): SettlementBatchRecord | undefined {
  const profile = ctx.group.acquirerProfiles.get(source.profileId);
  if (profile?.asSettleBlock === true) return undefined;
  const open = ctx.store.openBatch({ ...source, acquirerMid: source.acqMid, acquirerTid: source.acqTid });
  if (open && open.createdAt <= at) {
    const joined = { ...open, updatedAt: later(open.updatedAt, at) };
    ctx.store.putBatch(joined);
    return joined;
  }
  const batch: SettlementBatchRecord = {
    batchId: ctx.store.nextBatchId(),
    groupId: ctx.group.groupId,
    uuid: ctx.store.newUuid(),
    profileId: source.profileId,
    profileName: profile?.profileName ?? '',
    profileMessage: profile?.connMessageFormat ?? '',
    mchId: source.mchId,
    // The names when the batch opens: a refund of an old sale opens it under today's merchant name.
    mchName: ctx.store.merchant(source.mchId)?.mchName ?? source.mchName,
    terminalId: source.terminalId,
    acquirerMid: source.acqMid,
    acquirerTid: source.acqTid,
    currency: source.currency,
    batchNo: ctx.store.nextBatchNo(source.profileId, source.terminalId),
    state: SettleState.WAIT_FOR_SETTLE,
    acquirerRefNo: '',
    acquirerCode: '',
    successTime: '',
    createdAt: at,
    updatedAt: at,
  };
  ctx.store.putBatch(batch);
  return batch;
}

/** A batch's counts and amounts changed (a void): its `updatedAt` follows. */
export function touchBatch(ctx: ServiceContext, batchId: string | undefined): void {
  if (batchId === undefined) return;
  const batch = ctx.store.batch(batchId);
  if (batch) ctx.store.putBatch({ ...batch, updatedAt: later(batch.updatedAt, requestIso(ctx)) });
}

/** The request's time as the money records write it (`…Z` where the configuration records write `+0000`). */
export function requestIso(ctx: ServiceContext): string {
  return ctx.timestamp.replace(/\+0000$/, 'Z');
}

function later(a: string, b: string): string {
  return a > b ? a : b;
}

// reading

export interface BatchFilter {
  created: CreatedRange;
  batchId?: string | undefined;
}

/** The group's batches that match, newest first (then by batch id, descending). */
export function listBatches(ctx: ServiceContext, filter: BatchFilter): SettlementBatchRecord[] {
  if (filter.batchId !== undefined && !/^\d{1,15}$/.test(filter.batchId)) {
    throw parameterError('batchId', `must be a batch id (digits), got "${filter.batchId}"`);
  }
  const result: SettlementBatchRecord[] = [];
  for (const batch of ctx.store.batchesOf(ctx.group.groupId)) {
    if (filter.batchId !== undefined && batch.batchId !== filter.batchId) continue;
    if (!inCreatedRange(filter.created, batch.createdAt)) continue;
    result.push(batch);
  }
  return result.sort(newestFirst((b) => b.batchId));
}

/** The caller's batch; undefined for an unknown id, 13000 for another group's. */
export function findOwnBatch(ctx: ServiceContext, batchId: string): SettlementBatchRecord | undefined {
  return ownRecord(ctx, ctx.store.batch(batchId));
}

export function requireOwnBatch(ctx: ServiceContext, batchId: string): SettlementBatchRecord {
  return found(findOwnBatch(ctx, batchId), 'batch', batchId);
}

/**
 * What a transaction settles (or settled, or would have) as: a pre-authorisation its captured
 * amount (its authorised one before capture: what a void releases), anything else its amount.
 */
export function settledMinor(record: TransactionRecord): number {
  return record.tranType === 'PRE_AUTH' ? (record.capturedMinor ?? record.amountMinor) : record.amountMinor;
}

/**
 * How a transaction of a batch counts: a payment (its settled amount), a refund, a void, or not at
 * all. A pre-authorisation joins a batch only when captured, so it counts its captured amount.
 */
function batchEntry(record: TransactionRecord): { kind: 'payment' | 'refund' | 'void'; minor: number } | undefined {
  if (record.state === TranState.VOIDED) return { kind: 'void', minor: settledMinor(record) };
  if (record.tranType === 'REFUND') return record.state === TranState.APPROVED ? { kind: 'refund', minor: record.amountMinor } : undefined;
  // A partly or fully refunded sale still settles as a payment; its refunds settle as refunds.
  if (record.state === TranState.APPROVED || record.state === TranState.REFUNDED) return { kind: 'payment', minor: settledMinor(record) };
  return undefined;
}

export function batchListView(store: SimStore, batch: SettlementBatchRecord): Record<string, unknown> {
  const totals = { payment: { count: 0, minor: 0 }, refund: { count: 0, minor: 0 }, void: { count: 0, minor: 0 } };
  for (const record of store.transactionsOfBatch(batch.batchId)) {
    const entry = batchEntry(record);
    if (!entry) continue;
    totals[entry.kind].count += 1;
    totals[entry.kind].minor += entry.minor;
  }
  return {
    batchId: batch.batchId,
    batchNo: batch.batchNo,
    uuid: batch.uuid,
    state: batch.state,
    currency: batch.currency,
    paymentAmt: toMajor(totals.payment.minor, batch.currency),
    paymentCount: totals.payment.count,
    refundAmt: toMajor(totals.refund.minor, batch.currency),
    refundCount: totals.refund.count,
    voidAmt: toMajor(totals.void.minor, batch.currency),
    voidCount: totals.void.count,
    profileName: batch.profileName,
    profileMessage: batch.profileMessage,
    acquirerMid: batch.acquirerMid,
    acquirerTid: batch.acquirerTid,
    mchName: batch.mchName,
    acquirerRefNo: batch.acquirerRefNo,
    acquirerCode: batch.acquirerCode,
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
  };
}

const TRANS_TYPE_ORDER = ['SALE', 'PRE_AUTH', 'REFUND', 'VOID'];

/** The list record plus `successTime` and one `transactions` item per (type, method), voided ones under `VOID`. */
export function batchDetailView(store: SimStore, batch: SettlementBatchRecord): Record<string, unknown> {
  const groups = new Map<string, { transType: string; code: string; count: number; minor: number }>();
  for (const record of store.transactionsOfBatch(batch.batchId)) {
    const entry = batchEntry(record);
    if (!entry) continue;
    const transType = entry.kind === 'void' ? 'VOID' : record.tranType;
    const key = `${transType}|${record.paymentMethod}`;
    const group = groups.get(key) ?? { transType, code: record.paymentMethod, count: 0, minor: 0 };
    group.count += 1;
    group.minor += entry.minor;
    groups.set(key, group);
  }
  const transactions = [...groups.values()]
    .sort((a, b) => TRANS_TYPE_ORDER.indexOf(a.transType) - TRANS_TYPE_ORDER.indexOf(b.transType) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((g) => ({
      amount: toMajor(g.minor, batch.currency),
      transType: g.transType,
      count: g.count,
      paymentMethod: anyMethodInfo(g.code)?.name ?? g.code,
    }));
  return { ...batchListView(store, batch), successTime: batch.successTime, transactions };
}

// settling

/** A batch a settlement may be attempted on: the caller's, open or failed. */
function requireUnsettledBatch(ctx: ServiceContext, batchId: string): SettlementBatchRecord {
  const batch = requireOwnBatch(ctx, batchId);
  if (batch.state === SettleState.SETTLED) throw invalid(`batch ${batchId} is already settled`);
  return batch;
}

/** `POST /api/v2/settlement/settle`: an open or failed batch settles; its transactions are SETTLED. */
export function settleBatch(ctx: ServiceContext, batchId: string): SettlementBatchRecord {
  const batch = requireUnsettledBatch(ctx, batchId);
  const now = requestIso(ctx);
  const settled: SettlementBatchRecord = {
    ...batch,
    state: SettleState.SETTLED,
    acquirerRefNo: ctx.store.randomDigits(12),
    acquirerCode: ACQUIRER_CODE_SETTLED,
    successTime: now,
    updatedAt: later(batch.updatedAt, now),
  };
  ctx.store.putBatch(settled);
  return settled;
}

/**
 * `POST /_sim/settlement-failure`: a settlement attempt of an unsettled batch fails (state 2,
 * acquirer code 96); the batch stops taking transactions, and a later settle may succeed.
 */
export function failSettlement(ctx: ServiceContext, batchId: string): SettlementBatchRecord {
  const batch = requireUnsettledBatch(ctx, batchId);
  const now = requestIso(ctx);
  const failed: SettlementBatchRecord = {
    ...batch,
    state: SettleState.SETTLE_FAILED,
    acquirerCode: ACQUIRER_CODE_FAILED,
    updatedAt: later(batch.updatedAt, now),
  };
  ctx.store.putBatch(failed);
  return failed;
}

// settlement report e-mails

export interface SettlementEmailInput {
  batchIds: string[];
  email: string;
  mchId: string;
}

/** `POST /api/v2/settlement/email`: every batch must be the group's and the merchant's; the mail goes to the outbox. */
export function sendSettlementReport(ctx: ServiceContext, input: SettlementEmailInput): void {
  requireOwnMerchant(ctx, input.mchId);
  const batchIds: string[] = [];
  for (const batchId of input.batchIds) {
    const batch = requireOwnBatch(ctx, batchId);
    if (batch.mchId !== input.mchId) throw invalid(`batch ${batchId} belongs to merchant ${batch.mchId}, not ${input.mchId}`);
    if (!batchIds.includes(batchId)) batchIds.push(batchId);
  }
  ctx.store.addMail({ kind: 'settlement-report', groupId: ctx.group.groupId, to: input.email, mchId: input.mchId, batchIds, sentAt: ctx.timestamp });
}
