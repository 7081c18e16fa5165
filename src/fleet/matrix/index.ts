/**
 * `paycfg fleet matrix`: the shards of a fleet as a CI's matrix takes them: GitHub Actions'
 * `strategy.matrix` through `fromJSON`, GitLab's `parallel:matrix` in a child pipeline. Owned by the
 * fleet-matrix module; CONTRACT stubs until it lands.
 */
import { InternalError } from '../../errors.js';
import type { SizedTarget } from '../shard.js';

/** GitHub Actions refuses a matrix of more than 256 jobs. */
export const GITHUB_MAX_JOBS = 256;
/** GitLab refuses a parallel:matrix of more than 200 jobs. */
export const GITLAB_MAX_JOBS = 200;

export type MatrixCi = 'github' | 'gitlab';

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
 * @throws UsageError when `shards` is over the CI's limit.
 */
export function fleetMatrix(sized: readonly SizedTarget[], options: { readonly ci: MatrixCi; readonly shards?: number; readonly targetsPerShard?: number }): FleetMatrix {
  void sized;
  void options;
  throw new InternalError('fleetMatrix: not yet implemented');
}

/** GitHub: `{"include":[{"shard":"1/4",…}]}` on one line, for `$GITHUB_OUTPUT` and `fromJSON`. GitLab: a child pipeline's YAML. */
export function renderFleetMatrix(matrix: FleetMatrix): string {
  void matrix;
  throw new InternalError('renderFleetMatrix: not yet implemented');
}
