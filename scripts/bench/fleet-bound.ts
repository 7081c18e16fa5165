/**
 * The fleet benchmark's arithmetic: the lower bound of a fleet plan on one machine, the shards'
 * bound, the memory line over the number of groups, and the targets of issue 33.
 *
 * One machine. Nothing a fleet plan does can beat these, each measured or counted apart:
 * - L, the process's start-up and its offline load of every target (fleet file, values, each
 *   target's manifests): the wall of `paycfg fleet validate` over the same targets, which sends no
 *   request;
 * - the requests: R requests counted at the simulator for the run, each costing the latency λ and
 *   at most G (the global bound, --max-in-flight) in flight at once: ceil(R / G) × λ;
 * - the longest target alone: `paycfg fleet plan --target NAME` of one target with the same
 *   per-group parallelism, its own `fleet validate --target NAME` taken off (what is left is that
 *   group's reads, in their phases, and its planning), since no target can finish faster than it
 *   does alone. Every target of the benchmark has the same shape, so one stands for the longest.
 * bound = L + max(ceil(R / G) × λ, T₁). The load comes before the requests here, as if every
 * target were loaded before the first request; a run that loads a target while others' requests
 * are in flight may overlap the two, so the bound is generous by up to L − start-up there; the
 * strict reading, start-up + max(L − start-up, ceil(R / G) × λ, T₁), is printed beside it.
 *
 * Shards. N processes each take a shard (`--shard i/N`), started together: the longest should take
 * no more than the one-machine wall ÷ N plus one process's start-up, measured as the wall of
 * `paycfg fleet validate --target NAME` of one target (Node, paycfg's modules, the fleet file and one
 * target's manifests): what each shard pays before its share of the work.
 */
import type { TargetCheck } from './bench-report.js';
import { linearFit } from './memory-scaling.js';

/** Issue 33: within 1.3× of the lower bound, and the shards within 1.3× of a quarter plus start-up. */
export const FLEET_RATIO_TARGET = 1.3;
/**
 * A JavaScript object holds a summary's target in a few times its JSON size (property slots,
 * UTF-16 strings, numbers boxed): memory that grows by up to this many times the summary's JSON per
 * group grows "by the summary", as the issue allows.
 */
export const SUMMARY_HEAP_FACTOR = 4;

export interface FleetBoundInput {
  /** L: start-up and every target's offline load (`fleet validate` of the run's targets), ms. */
  readonly loadMs: number;
  /** Start-up alone (`fleet validate` of one target), ms: for the strict reading. */
  readonly startupMs: number;
  /** R: requests the simulator served for the run. */
  readonly requests: number;
  /** λ: the latency the simulator adds to every request, ms. */
  readonly latencyMs: number;
  /** G: requests in flight over the fleet at once. */
  readonly maxInFlight: number;
  /** T₁: the longest target's plan alone, its start-up and load taken off, ms. */
  readonly longestTargetMs: number;
}

export interface FleetBound {
  /** ceil(R / G) × λ. */
  readonly requestsMs: number;
  /** max(requestsMs, T₁). */
  readonly networkMs: number;
  /** L + networkMs: the bound the target is judged by. */
  readonly boundMs: number;
  /** start-up + max(L − start-up, requestsMs, T₁): the load overlapped with the requests. */
  readonly strictBoundMs: number;
}

export function fleetLowerBound(input: FleetBoundInput): FleetBound {
  const requestsMs = input.requests > 0 ? Math.ceil(input.requests / input.maxInFlight) * input.latencyMs : 0;
  const longest = Math.max(0, input.longestTargetMs);
  const networkMs = Math.max(requestsMs, longest);
  const loadOnly = Math.max(0, input.loadMs - input.startupMs);
  return {
    requestsMs,
    networkMs,
    boundMs: input.loadMs + networkMs,
    strictBoundMs: input.startupMs + Math.max(loadOnly, requestsMs, longest),
  };
}

/** The shards' bound: the one-machine wall split N ways, plus what each process pays to start. */
export function shardBoundMs(oneMachineWallMs: number, shards: number, startupMs: number): number {
  return oneMachineWallMs / shards + startupMs;
}

/** measured ÷ bound; NaN without a bound. */
export function ratioTo(measuredMs: number, boundMs: number): number {
  return boundMs > 0 ? measuredMs / boundMs : Number.NaN;
}

