import { compareDigits } from '../core/store.js';
import { anyMethodInfo } from '../core/payment-methods.js';
import { TRAN_STATE_NAMES, type SettleStateValue, type TransactionRecord } from '../core/records.js';
import type { SimStore } from '../core/store.js';
import { toMajor } from './money.js';

/** What the simulator writes in every transaction's `sdkId`: the terminal SDK that made it. */
export const SIM_SDK_ID = 'paycfg-sim';

/** `{currency, value}` with `value` in major units. */
export type MoneyView = {
  currency: string;
  value: number;
};

/** A transaction list item: every field of document 2, 2.1, plus `createdAt` and `settleState`. */
export type TransactionListView = {
  tranId: string;
  amount: MoneyView;
  approvalCode: string;
  batchNo: string;
  cvmPerformed: string;
  appName: string;
  linkedTranId: string;
  mchName: string;
  tsi: string;
  acqTid: string;
  rrn: string;
  tc: string;
  atc: string;
  tvr: string;
  trace: string;
  acqMid: string;
  accountMasked: string;
  sdkId: string;
  hostMessageFormat: string;
  aid: string;
  entryMode: string;
  tranStatus: string;
  tranType: string;
  paymentMethod: string;
  createdAt: string;
  /** the batch's state; undefined (absent, or null in the real wire style) for a transaction in no batch */
  settleState: SettleStateValue | undefined;
};

export type TransactionActionView = {
  tranId: string;
  actionType: string;
  reason: string;
  trace: string;
  actionStatus: string;
  hostRespCode: string;
  actionId: string;
  amount: MoneyView;
};

/** The detail record adds the profile's callback URL and the actions taken on the transaction. */
export type TransactionDetailView = TransactionListView & {
  callbackUrl: string;
  actions: TransactionActionView[];
};

export function tranStatusName(state: number): string {
  return TRAN_STATE_NAMES[state] ?? String(state);
}

/** The settle state of the transaction's batch, undefined when it joined none. */
export function transactionSettleState(store: SimStore, record: TransactionRecord): SettleStateValue | undefined {
  if (record.batchId === undefined) return undefined;
  return store.batch(record.batchId)?.state;
}

export function money(minor: number, currency: string): MoneyView {
  return { currency, value: toMajor(minor, currency) };
}

/**
 * The list item. Use with wireRecord (http/wire-style.ts) like the other views: the real wire
 * style shows a transaction without a batch with `settleState: null`, the reference style leaves
 * the key out.
 */
export function transactionListView(store: SimStore, record: TransactionRecord): TransactionListView {
  const batch = record.batchId === undefined ? undefined : store.batch(record.batchId);
  return {
    tranId: record.tranId,
    amount: money(record.amountMinor, record.currency),
    approvalCode: record.approvalCode,
    batchNo: batch?.batchNo ?? '',
    cvmPerformed: record.cvmPerformed,
    appName: record.appName,
    linkedTranId: record.linkedTranId ?? '',
    mchName: record.mchName,
    tsi: record.tsi,
    acqTid: record.acqTid,
    rrn: record.rrn,
    tc: record.tc,
    atc: record.atc,
    tvr: record.tvr,
    trace: record.trace,
    acqMid: record.acqMid,
    accountMasked: record.accountMasked,
    sdkId: SIM_SDK_ID,
    hostMessageFormat: record.hostMessageFormat,
    aid: record.aid,
    entryMode: record.entryMode,
    tranStatus: tranStatusName(record.state),
    tranType: record.tranType,
    paymentMethod: anyMethodInfo(record.paymentMethod)?.name ?? record.paymentMethod,
    createdAt: record.createdAt,
    settleState: batch?.state,
  };
}

export function transactionDetailView(store: SimStore, record: TransactionRecord): TransactionDetailView {
  return {
    ...transactionListView(store, record),
    callbackUrl: record.callbackUrl,
    actions: record.actions.map((action) => ({
      tranId: action.tranId,
      actionType: action.actionType,
      reason: action.reason,
      trace: action.trace,
      actionStatus: action.actionStatus,
      hostRespCode: action.hostRespCode,
      actionId: action.actionId,
      amount: money(action.amountMinor, record.currency),
    })),
  };
}

/** Newest first, then by id descending: the order of both money lists. */
export function newestFirst<T extends { createdAt: string }>(id: (record: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
    return compareDigits(id(b), id(a));
  };
}
