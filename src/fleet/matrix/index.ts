/**
 * `paycfg fleet matrix`: the shards of a fleet as a CI's matrix takes them: GitHub Actions'
 * `strategy.matrix` through `fromJSON`, GitLab's `parallel:matrix` in a child pipeline. The split is
 * assignShards' (src/fleet/shard.ts), the one every shard's own process computes again from
 * `--shard I/N`, so a matrix job runs exactly the targets the matrix counted for it.
 */
import { UsageError } from '../../errors.js';
import { assignShards, type SizedTarget } from '../shard.js';

export { renderFleetMatrix, type RenderMatrixOptions } from './render.js';

/**
 * GitHub Actions refuses a matrix of more than 256 jobs: "A matrix will generate a maximum of 256
 * jobs per workflow run. This limit applies to both GitHub-hosted and self-hosted runners."
 * (docs.github.com, Workflow syntax, jobs.<job_id>.strategy.matrix; docs.github.com/en/actions/reference/limits).
 */
export const GITHUB_MAX_JOBS = 256;
/**
 * GitLab refuses a parallel:matrix of more than 200 jobs: "The permutations cannot exceed 200 jobs"
 * (docs.gitlab.com/ci/yaml/#parallelmatrix; GitLab's CI schema, app/assets/javascripts/editor/schema/ci.json,
 * has `parallel` at most 200 and `matrix` maxItems 200; gitlab-org/gitlab#547976 asks to raise it).
 */
export const GITLAB_MAX_JOBS = 200;

/** Targets per shard when neither --shards nor --targets-per-shard is given. */
export const DEFAULT_TARGETS_PER_SHARD = 10;

export type MatrixCi = 'github' | 'gitlab';

export const MATRIX_CIS: readonly MatrixCi[] = ['github', 'gitlab'];

/** The most jobs one matrix of the CI may hold. */
export function maxJobsOf(ci: MatrixCi): number {
  return ci === 'github' ? GITHUB_MAX_JOBS : GITLAB_MAX_JOBS;
}

/** One job of the matrix: its shard as `--shard` takes it, and what it holds. */
export interface MatrixShard {
  /** `3/8`. */
  readonly shard: string;
  readonly targets: number;
  /** Records of its targets' manifests together. */
  readonly size: number;
}

export interface FleetMatrix {
  readonly ci: MatrixCi;
  readonly shards: readonly MatrixShard[];
}

/**
 * Splits the sized targets into shards (assignShards): `shards` of them when given, else as many as
 * needed for about `targetsPerShard` targets each; never more than the CI's job limit nor the targets.
 *
 * @throws UsageError when `shards` is over the CI's limit, or there is no target.
 */
export function fleetMatrix(sized: readonly SizedTarget[], options: { readonly ci: MatrixCi; readonly shards?: number; readonly targetsPerShard?: number }): FleetMatrix {
  const limit = maxJobsOf(options.ci);
  const ciName = options.ci === 'github' ? 'GitHub Actions' : 'GitLab';
  // An empty matrix is an error in both CIs (GitHub: "Matrix vector does not contain any values").
  if (sized.length === 0) throw new UsageError('paycfg fleet matrix: the selection holds no target: nothing to split');
  if (options.shards !== undefined && options.targetsPerShard !== undefined) {
    throw new UsageError('paycfg fleet matrix: give --shards N or --targets-per-shard N, not both');
  }
  if (options.shards !== undefined && (!Number.isInteger(options.shards) || options.shards < 1)) {
    throw new UsageError(`paycfg fleet matrix: --shards must be a whole number from 1, got ${options.shards}`);
  }
  if (options.shards !== undefined && options.shards > limit) {
    throw new UsageError(`paycfg fleet matrix: --shards ${options.shards} is over the limit of ${ciName}: ${limit} jobs in one matrix; give at most ${limit}`);
  }
  const perShard = options.targetsPerShard ?? DEFAULT_TARGETS_PER_SHARD;
  if (!Number.isInteger(perShard) || perShard < 1) throw new UsageError(`paycfg fleet matrix: --targets-per-shard must be a whole number from 1, got ${perShard}`);
  // A job per target at most: a shard with no target would start a runner for nothing.
  const wanted = options.shards ?? Math.ceil(sized.length / perShard);
  const count = Math.min(wanted, limit, sized.length);
  const sizeOf = new Map(sized.map((s) => [s.target, s.size]));
  const shards = assignShards(sized, count).map((targets, i) => ({
    shard: `${i + 1}/${count}`,
    targets: targets.length,
    size: targets.reduce((sum, target) => sum + (sizeOf.get(target) ?? 0), 0),
  }));
  return { ci: options.ci, shards };
}
