import { ConfigError } from '../errors.js';
import { adminPasswordField } from './admin-password.js';
import { seg, type EndpointCalls } from './endpoint-calls.js';
import type { IdResult, Page, PageQuery } from './wire-types.js';
import type {
  CaptureRequest,
  RefundRequest,
  Transaction,
  TransactionDetail,
  TransactionQuery,
  VoidRequest,
  VoidResult,
} from './wire-types-payments.js';

/**
 * Transactions (`/api/v2/order`, document 2, 4.1), for every group. Void, refund, capture and the
 * receipt are POSTs: never sent twice by the client (retry-policy.ts); when the answer is lost,
 * the OutcomeUnknownError says where to look before trying again.
 */

export interface TransactionsClient {
  list(q?: TransactionQuery & PageQuery): Promise<Page<Transaction>>;
  /** Every matching transaction: pageSize -1, else the pages the service serves. */
  listAll(q?: TransactionQuery): Promise<Transaction[]>;
  /** Null when no transaction has this id. */
  get(tranId: string): Promise<TransactionDetail | null>;
  emailReceipt(tranId: string, email: string): Promise<void>;
  /** The admin password is given plain; its Base64 is sent. */
  void(tranId: string, request: VoidRequest): Promise<VoidResult>;
  /** Answers the refund transaction's id. */
  refund(tranId: string, request: RefundRequest): Promise<IdResult>;
  /** Without an amount, the whole authorised amount; the amount is sent as a decimal string. */
  capture(tranId: string, request?: CaptureRequest): Promise<void>;
}

const ORDER = '/api/v2/order';

/** What a lost e-mail answer leaves: nothing to read back, and only a second mail to risk. */
export const EMAIL_OUTCOME_CHECK =
  'The API shows no record of sent mail; sending it again at worst sends the mail twice';

/** No currency has more minor digits than this (ISO 4217: CLF and UYW have 4). */
const MAX_DECIMALS = 4;

/**
 * An amount in major units as the decimal string capture takes (`12.5`); refund checks its number
 * the same way. A number is written in its shortest decimal form; exponent forms, negative, zero
 * and non-finite amounts are refused before anything is sent, and so is one with more decimals
 * than any currency has: the trace of binary floating point (`0.1 + 0.2` is
 * `0.30000000000000004`), which the service would refuse or, worse, round.
 */
export function decimalAmount(amount: number | string, operation: string): string {
  const text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  const shown = JSON.stringify(String(amount));
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) {
    throw new ConfigError(`${operation}: the amount must be a positive decimal number in major units (like 12.5), got ${shown}`);
  }
  if ((text.split('.')[1] ?? '').length > MAX_DECIMALS) {
    throw new ConfigError(
      `${operation}: the amount ${shown} has more decimals than any currency (at most ${MAX_DECIMALS}); round it to the currency's digits (a sum such as 0.1 + 0.2 is 0.30000000000000004)`,
    );
  }
  return text;
}

export function transactionsClient(calls: EndpointCalls): TransactionsClient {
  const { call, callVoid, getOrNull } = calls;
  const orders = calls.list<Transaction, TransactionQuery>({
    endpoint: ORDER,
    path: () => ORDER,
    schema: 'transaction',
    keyOf: (t) => t.tranId,
    firstPageSize: -1,
    // Payments keep arriving while a walk runs: newest first, each pushes the others back.
    growsAtFront: true,
  });
  const detailPath = (tranId: string): string => `${ORDER}/${seg(tranId)}`;
  const checkDetail = (tranId: string, what: string): string => `Check GET ${detailPath(tranId)} (${what}) before trying again`;

  return {
    list: (q) => orders.page('', q),
    listAll: (q) => orders.all('', q),
    get: (tranId) => getOrNull<TransactionDetail>(`${ORDER}/{transactionId}`, detailPath(tranId), 'transaction-detail'),
    emailReceipt: (tranId, email) =>
      callVoid('POST', `${ORDER}/email/{transactionId}`, `${ORDER}/email/${seg(tranId)}`, {
        body: { email },
        outcomeCheck: EMAIL_OUTCOME_CHECK,
      }),
    void: async (tranId, request) => {
      const { adminPwd, secrets } = adminPasswordField(request.adminPassword, 'void');
      return call<VoidResult>('POST', `${ORDER}/void/{transactionId}`, `${ORDER}/void/${seg(tranId)}`, { kind: 'record', schema: 'void-result' }, {
        body: { adminPwd },
        secrets,
        outcomeCheck: checkDetail(tranId, 'tranStatus VOIDED, a VOID action'),
      });
    },
    refund: async (tranId, request) => {
      // Checked as capture's is, but sent as a number: the reference types refundAmount so.
      const refundAmount = Number(decimalAmount(request.amount, 'refund'));
      const { adminPwd, secrets } = adminPasswordField(request.adminPassword, 'refund');
      return call<IdResult>('POST', `${ORDER}/refund/{transactionId}`, `${ORDER}/refund/${seg(tranId)}`, { kind: 'record', schema: 'id-result' }, {
        body: { refundAmount, refundReason: request.reason, adminPwd },
        secrets,
        outcomeCheck: `${checkDetail(tranId, "the sale's actions: a REFUND action of this amount")}: a refund sent again refunds again`,
      });
    },
    capture: async (tranId, request = {}) =>
      callVoid('POST', `${ORDER}/capture/{transactionId}`, `${ORDER}/capture/${seg(tranId)}`, {
        body: request.amount === undefined ? {} : { amount: decimalAmount(request.amount, 'capture') },
        outcomeCheck: checkDetail(tranId, 'a CAPTURE action'),
      }),
  };
}
