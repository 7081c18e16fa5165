import { describe, expect, it } from 'vitest';
import { FleetReportError, mergeFleetSummaries } from '../../../src/fleet/summary/index.js';
import type { FleetSummary, FleetTargetResult, FleetTargetStatus, Shard } from '../../../src/fleet/types.js';
import { comparableSummary, expectSameSummary } from './compare.js';
import { counts, manyTargets, summaryOf, target } from './fixtures.js';

const STATUSES: readonly FleetTargetStatus[] = ['ok', 'changes', 'changes', 'failed', 'ok', 'blocked'];

/** The targets split over `count` shards as a run would (any split: the merge must not care), each shard's run its own start and length. */
function shardRuns(targets: readonly FleetTargetResult[], count: number, command: FleetSummary['command'] = 'plan'): FleetSummary[] {
  return Array.from({ length: count }, (_, i) =>
    summaryOf(
      command,
      targets.filter((_, n) => n % count === i).map((t) => ({ ...t, durationMs: 1000 + i })),
      { shards: [{ index: i + 1, count }], startedAt: new Date(Date.parse('2026-11-28T17:00:00.000Z') + i * 1000).toISOString(), durationMs: 10_000 - i * 3000 },
    ),
  );
}

function refusal(run: () => unknown): FleetReportError {
  try {
    run();
  } catch (error) {
    if (error instanceof FleetReportError) return error;
    throw error;
  }
  throw new Error('expected a FleetReportError');
}

