import type { GroupClient } from '../backend/configuration-api.js';
import type { ApiClient } from '../api/index.js';
import { executePlan, type ApplyEvent, type ApplyResult } from '../apply/execute-plan.js';
import { IdRegistry } from '../apply/id-registry.js';
import type { LiveRead } from '../live/read-live.js';
import type { DesiredState } from '../model/state.js';
import { checkedMaxDeletes } from '../plan/delete-budget.js';
import { checkedMaxAffectedTerminals } from '../plan/terminal-budget.js';
import { planDocument } from '../plan/plan-document.js';
import type { Plan, PublishedPlan, RawPlan } from '../plan/plan.js';
import type { SavedPlan } from '../plan/saved-plan.js';
import { SENSITIVE } from '../render/redact.js';
import { createScrubber } from '../util/scrub.js';
import { prepareSavedPlan } from '../workflow/prepare-saved-plan.js';
import { actorOf } from '../journal/sources.js';
import { overrideGrants, packSourcesOfFlags, packSourcesOfPlan, PolicyBlockedError, policyEnvironmentOf, type OverrideRequest, type PolicyOverrideGrant } from '../policy/index.js';
import { checkPlan, savedChecks, type PolicyRunOptions } from '../workflow/plan-checks.js';
import { readSavedPlan, shownSavedPlan } from '../workflow/saved-plan-file.js';
import { sourceOfEnvironment, sourceOfOption, type ServiceRecordOption } from '../service-record/resolve.js';
import { tokenOf } from './client.js';
import { environmentClient } from '../environments/client.js';
import { identityOf, type ResolvedEnvironment } from '../environments/types.js';
import { computeLibraryPlan, DEFAULT_PARALLELISM, planTargetOf, publishedFor, type EnvironmentPlanOptions, type EnvironmentTarget, type PlanOptions } from './plan.js';
import type { SharedParses } from '../manifest/parse-cache.js';

/** How a plan is carried out, whichever way it was made. */
interface ExecutionOptions extends OverrideOptions {
  /** Changes and requests in flight at once (as `--parallelism`); default 8. */
  readonly parallelism?: number;
  /** Each change as it starts, finishes, fails or is skipped (what the CLI's progress shows). */
  readonly onEvent?: (event: ApplyEvent) => void;
  /** Aborting it stops the run as Ctrl-C stops `paycfg apply`: running changes finish, none starts. */
  readonly signal?: AbortSignal;
}

/** What apply lets through of the policy packs' findings. */
interface OverrideOptions {
  /**
   * Overridable findings to let through, by rule, each with a written reason (as `--override RULE=REASON`).
   * An override of a rule no pack has, that is not overridable, or that found nothing is refused
   * (PolicyOverrideError). The prepared apply's `overrides` says what was let through, for the journal.
   */
  readonly overrides?: readonly OverrideRequest[];
  /** Who overrides, as the journal records the run's actor; default GITHUB_ACTOR, GITLAB_USER_LOGIN or USER of the process, else the OS account. */
  readonly actor?: string;
}

/** Apply a manifest: plan it, then carry the plan out (`paycfg apply -f … --auto-approve`). */
export interface ApplyManifestOptions extends PlanOptions, ExecutionOptions {}

/** Apply an environment's manifests (`paycfg apply --env NAME --auto-approve`): as ApplyManifestOptions, the environment in place of the manifest, variables and client. */
export type EnvironmentApplyOptions = EnvironmentPlanOptions & ExecutionOptions;

/** Apply a plan saved by `plan({ out })` or `paycfg plan --out` (`paycfg apply FILE`). */
export interface ApplySavedPlanOptions extends ExecutionOptions {
  /** The saved plan's file. */
  readonly savedPlan: string;
  readonly client: ApiClient;
  /** Where the secret values the saved plan names are read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Directory a relative `savedPlan` is resolved against; default `process.cwd()`. */
  readonly cwd?: string;
  /**
   * The most live records the run may delete (as `--max-deletes`); without it, the manifest's
   * safety.maxDeletes the plan was saved with, if any. Over it: DeleteBudgetError, nothing written.
   */
  readonly maxDeletes?: number;
  /**
   * Apply even though unsettled settlement batches now route through a delete, logout or
   * decommission of the saved plan (as `--allow-unsettled`); without it, SavedPlanUnsettledError.
   * Not kept from the plan: an allowance is for the run it was given to.
   */
  readonly allowUnsettled?: boolean;
  /** The most terminals one change may reach (as `--max-affected-terminals`); without it, the saved plan's safety.maxAffectedTerminals. */
  readonly maxAffectedTerminals?: number;
  /**
   * The environment the run is for (as `--env`): the plan must have been saved for it (name, base
   * URL and group), else SavedPlanError before any request; its secrets are read from the
   * environment's values, not from `env`. A plan saved for an environment needs it.
   */
  readonly environment?: ResolvedEnvironment;
  /** Policy packs to evaluate beside those the saved plan records (`policyPacks`), as `--policy`: relative to `cwd`. */
  readonly policy?: readonly string[];
  /** Each policy module's time limit, in milliseconds; default 10,000. */
  readonly policyTimeoutMs?: number;
  /**
   * A service record (as `--service-record`), relative to `cwd`: the live group is read with the
   * reading the plan was saved with, and a record given here (or by the environment) must record the
   * same one, else SavedPlanError before any request.
   */
  readonly serviceRecord?: ServiceRecordOption;
}

