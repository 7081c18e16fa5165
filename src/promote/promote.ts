import type { ApiClient } from '../api/index.js';
import { checkClientOfEnvironment } from '../environments/client.js';
import { environmentManifestOptions } from '../environments/manifests.js';
import { identityOf, type ResolvedEnvironment } from '../environments/types.js';
import { UsageError } from '../errors.js';
import { planHash } from '../journal/plan-hash.js';
import { tokenOf } from '../library/client.js';
import { DEFAULT_PARALLELISM } from '../library/plan.js';
import { planDocument } from '../plan/plan-document.js';
import type { Plan, PublishedPlan } from '../plan/plan.js';
import type { PlanPromotion } from '../plan/promotion.js';
import { parseTargets } from '../plan/targets.js';
import { publicPlan } from '../render/public-plan.js';
import { scrubPlan } from '../render/redact.js';
import { policyEnvironmentOf } from '../policy/environment.js';
import { computePlan, type PlanRun } from '../workflow/compute-plan.js';
import { checkPlan } from '../workflow/plan-checks.js';
import { sourceOfEnvironment, sourceOfOption, type ServiceRecordOption } from '../service-record/resolve.js';
import { refuseTokenInDesired } from '../workflow/desired-token.js';
import { checkPlanDestination } from '../workflow/saved-plan-file.js';
import { promotedPlan } from './block-unproven.js';
import { judgeEvidence } from './judge-evidence.js';
import { writeSavedPromotion } from './saved-promotion.js';
import { readSourceJournal } from './source-journal.js';
import { loadSourceDesired, readSourceView, type SourceDesired } from './source-view.js';

/** One environment of a promotion: made concrete (src/environments/resolveEnvironment), and a client with its base URL and token. */
export interface PromotionSide {
  readonly environment: ResolvedEnvironment;
  readonly client: ApiClient;
}

export interface PromoteOptions {
  /** The environment the changes were tried in (test). */
  readonly from: PromotionSide & {
    /** Its journal, where "since when" is read; default the environment's `journal:`. A file that does not exist yet gives no date, and no error. */
    readonly journal?: string;
  };
  /** The environment to plan (production): its manifests, its values, its group. */
  readonly to: PromotionSide;
  /** As `--allow-unproven`: changes without evidence go ahead, each labelled so, instead of being blocked. */
  readonly allowUnproven?: boolean;
  /** Only these resources of the target and what they depend on (as `--target`). */
  readonly targets?: readonly string[];
  /** Reads in flight at once in each environment (as `--parallelism`); default 8. */
  readonly parallelism?: number;
  /** Directory relative paths (the journal, `out`) are resolved against, and messages name files from; default `process.cwd()`. */
  readonly cwd?: string;
  /** Save the promotion plan here (as `-o`) for `apply FILE`: an existing file is replaced only when it is a saved plan. */
  readonly out?: string;
  /** With `out`: replace the file even when it is not a saved plan. */
  readonly force?: boolean;
  /**
   * The service record both groups are read with (as `--service-record`), relative to `cwd`. Each
   * environment's own `serviceRecord:` (and the manifests') may name the same file, never another.
   * The promotion's plan names the target's (`serviceRecord`).
   */
  readonly serviceRecord?: ServiceRecordOption;
}

/**
 * A promotion's plan: the target environment's plan (schemas/plan.schema.json) with `promotion`
 * (source, target, whether unproven changes were allowed), each change's `evidence`, and the
 * unproven changes in `blocked` with cause `unproven` unless they were allowed.
 */
export type PromotionPlan = Plan & { readonly promotion: PlanPromotion };

/**
 * Plans the target environment (`to`) and labels each change with its evidence from the source
 * (`from`), as `paycfg promote --from A --to B` prints it (`--json`). A change is proven when the
 * source's live group matches the manifest in every field the change writes (each environment's
 * values aside: the target's manifests are loaded with the source's values and planned against
 * the source's group), a delete when the source lacks the record too; `since`, `run` and
 * `planHash` come from the source's journal when it records the change done. Every other change
 * is blocked (cause `unproven`, its evidence saying why) unless `allowUnproven`. Sends no write.
 * Each group is read once: the target as `plan` reads it, the source once more.
 *
 * @throws UsageError when `from` and `to` are the same environment.
 * @throws ManifestError before any request, when the target's manifests are invalid (a SourceManifestError when only with the source's values).
 * @throws GroupMismatchError when an environment's token belongs to another group than the environment's: nothing else is read there.
 * @throws PromotionError when the manifests cannot be planned against the source's group.
 * @throws JournalError when the source's journal exists and cannot be read.
 * @throws as plan() otherwise (ApiError, TransportError, DeleteBudgetError…); SavedPlanError when `out` cannot be written.
 */