describe('mergeFleetSummaries', () => {
  const targets = manyTargets(40, (i) => STATUSES[i % STATUSES.length]!, (i) => ({ counts: counts({ create: i % 3, update: i % 2, findings: i % 4 }) }));
  const failedFixed = targets.map((t) => (t.status === 'failed' ? (({ counts: _, ...rest }) => rest)(t) : t));

  it('equals the one-machine summary of the same targets, but for wall times and shards', () => {
    const oneMachine = summaryOf('plan', failedFixed);
    const merged = mergeFleetSummaries(shardRuns(failedFixed, 4).reverse());
    expectSameSummary(merged, oneMachine);
    expect(merged.shards).toEqual([1, 2, 3, 4].map((index) => ({ index, count: 4 })));
    expect(merged.exitCode).toBe(1);
    expect(merged.causes.map((group) => [group.cause.id, group.targets.length])).toEqual([
      ['token-expired', 7],
      ['policy-blocked', 6],
    ]);
  });

  it('takes the earliest start and the span to the latest end', () => {
    const merged = mergeFleetSummaries(shardRuns(failedFixed, 4));
    // Shard 1 starts at 17:00:00 and runs 10 s; shard 2 at :01 for 7 s; 3 at :02 for 4 s; 4 at :03 for 1 s.
    expect(merged.startedAt).toBe('2026-11-28T17:00:00.000Z');
    expect(merged.durationMs).toBe(10_000);
    const later = shardRuns(failedFixed, 2).map((s, i) => ({ ...s, durationMs: i === 1 ? 60_000 : 1000 }));
    expect(mergeFleetSummaries(later).durationMs).toBe(61_000);
  });

  it('records the shards it covers when some are missing, and merges a merged summary again', () => {
    const runs = shardRuns(failedFixed, 4);
    const partial = mergeFleetSummaries([runs[0]!, runs[1]!, runs[3]!]);
    expect(partial.shards!.map((shard: Shard) => shard.index)).toEqual([1, 2, 4]);
    expect(partial.totals.targets).toBe(30);
    expectSameSummary(mergeFleetSummaries([partial, runs[2]!]), summaryOf('plan', failedFixed));
  });

  it('is interrupted when a shard was, and halted at the earliest wave a shard halted at', () => {
    const applied = manyTargets(6, () => 'applied');
    const [a, b, c] = shardRuns(applied, 3, 'apply');
    const merged = mergeFleetSummaries([
      { ...a!, halted: { wave: 2, reason: 'x failed' } },
      { ...b!, halted: { wave: 1, reason: 'y failed' } },
      { ...c!, interrupted: true },
    ]);
    expect(merged.halted).toEqual({ wave: 1, reason: 'shard 2/3: y failed' });
    expect(merged.interrupted).toBe(true);
    expect(merged.exitCode).toBe(130);
  });

  it('keeps the fleet plan hash of a single summary only', () => {
    const [a, b] = shardRuns([target('a', 'changes'), target('b', 'changes', { n: 2 })], 2).map((s, i) => ({ ...s, fleetPlanHash: `sha256:${String(i).repeat(64)}` }));
    expect(mergeFleetSummaries([a!]).fleetPlanHash).toBe(a!.fleetPlanHash);
    expect(mergeFleetSummaries([a!, b!]).fleetPlanHash).toBeUndefined();
  });

  it('refuses summaries that do not belong together, naming the files', () => {
    const [a, b, c] = shardRuns(failedFixed, 3);
    const sources = { sources: ['a.json', 'b.json', 'c.json'] };
    expect(refusal(() => mergeFleetSummaries([])).message).toBe('no fleet summary to merge: give the JSON files the shards wrote');

    const whole = refusal(() => mergeFleetSummaries([a!, summaryOf('plan', [target('zz', 'ok')])], { sources: ['a.json', 'whole.json'] }));
    expect(whole.message).toContain('cannot merge whole.json: it is a run of the whole fleet, not of a shard');
    expect(whole.files).toEqual(['a.json', 'whole.json']);

    const commands = refusal(() => mergeFleetSummaries([a!, { ...b!, command: 'drift' }, c!], sources));
    expect(commands.message).toBe('the summaries are of different commands: merge the shards of one run:\n  - a.json: plan\n  - b.json: drift\n  - c.json: plan');

    const fleets = refusal(() => mergeFleetSummaries([a!, { ...b!, fleetFile: 'other.fleet.yaml' }], sources));
    expect(fleets.problems).toEqual(['a.json: paycfg.fleet.yaml', 'b.json: other.fleet.yaml']);

    const split = refusal(() => mergeFleetSummaries([a!, { ...b!, shards: [{ index: 2, count: 4 }] }], sources));
    expect(split.message).toContain('different numbers of shards');
    expect(split.problems).toEqual(['a.json: shard 1/3', 'b.json: shard 2/4']);

    const twice = refusal(() => mergeFleetSummaries([a!, b!, { ...c!, shards: [{ index: 2, count: 3 }], targets: [] }], sources));
    expect(twice.problems).toEqual(['shard 2 of 3 is in both b.json and c.json']);

    const shared = refusal(() => mergeFleetSummaries([a!, { ...b!, targets: [...b!.targets, a!.targets[0]!] }], sources));
    expect(shared.message).toContain('a target is in two summaries');
    expect(shared.problems).toEqual([`target ${a!.targets[0]!.name} is in both a.json and b.json`]);

    // Without file names, the summaries are numbered.
    expect(refusal(() => mergeFleetSummaries([a!, a!])).problems).toEqual(['shard 1 of 3 is in both summary 1 and summary 2']);
  });

  it('lists at most ten clashes, counting the rest', () => {
    const [a] = shardRuns(failedFixed, 2);
    const clash = refusal(() => mergeFleetSummaries([a!, { ...a!, shards: [{ index: 2, count: 2 }] }]));
    expect(clash.problems).toHaveLength(11);
    expect(clash.problems.at(-1)).toBe(`and ${a!.targets.length - 10} more`);
  });

  it('compares through a helper that leaves out only wall times and shards', () => {
    const summary = summaryOf('plan', [target('a', 'changes')], { shards: [{ index: 1, count: 1 }] });
    const comparable = comparableSummary(summary);
    expect(Object.keys(comparable)).not.toContain('startedAt');
    expect(Object.keys(comparable)).not.toContain('shards');
    expect(Object.keys(comparable.targets[0]!)).not.toContain('durationMs');
    expect(() => expectSameSummary(summaryOf('plan', [target('a', 'changes', { exitCode: 1 })]), summary)).toThrow();
  });
});
