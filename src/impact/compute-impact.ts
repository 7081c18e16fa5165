import { baseAddress } from '../model/pointers.js';
import type { Address } from '../model/kinds.js';
import type { LiveState } from '../model/state.js';
import { batchesThrough, type BatchRoutes } from '../payments/batch-routes.js';
import type { Change } from '../plan/plan.js';
import { ReachIndex } from './reach.js';
import { trafficOf } from './traffic.js';
import type { ChangeImpact } from './types.js';
import { windowStart, type ImpactWindow } from './window.js';

/** The kinds whose changes carry traffic: settlement batches route through them (payments/batch-routes). */
const TRAFFIC_KINDS: ReadonlySet<Change['kind']> = new Set(['acquirer', 'binding', 'merchant', 'device']);

/**
 * The impact of each change, by its address: what it reaches in the live group (impact/reach) and,
 * when the plan read settlement data (`routes`), the payments of the window through the resource.
 * A create reaches the live records it attaches to (a new binding of a live merchant: that merchant
 * and its terminals; a new merchant, profile or EMV config: nothing), with no traffic. The delete
 * half of a replacement (`#old`) and a duplicate pending code carry none: the replacement itself
 * carries the record's, and a pending code has no terminal and no payments behind it. Pure.
 */
export function computeImpact(
  changes: readonly Change[],
  live: LiveState,
  routes: BatchRoutes | undefined,
  window: ImpactWindow,
  now: Date,
): Map<Address, ChangeImpact> {
  const reach = new ReachIndex(live);
  const start = windowStart(window, now);
  const out = new Map<Address, ChangeImpact>();
  for (const change of changes) {
    if (change.step === 'replace-old' || change.address.includes('#duplicate-')) continue;
    const reached = reach.of(change.kind, change.key, change.merchant);
    const impact: ChangeImpact = {
      merchants: reached.merchants,
      terminals: reached.terminals,
      ...(reached.terminalsKnown ? {} : { terminalsKnown: false as const }),
      ...(routes !== undefined && TRAFFIC_KINDS.has(change.kind)
        ? { payments: trafficOf(change.action === 'create' ? [] : batchesThrough(routes, baseAddress(change.address)), start, window.text) }
        : {}),
    };
    out.set(change.address, impact);
  }
  return out;
}
