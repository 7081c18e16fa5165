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
import { planGroup, type PlanContext } from '../plan/plan-changes.js';
import type { Change, Plan, PlanWarning, RawPlan } from '../plan/plan.js';
import { isMoneyRelevant, unsettledByAddress } from '../plan/settlement-guard.js';
import { checkTargets, limitToTargets } from '../plan/targets.js';
import { checkTerminalBudget, type TerminalBudget } from '../plan/terminal-budget.js';
import type { LoadedBase } from './base-manifest.js';

/**
 * The plan after the reads: one pure, synchronous function (planRead) that plans the group once,
 * with everything the workflow (compute-plan.ts) read for it, and adds the impact, the origins and
 * the budgets' verdicts in stages run once each.
 *
 *   live read ─▶ readsNeeded ─▶ [settlement read] ─▶ [terminal count] ─▶ planRead
 *
 * What to read is decided before planning, from the manifest and the live records
 * (plan/reads-needed.ts), and may over-approximate: a read no change of the final plan uses is
 * then left out of the plan (usedRoutes, the counted terminals restricted to those its changes
 * reach), so that the plan shows what a plan that had not read it shows.
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
  /** The settlement batches' routes, when the candidate changes needed them (plan/reads-needed.ts). */
  readonly routes?: BatchRoutes;
  /** The terminals of merchants the live read left out, by mchId, when the terminal budget needed them (terminalsToCount). */
  readonly counted?: CountedTerminals;
}

/**
 * The merchants (by mchId) whose terminals a budget must count before it can judge the plan: those
 * the candidate changes reach (plan/reads-needed.ts), a superset of what the plan's changes reach.
 * A budget never passes on terminals it did not count, and only a run with one reads them, so that
 * a run without one sends the reads it always sent.
 */
export function terminalsToCount(candidates: readonly Change[], live: LiveState, budget: TerminalBudget | undefined): string[] {
  return budget === undefined ? [] : merchantsToCount(candidates, live, budget.limit);
}

/** The plan of a run, and the settlement routes it used (read, and needed by its changes). */
export interface PlanOfRead {
  readonly plan: RawPlan;
  readonly routes?: BatchRoutes;
}

/**
 * The plan, made once from what was read: planned with the settlement guard when the batches were
 * read, checked against the targets, limited to them, with the routes' warnings when its changes
 * used the routes; refused when it deletes more than the budget allows; then each change with what
 * it reaches (and the traffic through it), labelled against the base manifest, the unread
 * merchants' terminals where they were counted; refused when a change reaches more terminals than
 * the budget. Pure and synchronous.
 */
export function planRead(desired: DesiredState, reading: GroupReading, request: PlanRequest): PlanOfRead {
  const settlement =
    reading.routes === undefined ? {} : { settlement: { unsettled: unsettledByAddress(reading.routes.byAddress), ...(request.allowUnsettled ? { allowUnsettled: true } : {}) } };
  const made = planGroup(desired, reading.live.state, { ...reading.context, ...settlement }).plan;
  if (request.targets.length > 0) {
    checkTargets(request.targets, knownAddresses(desired, reading.live, made), new Map((desired.moved ?? []).map((move) => [move.from, move.to])));
  }
  const routes = reading.routes !== undefined && usedRoutes(made, request.targets) ? reading.routes : undefined;
  const limited = limitToTargets(routes === undefined ? made : withMoreWarnings(made, routes.warnings), request.targets);
  // Counted on the plan this run would carry out: a --target plan counts the deletes it keeps.
  checkDeleteBudget(limited, request.deleteBudget);
  const counted = countedFor(limited, reading, request.terminalBudget);
  return { plan: finishedPlan(limited, desired, { ...reading, ...(counted !== undefined ? { counted } : {}) }, routes, request), ...(routes !== undefined ? { routes } : {}) };
}

/**
 * Whether the plan uses the settlement batches it was planned with: its changes (those the run
 * carries out) delete, replace or re-route money, as a plan that reads them has always been judged,
 * or the guard blocked one that did. A plan that used none shows no traffic and no warning of the
 * routes, as one that had not read them.
 */
function usedRoutes(made: RawPlan, targets: readonly Address[]): boolean {
  return isMoneyRelevant(limitToTargets(made, targets).changes) || made.blocked.some((entry) => entry.cause === 'unsettled');
}

/** The terminals counted for the budget, of the merchants the plan's own changes reach (a candidate the plan does not make shows none). */
function countedFor(plan: RawPlan, reading: GroupReading, budget: TerminalBudget | undefined): CountedTerminals | undefined {
  if (reading.counted === undefined || budget === undefined) return undefined;
  const counted = reading.counted;
  const reached = merchantsToCount(plan.changes, reading.live.state, budget.limit).filter((mchId) => counted.has(mchId));
  return reached.length === 0 ? undefined : new Map(reached.map((mchId) => [mchId, counted.get(mchId)!]));
}

/** Every address a target may name: the manifest's, the live group's, and what only the plan names. */
function knownAddresses(desired: DesiredState, live: LiveRead, plan: Plan): Set<string> {
  const known = new Set<string>(desired.resources.keys());
  for (const address of live.state.resources.keys()) known.add(address);
  for (const change of plan.changes) known.add(addressOf(change.kind, change.key));
  for (const entry of plan.unmanaged) known.add(entry.address);
  for (const entry of plan.blocked) known.add(entry.address);
  return known;
}

/** The plan as it is shown, from the plan the run carries out. */
function finishedPlan(limited: RawPlan, desired: DesiredState, reading: GroupReading, routes: BatchRoutes | undefined, request: PlanRequest): RawPlan {
  let plan = limited;
  // A plan without changes (most drift runs) pays nothing for the live group's reach index.
  if (plan.changes.length > 0) plan = withImpact(plan, computeImpact(plan.changes, reading.live.state, routes, request.window, request.now, reading.counted));
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
