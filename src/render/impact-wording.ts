import { formatAmount, fromMinor, toMinor } from '../impact/money.js';
import type { ChangeImpact } from '../impact/types.js';
import { windowInWords } from '../impact/window.js';
import { hasChildren, kindModule, parentOf } from '../kinds/registry.js';
import type { Kind } from '../model/kinds.js';
import type { Action } from '../plan/plan.js';
import { batchOpening } from '../plan/settlement-guard.js';
import { showControls } from '../util/visible-text.js';

/**
 * The words of payment-aware plans, shared by the text and Markdown renderers: a change's impact in
 * one line, and the unsettled batches that block (or, let through by --allow-unsettled, warn about)
 * a change. They read a plan already made visible (render/visible-plan): the batch ids and currency
 * codes, which come from the service, have their control characters written as escapes there.
 * Amounts show the currency's minor digits; times are UTC to the minute.
 */

/** An unsettled batch as a blocked entry or a warning carries it (plan/plan.ts UnsettledBatch). */
export interface BatchView {
  readonly batchId: string;
  readonly state: number;
  readonly paymentCount: number;
  readonly amount: number;
  readonly currency: string;
}

/**
 * What the renderers read of a change, a blocked entry and a warning beyond their long-standing
 * fields. A change's kind, action, key and merchant, when given, let its impact name what it
 * reaches ("merchant coffee-001 and its 2 terminals") rather than count it.
 */
export interface WithImpact {
  readonly impact?: ChangeImpact;
  readonly kind?: Kind;
  readonly action?: Action;
  readonly key?: string;
  /** providerReference of the owning merchant, for bindings and devices; already made visible. */
  readonly merchant?: string;
}
export interface WithBatches {
  readonly batches?: readonly BatchView[];
}

function counted(count: number, what: string): string {
  return `${count.toLocaleString('en-US')} ${what}${count === 1 ? '' : 's'}`;
}