export async function promote(options: PromoteOptions): Promise<PromotionPlan> {
  return planDocument(await publishPromotion(options)) as PromotionPlan;
}

/** promote(), the plan as published rather than as its document: what the CLI renders. */
export async function publishPromotion(options: PromoteOptions): Promise<PublishedPlan> {
  const cwd = options.cwd ?? process.cwd();
  // A destination that would be refused is refused before anything is read.
  if (options.out !== undefined) await checkPlanDestination(options.out, cwd, { force: options.force === true });
  const { run, published, token } = await computePromotion(options, cwd, options.out !== undefined);
  if (options.out !== undefined) {
    refuseTokenInDesired(run.plan, token);
    await writeSavedPromotion(options.out, { ...run, plan: published }, identityOf(options.to.environment.definition), cwd, { force: options.force === true });
  }
  return { ...published, planHash: planHash(published) };
}

/** The target's run with the promotion's plan, and that plan published (the target's token masked), without its hash. */
async function computePromotion(options: PromoteOptions, cwd: string, forSavedPlan: boolean): Promise<{ run: PlanRun; published: PublishedPlan; token: string }> {
  const { from, to } = options;
  const source = from.environment.definition;
  const target = to.environment.definition;
  if (source.name === target.name) throw new UsageError(`a promotion goes from one environment to another: both are ${source.name}`);
  checkClientOfEnvironment(from.client, source);
  checkClientOfEnvironment(to.client, target);
  const concurrency = options.parallelism ?? DEFAULT_PARALLELISM;
  const targets = parseTargets(options.targets);
  const given = sourceOfOption(options.serviceRecord, cwd);
  // Everything offline comes before the first request, in this order: the source's journal, the
  // target's manifests with its own values (as `plan --env` loads them: only its names declared, the
  // environments file never read as one), then the same manifests with the source's values.
  const journal = await readSourceJournal(from.journal ?? source.journal, { groupId: source.group, baseUrls: [from.client.baseUrl, source.baseUrl] }, cwd);
  const { scope, exclude } = environmentManifestOptions(to.environment);
  let sourceDesired: SourceDesired | undefined;
  let offlineDone!: () => void;
  const offline = new Promise<void>((resolve) => {
    offlineDone = resolve;
  });
  const planning = computePlan({
      paths: target.manifests,
      env: to.environment.variables,
      cwd,
      client: to.client,
      concurrency,
      targets,
      forSavedPlan,
      environment: identityOf(target),
      load: { scope, exclude },
      recordSources: [given, sourceOfEnvironment(target)],
      beforeRead: async () => {
        sourceDesired = await loadSourceDesired(to.environment, from.environment, cwd, given);
        offlineDone();
      },
    });
  // A manifest that does not load, either way, rejects here, before any request.
  await Promise.race([offline, planning]);
  // The two groups are read at once, each once; every read has ended before an error is thrown.
  const [run, view] = await allSettled([planning, readSourceView(sourceDesired!, from.environment, from.client, concurrency)] as const);
  const evidence = judgeEvidence({ changes: run.plan.changes, desired: run.desired, source: view, journal });
  const promotion: PlanPromotion = { from: identityOf(source), to: identityOf(target), allowedUnproven: options.allowUnproven === true };
  const plan = promotedPlan(run.plan, evidence, promotion, run.desired);
  const token = tokenOf(to.client);
  // The packs the target's manifest names judge the promotion as they judge its plan; a saved
  // promotion keeps them (policyPacks), so that its apply evaluates them again.
  const { plan: published } = await checkPlan(publicPlan(scrubPlan(plan, token === '' ? [] : [token])), run.checks, {
    cwd,
    secrets: token === '' ? [...run.loaded.secretValues] : [...run.loaded.secretValues, token],
    environment: policyEnvironmentOf(to.environment),
  });
  return { run: { ...run, plan }, published, token };
}

/** Promise.all that waits for every promise to settle, then throws the first rejection in order. */
async function allSettled<T extends readonly unknown[]>(promises: { readonly [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises as readonly Promise<unknown>[]);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
