import { hasChildren } from '../kinds/registry.js';
import { addressOf, type Address } from '../model/kinds.js';
import type { DesiredState } from '../model/state.js';
import { disposalOf, summarise, type PlannedBlock, type PlannedChange, type RawPlan } from '../plan/plan.js';
import type { ChangeEvidence, PlanPromotion } from '../plan/promotion.js';
import { unprovenBlocker, unprovenReason } from '../render/evidence-wording.js';

/**
 * The target's plan as a promotion carries it out: each change with its evidence, and, unless
 * unproven changes are allowed, those without evidence blocked (cause `unproven`), with what must
 * wait for them (cause `dependency`), as the planner blocks what waits for a blocked change
 * (plan/order.ts): a change that depends on one held back, the delete and detach steps of a
 * replacement held back, the deletes of the bindings and devices of a merchant whose delete is
 * held back. Pure.
 */
export function promotedPlan(plan: RawPlan, evidence: ReadonlyMap<Address, ChangeEvidence>, promotion: PlanPromotion, desired: DesiredState): RawPlan {
  const changes = plan.changes.map((change) => {
    const found = evidence.get(change.address);
    return found === undefined ? change : { ...change, evidence: found };
  });
  const labelled: RawPlan = { ...plan, changes, promotion };
  if (promotion.allowedUnproven) return labelled;
  const held = heldBack(changes, desired, promotion.from.name);
  if (held.size === 0) return labelled;
  const kept = changes.filter((change) => !held.has(change.address));
  const blocked = [...plan.blocked, ...blockedEntries(changes, held)].sort((a, b) => a.address.localeCompare(b.address));
  return { ...labelled, changes: kept, blocked, summary: summarise(kept, blocked) };
}

/** Why a change of the plan is held back: its own evidence, or a change it must wait for (by the address of that change's record). */
type Hold = { readonly unproven: true; readonly source: string } | { readonly unproven: false; readonly waitsFor: Address };

function heldBack(changes: readonly PlannedChange[], desired: DesiredState, source: string): Map<Address, Hold> {
  const held = new Map<Address, Hold>();
  const queue: PlannedChange[] = [];
  const hold = (change: PlannedChange, why: Hold): void => {
    if (held.has(change.address)) return;
    held.set(change.address, why);
    queue.push(change);
  };
  for (const change of changes) if (change.evidence?.status === 'unproven') hold(change, { unproven: true, source });
  const byAddress = new Map(changes.map((change) => [change.address, change]));
  const dependents = new Map<Address, PlannedChange[]>();
  for (const change of changes) {
    for (const dependency of change.dependsOn) {
      const list = dependents.get(dependency);
      if (list === undefined) dependents.set(dependency, [change]);
      else list.push(change);
    }
  }
  for (let head = 0; head < queue.length; head += 1) {
    const change = queue[head]!;
    const record = addressOf(change.kind, change.key);
    const waits: Hold = { unproven: false, waitsFor: record };
    // The other half of the same replacement is held back for the same reason, not for itself.
    for (const dependent of dependents.get(change.address) ?? []) hold(dependent, addressOf(dependent.kind, dependent.key) === record ? held.get(change.address)! : waits);
    // A replacement is one change: its delete half, and the steps that let go of the old record for it.
    if (change.action === 'replace') {
      const old = changes.find((c) => c.step === 'replace-old' && addressOf(c.kind, c.key) === record);
      if (old !== undefined) hold(old, waits);
    }
    if (change.step === 'replace-old') {
      for (const dependency of change.dependsOn) {
        const step = byAddress.get(dependency);
        if (step?.step === 'detach') hold(step, waits);
      }
    }
    // A merchant that stays keeps the records that were going only because it was.
    if (hasChildren(change.kind) && change.action === 'delete' && change.step === undefined && !desired.resources.has(record)) {
      for (const child of changes) if (child.merchant === change.key && child.action === 'delete') hold(child, waits);
    }
  }
  return held;
}

/** One blocked entry per record held back for its own evidence (a replacement's halves as one), one per change that waits. */
function blockedEntries(changes: readonly PlannedChange[], held: ReadonlyMap<Address, Hold>): PlannedBlock[] {
  const out = new Map<Address, PlannedBlock>();
  for (const change of changes) {
    const why = held.get(change.address);
    if (why === undefined) continue;
    const replacement = change.step === 'replace-old';
    const address = replacement ? addressOf(change.kind, change.key) : change.address;
    // The replacement's own entry says it; its delete half only stands for it when the replacement itself is not held back.
    if (out.has(address)) continue;
    if (replacement && held.has(address)) continue;
    const action = replacement ? 'replace' : change.action;
    const entry: PlannedBlock = {
      address,
      kind: change.kind,
      key: change.key,
      action,
      ...disposalOf(change, action),
      ...(why.unproven
        ? { cause: 'unproven' as const, reason: unprovenReason(change.evidence!, why.source), blockers: [unprovenBlocker(why.source)] }
        : { cause: 'dependency' as const, reason: `it must wait for ${why.waitsFor}, which is blocked`, blockers: [why.waitsFor] }),
      ...(change.evidence !== undefined ? { evidence: change.evidence } : {}),
      ...(change.role !== undefined ? { role: change.role } : {}),
    };
    out.set(address, entry);
  }
  return [...out.values()];
}
