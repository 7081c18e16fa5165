import { PaycfgError } from '../errors.js';
import { kindModule } from '../kinds/registry.js';
import { addressOf, type Address } from '../model/kinds.js';
import { formatAmount, minorDigits } from '../impact/money.js';
import { isUnsettled, type SettlementBatchFacts } from '../payments/settlement-batch.js';
import type { Change, PlannedChange, PlannedWarning, UnsettledBatch } from './plan.js';

/**
 * The settlement guard: a change that takes away what an unsettled batch routes through (the
 * profile that settles it, the binding, the merchant, the terminal) may leave that money with no
 * way to the merchant; the plan blocks it, naming the batches, unless --allow-unsettled.
 */

/** What the planner is told of unsettled batches: those routed through each live record, by its address. */
export type UnsettledByAddress = ReadonlyMap<Address, readonly SettlementBatchFacts[]>;

/** How the planner treats unsettled batches: block the change (the default), or let it through with a warning. */
export interface SettlementGuardInput {
  readonly unsettled: UnsettledByAddress;
  /** `--allow-unsettled`: guarded changes are made, and each carries a warning listing its batches. */
  readonly allowUnsettled?: boolean;
}

/** The endpoint that settles a batch, as the way out names it. */
export const SETTLE_ENDPOINT = 'POST /api/v2/settlement/settle';

/**
 * The live record whose unsettled batches hold a change back, or undefined when the change is not
 * guarded: the delete or replacement of a profile, the delete of a binding or a merchant, the
 * logout or decommission of a terminal. A pending code never took a payment; the service's own
 * binding (`predicted`) does not exist yet; a detach step only happens inside a profile's
 * replacement, which is guarded itself (every batch of its bindings is one of the profile's).
 */
export function guardedAddress(change: Pick<PlannedChange, 'kind' | 'key' | 'action' | 'step' | 'role' | 'disposal' | 'predicted'>): Address | undefined {
  if (change.predicted === true || change.step === 'detach' || change.role === 'duplicate') return undefined;
  const settlement = kindModule(change.kind).settlement;
  if (settlement === undefined) return undefined;
  if (change.step === 'replace-old') return addressOf(change.kind, change.key);
  if (change.action !== 'delete') return undefined;
  const disposals = settlement.guardedDisposals;
  if (disposals !== undefined && (change.disposal === undefined || !disposals.includes(change.disposal))) return undefined;
  return addressOf(change.kind, change.key);
}

/**
 * Whether a plan must read settlement data: it deletes, replaces or re-routes something money
 * flows through (a guarded change, a replacement, a binding's methods, a profile's connUrl or
 * connMessageFormat). Any other plan reads exactly what it read before the guard existed.
 */
export function isMoneyRelevant(changes: readonly Change[]): boolean {
  return changes.some((change) => {
    if (guardedAddress(change) !== undefined) return true;
    const settlement = kindModule(change.kind).settlement;
    if (change.action === 'replace') return settlement !== undefined;
    if (change.action !== 'update' || change.step === 'detach' || settlement === undefined) return false;
    return change.patch.some((op) => settlement.reroutingFields.some((field) => op.path === `/${field}` || op.path.startsWith(`/${field}/`)));
  });
}

/** Only the unsettled batches of each address, oldest first; addresses with none are left out. */
export function unsettledByAddress(routes: ReadonlyMap<Address, readonly SettlementBatchFacts[]>): Map<Address, SettlementBatchFacts[]> {
  const out = new Map<Address, SettlementBatchFacts[]>();
  for (const [address, batches] of routes) {
    const unsettled = batches.filter(isUnsettled);
    if (unsettled.length > 0) out.set(address, unsettled.sort(oldestFirst));
  }
  return out;
}

function oldestFirst(a: SettlementBatchFacts, b: SettlementBatchFacts): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.batchId.localeCompare(b.batchId, 'en', { numeric: true });
}

/** The batches as the plan shows them. */
export function shownBatches(batches: readonly SettlementBatchFacts[]): UnsettledBatch[] {
  return batches.map((b) => ({
    batchId: b.batchId,
    state: b.state,
    paymentCount: b.paymentCount,
    amount: Number(b.paymentAmt.toFixed(minorDigits(b.currency))),
    currency: b.currency,
  }));
}

function stateWord(state: number): string {
  return state === 2 ? 'settlement failed' : 'open';
}

/** `batch 100001 (open): 3 payments, USD 42.50` */
export function describeBatch(batch: UnsettledBatch): string {
  return `${batchOpening(batch)}${stateWord(batch.state)}): ${batch.paymentCount} payment${batch.paymentCount === 1 ? '' : 's'}, ${formatAmount(batch.amount, batch.currency)}`;
}