/** `2026-11-24T18:02:31Z` → `2026-11-24 18:02 UTC`; a time that does not parse is shown as it is. */
export function utcMinute(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Whether live payments went through the change's record in the window (the Markdown lists those first). */
export function touchesTraffic(change: WithImpact): boolean {
  return (change.impact?.payments?.count ?? 0) > 0;
}

/**
 * What a change reaches and the payments through it, worded for a reviewer:
 * `merchant coffee-001 and its 2 terminals; no payments over 30 days`,
 * `3 merchants and their 12 terminals; 1,204 payments, USD 18,220.50, last 2026-11-24 18:02 UTC over 30 days`,
 * `a new terminal of merchant coffee-001`. Undefined when the change reaches nothing live and saw
 * no payment: a new record has nothing to say. Terminals the plan did not read are said to be not
 * counted, never counted as 0 (see terminalsText). A create carries no traffic of its own, so it
 * says none.
 */
export function impactLine(change: WithImpact): string | undefined {
  const impact = change.impact;
  if (impact === undefined) return undefined;
  const payments = change.action === 'create' ? undefined : impact.payments;
  if (impact.merchants === 0 && impact.terminals === 0 && impact.terminalsKnown !== false && (payments?.count ?? 0) === 0) return undefined;
  const reach = reachText(change, impact);
  if (payments === undefined) return reach;
  const over = payments.window !== undefined ? ` over ${windowInWords(payments.window)}` : '';
  if (payments.count === 0) return `${reach}; no payments${over}`;
  const amounts = Object.entries(payments.amounts).map(([currency, amount]) => formatAmount(amount, currency));
  const last = payments.last !== null ? `, last ${utcMinute(payments.last)}` : '';
  return `${reach}; ${counted(payments.count, 'payment')}${amounts.length > 0 ? `, ${amounts.join(', ')}` : ''}${last}${over}`;
}

/** Terminals the plan did not read can be counted: a terminal budget reads them (live/count-terminals). */
const NOT_COUNTED = 'not counted without --max-affected-terminals';

/** The merchant a change to a merchant, binding or device belongs to, when the change says. */
function merchantOf(change: WithImpact): string | undefined {
  if (change.kind === undefined) return undefined;
  if (hasChildren(change.kind) && change.key !== undefined) return showControls(change.key);
  return parentOf(change.kind) !== undefined ? change.merchant : undefined;
}

function reachText(change: WithImpact, impact: ChangeImpact): string {
  const merchant = impact.merchants === 1 ? merchantOf(change) : undefined;
  if (change.kind !== undefined && kindModule(change.kind).terminal === true && merchant !== undefined) {
    if (change.action === 'create') return `a new terminal of merchant ${merchant}`;
    return impact.terminals > 0 ? `this terminal of merchant ${merchant}` : `this terminal of merchant ${merchant} (decommissioned)`;
  }
  if (impact.merchants === 0) return 'no live merchant';
  const merchants = merchant !== undefined ? `merchant ${merchant}` : counted(impact.merchants, 'merchant');
  return `${merchants}${terminalsText(impact)}`;
}

/**
 * ` and its 2 terminals`, ` and their 12 terminals`, ` (no terminals)`; with terminals not read,
 * ` and its terminals (not counted …)` or ` and at least 3 of their terminals (the rest not counted …)`.
 */
function terminalsText(impact: ChangeImpact): string {
  const their = impact.merchants === 1 ? 'its' : 'their';
  if (impact.terminalsKnown === false) {
    return impact.terminals > 0
      ? ` and at least ${impact.terminals.toLocaleString('en-US')} of ${their} terminals (the rest ${NOT_COUNTED})`
      : ` and ${their} terminals (${NOT_COUNTED})`;
  }
  return impact.terminals === 0 ? ' (no terminals)' : ` and ${their} ${counted(impact.terminals, 'terminal')}`;
}

function stateWord(state: number): string {
  return state === 0 ? 'open' : state === 2 ? 'settlement failed' : `state ${state}`;
}

/** `batch 100001 (open): 3 payments, USD 30.00`. */
export function batchLine(batch: BatchView): string {
  return `batch ${batch.batchId} (${stateWord(batch.state)}): ${counted(batch.paymentCount, 'payment')}, ${formatAmount(batch.amount, batch.currency)}`;
}

/** How many batches a blocked entry lists before it counts the rest: a profile can hold one per terminal. */
export const BATCHES_SHOWN = 10;

/**
 * The lines of a blocked entry's (or a warning's) unsettled batches: one per batch up to
 * BATCHES_SHOWN, then one that counts the rest and their totals per currency.
 */
export function batchLines(batches: readonly BatchView[]): string[] {
  const lines = batches.slice(0, BATCHES_SHOWN).map(batchLine);
  const rest = batches.slice(BATCHES_SHOWN);
  if (rest.length > 0) {
    const totals = new Map<string, number>();
    let payments = 0;
    for (const batch of rest) {
      payments += batch.paymentCount;
      totals.set(batch.currency, (totals.get(batch.currency) ?? 0) + toMinor(batch.amount, batch.currency));
    }
    const amounts = [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([currency, minor]) => formatAmount(fromMinor(minor, currency), currency));
    lines.push(`… and ${rest.length.toLocaleString('en-US')} more batch${rest.length === 1 ? '' : 'es'}: ${counted(payments, 'payment')}${amounts.length > 0 ? `, ${amounts.join(', ')}` : ''} (see --json)`);
  }
  return lines;
}

/**
 * A blocked entry's blockers without those that only describe one of its listed batches (the
 * planner words each batch as a blocker too, for readers of the JSON: plan/settlement-guard.ts
 * describeBatch, `batch <id> (open): ...`): the renderers list the batches themselves, formatted
 * and counted. A blocker is left out when it begins as the planner words a listed batch, the id
 * taken from the `batches` field; the rest of its words may be any version's. On a visible plan the
 * two match as well: showControls escapes the id in the field and in the blocker alike.
 */
export function blockersBesideBatches(blockers: readonly string[], batches: readonly BatchView[] | undefined): string[] {
  if (batches === undefined || batches.length === 0) return [...blockers];
  const openings = batches.map(batchOpening);
  return blockers.filter((blocker) => !openings.some((opening) => blocker.startsWith(opening)));
}
