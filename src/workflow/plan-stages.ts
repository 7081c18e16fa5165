import { computeImpact, merchantsToCount } from '../impact/compute-impact.js';
import type { CountedTerminals } from '../impact/reach.js';
import type { ChangeImpact } from '../impact/types.js';
import type { LiveRead } from '../live/read-live.js';
import { addressOf, type Address } from '../model/kinds.js';
import type { DesiredState, LiveState } from '../model/state.js';
import type { BatchRoutes } from '../payments/batch-routes.js';
import type { ImpactWindow } from '../payments/impact-window.js';
import { checkDeleteBudget, type DeleteBudget } from '../plan/delete-budget.js';
import { PlanError } from '../plan/errors.js';
import { applyMoves } from '../plan/moves.js';
import { labelOrigins } from '../plan/origin.js';
import { planGroup, type PlanContext, type PlannedGroup } from '../plan/plan-changes.js';
import type { Plan, PlanWarning, RawPlan } from '../plan/plan.js';
import { isMoneyRelevant, unsettledByAddress } from '../plan/settlement-guard.js';
import { limitToTargets } from '../plan/targets.js';
import { checkTerminalBudget, type TerminalBudget } from '../plan/terminal-budget.js';
import type { LoadedBase } from './base-manifest.js';

/**
 * The stages of a plan after the live read, each pure and each run once: the workflow
 * (compute-plan.ts) reads what a stage says the plan needs, then runs the next stage.
 *
 *   live read ─▶ planGroup ─▶ [settlement read] ─▶ guardedPlan ─▶ [terminal count] ─▶ finishedPlan
 *
 * Each read is decided on the plan as far as it is made, as plan has always decided it: the
 * settlement batches when the changes the run would carry out delete, replace or re-route money
 * (isMoneyRelevant), the terminals of unread merchants when a terminal budget needs them. Neither
 * can be told from the manifest and the live records alone, without planning: `protect:`, the
 * service's refusals and the blocked changes that take their dependents down, `--target` (which
 * keeps what its changes wait for, by the planner's order), an EMV config's replacement that puts
 * bindings' methods back, and a PlanError all decide whether a money-relevant change is in the plan.
 */

/** What the caller asks of the plan, beside the manifest. */
export interface PlanRequest {
  /** `--target` addresses: the plan keeps those changes and what they depend on. */
  readonly targets: readonly Address[];
  readonly window: ImpactWindow;
  readonly now: Date;
  readonly allowUnsettled: boolean;
  readonly deleteBudget?: DeleteBudget;
  readonly terminalBudget?: TerminalBudget;
  /** `--base`: the manifest each change is labelled against (plan/origin.ts). */
  readonly base?: LoadedBase;
}

/** What the run read of the service for the plan. */
export interface GroupReading {
  readonly live: LiveRead;
  readonly context: PlanContext;
  /** The settlement batches' routes, when the plan's changes needed them (settlementNeeded). */
  readonly routes?: BatchRoutes;
  /** The terminals of merchants the live read left out, by mchId, when the terminal budget needed them (terminalsToCount). */
  readonly counted?: CountedTerminals;
}

/**
 * Whether the plan must read the settlement batches: judged on the plan this run would carry out
 * (a --target plan, on the changes it keeps), so that only a plan that takes away or re-routes
 * something money flows through pays for the read.
 */
export function settlementNeeded(planned: PlannedGroup, targets: readonly Address[]): boolean {
  return isMoneyRelevant(limitToTargets(planned.plan, targets).changes);
}

/**
 * The plan with the settlement guard, limited to the targets, with the routes' warnings; refused
 * when it deletes more than the budget allows. A plan the unsettled batches reach nowhere is the
 * plan already made; one they reach is planned again with them, since the guard's verdict decides
 * which changes exist (a blocked replacement makes no detach steps, a blocked change takes what
 * waits for it down).
 */
export function guardedPlan(planned: PlannedGroup, desired: DesiredState, reading: GroupReading, request: PlanRequest): RawPlan {
  let plan = planned.plan;
  if (reading.routes !== undefined) {
    const unsettled = unsettledByAddress(reading.routes.byAddress);
    if (planned.guardReaches(unsettled)) {
      const settlement = { unsettled, ...(request.allowUnsettled ? { allowUnsettled: true } : {}) };
      plan = planGroup(desired, reading.live.state, { ...reading.context, settlement }).plan;
    }
    plan = withMoreWarnings(plan, reading.routes.warnings);
  }
  const limited = limitToTargets(plan, request.targets);
  // Counted on the plan this run would carry out: a --target plan counts the deletes it keeps.
  checkDeleteBudget(limited, request.deleteBudget);
  return limited;
}

