import type { ServiceContext } from './context.js';
import { requireOwnTransaction } from './transactions.js';

/**
 * `POST /api/v2/order/email/{transactionId}`: the receipt of one of the group's transactions goes
 * to the outbox (`GET /_sim/outbox`). Any transaction has a receipt, a declined or voided one too,
 * as a terminal prints one for each.
 */
export function sendReceipt(ctx: ServiceContext, tranId: string, email: string): void {
  const record = requireOwnTransaction(ctx, tranId);
  ctx.store.addMail({ kind: 'receipt', groupId: ctx.group.groupId, to: email, tranId: record.tranId, sentAt: ctx.timestamp });
}
