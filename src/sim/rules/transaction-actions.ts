import { anyMethodInfo } from '../core/payment-methods.js';
import { SettleState, TranState, type TransactionAction, type TransactionRecord } from '../core/records.js';
import { invalid } from '../errors.js';
import { checkAdminPassword } from './admin-password.js';
import type { ServiceContext } from './context.js';
import { formatMajor, positiveMinor, toMajor } from './money.js';
import { APPROVAL_ALPHABET, profileAllows } from './payments.js';
import { joinOpenBatch, requestIso, settledMinor, touchBatch } from './settlements.js';
import { tranStatusName } from './transaction-views.js';
import { requireOwnTransaction } from './transactions.js';

/**
 * Void, refund and capture (document 2, 4.1), with the transitions docs/simulator.md chose where
 * the reference shows none. Every refusal is code 10000 with a message that says why. Void and
 * refund need the terminal's admin password (admin-password.ts); capture's body has none.
 */

export interface VoidAnswer {
  currency: string;
  state: number;
  deviceId: string;
  /** the amount voided, in major units */
  refundAmount: number;
}

/** What the acquirer answers to an action it accepts. */
const ACTION_STATUS = 'SUCCESS';
const HOST_APPROVED = '00';

export function voidTransaction(ctx: ServiceContext, tranId: string, input: { adminPwd: string }): VoidAnswer {
  const record = requireOwnTransaction(ctx, tranId);
  checkTerminalPassword(ctx, record, input.adminPwd);
  const refusal = voidRefusal(ctx, record);
  if (refusal !== undefined) throw invalid(refusal);
  requireTypeAllowed(ctx, record, 'Void');
  const voidedMinor = settledMinor(record);
  const now = requestIso(ctx);
  const action = newAction(ctx, record, { actionType: 'VOID', tranId: record.tranId, amountMinor: voidedMinor, reason: '' });
  ctx.store.putTransaction({ ...record, state: TranState.VOIDED, actions: [...record.actions, action], updatedAt: now });
  touchBatch(ctx, record.batchId);
  if (record.tranType === 'REFUND' && record.linkedTranId !== undefined) {
    // The refund's amount is the sale's again: a sale refunded in full is APPROVED once more. The
    // sale changed, so its batch (settled or not, often another than the refund's) is updated too.
    const sale = ctx.store.transaction(record.linkedTranId);
    if (sale?.state === TranState.REFUNDED) ctx.store.putTransaction({ ...sale, state: TranState.APPROVED, updatedAt: now });
    if (sale !== undefined && sale.batchId !== record.batchId) touchBatch(ctx, sale.batchId);
  }
  return {
    currency: record.currency,
    state: TranState.VOIDED,
    deviceId: record.terminalId,
    refundAmount: toMajor(voidedMinor, record.currency),
  };
}

function voidRefusal(ctx: ServiceContext, record: TransactionRecord): string | undefined {
  const id = record.tranId;
  if (record.state === TranState.VOIDED) return `transaction ${id} is already voided`;
  const refunds = liveRefunds(ctx, record);
  if (refunds.length > 0) {
    return `transaction ${id} has refunds that are not voided (${refunds.map((r) => r.tranId).join(', ')}); void them first`;
  }
  if (record.state !== TranState.APPROVED) {
    return `transaction ${id} is ${tranStatusName(record.state)}; only an APPROVED sale, pre-authorisation or refund can be voided`;
  }
  const batch = record.batchId === undefined ? undefined : ctx.store.batch(record.batchId);
  if (batch?.state === SettleState.SETTLED) {
    const instead = record.tranType === 'REFUND' ? '' : '; refund it instead';
    return `transaction ${id} is settled (batch ${batch.batchId}) and can no longer be voided${instead}`;
  }
  return undefined;
}