/** Apply a saved plan in its environment (`paycfg apply FILE --env NAME`): the environment in place of `client` and `env`. */
export type EnvironmentSavedPlanOptions = Omit<ApplySavedPlanOptions, 'client' | 'env' | 'environment'> & EnvironmentTarget;

export type ApplyOptions = ApplyManifestOptions | ApplySavedPlanOptions | EnvironmentApplyOptions | EnvironmentSavedPlanOptions;

/** What was carried out, and the plan it carried out as plan() returns it. */
export interface ApplyReport extends ApplyResult {
  /** The plan as published (schemas/plan.schema.json); its `blocked` changes were not attempted. */
  readonly plan: Plan;
}

function abortedOf(signal: AbortSignal | undefined): Promise<unknown> | undefined {
  if (signal === undefined) return undefined;
  if (signal.aborted) return Promise.resolve(signal.reason);
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true }));
}

/** How a prepared plan is carried out. */
export interface RunOptions extends Omit<ExecutionOptions, 'parallelism'> {
  /**
   * Settles when the run is to stop, as `signal` stops it (the CLI's Ctrl-C and SIGTERM, which
   * it hears as a promise): running changes finish, none starts.
   */
  readonly interrupted?: Promise<unknown>;
}

/**
 * A plan made and checked, not yet carried out: what apply() does in two steps, for a caller that
 * shows the plan and asks before it runs (`paycfg apply` without --auto-approve).
 */
export interface PreparedApply {
  /** The plan as published (secrets redacted, the token masked): what run() carries out, as the CLI shows it. */
  readonly plan: PublishedPlan;
  /** The secret values the run sends: to keep out of what is shown of a failure. */
  readonly secretValues: readonly string[];
  /** The overridable findings `overrides` let through, one per rule and pack: what the journal records (`policy-override`). */
  readonly overrides: readonly PolicyOverrideGrant[];
  /** Carries the plan out (call it once); its report as apply() returns it. */
  run(options?: RunOptions): Promise<ApplyReport>;
}

interface Prepared {
  /** The plan to carry out, secret values in clear. */
  readonly plan: RawPlan;
  readonly desired: DesiredState;
  readonly live: LiveRead;
  readonly secretValues: readonly string[];
  /**
   * The plan as published (publishedFor), when planning made it already: publishing scrubs and
   * hashes every change, 0.7 s of an apply into an empty 2,000-merchant group when done twice.
   */
  readonly shown?: PublishedPlan;
  /** The group's client on the API the plan was made through: the writes go through it too. */
  readonly group: GroupClient;
  /** The plan's checks (findings, skipped rules, packs), for the plan shown: a saved plan's are evaluated again. */
  readonly checked?: Pick<Plan, 'findings' | 'skippedRules' | 'policyPacks'>;
}

/**
 * Plans a manifest for apply (as `paycfg apply -f …` before it asks): reads the live group, sends
 * no write. The first of apply()'s two steps.
 *
 * @throws as apply() when planning fails.
 */
export async function prepareManifestApply(options: (ApplyManifestOptions | (EnvironmentApplyOptions & { readonly client: ApiClient })) & SharedParses): Promise<PreparedApply> {
  const parallelism = options.parallelism ?? DEFAULT_PARALLELISM;
  // The client is the caller's: nothing is made here that run() would have to close.
  const target = await planTargetOf<ExecutionOptions & SharedParses>(options);
  const { run, shown } = await computeLibraryPlan({ ...target.options, parallelism }, false, target.environment, overridesOf(options));
  refuseBlocked(shown, 'plan');
  return prepared(target.options.client, parallelism, { plan: run.plan, desired: run.desired, live: run.live, secretValues: [...run.loaded.secretValues], shown, group: run.group });
}

