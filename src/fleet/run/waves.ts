import type { FleetTarget, FleetTargetResult, FleetSummary } from '../types.js';
import { FleetInputError } from './errors.js';
import type { WaveOptions } from './options.js';

/** Targets started together; a later wave starts only once this one is over, and not after a failure in it. */
export interface Wave {
  /** 0 for the canary wave, then 1, 2, …; undefined when the run goes in no waves (every target at once, bounded). */
  readonly index: number | undefined;
  readonly targets: readonly FleetTarget[];
}

/**
 * The run's waves: the canary (the first N targets, or those named), then batches of the targets
 * left, in the fleet's order, each `size` targets or `size` percent of those left after the canary
 * (rounded up, at least 1). Without a size, the targets left make one wave; without waves at all,
 * every target is one wave with no index.
 *
 * @throws FleetInputError for a canary name that is no target of the run, or a size that is not a whole number above 0 (or a percent above 0 and at most 100).
 */
export function planWaves(targets: readonly FleetTarget[], options: WaveOptions | undefined): Wave[] {
  if (options === undefined || (options.canary === undefined && options.size === undefined)) return [{ index: undefined, targets }];
  checkWaveOptions(targets, options);
  const { canary } = options;
  const inCanary =
    canary === undefined
      ? new Set<string>()
      : typeof canary === 'number'
        ? new Set(targets.slice(0, canary).map((t) => t.name))
        : new Set(canary);
  const waves: Wave[] = [];
  if (inCanary.size > 0) waves.push({ index: 0, targets: targets.filter((t) => inCanary.has(t.name)) });
  const rest = targets.filter((t) => !inCanary.has(t.name));
  const size = options.size === undefined ? rest.length : 'count' in options.size ? options.size.count : Math.max(1, Math.ceil((rest.length * options.size.percent) / 100));
  for (let from = 0, index = 1; from < rest.length; from += size, index += 1) waves.push({ index, targets: rest.slice(from, from + size) });
  return waves;
}

function checkWaveOptions(targets: readonly FleetTarget[], options: WaveOptions): void {
  const problems: string[] = [];
  const { canary, size } = options;
  if (typeof canary === 'number' && (!Number.isInteger(canary) || canary < 1)) problems.push(`the canary is ${canary} targets: give a whole number of at least 1, or target names`);
  if (canary !== undefined && typeof canary !== 'number') {
    if (canary.length === 0) problems.push('the canary names no target');
    const names = new Set(targets.map((t) => t.name));
    for (const name of canary) if (!names.has(name)) problems.push(`the canary names ${name}, which is not a target of this run`);
  }
  if (size !== undefined && 'count' in size && (!Number.isInteger(size.count) || size.count < 1)) problems.push(`a wave of ${size.count} targets: give a whole number of at least 1`);
  if (size !== undefined && 'percent' in size && (!(size.percent > 0) || size.percent > 100)) problems.push(`a wave of ${size.percent}% of the targets: give a percent above 0 and at most 100`);
  if (problems.length > 0) throw new FleetInputError('the waves of this fleet apply cannot be made', problems);
}

/** Why a wave halts the run: a target in it failed, or a policy finding blocked one; undefined when it does not. */
export function haltOf(wave: Wave, results: readonly FleetTargetResult[]): FleetSummary['halted'] {
  if (wave.index === undefined) return undefined;
  const failed = results.filter((r) => r.status === 'failed').map((r) => r.name);
  const blocked = results.filter((r) => r.status === 'blocked').map((r) => r.name);
  if (failed.length === 0 && blocked.length === 0) return undefined;
  const what = [
    ...(failed.length > 0 ? [`${failed.length === 1 ? '1 target' : `${failed.length} targets`} failed (${failed.join(', ')})`] : []),
    ...(blocked.length > 0 ? [`${blocked.length === 1 ? '1 target' : `${blocked.length} targets`} blocked by policy (${blocked.join(', ')})`] : []),
  ];
  return { wave: wave.index, reason: `${wave.index === 0 ? 'the canary wave' : `wave ${wave.index}`}: ${what.join(' and ')}` };
}