/**
 * The merchants (by mchId) whose terminals a budget must count before it can judge the plan. A
 * budget never passes on terminals it did not count, and only a run with one reads them, so that a
 * run without one sends the reads it always sent.
 */
export function terminalsToCount(plan: RawPlan, live: LiveState, budget: TerminalBudget | undefined): string[] {
  return budget === undefined ? [] : merchantsToCount(plan.changes, live, budget.limit);
}

/**
 * The plan as it is shown: each change with what it reaches (and the traffic through it, when the
 * settlement batches were read), labelled against the base manifest, the unread merchants'
 * terminals where they were counted; refused when a change reaches more terminals than the budget.
 */
export function finishedPlan(guarded: RawPlan, desired: DesiredState, reading: GroupReading, request: PlanRequest): RawPlan {
  let plan = guarded;
  // A plan without changes (most drift runs) pays nothing for the live group's reach index.
  if (plan.changes.length > 0) plan = withImpact(plan, computeImpact(plan.changes, reading.live.state, reading.routes, request.window, request.now, reading.counted));
  if (request.base !== undefined) plan = withOrigins(plan, request.base, desired, reading);
  if (reading.counted !== undefined) plan = withUnreadCounts(plan, reading.counted, reading.live.state);
  checkTerminalBudget(plan, request.terminalBudget);
  return plan;
}

/** Each change with what it reaches (impact/compute-impact.ts), when it has an impact. */
function withImpact(plan: RawPlan, impact: ReadonlyMap<string, ChangeImpact>): RawPlan {
  if (impact.size === 0) return plan;
  return {
    ...plan,
    changes: plan.changes.map((change) => {
      const found = impact.get(change.address);
      return found === undefined ? change : { ...change, impact: found };
    }),
  };
}

/** The terminals counted for the budget (by mchId) on the merchants whose devices the plan lists as not read. */
function withUnreadCounts(plan: RawPlan, counted: CountedTerminals, live: LiveState): RawPlan {
  if (plan.unreadDevices === undefined) return plan;
  return {
    ...plan,
    unreadDevices: plan.unreadDevices.map((entry) => {
      const mchId = live.resources.get(addressOf('merchant', entry.merchant))?.id;
      const terminals = mchId === undefined ? undefined : counted.get(String(mchId));
      return terminals === undefined ? entry : { ...entry, terminals };
    }),
  };
}

/**
 * Each change labelled against the base manifest. The base is planned against the same live read
 * (pure, no request), re-keyed by its own `moved:` entries rather than the new manifest's, without
 * `protect:` or the settlement guard: what it would change is how the live group drifted from it.
 * A base the planner refuses against this group leaves the manifests alone to compare, which the
 * plan says in a warning.
 */
function withOrigins(plan: RawPlan, base: LoadedBase, desired: DesiredState, reading: GroupReading): RawPlan {
  let basePlan: Plan | undefined;
  // The base knows the live group by its own names: the live read as it came, re-keyed by the base's moves.
  const asRead = reading.live.stateAsRead ?? reading.live.state;
  let baseLive: LiveState | undefined;
  try {
    baseLive = applyMoves(asRead, base.desired.moved);
    basePlan = planGroup(base.desired, baseLive, { baseUrl: reading.context.baseUrl, group: reading.context.group }).plan;
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
  }
  const live = { plan: reading.live.state, base: baseLive ?? asRead };
  const labelled = withMoreWarnings(
    labelOrigins(plan, { base: base.desired, desired, basePlan, missingVariables: base.missingVariables, live }),
    base.warnings.map((message) => ({ message })),
  );
  if (basePlan !== undefined) return labelled;
  return withMoreWarnings(labelled, [
    {
      message:
        'the base manifest cannot be planned against the live group, so the live drift from it is unknown: ' +
        'a change the two manifests differ on is labelled intended, any other revert',
    },
  ]);
}

/** The plan with warnings added after its own (the routes' ambiguous merchant names). */
function withMoreWarnings(plan: RawPlan, more: readonly PlanWarning[]): RawPlan {
  return more.length === 0 ? plan : { ...plan, warnings: [...(plan.warnings ?? []), ...more] };
}
