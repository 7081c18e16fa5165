import type { SettlementBatchFacts } from '../payments/settlement-batch.js';
import { fromMinor, toMinor } from './money.js';
import type { Traffic } from './types.js';

/**
 * The payments of the batches with activity in the window (`updatedAt` at or after `start`): a
 * batch that opened before the window and took payments in it counts whole, since a batch has
 * totals, not payments. Amounts are summed per currency in minor units; `last` is the latest
 * activity of a batch with payments.
 */
export function trafficOf(batches: readonly SettlementBatchFacts[], start: Date, window: string): Traffic {
  const from = start.getTime();
  let count = 0;
  const minor = new Map<string, number>();
  let last: number | undefined;
  for (const batch of batches) {
    const at = Date.parse(batch.updatedAt);
    // A time that does not parse cannot be placed in the window: counted, as a batch that may be recent.
    if (at < from) continue;
    if (batch.paymentCount <= 0) continue;
    count += batch.paymentCount;
    minor.set(batch.currency, (minor.get(batch.currency) ?? 0) + toMinor(batch.paymentAmt, batch.currency));
    if (!Number.isNaN(at) && (last === undefined || at > last)) last = at;
  }
  const amounts: Record<string, number> = {};
  for (const currency of [...minor.keys()].sort()) amounts[currency] = fromMinor(minor.get(currency)!, currency);
  return { count, amounts, last: last === undefined ? null : new Date(last).toISOString(), window };
}
