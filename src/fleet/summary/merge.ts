import type { FleetSummary, Shard } from '../types.js';
import { FleetReportError } from './errors.js';
import { summariseFleet } from './summarise.js';

export interface MergeOptions {
  /** Each summary's file, as the command line named it, for the errors; `summary 1`, … without. */
  readonly sources?: readonly string[];
}

/** The most problems one refusal lists: two shards split with different fleets may share hundreds of targets. */
const PROBLEMS_LISTED = 10;

/**
 * Shards' summaries as one, through summariseFleet like a one-machine run, so that the two agree
 * once startedAt, durationMs, shards and each target's durationMs are left out. Refused when a
 * summary is a run of the whole fleet (no shards), when they are of different commands or fleet
 * files, when their shard counts differ, when a shard is given twice, or when one target is in
 * two of them. Missing shards are allowed: `shards` says which are covered, and the renderers say
 * which are missing. startedAt is the earliest start; durationMs from it to the latest end. A halt
 * is the earliest wave's, its reason prefixed with its shard; the run is interrupted when any shard
 * was. The fleet plan hash is kept only from a single summary: each shard's `fleet plan -o DIR`
 * hashes its own fleet.json, and no one file holds the merged targets.
 *
 * @throws FleetReportError listing what does not belong together.
 */
export function mergeFleetSummaries(summaries: readonly FleetSummary[], options: MergeOptions = {}): FleetSummary {
  const sourceOf = (i: number): string => options.sources?.[i] ?? `summary ${i + 1}`;
  const refuse = (message: string, problems?: readonly string[]): FleetReportError => {
    const listed = problems === undefined || problems.length <= PROBLEMS_LISTED ? problems : [...problems.slice(0, PROBLEMS_LISTED), `and ${problems.length - PROBLEMS_LISTED} more`];
    return new FleetReportError(message, { files: options.sources ?? [], ...(listed !== undefined ? { problems: listed } : {}) });
  };
  if (summaries.length === 0) throw refuse('no fleet summary to merge: give the JSON files the shards wrote');

  const whole = summaries.flatMap((summary, i) => (summary.shards === undefined || summary.shards.length === 0 ? [sourceOf(i)] : []));
  if (whole.length > 0) {
    throw refuse(
      `cannot merge ${whole.join(', ')}: ${whole.length === 1 ? 'it is a run' : 'they are runs'} of the whole fleet, not of a shard (\`paycfg fleet … --shard I/N\` or --shards N); \`fleet report\` merges the summaries of the shards of one fleet`,
    );
  }
  differing(summaries, (s) => s.command, 'commands', sourceOf, refuse);
  differing(summaries, (s) => s.fleetFile, 'fleet files', sourceOf, refuse);
  const counts = new Set(summaries.flatMap((summary) => summary.shards!.map((shard) => shard.count)));
  if (counts.size > 1) {
    throw refuse(
      'the summaries split the fleet into different numbers of shards: merge the shards of one split',
      summaries.map((summary, i) => `${sourceOf(i)}: ${shardsLabel(summary.shards!)}`),
    );
  }

  const shardAt = new Map<number, number>();
  const twice: string[] = [];
  summaries.forEach((summary, i) => {
    for (const shard of summary.shards!) {
      const first = shardAt.get(shard.index);
      if (first !== undefined) twice.push(`shard ${shard.index} of ${shard.count} is in ${first === i ? `${sourceOf(i)} twice` : `both ${sourceOf(first)} and ${sourceOf(i)}`}`);
      else shardAt.set(shard.index, i);
    }
  });
  if (twice.length > 0) throw refuse('a shard is given twice', twice);

  const targetAt = new Map<string, number>();
  const shared: string[] = [];
  summaries.forEach((summary, i) => {
    for (const target of summary.targets) {
      const first = targetAt.get(target.name);
      if (first !== undefined) shared.push(`target ${target.name} is in ${first === i ? `${sourceOf(i)} twice` : `both ${sourceOf(first)} and ${sourceOf(i)}`}`);
      else targetAt.set(target.name, i);
    }
  });
  if (shared.length > 0) throw refuse('a target is in two summaries: were the shards split from different fleets, or with different selectors?', shared);

  const starts = summaries.map((summary) => Date.parse(summary.startedAt));
  const earliest = starts.reduce((min, start, i) => (start < starts[min]! ? i : min), 0);
  const end = Math.max(...summaries.map((summary, i) => starts[i]! + summary.durationMs));
  const halts = summaries.flatMap((summary) => (summary.halted !== undefined ? [{ halted: summary.halted, shards: summary.shards! }] : []));
  const firstHalt = halts.reduce<(typeof halts)[number] | undefined>((first, halt) => (first === undefined || halt.halted.wave < first.halted.wave ? halt : first), undefined);
  const single = summaries.length === 1 ? summaries[0] : undefined;
  return summariseFleet({
    command: summaries[0]!.command,
    fleetFile: summaries[0]!.fleetFile,
    shards: summaries.flatMap((summary) => summary.shards!),
    targets: summaries.flatMap((summary) => summary.targets),
    ...(firstHalt !== undefined
      ? { halted: single !== undefined ? firstHalt.halted : { wave: firstHalt.halted.wave, reason: `${shardsLabel(firstHalt.shards)}: ${firstHalt.halted.reason}` } }
      : {}),
    interrupted: summaries.some((summary) => summary.interrupted),
    ...(single?.fleetPlanHash !== undefined ? { fleetPlanHash: single.fleetPlanHash } : {}),
    startedAt: summaries[earliest]!.startedAt,
    durationMs: end - starts[earliest]!,
  });
}

/** "shard 2/4", or "shards 1/4, 3/4" for a summary that is itself a merge. */
function shardsLabel(shards: readonly Shard[]): string {
  return `${shards.length === 1 ? 'shard' : 'shards'} ${shards.map((shard) => `${shard.index}/${shard.count}`).join(', ')}`;
}

/** Refuses summaries whose `key` differs, naming which says what. */
function differing(
  summaries: readonly FleetSummary[],
  key: (summary: FleetSummary) => string,
  what: string,
  sourceOf: (i: number) => string,
  refuse: (message: string, problems?: readonly string[]) => FleetReportError,
): void {
  const first = key(summaries[0]!);
  if (summaries.every((summary) => key(summary) === first)) return;
  throw refuse(
    `the summaries are of different ${what}: merge the shards of one run`,
    summaries.map((summary, i) => `${sourceOf(i)}: ${key(summary)}`),
  );
}
