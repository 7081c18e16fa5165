/**
 * What a merged report and a one-machine run of the same targets must agree on: the summary with
 * startedAt, durationMs, shards and each target's durationMs left out (wall times and the split
 * differ from run to run; nothing else may). For the merge tests here and the shard tests that run
 * N processes.
 */
import { expect } from 'vitest';
import type { FleetSummary, FleetTargetResult } from '../../../src/fleet/types.js';

export type ComparableSummary = Omit<FleetSummary, 'startedAt' | 'durationMs' | 'shards' | 'targets'> & {
  readonly targets: readonly Omit<FleetTargetResult, 'durationMs'>[];
};

export function comparableSummary(summary: FleetSummary): ComparableSummary {
  const { startedAt: _startedAt, durationMs: _durationMs, shards: _shards, targets, ...rest } = summary;
  return { ...rest, targets: targets.map(({ durationMs: _duration, ...target }) => target) };
}

/** Fails, showing the difference, unless the two summaries agree on everything but wall times and shards. */
export function expectSameSummary(actual: FleetSummary, expected: FleetSummary): void {
  expect(comparableSummary(actual)).toEqual(comparableSummary(expected));
}
