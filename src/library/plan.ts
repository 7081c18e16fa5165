import type { ApiFlag } from '../manifest/api-choice.js';
import { planHash } from '../journal/plan-hash.js';
import type { ApiClient } from '../api/index.js';
import { refuseTokenInDesired } from '../workflow/desired-token.js';
import { parseImpactWindow } from '../payments/impact-window.js';
import { checkedMaxDeletes } from '../plan/delete-budget.js';
import { checkedMaxAffectedTerminals } from '../plan/terminal-budget.js';
import { planDocument } from '../plan/plan-document.js';
import type { Plan, PublishedPlan, RawPlan } from '../plan/plan.js';
import { parseTargets } from '../plan/targets.js';
import { publicPlan } from '../render/public-plan.js';
import { scrubPlan } from '../render/redact.js';
import { UsageError } from '../errors.js';
import type { BaseManifest } from '../workflow/base-manifest.js';
import { materialiseBaseRef } from '../workflow/base-ref.js';
import { computePlan, type PaymentOptions, type PlanRun } from '../workflow/compute-plan.js';
import { checkPlanDestination, writeSavedPlan } from '../workflow/saved-plan-file.js';
import { checkClientOfEnvironment, environmentClient } from '../environments/client.js';
import { environmentManifestOptions } from '../environments/manifests.js';
import type { SharedParses } from '../manifest/parse-cache.js';
import { identityOf, type ResolvedEnvironment } from '../environments/types.js';
import { packSourcesOfFlags, policyEnvironmentOf, type PolicyReport } from '../policy/index.js';
import { checkPlan, type PolicyRunOptions } from '../workflow/plan-checks.js';
import { sourceOfEnvironment, sourceOfOption, type ServiceRecordOption } from '../service-record/resolve.js';
import { tokenOf } from './client.js';

/** As `paycfg plan`'s --parallelism: the CLI's default. */
export const DEFAULT_PARALLELISM = 8;

/** What a plan is made of: the manifest, and the service the group lives in. */
export interface PlanOptions {
  /** Manifest files or directories (as `-f`; directories are read recursively). */
  readonly manifest: string | readonly string[];
  /** The service, from createClient. */
  readonly client: ApiClient;
  /** Where the manifest's `${VAR}` references are read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Directory relative paths are resolved against; default `process.cwd()`. */
  readonly cwd?: string;
  /** Reads in flight at once (as `--parallelism`); default 8. */
  readonly parallelism?: number;
  /** Only these resources and what they depend on (as `--target`), e.g. `merchant/coffee-001`. */
  readonly targets?: readonly string[];
  /**
   * The most live records the plan may delete (as `--max-deletes`; a replacement, a logout and a
   * decommission count): over it, a DeleteBudgetError lists them and nothing is written. Overrides
   * the manifest's `safety.maxDeletes`; 0 allows no delete.
   */
  readonly maxDeletes?: number;
  /**
   * How far back each change's traffic is counted (as `--impact-window`): `<N>d` days or `<N>h`
   * hours, 1d to 366d; default `30d`. Read only by a plan that deletes, replaces or re-routes.
   */
  readonly impactWindow?: string;
  /**
   * Let a delete, replacement, logout or decommission go ahead while unsettled settlement batches
   * route through its record (as `--allow-unsettled`): the plan carries a warning listing them
   * instead of blocking the change.
   */
  readonly allowUnsettled?: boolean;
  /**
   * The most terminals one change may reach (as `--max-affected-terminals`): over it, an
   * AffectedTerminalsError names each such change and nothing is written. Overrides the
   * manifest's `safety.maxAffectedTerminals`.
   */
  readonly maxAffectedTerminals?: number;
  /**
   * Read the devices of every merchant, those the manifest does not manage too, so that `unmanaged`
   * lists each of them (as `paycfg drift` does). Without it a plan reads only the devices it may
   * change, and names the merchants whose devices it left unread in `unreadDevices`.
   */
  readonly readEveryDevice?: boolean;
  /**
   * The configuration API to read (and apply to write) the group through, as `--api`: `current`
   * (`/api/openapi/v1`), `legacy` (`/api/v2`) or `auto`, which asks the service (one legacy read,
   * beside the owner's). Default: the manifest's `api:`, else `auto`.
   */
  readonly api?: ApiFlag;
  /**
   * Reads the manifest file given as the path `-` (as `-f -` reads standard input); without it,
   * `-` is refused with a ManifestError.
   */
  readonly readStdin?: () => Promise<string>;
  /**
   * Policy packs to evaluate over the plan beside the manifest's `policies:` (as `--policy`, repeatable):
   * `builtin` (paycfg's plan rules) or a JavaScript or TypeScript module's path, relative to `cwd`.
   * Their findings go on the plan (`findings`, with their level and whether they block an apply),
   * and the plan records the packs (`policyPacks`). See docs/policy.md.
   */
  readonly policy?: readonly string[];
  /** How long each policy module may run, in milliseconds; default 10,000. Past it the run fails (PolicyModuleError). */
  readonly policyTimeoutMs?: number;
  /**
   * The service record to read the live group with (as `--service-record`): a file relative to
   * `cwd`, written by `paycfg probe` (docs/service-record.md). The environment's `serviceRecord:`
   * and the manifest's may name the same file, never another (ServiceRecordError, before any
   * request). The plan then names it (`serviceRecord`). Without any, the run learns what it can
   * from the group, as before.
   */
  readonly serviceRecord?: ServiceRecordOption;
}

