import { KIND_MODULES } from '../kinds/registry.js';
import { addressOf, type Address } from '../model/kinds.js';
import type { LiveState } from '../model/state.js';
import { batchesThrough, type BatchRoutes } from '../payments/batch-routes.js';
import type { Change, PlannedChange } from '../plan/plan.js';
import { ReachIndex, type CountedTerminals } from './reach.js';
import { trafficOf } from './traffic.js';
import type { ChangeImpact } from './types.js';
import { windowStart, type ImpactWindow } from './window.js';

/** The kinds whose changes carry traffic: settlement batches route through them (payments/batch-routes), as their modules' `settlement` says. */
const TRAFFIC_KINDS: ReadonlySet<Change['kind']> = new Set(KIND_MODULES.filter((module) => module.settlement !== undefined).map((module) => module.kind));

/**
 * The impact of each change, by its address: what it reaches in the live group (impact/reach) and,
 * when the plan read settlement data (`routes`), the payments of the window through the resource.
 * A create reaches the live records it attaches to (a new binding of a live merchant: that merchant
 * and its terminals; a new merchant, profile or EMV config: nothing), with no traffic. The delete
 * half of a replacement (`#old`) and a duplicate pending code carry none: the replacement itself
 * carries the record's, and a pending code has no terminal and no payments behind it. `counted`:
 * the terminals of merchants whose devices the live read left out, counted apart for a terminal
 * budget (live/count-terminals.ts). Pure.
 */
export function computeImpact(
  changes: readonly PlannedChange[],
  live: LiveState,
  routes: BatchRoutes | undefined,
  window: ImpactWindow,
  now: Date,
  counted?: CountedTerminals,
): Map<Address, ChangeImpact> {
  const reach = new ReachIndex(live, counted);
  const start = windowStart(window, now);
  const out = new Map<Address, ChangeImpact>();
  for (const change of changes) {
    if (carriesNoImpact(change)) continue;
    const reached = reach.of(change.kind, change.key, change.merchant);
    const impact: ChangeImpact = {
      merchants: reached.merchants,
      terminals: reached.terminals,
      ...(reached.terminalsKnown ? {} : { terminalsKnown: false as const }),
      ...(routes !== undefined && TRAFFIC_KINDS.has(change.kind)
        ? { payments: trafficOf(change.action === 'create' ? [] : batchesThrough(routes, addressOf(change.kind, change.key)), start, window.text) }
        : {}),
    };
    out.set(change.address, impact);
  }
  return out;
}

/**
 * The merchants (by mchId) whose devices a terminal budget of `limit` must read before it can judge
 * the plan: those reached, with their terminals unknown, by a change that the terminals known so far
 * keep within the budget. A change already over it is refused whatever the rest holds. Pure.
 */
export function merchantsToCount(changes: readonly PlannedChange[], live: LiveState, limit: number): string[] {
  const reach = new ReachIndex(live);
  const out = new Set<string>();
  for (const change of changes) {
    if (carriesNoImpact(change)) continue;
    const reached = reach.of(change.kind, change.key, change.merchant);
    if (reached.terminalsKnown || reached.terminals > limit) continue;
    for (const mchId of reach.unreadOf(change.kind, change.key, change.merchant)) out.add(mchId);
  }
  return [...out].sort();
}

/** The delete half of a replacement, and a duplicate pending code's delete: the replacement carries the record's impact, and a pending code has none. */
function carriesNoImpact(change: Pick<PlannedChange, 'step' | 'role'>): boolean {
  return change.step === 'replace-old' || change.role === 'duplicate';
}
