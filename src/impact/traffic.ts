import type { SettlementBatchFacts } from '../payments/settlement-batch.js';
import { fromMinor, toMinor } from './money.js';
import type { Traffic } from './types.js';

/**
 * When a batch's payments are known to have been taken, as far as the batch list tells:
 * `updatedAt` is the latest joining transaction, void, settle or settlement failure
 * (docs/simulator.md), so it dates a payment only while the batch is open (state 0); once settled
 * or failed, no payment joins it and `updatedAt` dates the settlement. Its `createdAt` is its
 * first payment's time, whatever its state.
 * - in the window: a batch that opened in it, or an open batch with activity in it (it may take
 *   payments still; it counts whole, since a batch has totals, not payments). A settled or failed
 *   batch that opened before the window is left out, though some of its payments may be in it.
 * - `last`: an open batch's latest activity, a closed batch's opening (the latest payment time
 *   the list proves; later ones of that batch are not dated).
 */
function paymentTimes(batch: SettlementBatchFacts): { inWindowFrom: number; last: number } {
  const created = Date.parse(batch.createdAt);
  if (batch.state !== 0) return { inWindowFrom: created, last: created };
  const updated = Date.parse(batch.updatedAt);
  // An open batch whose activity time does not parse still opened when it says.
  const latest = Number.isNaN(updated) ? created : Number.isNaN(created) ? updated : Math.max(created, updated);
  return { inWindowFrom: latest, last: latest };
}

/**
 * The payments of the window's batches (see paymentTimes): summed per currency in minor units;
 * `last` the latest time a payment of theirs is known to have been taken.
 */
export function trafficOf(batches: readonly SettlementBatchFacts[], start: Date, window: string): Traffic {
  const from = start.getTime();
  let count = 0;
  const minor = new Map<string, number>();
  let last: number | undefined;
  for (const batch of batches) {
    const at = paymentTimes(batch);
    // A time that does not parse cannot be placed in the window: counted, as a batch that may be recent.
    if (at.inWindowFrom < from) continue;
    if (batch.paymentCount <= 0) continue;
    count += batch.paymentCount;
    minor.set(batch.currency, (minor.get(batch.currency) ?? 0) + toMinor(batch.paymentAmt, batch.currency));
    if (!Number.isNaN(at.last) && (last === undefined || at.last > last)) last = at.last;
  }
  const amounts: Record<string, number> = {};
  for (const currency of [...minor.keys()].sort()) amounts[currency] = fromMinor(minor.get(currency)!, currency);
  return { count, amounts, last: last === undefined ? null : new Date(last).toISOString(), window };
}
