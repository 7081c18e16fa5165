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

/** A plan to compute, and where to save it for a later `apply({ savedPlan })` or `paycfg apply FILE`. */
export interface SavePlanOptions extends PlanOptions, BaseOptions {
  /** The file to write (as `--out`): an existing file is replaced only when it is a saved plan. */
  readonly out?: string;
  /** With `out`: replace the file even when it is not a saved plan (as `--force`). */
  readonly force?: boolean;
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

/** The run behind a plan, and the plan as published: what plan and apply both start from. */
export async function computeLibraryPlan(
  options: PlanOptions & BaseOptions,
  forSavedPlan = false,
): Promise<{ run: PlanRun; published: PublishedPlan; shown: PublishedPlan; token: string }> {
  const token = tokenOf(options.client);
  const paths = typeof options.manifest === 'string' ? [options.manifest] : options.manifest;
  const cwd = options.cwd ?? process.cwd();
  if (options.base !== undefined && options.baseRef !== undefined) throw new UsageError('give the base manifest one way: base (its files) or baseRef (a git revision), not both');
  const fromGit = options.baseRef !== undefined ? await materialiseBaseRef(options.baseRef, paths, cwd) : undefined;
  try {
    const base = fromGit?.base ?? baseOf(options.base, paths);
    const run = await computePlanOf(options, paths, cwd, forSavedPlan, base);
    const published = publishedWithout(run.plan, token);
    return { run, published, shown: withPlanHash(published), token };
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

function computePlanOf(options: PlanOptions, paths: readonly string[], cwd: string, forSavedPlan: boolean, base: BaseManifest | undefined): Promise<PlanRun> {
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
 * @throws ManifestError before the first request, when the manifest is invalid (a BaseManifestError when the base is).
 * @throws ApiError, AuthenticationError, TransportError… when the service refuses or cannot be reached.
 * @throws TargetError when a target names no resource; SavedPlanError when `out` cannot be written.
 * @throws DeleteBudgetError when the plan deletes more than `maxDeletes` (or the manifest's safety.maxDeletes) allows: nothing is saved.
 * @throws AffectedTerminalsError when a change reaches more terminals than `maxAffectedTerminals` (or safety.maxAffectedTerminals) allows: nothing is saved.
 * @throws SettlementReadError when the plan needs the settlement batches (it deletes, replaces or re-routes) and they cannot be read.
 */
export async function plan(options: SavePlanOptions): Promise<Plan> {
  return planDocument(await publishPlan(options));
}

/** plan(), the plan as published rather than as its document: what the CLI renders. */
export async function publishPlan(options: SavePlanOptions): Promise<PublishedPlan> {
  const cwd = options.cwd ?? process.cwd();
  // A destination that would be refused is refused before the live group is read.
  if (options.out !== undefined) await checkPlanDestination(options.out, cwd, { force: options.force === true });
  const { run, published, shown, token } = await computeLibraryPlan(options, options.out !== undefined);
  if (options.out !== undefined) {
    // Saved as the CLI saves it: a desired value holding the token is refused, never masked.
    refuseTokenInDesired(run.plan, token);
    await writeSavedPlan(options.out, { ...run, plan: published }, cwd, { force: options.force === true });
  }
  return shown;
}
