import type { ApiClient } from '../api/index.js';
import { buildDesiredState } from '../desired/build-desired.js';
import { readLive, readOwner, type LiveRead } from '../live/read-live.js';
import { loadManifest, type ManifestContext } from '../manifest/index.js';
import { secretDefaults, type SecretDefault } from '../manifest/secret-defaults.js';
import { addressOf } from '../model/kinds.js';
import { baseAddress } from '../model/pointers.js';
import type { DesiredState, LiveState } from '../model/state.js';
import { computeImpact, merchantsToCount } from '../impact/compute-impact.js';
import { countTerminals } from '../live/count-terminals.js';
import { routeBatches, type BatchRoutes } from '../payments/batch-routes.js';
import { DEFAULT_IMPACT_WINDOW, settlementReadStart, type ImpactWindow } from '../payments/impact-window.js';
import { readSettlementBatches } from '../payments/read-settlements.js';
import { PlanError } from '../plan/errors.js';
import { applyMoves } from '../plan/moves.js';
import { labelOrigins } from '../plan/origin.js';
import { planChanges, type PlanContext } from '../plan/plan-changes.js';
import { checkDeleteBudget, deleteBudgetOf } from '../plan/delete-budget.js';
import { refuseSecretDefaults } from '../plan/saved-plan.js';
import type { ChangeImpact } from '../impact/types.js';
import type { Plan, PlanWarning } from '../plan/plan.js';
import { isMoneyRelevant, unsettledByAddress } from '../plan/settlement-guard.js';
import { checkTargets, limitToTargets } from '../plan/targets.js';
import { checkTerminalBudget, terminalBudgetOf } from '../plan/terminal-budget.js';
import { loadBaseManifest, type BaseManifest, type LoadedBase } from './base-manifest.js';

export interface PlanRun {
  /** With what `plan --out` must refuse that only the manifest's positions can show (see manifest/secret-defaults.ts). */
  readonly loaded: ManifestContext & { readonly secretDefaults: ReadonlyMap<string, SecretDefault> };
  readonly desired: DesiredState;
  readonly live: LiveRead;
  readonly plan: Plan;
  /** The manifest's safeguards: `protect:` (already applied to the plan) and `safety:` (a saved plan keeps it). */
  readonly safeguards: Safeguards;
  /** The settlement batches' routes, when the plan is money-relevant and read them (plan/settlement-guard.ts). */
  readonly routes?: BatchRoutes;
}

/** What of the manifest's top level guards the live group rather than describes it. */
export interface Safeguards {
  readonly protect: readonly string[];
  readonly maxDeletes?: number;
  readonly maxAffectedTerminals?: number;
}

/** How a run weighs money: the impact window, the settlement guard, the terminal budget. */
export interface PaymentOptions {
  /** `--impact-window`: how far back traffic is counted; default 30 days. */
  readonly impactWindow?: ImpactWindow;
  /** `--allow-unsettled`: a guarded change through which unsettled batches route goes ahead, with a warning. */
  readonly allowUnsettled?: boolean;
  /** `--max-affected-terminals`: overrides the manifest's safety.maxAffectedTerminals for this run. */
  readonly maxAffectedTerminals?: number;
  /** The run's clock (tests); default now. */
  readonly now?: Date;
}

/**
 * manifest → desired state; API → live state; both → plan. The manifest is loaded and checked
 * completely before the first request, so bad input never reaches the service.
 */
export async function computePlan(input: {
  readonly paths: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly client: ApiClient;
  readonly concurrency: number;
  /** `--target` addresses: the plan keeps those changes and what they depend on. */
  readonly targets?: readonly string[];
  /** Standard input, for a manifest given as `-f -`. */
  readonly readStdin?: () => Promise<string>;
  /**
   * The plan is to be saved (`plan --out`): what a saved plan refuses on the manifest alone (a
   * secret's default) is refused before the first request.
   */
  readonly forSavedPlan?: boolean;
  /** `--max-deletes`: overrides the manifest's safety.maxDeletes for this run. */
  readonly maxDeletes?: number;
  readonly payments?: PaymentOptions;
  /** `--base`: the manifest before the change under review; each change is labelled with its origin (plan/origin.ts). */
  readonly base?: BaseManifest;
  /** Read the devices the manifest does not manage too, so that each is listed as unmanaged (drift). */
  readonly everyDevice?: boolean;
}): Promise<PlanRun> {
  const { loaded, desired, safeguards } = await loadDesiredState(input.paths, input.env, input.cwd, input.readStdin);
  // Offline, like the manifest: a base that does not load is refused before the first request.
  const base = input.base === undefined ? undefined : await loadBaseManifest(input.base, input.env, input.cwd, input.readStdin);
  if (input.forSavedPlan === true) refuseSecretDefaults(loaded.secretDefaults);
  const run = await planAgainstLive(loaded, desired, input.client, input.concurrency, safeguards, input.everyDevice === true);
  const targets = input.targets ?? [];
  if (targets.length > 0) checkTargets(targets, knownAddresses(run), new Map((desired.moved ?? []).map((move) => [move.from, move.to])));
  const payments = input.payments ?? {};
  let plan = limitToTargets(run.plan, targets);
  let routes: BatchRoutes | undefined;
  const now = payments.now ?? new Date();
  const window = payments.impactWindow ?? DEFAULT_IMPACT_WINDOW;
  // Judged on the plan this run would carry out: only a plan that takes away or re-routes
  // something money flows through pays for the settlement read.
  if (isMoneyRelevant(plan.changes)) {
    const batches = await readSettlementBatches(input.client, settlementReadStart(now, window));
    routes = routeBatches(batches, run.live.state, desired.moved);
    const guarded = planChanges(desired, run.live.state, {
      ...run.context,
      settlement: { unsettled: unsettledByAddress(routes.byAddress), ...(payments.allowUnsettled === true ? { allowUnsettled: true } : {}) },
    });
    plan = limitToTargets(withMoreWarnings(guarded, routes.warnings), targets);
  }
  // A plan without changes (most drift runs) pays nothing for the live group's reach index.
  const changed = plan.changes;
  if (changed.length > 0) plan = withImpact(plan, computeImpact(changed, run.live.state, routes, window, now));
  if (base !== undefined) plan = withOrigins(plan, base, run);
  // Counted on the plan this run would carry out: a --target plan counts the deletes it keeps.
  checkDeleteBudget(plan, deleteBudgetOf(input.maxDeletes, safeguards.maxDeletes, 'manifest'));
  const terminalBudget = terminalBudgetOf(payments.maxAffectedTerminals, safeguards.maxAffectedTerminals, 'manifest');
  // A budget never passes on terminals it did not count: the devices of the merchants the live read
  // left out are read now (one list each), and only for a run with a budget, so that a run without
  // one sends the reads it always sent.
  const unread = terminalBudget === undefined ? [] : merchantsToCount(changed, run.live.state, terminalBudget.limit);
  if (unread.length > 0) {
    const counted = await countTerminals(input.client, unread, input.concurrency);
    plan = withUnreadCounts(withImpact(plan, computeImpact(changed, run.live.state, routes, window, now, counted)), counted, run.live.state);
  }
  checkTerminalBudget(plan, terminalBudget);
  return { ...run, plan, ...(routes !== undefined ? { routes } : {}) };
}