/** Peak memory of the fleet plan at one number of groups. */
export interface FleetMemoryPoint {
  readonly groups: number;
  /** Median peak RSS of the runs, KiB. */
  readonly maxRssKb: number;
  readonly runsKb: readonly number[];
  /** Size of the run's JSON summary (--summary FILE), bytes. */
  readonly summaryBytes: number;
}

export interface FleetMemoryLine {
  /** Least-squares slope of peak RSS over groups, KiB per group, and its R². */
  readonly kibPerGroup: number;
  readonly baseKib: number;
  readonly r2: number;
  /** The JSON summary per target, KiB (at the largest size). */
  readonly summaryKibPerTarget: number;
  /**
   * What the slope may be: SUMMARY_HEAP_FACTOR × the summary per target, plus the runs' own spread
   * at the largest size spread over the groups between the smallest and the largest size (peak RSS
   * moves with when the collector last ran; a slope inside that spread is no growth one can see).
   */
  readonly allowedKibPerGroup: number;
  /** Spread (max − min) of the runs at the largest size, KiB. */
  readonly noiseKib: number;
}

export function fleetMemoryLine(points: readonly FleetMemoryPoint[]): FleetMemoryLine {
  const fit = linearFit(points.map((p) => ({ x: p.groups, y: p.maxRssKb })));
  const sorted = [...points].sort((a, b) => a.groups - b.groups);
  const smallest = sorted[0];
  const largest = sorted.at(-1);
  const summaryKibPerTarget = largest !== undefined && largest.groups > 0 ? largest.summaryBytes / 1024 / largest.groups : Number.NaN;
  const noiseKib = largest !== undefined && largest.runsKb.length > 0 ? Math.max(...largest.runsKb) - Math.min(...largest.runsKb) : 0;
  const span = largest !== undefined && smallest !== undefined ? largest.groups - smallest.groups : 0;
  return {
    kibPerGroup: fit.slope,
    baseKib: fit.intercept,
    r2: fit.r2,
    summaryKibPerTarget,
    noiseKib,
    allowedKibPerGroup: SUMMARY_HEAP_FACTOR * summaryKibPerTarget + (span > 0 ? noiseKib / span : 0),
  };
}

export interface FleetTargetInput {
  readonly groups: number;
  readonly shards: number;
  readonly oneMachineWallMs: number;
  readonly bound: FleetBound;
  readonly memory: FleetMemoryLine;
  readonly longestShardMs: number;
  readonly shardBoundMs: number;
}

const seconds = (ms: number): string => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '-');
const times = (ratio: number): string => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '-');

/** The three figures against their targets, met or not. */
export function fleetTargets(input: FleetTargetInput): TargetCheck[] {
  const oneMachine = ratioTo(input.oneMachineWallMs, input.bound.boundMs);
  const shards = ratioTo(input.longestShardMs, input.shardBoundMs);
  const m = input.memory;
  return [
    {
      target: `fleet plan of ${input.groups} groups on one machine <= ${FLEET_RATIO_TARGET}x its lower bound`,
      measured: `${seconds(input.oneMachineWallMs)} / ${seconds(input.bound.boundMs)} = ${times(oneMachine)}`,
      met: Number.isFinite(oneMachine) ? oneMachine <= FLEET_RATIO_TARGET : undefined,
    },
    {
      target: `fleet plan peak RSS grows by no more than the summary per group (<= ${SUMMARY_HEAP_FACTOR}x its JSON + noise)`,
      measured: `${m.kibPerGroup.toFixed(1)} KiB/group, allowed ${m.allowedKibPerGroup.toFixed(1)} (summary ${m.summaryKibPerTarget.toFixed(2)} KiB/target)`,
      met: Number.isFinite(m.kibPerGroup) && Number.isFinite(m.allowedKibPerGroup) ? m.kibPerGroup <= m.allowedKibPerGroup : undefined,
    },
    {
      target: `${input.shards} shards as ${input.shards} processes: longest <= ${FLEET_RATIO_TARGET}x (one machine / ${input.shards} + start-up)`,
      measured: `${seconds(input.longestShardMs)} / ${seconds(input.shardBoundMs)} = ${times(shards)}`,
      met: Number.isFinite(shards) ? shards <= FLEET_RATIO_TARGET : undefined,
    },
  ];
}
