import type { ApiClient } from '../api/index.js';
import { groupClient, type GroupClient } from '../backend/configuration-api.js';
import { resolveGroupApi } from '../backend/detect-api.js';
import { buildDesiredState } from '../desired/build-desired.js';
import { countTerminals } from '../live/count-terminals.js';
import { readLive, readOwner, type LiveRead, type ReadOptions } from '../live/read-live.js';
import { checkLegacyLimits, effectiveApi, loadManifest, type ApiChoice, type ApiFlag, type LoadManifestOptions, type ManifestContext } from '../manifest/index.js';
import { secretDefaults, type SecretDefault } from '../manifest/secret-defaults.js';
import type { DesiredState } from '../model/state.js';
import { routeBatches, type BatchRoutes } from '../payments/batch-routes.js';
import { DEFAULT_IMPACT_WINDOW, settlementReadStart, type ImpactWindow } from '../payments/impact-window.js';
import { readSettlementBatches } from '../payments/read-settlements.js';
import { deleteBudgetOf } from '../plan/delete-budget.js';
import type { PlanContext } from '../plan/plan-changes.js';
import type { RawPlan } from '../plan/plan.js';
import { readsNeeded } from '../plan/reads-needed.js';
import { refuseSecretDefaults } from '../plan/saved-plan.js';
import { terminalBudgetOf } from '../plan/terminal-budget.js';
import type { EnvironmentIdentity } from '../environments/types.js';
import { ConfigError } from '../errors.js';
import { assertPaymentRules } from '../rules/index.js';
import { planRecordOf } from '../service-record/plan-record.js';
import { loadRunRecord, sourceOfManifest, type ServiceRecordSource } from '../service-record/resolve.js';
import { recordedReadingOf, type LoadedServiceRecord } from '../service-record/types.js';
import type { PackSource } from '../policy/index.js';
import { loadBaseManifest, type BaseManifest } from './base-manifest.js';
import { findingLocator, manifestPackSources, rulesChecks, type PlanChecks } from './plan-checks.js';
import { planRead, terminalsToCount, type GroupReading, type PlanRequest } from './plan-stages.js';