/** The overrides as the checks take them: by whom, and now. */
function overridesOf(options: OverrideOptions): PolicyRunOptions['overrides'] {
  if (options.overrides === undefined || options.overrides.length === 0) return undefined;
  return { requests: options.overrides, by: options.actor ?? actorOf(process.env)?.name ?? 'unknown', at: new Date().toISOString() };
}

/**
 * Refuses, before any write, a plan a finding blocks: a mandatory rule's, or an overridable one's
 * not overridden. The message names each and the way on.
 */
function refuseBlocked(plan: Pick<Plan, 'findings'>, made: 'plan' | 'saved plan'): void {
  const blocking = (plan.findings ?? []).filter((finding) => finding.blocking);
  if (blocking.length === 0) return;
  const overridable = [...new Set(blocking.filter((finding) => finding.level === 'overridable').map((finding) => finding.rule))];
  const mandatory = blocking.some((finding) => finding.level !== 'overridable');
  const ways: string[] = [];
  if (overridable.length > 0) {
    ways.push(`To let the overridable findings through, name each rule with a reason, which the journal records: ${overridable.map((rule) => `--override ${rule}="<why>"`).join(' ')}.`);
  }
  if (mandatory) ways.push(`A mandatory finding cannot be overridden: change the manifest so that the ${made} passes the rule, then plan again.`);
  throw new PolicyBlockedError(blocking, ways.join('\n'));
}

/**
 * Checks a saved plan, already read from its file, against the live group (as `paycfg apply
 * PLANFILE` does before it runs); sends no write. The first of apply()'s two steps.
 *
 * @throws SavedPlanError (SavedPlanStaleError when the group changed since it was saved);
 *   SavedPlanUnsettledError when unsettled batches now route through one of its deletes.
 */
export async function prepareSavedApply(saved: SavedPlan, options: Omit<ApplySavedPlanOptions, 'savedPlan'>): Promise<PreparedApply> {
  const parallelism = options.parallelism ?? DEFAULT_PARALLELISM;
  const maxDeletes = checkedMaxDeletes(options.maxDeletes);
  const maxAffectedTerminals = checkedMaxAffectedTerminals(options.maxAffectedTerminals);
  const payments = { ...(options.allowUnsettled === true ? { allowUnsettled: true } : {}), ...(maxAffectedTerminals !== undefined ? { maxAffectedTerminals } : {}) };
  const { environment } = options;
  // In an environment, its secrets come from its values, as its manifests' ${NAME}s did.
  const env = environment !== undefined ? environment.variables : (options.env ?? process.env);
  // Offline, before any request: the packs the plan was checked with (and the run's) read the plan it carries out.
  const cwd = options.cwd ?? process.cwd();
  const run = {
    ...(environment !== undefined ? { environment: identityOf(environment.definition) } : {}),
    recordSources: [sourceOfOption(options.serviceRecord, cwd), ...(environment !== undefined ? [sourceOfEnvironment(environment.definition)] : [])],
    cwd,
  };
  const { plan: checked } = await checkPlan(
    shownSavedPlan(saved),
    { ...savedChecks(saved.plan), packs: [...packSourcesOfPlan(saved.plan.policyPacks, cwd), ...packSourcesOfFlags(options.policy, cwd)] },
    {
      cwd,
      secrets: [tokenOf(options.client)],
      ...(environment !== undefined ? { environment: policyEnvironmentOf(environment) } : {}),
      ...(options.policyTimeoutMs !== undefined ? { timeoutMs: options.policyTimeoutMs } : {}),
      ...(overridesOf(options) !== undefined ? { overrides: overridesOf(options)! } : {}),
    },
  );
  refuseBlocked(checked, 'saved plan');
  const { findings, skippedRules, policyPacks } = checked;
  const ready = await prepareSavedPlan(saved, options.client, env, parallelism, maxDeletes, payments, run);
  return prepared(options.client, parallelism, { ...ready, checked: { ...(findings !== undefined ? { findings } : {}), ...(skippedRules !== undefined ? { skippedRules } : {}), ...(policyPacks !== undefined ? { policyPacks } : {}) } });
}