/**
 * The manifest before the change under review (`plan --base`, `--base-ref`): each change of the
 * plan then carries its `origin`: `intended` (the change brings it), `revert` (the live group was
 * changed outside paycfg and the apply undoes that) or `both`. Read offline; no second live read.
 */
export interface BaseOptions {
  /** Files or directories of the base manifest, as `manifest` takes them (as `--base`). */
  readonly base?: string | readonly string[];
  /**
   * A git revision (as `--base-ref`, e.g. `origin/main`): the base is each manifest path as it is
   * at that revision, read with git into a temporary directory that is removed afterwards. A path
   * that does not exist there is one the change adds. Not with `base`.
   */
  readonly baseRef?: string;
}

/**
 * The environment a run is for (as `--env`), in place of `manifest`, `env` and `client`: its
 * manifests, loaded with its values alone (an undeclared `${NAME}` is refused, a value written in the
 * environments file feeds no secret), its base URL and token, and its group, checked before
 * anything else is read. A plan made so names its environment (`environment`), and a saved one
 * records it: applying it anywhere else is refused.
 */
export interface EnvironmentTarget {
  /** From resolveEnvironment. */
  readonly environment: ResolvedEnvironment;
  /** The client to go through; default one made by environmentClient from its base URL and token, closed when done. */
  readonly client?: ApiClient;
  /** Where the token's `{ env: NAME }` source is read when `client` is not given; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A plan of an environment: PlanOptions with the environment in place of the manifest, the variables and the client. */
export type EnvironmentPlanOptions = Omit<PlanOptions, 'manifest' | 'client' | 'env'> & EnvironmentTarget;

interface SaveOptions {
  /** The file to write (as `--out`): an existing file is replaced only when it is a saved plan. */
  readonly out?: string;
  /** With `out`: replace the file even when it is not a saved plan (as `--force`). */
  readonly force?: boolean;
}

/** A plan to compute, and where to save it for a later `apply({ savedPlan })` or `paycfg apply FILE`. */
export interface SavePlanOptions extends PlanOptions, BaseOptions, SaveOptions {}

/** SavePlanOptions, for an environment. */
export type EnvironmentSavePlanOptions = EnvironmentPlanOptions & BaseOptions & SaveOptions;

/** The plan options of either kind, made concrete: the manifest, variables and client of the environment, when one is given. */
export interface PlanTarget<O> {
  readonly options: O & PlanOptions;
  /** The environment, when the options name one. */
  readonly environment?: ResolvedEnvironment;
  /** Closes the client made here (none when the caller gave one). */
  close(): Promise<void>;
}

/** Whether options name an environment in place of the manifest and client. */
export function namesEnvironment<O extends object>(options: O | EnvironmentTarget): options is EnvironmentTarget {
  return 'environment' in options && options.environment !== undefined;
}

/** The options as PlanOptions: an environment's manifests, values and client in place, when one is given. */
export async function planTargetOf<O extends object>(options: (O & PlanOptions) | (O & EnvironmentTarget & Partial<Pick<PlanOptions, 'parallelism'>>)): Promise<PlanTarget<O>> {
  if (!namesEnvironment(options)) return { options: options as O & PlanOptions, close: async () => undefined };
  const { environment, client: given, env, ...rest } = options as O & EnvironmentTarget & Partial<Pick<PlanOptions, 'parallelism'>>;
  if (given !== undefined) checkClientOfEnvironment(given, environment.definition);
  const client = given ?? (await environmentClient(environment, { env: env ?? process.env, maxInFlight: rest.parallelism ?? DEFAULT_PARALLELISM }));
  return {
    options: { ...(rest as unknown as O), manifest: environment.definition.manifests, client, env: environment.variables },
    environment,
    close: given === undefined ? () => client.close() : async () => undefined,
  };
}

/** A raw plan published with the token masked wherever the service returned it: what is shown and what a saved plan stores. */
function publishedWithout(plan: RawPlan, token: string): PublishedPlan {
  return publicPlan(scrubPlan(plan, token === '' ? [] : [token]));
}

/** A published plan with its hash, which the journal of its apply records. */
function withPlanHash(plan: PublishedPlan): PublishedPlan {
  return { ...plan, planHash: planHash(plan) };
}

/**
 * A plan as paycfg shows and hands it out (plan, apply -f, apply PLANFILE alike): the token masked
 * wherever the service returned it, and the plan's hash, which the journal of its apply records.
 */
export function publishedFor(plan: RawPlan, token: string): PublishedPlan {
  return withPlanHash(publishedWithout(plan, token));
}

/**
 * The run behind a plan, and the plan as published, checked (payment rules, policy packs): what plan
 * and apply both start from. `overrides`: apply's, applied to the packs' findings.
 */
export async function computeLibraryPlan(
  options: PlanOptions & BaseOptions & SharedParses,
  forSavedPlan = false,
  environment?: ResolvedEnvironment,
  overrides?: PolicyRunOptions['overrides'],
): Promise<{ run: PlanRun; published: PublishedPlan; shown: PublishedPlan; token: string; policy: PolicyReport }> {
  const token = tokenOf(options.client);
  const paths = typeof options.manifest === 'string' ? [options.manifest] : options.manifest;
  const cwd = options.cwd ?? process.cwd();
  if (options.base !== undefined && options.baseRef !== undefined) throw new UsageError('give the base manifest one way: base (its files) or baseRef (a git revision), not both');
  const fromGit = options.baseRef !== undefined ? await materialiseBaseRef(options.baseRef, paths, cwd) : undefined;
  try {
    const base = fromGit?.base ?? baseOf(options.base, paths);
    const run = await computePlanOf(options, paths, cwd, forSavedPlan, base, environment);
    // The packs read the plan as it is published: redacted, the token masked.
    const { plan: published, policy } = await checkPlan(publishedWithout(run.plan, token), run.checks, {
      cwd,
      secrets: [...run.loaded.secretValues, token],
      ...(environment !== undefined ? { environment: policyEnvironmentOf(environment) } : {}),
      ...(options.policyTimeoutMs !== undefined ? { timeoutMs: options.policyTimeoutMs } : {}),
      ...(overrides !== undefined ? { overrides } : {}),
    });
    return { run, published, shown: withPlanHash(published), token, policy };
  } finally {
    await fromGit?.dispose();
  }
}

/** `base` as the workflow takes it; refused when it names no path, or standard input beside a manifest read from it. */
function baseOf(base: BaseOptions['base'], paths: readonly string[]): BaseManifest | undefined {
  if (base === undefined) return undefined;
  const basePaths = typeof base === 'string' ? [base] : [...base];
  if (basePaths.length === 0) throw new UsageError('base names no file: give the base manifest\'s files or directories');
  if (basePaths.includes('-') && paths.includes('-')) throw new UsageError('standard input (-) can be read once: the manifest and its base cannot both come from it');
  return { paths: basePaths, label: '--base' };
}

function computePlanOf(
  options: PlanOptions & SharedParses,
  paths: readonly string[],
  cwd: string,
  forSavedPlan: boolean,
  base: BaseManifest | undefined,
  environment: ResolvedEnvironment | undefined,
): Promise<PlanRun> {
  const manifestOptions = environment === undefined ? undefined : environmentManifestOptions(environment);
  return computePlan({
    paths,
    env: options.env ?? process.env,
    cwd,
    client: options.client,
    concurrency: options.parallelism ?? DEFAULT_PARALLELISM,
    targets: parseTargets(options.targets),
    forSavedPlan,
    ...(options.maxDeletes !== undefined ? { maxDeletes: checkedMaxDeletes(options.maxDeletes)! } : {}),
    payments: paymentOptionsOf(options),
    ...(options.readStdin !== undefined ? { readStdin: options.readStdin } : {}),
    ...(base !== undefined ? { base } : {}),
    ...(options.readEveryDevice === true ? { everyDevice: true } : {}),
    ...(options.api !== undefined ? { api: options.api } : {}),
    ...(options.policy !== undefined ? { policy: packSourcesOfFlags(options.policy, cwd) } : {}),
    recordSources: [sourceOfOption(options.serviceRecord, cwd), ...(environment !== undefined ? [sourceOfEnvironment(environment.definition)] : [])],
    ...(environment !== undefined ? { environment: identityOf(environment.definition) } : {}),
    load: {
      ...(manifestOptions !== undefined ? { scope: manifestOptions.scope, exclude: manifestOptions.exclude } : {}),
      ...(options.parseCache !== undefined ? { parseCache: options.parseCache } : {}),
    },
  });
}

/** The library's payment options as the workflow takes them, each checked (a UsageError naming the option). */
export function paymentOptionsOf(options: Pick<PlanOptions, 'impactWindow' | 'allowUnsettled' | 'maxAffectedTerminals'>): PaymentOptions {
  const maxAffectedTerminals = checkedMaxAffectedTerminals(options.maxAffectedTerminals);
  return {
    impactWindow: parseImpactWindow(options.impactWindow, 'impactWindow'),
    ...(options.allowUnsettled === true ? { allowUnsettled: true } : {}),
    ...(maxAffectedTerminals !== undefined ? { maxAffectedTerminals } : {}),
  };
}

/**
 * Reads the live group, compares it with the manifest and returns the ordered changes `apply`
 * would make, as `paycfg plan --json` prints them (schemas/plan.schema.json): secret values
 * shown as `(sensitive)`, the access token masked wherever the service returned it. Sends no
 * write. The group differs from the manifest when `changes` or `blocked` is not empty.
 *
 * With `out`, the plan is also saved there for `apply({ savedPlan })` (`paycfg plan --out`): the
 * file holds no secret value, only where each comes from.
 *
 * With `base` (or `baseRef`), each change and blocked change carries its `origin` against that
 * manifest (see BaseOptions); the changes themselves are the same.
 *
 * With `environment` in place of `manifest`, `env` and `client` (EnvironmentTarget), the plan is
 * that environment's, and names it.
 *
 * @throws ManifestError before the first request, when the manifest is invalid (a BaseManifestError when the base is).
 * @throws GroupMismatchError when the token belongs to another group than the environment's (or the manifest's `group:`): nothing else was read.
 * @throws ApiError, AuthenticationError, TransportError… when the service refuses or cannot be reached.
 * @throws TargetError when a target names no resource; SavedPlanError when `out` cannot be written.
 * @throws DeleteBudgetError when the plan deletes more than `maxDeletes` (or the manifest's safety.maxDeletes) allows: nothing is saved.
 * @throws AffectedTerminalsError when a change reaches more terminals than `maxAffectedTerminals` (or safety.maxAffectedTerminals) allows: nothing is saved.
 * @throws SettlementReadError when the plan needs the settlement batches (it deletes, replaces or re-routes) and they cannot be read.
 * @throws PolicyModuleError when a policy pack (the manifest's `policies:`, `policy`) cannot be evaluated: nothing is saved.
 */
export async function plan(options: SavePlanOptions | EnvironmentSavePlanOptions): Promise<Plan> {
  return planDocument(await publishPlan(options));
}

/** plan(), the plan as published rather than as its document: what the CLI renders. */
export async function publishPlan(given: (SavePlanOptions | EnvironmentSavePlanOptions) & SharedParses): Promise<PublishedPlan> {
  return (await publishCheckedPlan(given)).plan;
}

/** publishPlan, with the report of the policy packs the plan was checked with (every rule they ran, found something or not). */
export async function publishCheckedPlan(given: (SavePlanOptions | EnvironmentSavePlanOptions) & SharedParses): Promise<{ readonly plan: PublishedPlan; readonly policy: PolicyReport }> {
  const cwd = given.cwd ?? process.cwd();
  // A destination that would be refused is refused before the live group is read (or its token read).
  if (given.out !== undefined) await checkPlanDestination(given.out, cwd, { force: given.force === true });
  const target = await planTargetOf<BaseOptions & SaveOptions & SharedParses>(given);
  try {
    const { options } = target;
    const { run, published, shown, token, policy } = await computeLibraryPlan(options, options.out !== undefined, target.environment);
    if (options.out !== undefined) {
      // Saved as the CLI saves it: a desired value holding the token is refused, never masked.
      refuseTokenInDesired(run.plan, token);
      await writeSavedPlan(options.out, { ...run, plan: published }, cwd, { force: options.force === true });
    }
    return { plan: shown, policy };
  } finally {
    await target.close();
  }
}