export interface PlanRun {
  /** With what `plan --out` must refuse that only the manifest's positions can show (see manifest/secret-defaults.ts). */
  readonly loaded: ManifestContext & { readonly secretDefaults: ReadonlyMap<string, SecretDefault> };
  readonly desired: DesiredState;
  readonly live: LiveRead;
  /** The plan, raw: secret values in clear (what apply sends); published before it is shown or saved. */
  readonly plan: RawPlan;
  /** The manifest's safeguards: `protect:` (already applied to the plan) and `safety:` (a saved plan keeps it). */
  readonly safeguards: Safeguards;
  /** The settlement batches' routes, when the run read them and the plan's changes used them (plan-stages.ts planRead). */
  readonly routes?: BatchRoutes;
  /** The group's client on the API it was read through: apply writes through the same one. */
  readonly group: GroupClient;
  /** The environment the plan was made for (`--env`), as a saved plan records it. */
  readonly environment?: EnvironmentIdentity;
  /** What the plan is checked with once published (plan-checks.ts): the payment rules' findings, the packs to evaluate. */
  readonly checks: PlanChecks;
  /** The service record the live group was read with; absent when nothing named one. */
  readonly serviceRecord?: LoadedServiceRecord;
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
 * completely before the first request, so bad input never reaches the service. Everything the plan
 * needs is read first: the live group, then the settlement batches and the unread merchants'
 * terminals when the changes the manifest and the live records can make need them
 * (plan/reads-needed.ts); then the group is planned once, purely (plan-stages.ts planRead).
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
  /** `--api`: the configuration API to read and write the group through; by default the manifest's `api:`, else asked of the service. */
  readonly api?: ApiFlag;
  /**
   * `--env`: the environment the run is for (`env` then holds its variables, `client` its base URL
   * and token). Its group is the one the token must belong to, checked before any other read.
   */
  readonly environment?: EnvironmentIdentity;
  /**
   * How the environment's manifests are loaded (environments/manifests.ts): only the names its
   * values declare, and its environments file skipped in a directory of manifests; `parseCache`:
   * parses shared with the other plans of the run (a fleet's targets, manifest/parse-cache.ts).
   */
  readonly load?: Pick<LoadManifestOptions, 'scope' | 'exclude' | 'parseCache'>;
  /**
   * Run once the manifest (and the base) are loaded and checked, before the first request: a
   * caller with offline work of its own (a promotion's source view) refuses bad input there, so
   * that nothing is sent when anything offline is wrong. Its rejection is the plan's.
   */
  readonly beforeRead?: () => Promise<void>;
  /** The run's own policy packs (`--policy`), evaluated after the manifest's `policies:`. */
  readonly policy?: readonly PackSource[];
  /**
   * Where the run was told its service record is, before its manifest: the command line
   * (--service-record, $PAYCFG_SERVICE_RECORD), the environment. The manifest's `serviceRecord:`
   * is the last source; two naming different files are refused before the first request.
   */
  readonly recordSources?: readonly (ServiceRecordSource | undefined)[];
}): Promise<PlanRun> {
  const { loaded, desired, safeguards, api, legacyCheck, checks, serviceRecord } = await loadDesiredState(
    input.paths,
    input.env,
    input.cwd,
    input.readStdin,
    input.api,
    input.load ?? {},
    input.policy ?? [],
    input.recordSources ?? [],
  );
  const expectedGroup = groupOfRun(desired.group, input.environment);
  // Offline, like the manifest: a base that does not load is refused before the first request.
  const base = input.base === undefined ? undefined : await loadBaseManifest(input.base, input.env, input.cwd, input.readStdin, input.load?.exclude);
  if (input.forSavedPlan === true) refuseSecretDefaults(loaded.secretDefaults);
  await input.beforeRead?.();
  const { live, context, client: group } = await readGroup(desired, expectedGroup, input.client, { concurrency: input.concurrency, everyDevice: input.everyDevice === true, hashRecords: input.forSavedPlan === true }, safeguards, api, legacyCheck, serviceRecord);
  const environment = input.environment;
  const payments = input.payments ?? {};
  const deleteBudget = deleteBudgetOf(input.maxDeletes, safeguards.maxDeletes, 'manifest');
  const terminalBudget = terminalBudgetOf(payments.maxAffectedTerminals, safeguards.maxAffectedTerminals, 'manifest');
  const request: PlanRequest = {
    targets: input.targets ?? [],
    window: payments.impactWindow ?? DEFAULT_IMPACT_WINDOW,
    now: payments.now ?? new Date(),
    allowUnsettled: payments.allowUnsettled === true,
    ...(deleteBudget !== undefined ? { deleteBudget } : {}),
    ...(terminalBudget !== undefined ? { terminalBudget } : {}),
    ...(base !== undefined ? { base } : {}),
  };
  // What the plan can need beyond the live group, from the manifest and the live records alone.
  const needed = readsNeeded(desired, live.state, safeguards.protect, request.terminalBudget !== undefined);
  let reading: GroupReading = { live, context };
  if (needed.settlement) {
    const batches = await readSettlementBatches(group, settlementReadStart(request.now, request.window));
    reading = { ...reading, routes: routeBatches(batches, live.state, desired.moved) };
  }
  // The devices of the merchants the live read left out are read now (one list each), for a budget.
  const unread = terminalsToCount(needed.candidates, live.state, request.terminalBudget);
  if (unread.length > 0) reading = { ...reading, counted: await countTerminals(group, unread, input.concurrency) };
  const { plan, routes } = planRead(desired, reading, request);
  return {
    loaded,
    desired,
    live,
    plan,
    safeguards,
    group,
    checks,
    ...(routes !== undefined ? { routes } : {}),
    ...(environment !== undefined ? { environment } : {}),
    ...(serviceRecord !== undefined ? { serviceRecord } : {}),
  };
}

/**
 * The manifest is dropped here, once the desired state is built; `locate` lives on only in literal
 * secrets' origins (see ManifestContext), and in the check of what the legacy API cannot express:
 * run now, before any request, when the manifest or the flag names the legacy API, and kept until
 * the service says which API the group is on when the run asks it (LegacyCheck).
 */
async function loadDesiredState(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  readStdin: (() => Promise<string>) | undefined,
  apiFlag: ApiFlag | undefined,
  load: Pick<LoadManifestOptions, 'scope' | 'exclude' | 'parseCache'>,
  policy: readonly PackSource[],
  recordSources: readonly (ServiceRecordSource | undefined)[],
): Promise<{
  loaded: PlanRun['loaded'];
  desired: DesiredState;
  safeguards: Safeguards;
  api: ApiChoice;
  legacyCheck: LegacyCheck;
  checks: PlanChecks;
  serviceRecord: LoadedServiceRecord | undefined;
}> {
  const whole = await loadManifest(paths, {
    env: { ...env },
    cwd,
    ...(readStdin !== undefined ? { readStdin } : {}),
    ...(load.scope !== undefined ? { scope: load.scope } : {}),
    ...(load.exclude !== undefined ? { exclude: load.exclude } : {}),
    ...(load.parseCache !== undefined ? { parseCache: load.parseCache } : {}),
  });
  // The payment rules, offline: an error refuses the plan before any request; warnings go on the plan.
  const rules = assertPaymentRules(whole);
  const packs = [...manifestPackSources(whole.manifest.policies, whole.locate, cwd), ...policy];
  // The manifest is kept past the desired state only by a run whose packs' findings it locates.
  const checks: PlanChecks = { ...rulesChecks(rules), packs, ...(packs.length > 0 ? { locate: findingLocator(whole) } : {}) };
  const api = effectiveApi(apiFlag, whole.manifest);
  if (api === 'legacy') checkLegacyLimits(whole);
  // Asked of the service: checked once it answers, and only if the group is on the legacy API (a
  // group on the current API pays nothing for it: about a second at 10,000 merchants when it did).
  const legacyCheck: LegacyCheck = { check: api === 'detect' ? () => checkLegacyLimits(whole) : undefined };
  // Offline, like the manifest: a record that does not load, or two that disagree, refuse the run before any request.
  const serviceRecord = await loadRunRecord([...recordSources, sourceOfManifest(whole.manifest.serviceRecord, whole.locate, cwd)], cwd);
  const { manifest, secrets, locate, ...loaded } = whole;
  const maxDeletes = manifest.safety?.maxDeletes;
  const maxAffectedTerminals = manifest.safety?.maxAffectedTerminals;
  return {
    api,
    legacyCheck,
    checks,
    serviceRecord,
    loaded: { ...loaded, secretDefaults: secretDefaults(secrets, locate) },
    desired: buildDesiredState({ manifest, secrets, locate }),
    safeguards: {
      protect: manifest.protect,
      ...(maxDeletes !== undefined ? { maxDeletes } : {}),
      ...(maxAffectedTerminals !== undefined ? { maxAffectedTerminals } : {}),
    },
  };
}