export function refundTransaction(
  ctx: ServiceContext,
  tranId: string,
  input: { refundAmount: number | string; refundReason: string; adminPwd: string },
): { id: number } {
  const sale = requireOwnTransaction(ctx, tranId);
  const minor = positiveMinor('refundAmount', input.refundAmount, sale.currency);
  checkTerminalPassword(ctx, sale, input.adminPwd);
  const refusal = refundRefusal(sale);
  if (refusal !== undefined) throw invalid(refusal);
  requireTypeAllowed(ctx, sale, 'Refund');
  const base = settledMinor(sale);
  const refunded = liveRefunds(ctx, sale).reduce((sum, refund) => sum + refund.amountMinor, 0);
  const left = base - refunded;
  if (minor > left) {
    const cur = sale.currency;
    throw invalid(
      `refundAmount ${formatMajor(minor, cur)} ${cur} is more than the ${formatMajor(left, cur)} ${cur} left to refund on transaction ${sale.tranId} ` +
        `(${formatMajor(base, cur)} ${cur}, of which ${formatMajor(refunded, cur)} ${cur} refunded)`,
    );
  }
  const now = requestIso(ctx);
  const refund = refundRecord(ctx, sale, minor, now);
  const batch = joinOpenBatch(ctx, refund, now);
  if (batch !== undefined) refund.batchId = batch.batchId;
  ctx.store.putTransaction(refund);
  const action = newAction(ctx, sale, {
    actionType: 'REFUND',
    tranId: refund.tranId,
    amountMinor: minor,
    reason: input.refundReason,
    trace: refund.trace,
  });
  ctx.store.putTransaction({
    ...sale,
    state: refunded + minor === base ? TranState.REFUNDED : sale.state,
    actions: [...sale.actions, action],
    updatedAt: now,
  });
  return { id: Number(refund.tranId) };
}

function refundRefusal(sale: TransactionRecord): string | undefined {
  const id = sale.tranId;
  if (sale.tranType === 'REFUND') {
    return `transaction ${id} is a refund; only a sale or a captured pre-authorisation can be refunded`;
  }
  if (sale.tranType === 'PRE_AUTH' && sale.capturedMinor === undefined && sale.state === TranState.APPROVED) {
    return `pre-authorisation ${id} is not captured; capture it first, or void it to release the hold`;
  }
  if (sale.state === TranState.REFUNDED) return `transaction ${id} is already refunded in full`;
  if (sale.state !== TranState.APPROVED) {
    return `transaction ${id} is ${tranStatusName(sale.state)}; only an APPROVED sale or captured pre-authorisation can be refunded`;
  }
  return undefined;
}

/**
 * The refund as the terminal's acquirer answered it: the sale's card and routing facts, a new id,
 * trace, approval code and RRN. `mchName` is the merchant's name now, as for any new transaction.
 */
function refundRecord(ctx: ServiceContext, sale: TransactionRecord, minor: number, now: string): TransactionRecord {
  const refund: TransactionRecord = {
    ...sale,
    tranId: ctx.store.nextTranId(),
    mchName: ctx.group.merchants.get(sale.mchId)?.mchName ?? sale.mchName,
    tranType: 'REFUND',
    state: TranState.APPROVED,
    amountMinor: minor,
    linkedTranId: sale.tranId,
    approvalCode: ctx.store.randomChars(6, APPROVAL_ALPHABET),
    rrn: ctx.store.randomDigits(12),
    trace: ctx.store.nextTrace(sale.terminalId),
    actions: [],
    createdAt: now,
    updatedAt: now,
  };
  delete refund.capturedMinor;
  delete refund.batchId;
  return refund;
}