/** How describeBatch begins for a batch, whatever follows: `batch 100001 (` (render/impact-wording.ts knows a batch's blocker by it). */
export function batchOpening(batch: Pick<UnsettledBatch, 'batchId'>): string {
  return `batch ${batch.batchId} (`;
}

/** The way out of a block, once per blocked change; `sentence`: as a sentence of its own, capitalised. */
export function unsettledWayOut(count: number, then = 'plan again', sentence = false): string {
  const them = count === 1 ? 'it' : 'them';
  return `${sentence ? 'Settle' : 'settle'} ${them} (${SETTLE_ENDPOINT} {batchId}) or wait for the acquirer's cut-off, then ${then}; or run with --allow-unsettled to go ahead and leave ${them} unsettled`;
}

/** The reason and the blockers of a change the guard holds back. */
export function unsettledWording(action: 'delete' | 'replace' | 'logout' | 'decommission', batches: readonly UnsettledBatch[]): { reason: string; blockers: string[] } {
  const n = batches.length;
  const verb = action === 'replace' ? 'replacing (deleting) it' : action === 'delete' ? 'deleting it' : action === 'logout' ? 'logging it out' : 'decommissioning it';
  return {
    reason: `${n} unsettled settlement batch${n === 1 ? '' : 'es'} route${n === 1 ? 's' : ''} through it: ${verb} may leave that money with no way to the merchant`,
    blockers: [...batches.map(describeBatch), unsettledWayOut(n)],
  };
}

/** The warning a change let through by --allow-unsettled carries: its cause and address as fields, the batches too. */
export function unsettledWarning(address: Address, batches: readonly UnsettledBatch[]): PlannedWarning {
  const n = batches.length;
  return {
    address,
    message: `--allow-unsettled: ${n} unsettled settlement batch${n === 1 ? '' : 'es'} route${n === 1 ? 's' : ''} through ${address}, and the change goes ahead: ${batches.map(describeBatch).join('; ')}`,
    batches: [...batches],
    cause: 'unsettled',
  };
}

/**
 * Whether two unsettled warnings are the same: about the same record, with the same batches in
 * the same states and amounts (what their words say). Told by their fields, never their words.
 */
export function sameUnsettledWarning(a: PlannedWarning, b: PlannedWarning): boolean {
  if (a.cause !== 'unsettled' || b.cause !== 'unsettled' || a.address !== b.address) return false;
  const facts = (w: PlannedWarning): string => JSON.stringify((w.batches ?? []).map((x) => [x.batchId, x.state, x.paymentCount, x.amount, x.currency]));
  return facts(a) === facts(b);
}

/**
 * `apply PLANFILE` found unsettled batches through a change the saved plan makes: money moved
 * since the plan (a batch opened, a settlement failed). Nothing was changed.
 */
export class SavedPlanUnsettledError extends PaycfgError {
  readonly code = 'SAVED_PLAN_UNSETTLED';
}

/** A guarded change of a saved plan and the unsettled batches now routed through its record. */
export interface UnsettledChange {
  readonly change: PlannedChange;
  readonly address: Address;
  readonly batches: UnsettledBatch[];
}

/** The guarded changes of a plan through which unsettled batches route now. */
export function unsettledChanges(changes: readonly PlannedChange[], unsettled: UnsettledByAddress): UnsettledChange[] {
  const out: UnsettledChange[] = [];
  for (const change of changes) {
    const address = guardedAddress(change);
    const batches = address === undefined ? undefined : unsettled.get(address);
    if (address !== undefined && batches !== undefined && batches.length > 0) out.push({ change, address, batches: shownBatches(batches) });
  }
  return out;
}

/** Refuses a saved plan whose guarded changes now have unsettled batches, naming each change and batch. */
export function refuseUnsettledSince(found: readonly UnsettledChange[]): void {
  if (found.length === 0) return;
  const lines = found.map(({ address, change, batches }) => `  - ${address} (${change.disposal ?? change.action}): ${batches.map(describeBatch).join('; ')}`);
  const count = found.reduce((n, f) => n + f.batches.length, 0);
  throw new SavedPlanUnsettledError(
    `unsettled settlement batches now route through ${found.length === 1 ? 'a change' : `${found.length} changes`} of the saved plan ` +
      `(money has moved since it was made); nothing was changed:\n${lines.join('\n')}\n` +
      `${unsettledWayOut(count, 'apply the saved plan again', true)}.`,
    { changes: Object.fromEntries(found.map((f) => [f.address, f.batches.map((b) => b.batchId)])) },
  );
}