/**
 * The check of what the manifest asks that the legacy API cannot express, for a run that asks the
 * service which API the group is on. It holds the whole manifest and its positions: readGroup lets
 * go of it once the service has answered, before the live read, so that the manifest is not held
 * through the run.
 */
interface LegacyCheck {
  check: (() => void) | undefined;
}


/**
 * The owner check and the API the group is on (asked beside it when not pinned: one read more,
 * in the same round), then the live group as the manifest scopes it, through that API, and what
 * the planner is told of the group. A group found on the legacy API is refused, before anything
 * else is read, what the legacy API cannot express.
 */
async function readGroup(
  desired: DesiredState,
  expectedGroup: ExpectedGroup | undefined,
  apiClient: ApiClient,
  reading: Pick<ReadOptions, 'concurrency' | 'everyDevice' | 'hashRecords'>,
  safeguards: Safeguards,
  choice: ApiChoice,
  legacyCheck: LegacyCheck,
  serviceRecord: LoadedServiceRecord | undefined,
): Promise<{ live: LiveRead; context: PlanContext; client: GroupClient }> {
  // An environment's token is checked before anything else is read: a token of the other
  // environment must not even list its records. A manifest's own `group:` keeps the one round.
  const [owner, api] =
    expectedGroup?.first === true
      ? await readOwner(apiClient, expectedGroup.groupId, expectedGroup.environment).then(async (owner) => [owner, await resolveGroupApi(apiClient, choice)] as const)
      : await Promise.all([readOwner(apiClient, expectedGroup?.groupId), resolveGroupApi(apiClient, choice)]);
  const { check } = legacyCheck;
  legacyCheck.check = undefined;
  if (api === 'legacy') check?.();
  const client = groupClient(apiClient, api, owner);
  const recorded = recordedReadingOf(serviceRecord);
  const live = await readLive(client, desired, owner, { ...reading, ...(recorded !== undefined ? { recorded } : {}) });
  const context: PlanContext = {
    baseUrl: client.baseUrl,
    group: { groupId: owner.groupId, groupName: owner.groupName ?? '' },
    protect: safeguards.protect,
    ...(api === 'legacy' ? { api } : {}),
    ...(expectedGroup?.environment !== undefined ? { environment: expectedGroup.environment } : {}),
    ...(serviceRecord !== undefined ? { serviceRecord: planRecordOf(serviceRecord) } : {}),
  };
  return { live, context, client };
}

/**
 * The group the run's token must belong to: the environment's, else the manifest's `group:`. A
 * manifest that pins another group than its environment's is refused before any request.
 */
function groupOfRun(manifestGroup: string | undefined, environment: EnvironmentIdentity | undefined): ExpectedGroup | undefined {
  if (environment === undefined) return manifestGroup === undefined ? undefined : { groupId: manifestGroup, first: false };
  if (manifestGroup !== undefined && manifestGroup !== environment.groupId) {
    throw new ConfigError(
      `the manifest is pinned to group ${manifestGroup}, but environment ${environment.name} manages group ${environment.groupId} at ${environment.baseUrl}; ` +
        'nothing was read or changed. Fix the manifest\'s group: or the environment\'s group.',
    );
  }
  return { groupId: environment.groupId, first: true, environment: environment.name };
}

/** The group a run's token must belong to; `first`: checked before any other read; `environment`: the name of the environment it is the group of. */
interface ExpectedGroup {
  readonly groupId: string;
  readonly first: boolean;
  readonly environment?: string;
}
