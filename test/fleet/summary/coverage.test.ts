/** What part of the fleet a summary covers, as structure (shardCoverage) and as words (coverage). */
import { describe, expect, it } from 'vitest';
import { coverage, missingPossessive, shardCoverage } from '../../../src/fleet/summary/wording.js';
import { summaryOf, target } from './fixtures.js';

const covering = (indexes: readonly number[], count: number) => summaryOf('plan', [target('acme', 'ok')], { shards: indexes.map((index) => ({ index, count })) });

describe('shard coverage', () => {
  it('gives the count, the indexes covered and those missing, in order', () => {
    expect(shardCoverage(summaryOf('plan', []))).toBeUndefined();
    expect(shardCoverage(covering([4, 1, 2], 6))).toEqual({ count: 6, covered: [1, 2, 4], missing: [3, 5, 6] });
    expect(shardCoverage(covering([2], 2))).toEqual({ count: 2, covered: [2], missing: [1] });
  });

  it('words it from that: a shard\'s own run names only itself, unless the summary is meant to cover the whole fleet', () => {
    expect(coverage(covering([1, 2, 4], 6))).toMatchObject({ covered: 'shards 1, 2, 4 of 6', missing: 'shards 3, 5, 6 missing' });
    expect(coverage(covering([1, 2, 3], 4))).toMatchObject({ covered: 'shards 1-3 of 4', missing: 'shard 4 missing' });
    expect(coverage(covering([2], 3))).toEqual({ covered: 'shard 2 of 3', shards: { count: 3, covered: [2], missing: [1, 3] } });
    expect(coverage(covering([2], 3), { wholeFleet: true })).toMatchObject({ covered: 'shard 2 of 3', missing: 'shards 1, 3 missing' });
    expect(missingPossessive(shardCoverage(covering([1, 2, 3], 4)))).toBe('its');
    expect(missingPossessive(shardCoverage(covering([1], 4)))).toBe('their');
  });
});
