import { describe, expect, it } from 'vitest';
import { assignShards, parseShard, shardFromEnvironment, targetsOfShard, type SizedTarget } from '../../src/fleet/shard.js';
import type { FleetTarget } from '../../src/fleet/types.js';

function sized(entries: readonly (readonly [string, number])[]): SizedTarget[] {
  return entries.map(([name, size]) => ({ target: { name } as FleetTarget, size }));
}

describe('parseShard', () => {
  it('reads INDEX/COUNT, 1-based', () => {
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
  });

  it('refuses an index out of range, naming the range', () => {
    expect(() => parseShard('0/4')).toThrow('--shard: shard 0 is out of range: shards are numbered 1 to 4');
    expect(() => parseShard('5/4')).toThrow('shard 5 is out of range');
    expect(() => parseShard('1/0')).toThrow('at least 1 shard');
  });

  it('refuses what is not a shard', () => {
    expect(() => parseShard('two/4')).toThrow('--shard "two/4" is not a shard: write INDEX/COUNT, 1-based');
    expect(() => parseShard('3')).toThrow('is not a shard');
  });
});

describe('shardFromEnvironment', () => {
  it('takes a Kubernetes Indexed Job index as 0-based', () => {
    expect(shardFromEnvironment(4, { JOB_COMPLETION_INDEX: '0' })).toEqual({ index: 1, count: 4 });
    expect(shardFromEnvironment(4, { JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 4, count: 4 });
    expect(() => shardFromEnvironment(4, { JOB_COMPLETION_INDEX: '4' })).toThrow(/out of range: shards are numbered 1 to 4/);
  });

  it("takes GitLab's CI_NODE_INDEX as 1-based, and checks CI_NODE_TOTAL", () => {
    expect(shardFromEnvironment(3, { CI_NODE_INDEX: '3', CI_NODE_TOTAL: '3' })).toEqual({ index: 3, count: 3 });
    expect(() => shardFromEnvironment(4, { CI_NODE_INDEX: '1', CI_NODE_TOTAL: '3' })).toThrow('--shards 4, but $CI_NODE_TOTAL says the job runs in 3 parts');
  });

  it('refuses when no engine set an index, or set garbage', () => {
    expect(() => shardFromEnvironment(4, {})).toThrow(/neither is set; give --shard INDEX\/COUNT/);
    expect(() => shardFromEnvironment(4, { JOB_COMPLETION_INDEX: 'x' })).toThrow('$JOB_COMPLETION_INDEX is "x", not a shard index');
  });
});

describe('assignShards', () => {
  const fleet = sized(Array.from({ length: 37 }, (_, i) => [`t${String(i).padStart(2, '0')}`, 1 + ((i * 7) % 13)] as const));

  it('puts every target in exactly one shard', () => {
    const shards = assignShards(fleet, 5);
    const names = shards.flat().map((t) => t.name);
    expect(names).toHaveLength(fleet.length);
    expect(new Set(names).size).toBe(fleet.length);
  });

  it('balances by size: the shards differ by at most the largest target', () => {
    const sizeOf = new Map(fleet.map((s) => [s.target.name, s.size]));
    const totals = assignShards(fleet, 5).map((shard) => shard.reduce((sum, t) => sum + sizeOf.get(t.name)!, 0));
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(Math.max(...fleet.map((s) => s.size)));
  });

  it('computes the same split whatever the order it is given the targets in', () => {
    const names = (shards: FleetTarget[][]): string[][] => shards.map((shard) => shard.map((t) => t.name).sort());
    expect(names(assignShards([...fleet].reverse(), 5))).toEqual(names(assignShards(fleet, 5)));
  });

  it('leaves shards empty when there are fewer targets than shards', () => {
    expect(assignShards(sized([['a', 1], ['b', 1]]), 4).map((s) => s.length)).toEqual([1, 1, 0, 0]);
  });

  it("keeps a shard's targets in the fleet's order, and the shards together are the fleet", () => {
    const all = [1, 2, 3].flatMap((index) => targetsOfShard(fleet, { index, count: 3 }).map((t) => t.name));
    expect([...all].sort()).toEqual(fleet.map((s) => s.target.name).sort());
    const first = targetsOfShard(fleet, { index: 1, count: 3 }).map((t) => t.name);
    expect(first).toEqual([...first].sort());
  });
});

describe('sizeTargets', () => {
  it('weighs each target from the fleet file and its manifests alone: no source is read, so every process splits alike', async () => {
    const { loadFleetFile } = await import('../../src/fleet/file/index.js');
    const { sizeTargets } = await import('../../src/fleet/shard.js');
    const cwd = new URL('../..', import.meta.url).pathname;
    const fleet = await loadFleetFile(`${cwd}examples/fleet/paycfg.fleet.yaml`, { cwd });
    const sizes = async (): Promise<number[]> => (await sizeTargets(fleet, fleet.targets, { cwd })).map((s) => s.size);
    const unset = await sizes();
    expect(unset).toEqual([6, 6, 6, 6, 6, 6]);
    // A secret this process happens to see (here: a value the manifest would refuse) changes nothing.
    process.env['TILL_ADMIN_PASSWORD_G_00000011'] = '\u0000not a password';
    try {
      expect(await sizes()).toEqual(unset);
    } finally {
      delete process.env['TILL_ADMIN_PASSWORD_G_00000011'];
    }
  });
});