function prepared(client: ApiClient, parallelism: number, { plan: toRun, desired, live, secretValues, shown: published, group, checked }: Prepared): PreparedApply {
  const token = tokenOf(client);
  const shown = withChecks(published ?? publishedFor(toRun, token), checked);
  // What apply() reports: the plan's document, as plan() returns it.
  const reported = planDocument(shown);
  return {
    plan: shown,
    secretValues,
    overrides: overrideGrants(shown.findings ?? []),
    async run(options = {}) {
      const interrupted = options.interrupted ?? abortedOf(options.signal);
      // The executor hears of an interrupt a tick late: a signal aborted already must start nothing.
      const result: ApplyResult = options.signal?.aborted === true
        ? { outcomes: toRun.changes.map((c) => ({ address: c.address, action: c.action, status: 'not-started' })), done: 0, failed: 0, skipped: 0, notStarted: toRun.changes.length }
        : await executePlan(
            toRun,
            { client: group, ids: IdRegistry.fromLive(live.state), live, desired, plan: toRun },
            { parallelism, ...(interrupted !== undefined ? { interrupted } : {}), ...(options.onEvent !== undefined ? { onEvent: options.onEvent } : {}) },
          );
      if (token === '') return { plan: reported, ...result };
      // A live-only record's key comes from the service: outcomes name it with the token masked, as the plan does.
      const mask = createScrubber([token], SENSITIVE);
      const outcomes = result.outcomes.map((o) => ({
        ...o,
        address: mask(o.address),
        ...(o.detail !== undefined ? { detail: mask(o.detail) } : {}),
        ...(o.because !== undefined ? { because: mask(o.because) } : {}),
      }));
      return { plan: reported, ...result, outcomes };
    },
  };
}

/** A published plan with the checks found for it (those of a saved plan, evaluated again), in place of any it had. */
function withChecks(plan: PublishedPlan, checked: Prepared['checked']): PublishedPlan {
  if (checked === undefined) return plan;
  const { findings: _findings, skippedRules: _skipped, policyPacks: _packs, ...rest } = plan;
  return { ...rest, ...checked } as PublishedPlan;
}

/**
 * Makes the live group match the manifest, as `paycfg apply -f … --auto-approve` does without
 * printing: plans, then carries the changes out in an order the service accepts, up to
 * `parallelism` at once. A failed change skips what depends on it; the others go on. With
 * `savedPlan` it carries out a saved plan, after checking that the live records it was computed
 * from have not changed since.
 *
 * The run succeeded when `failed`, `notStarted` and `plan.blocked.length` are all 0 (the CLI
 * exits 1 otherwise). Each failed outcome's `error` is one of the error classes exported here.
 *
 * @throws ManifestError, ApiError, TransportError… when planning fails: then nothing was changed.
 * @throws SavedPlanError (SavedPlanStaleError when the group changed since) for a saved plan that
 *   cannot be applied, or was saved for another environment than the run's: nothing was changed.
 * @throws DeleteBudgetError when the plan deletes more than `maxDeletes` (or safety.maxDeletes) allows: nothing was changed.
 * @throws AffectedTerminalsError when a change reaches more terminals than `maxAffectedTerminals` (or safety.maxAffectedTerminals) allows: nothing was changed.
 * @throws SavedPlanUnsettledError when unsettled batches now route through a delete of the saved plan (without `allowUnsettled`): nothing was changed.
 * @throws SettlementReadError when the settlement batches the guard needs cannot be read: nothing was changed.
 * @throws PolicyBlockedError when a policy finding blocks the plan (a mandatory rule's, or an overridable one's not in `overrides`): nothing was changed.
 * @throws PolicyModuleError when a policy pack cannot be evaluated; PolicyOverrideError for an override that lets nothing through: nothing was changed.
 */
export async function apply(options: ApplyOptions): Promise<ApplyReport> {
  // An environment's client is made here when not given, and closed once the run is over.
  const { client, close } = await clientOf(options);
  try {
    const ready =
      'savedPlan' in options
        ? await prepareSavedApply(await readSavedPlan(options.savedPlan, options.cwd ?? process.cwd()), { ...options, client })
        : await prepareManifestApply({ ...options, client });
    return await ready.run({ ...(options.signal !== undefined ? { signal: options.signal } : {}), ...(options.onEvent !== undefined ? { onEvent: options.onEvent } : {}) });
  } finally {
    await close();
  }
}

/** The client of a run: the one given, else the environment's (made from its base URL and token, to close). */
async function clientOf(options: ApplyOptions): Promise<{ client: ApiClient; close: () => Promise<void> }> {
  if (options.client !== undefined) return { client: options.client, close: async () => undefined };
  const { environment, env, parallelism } = options as EnvironmentTarget & { parallelism?: number };
  const client = await environmentClient(environment, { env: env ?? process.env, maxInFlight: parallelism ?? DEFAULT_PARALLELISM });
  return { client, close: () => client.close() };
}
