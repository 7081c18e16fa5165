/**
 * TypeScript shapes of the transaction and settlement records and request bodies (document 2:
 * api/02-transactions-settlements-legacy.md, sections 2.1, 2.2, 3.1, 4.1, 4.2), as the wire carries
 * them. Fields the reference lists without promising them are optional; the real service answers
 * `null` for an unset one, which reads like an absent field.
 */

/** ISO 8601 UTC, as the batches of 2.2 carry it (`2026-11-25T10:15:00Z`). */
export type IsoTimestamp = string;

/** An amount: `value` in major units (12.5 is 12.50 USD). */
export interface Money {
  currency: string;
  value: number;
}

/** The names of the transaction states of 3.1; the `state` filter takes their numbers. */
export type TranStatus = 'INIT' | 'PROCESSING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'REFUNDED' | 'CLOSED' | 'REVERSED';

/** The numbers of 3.1, in the order of TranStatus: 0 INIT ... 7 REVERSED. */
export type TranStateNumber = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** 0 WAIT_FOR_SETTLE, 1 SETTLED, 2 SETTLE_FAILED. */
export type SettleState = 0 | 1 | 2;

/** Record of GET /api/v2/order (2.1). */
export interface Transaction {
  tranId: string;
  amount: Money;
  /** `SALE`, `PRE_AUTH`, `REFUND`; the reference gives no closed list. */
  tranType: string;
  tranStatus: TranStatus;
  /** The network name (`NETWORK_A`). */
  paymentMethod?: string | null;
  approvalCode?: string | null;
  batchNo?: string | null;
  cvmPerformed?: string | null;
  appName?: string | null;
  /** A refund's sale; `""` otherwise. */
  linkedTranId?: string | null;
  mchName?: string | null;
  tsi?: string | null;
  acqTid?: string | null;
  rrn?: string | null;
  tc?: string | null;
  atc?: string | null;
  tvr?: string | null;
  trace?: string | null;
  acqMid?: string | null;
  /** Already masked by the service (`476173******0119`): shown as it is. */
  accountMasked?: string | null;
  sdkId?: string | null;
  hostMessageFormat?: string | null;
  aid?: string | null;
  entryMode?: string | null;
  createdAt?: IsoTimestamp | null;
  /** The batch's settle state; absent (or null) for a transaction in no batch. */
  settleState?: SettleState | null;
}

/** One void, refund or capture of a transaction. */
export interface TransactionAction {
  tranId?: string | null;
  /** `VOID`, `REFUND`, `CAPTURE`. */
  actionType?: string | null;
  reason?: string | null;
  trace?: string | null;
  actionStatus?: string | null;
  hostRespCode?: string | null;
  actionId?: string | null;
  amount?: Money | null;
}

/** GET /api/v2/order/{transactionId}. */
export interface TransactionDetail extends Transaction {
  callbackUrl?: string | null;
  actions?: TransactionAction[] | null;
}

export interface TransactionQuery {
  /** A date `yyyy-MM-dd` (a whole UTC day) or an ISO 8601 date-time; filters on createdAt. */
  createdStart?: string;
  createdEnd?: string;
  transactionId?: string;
  /** Matches a transaction's `rrn`. */
  acquirerRefNo?: string;
  deviceId?: string;
  settleState?: SettleState;
  state?: TranStateNumber;
}

/** data of POST /api/v2/order/void/{transactionId}. */
export interface VoidResult {
  currency: string;
  /** 4: VOIDED. */
  state: number;
  deviceId: string;
  /** The amount voided, in major units. */
  refundAmount: number;
}

/** What the caller gives for a void; the client sends the password's Base64 as `adminPwd`. */
export interface VoidRequest {
  /** The terminal's admin password (its `deviceAdmin`), in plain: a secret. */
  adminPassword: string;
}

export interface RefundRequest {
  /** Major units; at most what is left to refund of the sale. */
  amount: number;
  reason: string;
  /** The terminal's admin password, in plain: a secret. */
  adminPassword: string;
}

export interface CaptureRequest {
  /** Major units; absent captures the whole authorised amount, a lower one is a partial capture. */
  amount?: number | string;
}

/** Record of GET /api/v2/settlement (2.2). `state` 0 open, 1 settled, 2 settlement failed (the simulator's reading). */
export interface SettlementBatch {
  batchId: string;
  currency: string;
  state: number;
  paymentAmt?: number | null;
  refundAmt?: number | null;
  voidAmt?: number | null;
  paymentCount?: number | null;
  refundCount?: number | null;
  voidCount?: number | null;
  profileName?: string | null;
  profileMessage?: string | null;
  uuid?: string | null;
  acquirerMid?: string | null;
  acquirerTid?: string | null;
  mchName?: string | null;
  acquirerRefNo?: string | null;
  acquirerCode?: string | null;
  /** 6 digits counting up per (profile, terminal), in the simulator. */
  batchNo?: string | null;
  createdAt?: IsoTimestamp | null;
  updatedAt?: IsoTimestamp | null;
}

export interface SettlementTransactionSummary {
  amount: number;
  transType: string;
  count: number;
  paymentMethod: string;
}

/** GET /api/v2/settlement/{batchId}. */
export interface SettlementBatchDetail extends SettlementBatch {
  successTime?: string | null;
  transactions?: SettlementTransactionSummary[] | null;
}

export interface SettlementQuery {
  createdStart?: string;
  createdEnd?: string;
  batchId?: string;
}

/** What the caller gives for a settlement report; the client encodes `batchIds` as the reference documents. */
export interface SettlementEmailRequest {
  batchIds: string[];
  email: string;
  mchId: string;
}
