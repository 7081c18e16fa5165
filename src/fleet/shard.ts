import { PaycfgError, UsageError } from '../errors.js';
import type { ManifestCounts } from '../manifest/check-file.js';
import { loadManifest } from '../manifest/load-manifest.js';
import type { FleetFile, FleetTarget, Shard } from './types.js';

/**
 * Shards: the fleet split into N parts of about equal work, the same in every process that computes
 * it (a CI matrix job, a Kubernetes Indexed Job's pod), so that together they cover every target
 * exactly once. A target's size is the number of records its manifests declare, read offline.
 */

/** The variable a Kubernetes Indexed Job sets in each pod: 0 to completions − 1. */
export const KUBERNETES_INDEX_ENV = 'JOB_COMPLETION_INDEX';
/** The variables GitLab's `parallel: N` sets: 1 to N, and N. */
export const GITLAB_INDEX_ENV = 'CI_NODE_INDEX';
export const GITLAB_TOTAL_ENV = 'CI_NODE_TOTAL';

/** `3/8` → {index: 3, count: 8}: 1-based, as the matrix `fleet matrix` prints names it. */
export function parseShard(text: string, flag = '--shard'): Shard {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(text);
  if (match === null) throw new UsageError(`${flag} "${text}" is not a shard: write INDEX/COUNT, 1-based, e.g. ${flag} 3/8`);
  return checkedShard(Number(match[1]), Number(match[2]), flag);
}

function checkedShard(index: number, count: number, flag: string): Shard {
  if (count < 1) throw new UsageError(`${flag}: a fleet splits into at least 1 shard, got ${count}`);
  if (index < 1 || index > count) throw new UsageError(`${flag}: shard ${index} is out of range: shards are numbered 1 to ${count}`);
  return { index, count };
}

/**
 * The shard a process of a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, 0-based) or of GitLab's
 * `parallel: N` (CI_NODE_INDEX, 1-based) is, when the run gives only the count (`--shards N`).
 */
export function shardFromEnvironment(count: number, env: Readonly<Record<string, string | undefined>>, flag = '--shards'): Shard {
  const kubernetes = env[KUBERNETES_INDEX_ENV];
  const gitlab = env[GITLAB_INDEX_ENV];
  const whole = (name: string, value: string): number => {
    if (!/^\d{1,6}$/.test(value)) throw new UsageError(`${flag} ${count}: $${name} is "${value}", not a shard index`);
    return Number(value);
  };
  if (kubernetes !== undefined && kubernetes !== '') return checkedShard(whole(KUBERNETES_INDEX_ENV, kubernetes) + 1, count, `${flag} ${count} with $${KUBERNETES_INDEX_ENV}=${kubernetes} (0-based)`);
  if (gitlab !== undefined && gitlab !== '') {
    const total = env[GITLAB_TOTAL_ENV];
    if (total !== undefined && total !== '' && Number(total) !== count) {
      throw new UsageError(`${flag} ${count}, but $${GITLAB_TOTAL_ENV} says the job runs in ${total} parts: give the same count`);
    }
    return checkedShard(whole(GITLAB_INDEX_ENV, gitlab), count, `${flag} ${count} with $${GITLAB_INDEX_ENV}=${gitlab}`);
  }
  throw new UsageError(
    `${flag} ${count} takes this process's shard from $${KUBERNETES_INDEX_ENV} (a Kubernetes Indexed Job) or $${GITLAB_INDEX_ENV} (GitLab's parallel), and neither is set; give --shard INDEX/COUNT`,
  );
}

/** A target and its size, as shards are balanced by. */
export interface SizedTarget {
  readonly target: FleetTarget;
  /** Records its manifests declare (at least 1). */
  readonly size: number;
}

/**
 * Splits targets into `count` shards of about equal size: the largest first, each to the shard with
 * the least so far (ties: the lower shard), the order fixed by size then name, so that every process
 * computes the same split. A shard may be empty when there are fewer targets than shards.
 */
export function assignShards(sized: readonly SizedTarget[], count: number): FleetTarget[][] {
  const shards: { targets: FleetTarget[]; size: number }[] = Array.from({ length: count }, () => ({ targets: [], size: 0 }));
  const order = [...sized].sort((a, b) => b.size - a.size || (a.target.name < b.target.name ? -1 : a.target.name > b.target.name ? 1 : 0));
  for (const { target, size } of order) {
    let least = shards[0]!;
    for (const shard of shards) if (shard.size < least.size) least = shard;
    least.targets.push(target);
    least.size += size;
  }
  return shards.map((shard) => shard.targets);
}

/** The targets of one shard, in the fleet's order. */
export function targetsOfShard(sized: readonly SizedTarget[], shard: Shard): FleetTarget[] {
  const mine = new Set(assignShards(sized, shard.count)[shard.index - 1]);
  return sized.map((s) => s.target).filter((target) => mine.has(target));
}

/**
 * Each target's size: the records its manifest files declare, read offline. No value is read, not
 * even those written in the fleet file: every `${NAME}` is a placeholder, so the size depends on the
 * files alone (a value cannot add a record) and two processes that see their secrets differently
 * (a pod whose Secret is not yet projected, a job with other variables) compute the same split.
 * Targets made from one template share their files, which are loaded once: a shard weighs a fleet of
 * hundreds in one load, not one per target. Files that do not load weigh 1: the run says why.
 */
export async function sizeTargets(fleet: FleetFile, targets: readonly FleetTarget[], options: { readonly cwd: string }): Promise<SizedTarget[]> {
  const sizeOfFiles = new Map<string, Promise<number>>();
  const sized: SizedTarget[] = [];
  for (const target of targets) {
    const paths = target.definition.manifests;
    const key = JSON.stringify(paths);
    let size = sizeOfFiles.get(key);
    if (size === undefined) {
      size = recordsOfFiles(paths, fleet.environments.path, options.cwd);
      sizeOfFiles.set(key, size);
    }
    sized.push({ target, size: await size });
  }
  return sized;
}

async function recordsOfFiles(paths: readonly string[], fleetFile: string, cwd: string): Promise<number> {
  try {
    const loaded = await loadManifest(paths, { env: {}, cwd, allowMissingEnv: true, exclude: [fleetFile] });
    return Math.max(1, recordsOf(loaded.counts));
  } catch (error) {
    // Files that do not load weigh 1 here, the same in every process; anything else is a bug to see.
    if (error instanceof PaycfgError) return 1;
    throw error;
  }
}

/** Records a loaded manifest declares, every kind together. */
export function recordsOf(counts: ManifestCounts): number {
  return counts.emvConfigs + counts.acquirerProfiles + counts.merchants + counts.bindings + counts.devices;
}