export function captureTransaction(ctx: ServiceContext, tranId: string, input: { amount?: number | string | undefined }): void {
  const record = requireOwnTransaction(ctx, tranId);
  const cur = record.currency;
  const minor = input.amount === undefined ? record.amountMinor : positiveMinor('amount', input.amount, cur);
  const refusal = captureRefusal(record);
  if (refusal !== undefined) throw invalid(refusal);
  requireTypeAllowed(ctx, record, 'Capture', minor < record.amountMinor);
  if (minor > record.amountMinor) {
    throw invalid(
      `amount ${formatMajor(minor, cur)} ${cur} is more than the ${formatMajor(record.amountMinor, cur)} ${cur} authorised by pre-authorisation ${record.tranId}`,
    );
  }
  const now = requestIso(ctx);
  const action = newAction(ctx, record, { actionType: 'CAPTURE', tranId: record.tranId, amountMinor: minor, reason: '' });
  // Captured, the pre-authorisation settles as a payment of the captured amount.
  const batch = joinOpenBatch(ctx, record, now);
  const captured: TransactionRecord = { ...record, capturedMinor: minor, actions: [...record.actions, action], updatedAt: now };
  if (batch !== undefined) captured.batchId = batch.batchId;
  ctx.store.putTransaction(captured);
}

function captureRefusal(record: TransactionRecord): string | undefined {
  const id = record.tranId;
  if (record.tranType !== 'PRE_AUTH') return `transaction ${id} is a ${record.tranType}; only a pre-authorisation can be captured`;
  if (record.capturedMinor !== undefined) {
    return `pre-authorisation ${id} is already captured (${formatMajor(record.capturedMinor, record.currency)} ${record.currency})`;
  }
  if (record.state !== TranState.APPROVED) {
    return `pre-authorisation ${id} is ${tranStatusName(record.state)}; only an APPROVED pre-authorisation can be captured`;
  }
  return undefined;
}

// shared pieces

/** The refunds of a sale that still count: its REFUND actions name them; voided ones gave their amount back. */
function liveRefunds(ctx: ServiceContext, sale: TransactionRecord): TransactionRecord[] {
  const refunds: TransactionRecord[] = [];
  for (const action of sale.actions) {
    if (action.actionType !== 'REFUND') continue;
    const refund = ctx.store.transaction(action.tranId);
    if (refund !== undefined && refund.state !== TranState.VOIDED) refunds.push(refund);
  }
  return refunds;
}

/** The terminal that made the transaction, found by its activation code (its id changes if it is idled and logs in again). */
function checkTerminalPassword(ctx: ServiceContext, record: TransactionRecord, adminPwd: string): void {
  const device = ctx.store.deviceByCode(record.deviceCode);
  checkAdminPassword(adminPwd, record.terminalId, device?.groupId === record.groupId ? device : undefined);
}

/**
 * The profile must let the method do the action (docs/simulator.md "Transaction types a profile
 * allows"; for a partial capture that is the "acquirer support" of reference 4.1). The acquirer
 * must be there to ask: a deleted profile refuses every action.
 */
function requireTypeAllowed(ctx: ServiceContext, record: TransactionRecord, type: 'Void' | 'Refund' | 'Capture', partial = false): void {
  const profile = ctx.group.acquirerProfiles.get(record.profileId);
  const what = type === 'Capture' && partial ? 'a partial capture' : `a ${type.toLowerCase()}`;
  if (!profile) {
    throw invalid(`acquirer profile ${record.profileId} of transaction ${record.tranId} no longer exists, so ${what} cannot be sent to it`);
  }
  if (profileAllows(profile, record.paymentMethod, type)) return;
  const method = anyMethodInfo(record.paymentMethod)?.name ?? record.paymentMethod;
  throw invalid(
    `acquirer profile ${profile.profileName} (${profile.profileId}) does not support ${what} for ${method}: its methodList allows ${(profile.methodList[record.paymentMethod] ?? []).join(', ')} for ${record.paymentMethod}`,
  );
}

function newAction(
  ctx: ServiceContext,
  record: TransactionRecord,
  o: { actionType: TransactionAction['actionType']; tranId: string; amountMinor: number; reason: string; trace?: string },
): TransactionAction {
  return {
    actionId: ctx.store.newUuid(),
    tranId: o.tranId,
    actionType: o.actionType,
    reason: o.reason,
    trace: o.trace ?? ctx.store.nextTrace(record.terminalId),
    actionStatus: ACTION_STATUS,
    hostRespCode: HOST_APPROVED,
    amountMinor: o.amountMinor,
    createdAt: requestIso(ctx),
  };
}
