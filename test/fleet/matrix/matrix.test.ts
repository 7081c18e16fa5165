import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { fleetMatrix, renderFleetMatrix, GITHUB_MAX_JOBS, GITLAB_MAX_JOBS, type MatrixCi } from '../../../src/fleet/matrix/index.js';
import { assignShards, parseShard, targetsOfShard, type SizedTarget } from '../../../src/fleet/shard.js';
import type { FleetTarget } from '../../../src/fleet/types.js';
import type { EnvironmentDefinition } from '../../../src/environments/types.js';

/** A target as the split sees it: only its name matters, the rest is never read. */
function target(name: string): FleetTarget {
  return { name, group: `G-${name}`, baseUrl: 'https://pay.example.com', labels: {}, definition: {} as EnvironmentDefinition, declaredAt: { file: 'fleet.yaml', line: 1, col: 1 } };
}

/** A deterministic spread of sizes (a linear congruential sequence): many small groups, a few large. */
function fleetOf(count: number, seed = 7): SizedTarget[] {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: count }, (_, i) => ({ target: target(`t${String(i).padStart(4, '0')}`), size: 1 + (next() % 10 === 0 ? next() % 400 : next() % 40) }));
}

const sizeOf = (sized: readonly SizedTarget[], shard: readonly FleetTarget[]): number => shard.reduce((sum, t) => sum + sized.find((s) => s.target === t)!.size, 0);

describe('assignShards: the split every shard process computes', () => {
  it.each([
    [1, 1],
    [10, 3],
    [100, 4],
    [100, 7],
    [333, 32],
    [1000, 256],
  ])('%i targets in %i shards: every target exactly once, sizes within the largest target of each other', (targets, count) => {
    const sized = fleetOf(targets);
    const shards = assignShards(sized, count);
    expect(shards).toHaveLength(count);
    const names = shards.flat().map((t) => t.name);
    expect(names).toHaveLength(targets);
    expect(new Set(names).size).toBe(targets);
    const sizes = shards.map((shard) => sizeOf(sized, shard));
    const largest = Math.max(...sized.map((s) => s.size));
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(largest);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(sized.reduce((a, s) => a + s.size, 0));
  });

  it('targetsOfShard over every index covers the fleet exactly once, each shard in the fleet’s order', () => {
    const sized = fleetOf(57);
    const seen: string[] = [];
    for (let index = 1; index <= 6; index++) {
      const mine = targetsOfShard(sized, { index, count: 6 }).map((t) => t.name);
      expect(mine).toEqual([...mine].sort());
      seen.push(...mine);
    }
    expect(seen.sort()).toEqual(sized.map((s) => s.target.name).sort());
  });

  it('is the same split in every call and whatever order the targets come in', () => {
    const sized = fleetOf(90);
    const names = (shards: FleetTarget[][]) => shards.map((shard) => shard.map((t) => t.name).sort());
    const first = names(assignShards(sized, 8));
    expect(names(assignShards(sized, 8))).toEqual(first);
    expect(names(assignShards([...sized].reverse(), 8))).toEqual(first);
    // Equal sizes are ordered by name, not by position.
    const flat = sized.map((s) => ({ ...s, size: 5 }));
    expect(names(assignShards([...flat].reverse(), 8))).toEqual(names(assignShards(flat, 8)));
  });
});