/** Each change with what it reaches (impact/compute-impact.ts), when it has an impact. */
function withImpact(plan: Plan, impact: ReadonlyMap<string, ChangeImpact>): Plan {
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
function withUnreadCounts(plan: Plan, counted: ReadonlyMap<string, number>, live: LiveState): Plan {
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
 * `protect:` or the settlement guard: what it would change is how the live group drifted from it. A base the planner refuses against this group leaves the manifests
 * alone to compare, which the plan says in a warning.
 */
function withOrigins(plan: Plan, base: LoadedBase, run: Pick<PlanRun, 'desired' | 'live'> & { readonly context: PlanContext }): Plan {
  let basePlan: Plan | undefined;
  // The base knows the live group by its own names: the live read as it came, re-keyed by the base's moves.
  const asRead = run.live.stateAsRead ?? run.live.state;
  let baseLive: LiveState | undefined;
  try {
    baseLive = applyMoves(asRead, base.desired.moved);
    basePlan = planChanges(base.desired, baseLive, { baseUrl: run.context.baseUrl, group: run.context.group });
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
  }
  const live = { plan: run.live.state, base: baseLive ?? asRead };
  const labelled = withMoreWarnings(
    labelOrigins(plan, { base: base.desired, desired: run.desired, basePlan, missingVariables: base.missingVariables, live }),
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
function withMoreWarnings(plan: Plan, more: readonly PlanWarning[]): Plan {
  return more.length === 0 ? plan : { ...plan, warnings: [...(plan.warnings ?? []), ...more] };
}

/** Every address a target may name: the manifest's, the live group's, and what only the plan names. */
function knownAddresses(run: Pick<PlanRun, 'desired' | 'live' | 'plan'>): Set<string> {
  const known = new Set<string>(run.desired.resources.keys());
  for (const address of run.live.state.resources.keys()) known.add(address);
  for (const change of run.plan.changes) known.add(baseAddress(change.address));
  for (const entry of run.plan.unmanaged) known.add(entry.address);
  for (const entry of run.plan.blocked) known.add(entry.address);
  return known;
}

/** The manifest is dropped here, once the desired state is built; `locate` lives on only in literal secrets' origins (see ManifestContext). */
async function loadDesiredState(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  readStdin: (() => Promise<string>) | undefined,
): Promise<{ loaded: PlanRun['loaded']; desired: DesiredState; safeguards: Safeguards }> {
  const { manifest, secrets, locate, ...loaded } = await loadManifest(paths, { env: { ...env }, cwd, ...(readStdin !== undefined ? { readStdin } : {}) });
  const maxDeletes = manifest.safety?.maxDeletes;
  const maxAffectedTerminals = manifest.safety?.maxAffectedTerminals;
  return {
    loaded: { ...loaded, secretDefaults: secretDefaults(secrets, locate) },
    desired: buildDesiredState({ manifest, secrets, locate }),
    safeguards: {
      protect: manifest.protect,
      ...(maxDeletes !== undefined ? { maxDeletes } : {}),
      ...(maxAffectedTerminals !== undefined ? { maxAffectedTerminals } : {}),
    },
  };
}

export async function planAgainstLive(
  loaded: PlanRun['loaded'],
  desired: DesiredState,
  client: ApiClient,
  concurrency: number,
  safeguards: Safeguards = { protect: [] },
  everyDevice = false,
): Promise<PlanRun & { readonly context: PlanContext }> {
  const owner = await readOwner(client, desired.group);
  const live = await readLive(client, desired, owner, { concurrency, everyDevice });
  const context: PlanContext = {
    baseUrl: client.baseUrl,
    group: { groupId: owner.groupId, groupName: owner.groupName ?? '' },
    protect: safeguards.protect,
  };
  const plan = planChanges(desired, live.state, context);
  return { loaded, desired, live, plan, safeguards, context };
}