describe('fleetMatrix', () => {
  it('about 10 targets per shard by default, balanced, each shard named as --shard takes it', () => {
    const sized = fleetOf(95);
    const matrix = fleetMatrix(sized, { ci: 'github' });
    expect(matrix.shards).toHaveLength(10);
    expect(matrix.shards.map((s) => s.shard)).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}/10`));
    for (const s of matrix.shards) expect(parseShard(s.shard)).toEqual({ index: Number(s.shard.split('/')[0]), count: 10 });
    expect(matrix.shards.reduce((sum, s) => sum + s.targets, 0)).toBe(95);
    expect(matrix.shards.reduce((sum, s) => sum + s.size, 0)).toBe(sized.reduce((sum, s) => sum + s.size, 0));
    const sizes = matrix.shards.map((s) => s.size);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(Math.max(...sized.map((s) => s.size)));
    // What each job of the matrix runs is what it counted.
    for (const [i, s] of matrix.shards.entries()) expect(targetsOfShard(sized, { index: i + 1, count: 10 })).toHaveLength(s.targets);
  });

  it('--targets-per-shard and --shards', () => {
    const sized = fleetOf(100);
    expect(fleetMatrix(sized, { ci: 'github', targetsPerShard: 25 }).shards).toHaveLength(4);
    expect(fleetMatrix(sized, { ci: 'github', targetsPerShard: 30 }).shards).toHaveLength(4);
    expect(fleetMatrix(sized, { ci: 'gitlab', shards: 7 }).shards.map((s) => s.shard).at(-1)).toBe('7/7');
    expect(fleetMatrix(sized, { ci: 'gitlab', shards: 1 }).shards).toEqual([{ shard: '1/1', targets: 100, size: sized.reduce((sum, s) => sum + s.size, 0) }]);
    expect(() => fleetMatrix(sized, { ci: 'github', shards: 4, targetsPerShard: 25 })).toThrow(UsageError);
    expect(() => fleetMatrix(sized, { ci: 'github', targetsPerShard: 0 })).toThrow(/--targets-per-shard must be a whole number/);
  });

  it('never more shards than targets: no job starts for nothing', () => {
    expect(fleetMatrix(fleetOf(3), { ci: 'github', shards: 8 }).shards.map((s) => s.shard)).toEqual(['1/3', '2/3', '3/3']);
    expect(fleetMatrix(fleetOf(3), { ci: 'gitlab', targetsPerShard: 1 }).shards.every((s) => s.targets === 1)).toBe(true);
    expect(() => fleetMatrix([], { ci: 'github' })).toThrow(/holds no target/);
  });

  it.each([
    ['github', GITHUB_MAX_JOBS, 256, /--shards 257 is over the limit of GitHub Actions: 256 jobs in one matrix/],
    ['gitlab', GITLAB_MAX_JOBS, 200, /--shards 201 is over the limit of GitLab: 200 jobs in one matrix/],
  ] as const)('%s: at most %i jobs: --shards over it refused, the default capped at it', (ci: MatrixCi, limit, expected, refusal) => {
    expect(limit).toBe(expected);
    const sized = fleetOf(3000);
    expect(fleetMatrix(sized, { ci, shards: limit }).shards).toHaveLength(limit);
    expect(() => fleetMatrix(sized, { ci, shards: limit + 1 })).toThrow(refusal);
    const capped = fleetMatrix(sized, { ci });
    expect(capped.shards).toHaveLength(limit);
    expect(capped.shards.reduce((sum, s) => sum + s.targets, 0)).toBe(3000);
    expect(fleetMatrix(sized, { ci, targetsPerShard: 1 }).shards).toHaveLength(limit);
  });

  it('is deterministic: the same matrix in every call', () => {
    const sized = fleetOf(240);
    expect(fleetMatrix(sized, { ci: 'github' })).toEqual(fleetMatrix([...sized].reverse(), { ci: 'github' }));
    expect(renderFleetMatrix(fleetMatrix(sized, { ci: 'gitlab', shards: 9 }))).toBe(renderFleetMatrix(fleetMatrix(sized, { ci: 'gitlab', shards: 9 })));
  });
});

describe('renderFleetMatrix', () => {
  it('GitHub: one line of JSON, {"include":[…]}, for $GITHUB_OUTPUT and fromJSON', () => {
    const sized = Array.from({ length: 4 }, (_, i) => ({ target: target(`t${i}`), size: 10 }));
    const text = renderFleetMatrix(fleetMatrix(sized, { ci: 'github', shards: 2 }));
    expect(text).toBe('{"include":[{"shard":"1/2","targets":2,"size":20},{"shard":"2/2","targets":2,"size":20}]}\n');
    expect(text.trimEnd()).not.toContain('\n');
  });

  it('GitLab: a child pipeline with one job per shard over parallel:matrix SHARD, then a report job a stage later', () => {
    const sized = fleetOf(30);
    const text = renderFleetMatrix(fleetMatrix(sized, { ci: 'gitlab', shards: 3 }), { fleetArgs: ['--fleet', 'fleets/pbo.fleet.yaml', '--target', 'acme-*', '--label', "tier=it's gold"] });
    const child = parse(text) as Record<string, any>;
    expect(child['stages']).toEqual(['shards', 'report']);
    const shard = child['paycfg:fleet:shard'];
    expect(shard.parallel).toEqual({ matrix: [{ SHARD: ['1/3', '2/3', '3/3'] }] });
    expect(shard.stage).toBe('shards');
    expect(shard.image).toEqual({ name: '$PAYCFG_IMAGE', entrypoint: [''] });
    expect(shard.script[1]).toBe(
      `code=0; paycfg fleet "$PAYCFG_FLEET_COMMAND" --shard "$SHARD" --fleet fleets/pbo.fleet.yaml --target 'acme-*' --label 'tier=it'\\''s gold' --summary "shards/shard-\${SHARD%%/*}.json" || code=$?`,
    );
    expect(shard.artifacts).toEqual({ paths: ['shards/'], when: 'always' });
    const report = child['paycfg:fleet:report'];
    expect(report.stage).toBe('report');
    expect(report.when).toBe('always');
    expect(report.script[0]).toContain('paycfg fleet report shards/*.json --markdown --summary fleet-summary.json > fleet-report.md');
    expect(text.split('\n')[0]).toBe('# Generated by `paycfg fleet matrix --ci gitlab`: 30 targets in 3 shards, one job each, then one report.');
  });
});
