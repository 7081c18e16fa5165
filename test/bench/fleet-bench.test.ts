import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fleetLowerBound, fleetMemoryLine, fleetTargets, ratioTo, shardBoundMs, SUMMARY_HEAP_FACTOR } from '../../scripts/bench/fleet-bound.js';
import {
  FIRST_CONTACT_VALUE,
  FLEET_TILL_ADMIN_SOURCE,
  fleetFileYaml,
  fleetTargetName,
  fleetTargetRows,
  LAST_TILL_NAME_VALUE,
  targetsCsv,
  templateSpec,
  writeFleetFiles,
} from '../../scripts/bench/fleet-files.js';
import { fleetGroupSize } from '../../scripts/bench/fleet.js';
import { buildGroupSpec, DEFAULT_GROUP_SIZE, TILL_ADMIN_VARIABLE } from '../../scripts/bench/group-shape.js';
import { writeManifest } from '../../scripts/bench/write-manifest.js';
import { loadFleetFile } from '../../src/fleet/file/index.js';

const size = fleetGroupSize(DEFAULT_GROUP_SIZE, 20);
const spec = buildGroupSpec(size);

describe('the fleet lower bound', () => {
  const input = { loadMs: 1500, startupMs: 400, requests: 4400, latencyMs: 20, maxInFlight: 32, longestTargetMs: 180 };

  it('is the load, then the requests at the global bound or the longest target alone, whichever is longer', () => {
    const bound = fleetLowerBound(input);
    // ceil(4400 / 32) = 138 rounds of 20 ms
    expect(bound.requestsMs).toBe(138 * 20);
    expect(bound.networkMs).toBe(2760);
    expect(bound.boundMs).toBe(1500 + 2760);
    expect(fleetLowerBound({ ...input, requests: 64 }).networkMs).toBe(180);
    expect(fleetLowerBound({ ...input, requests: 0, longestTargetMs: 0 }).boundMs).toBe(1500);
  });

  it('reads strictly with the loads overlapped: start-up, then the longest of the loads, the requests and the longest target', () => {
    expect(fleetLowerBound(input).strictBoundMs).toBe(400 + 2760);
    expect(fleetLowerBound({ ...input, loadMs: 4000 }).strictBoundMs).toBe(4000);
    expect(fleetLowerBound({ ...input, longestTargetMs: -5, requests: 0 }).strictBoundMs).toBe(1500);
  });

  it('splits the one-machine wall over the shards and adds one start-up', () => {
    expect(shardBoundMs(4000, 4, 450)).toBe(1450);
    expect(ratioTo(1885, 1450)).toBeCloseTo(1.3);
    expect(ratioTo(10, 0)).toBeNaN();
  });
});

describe('the fleet memory line', () => {
  const point = (groups: number, kb: number[], summaryBytes: number) => ({ groups, maxRssKb: [...kb].sort((a, b) => a - b)[1]!, runsKb: kb, summaryBytes });

  it('fits KiB per group and allows the summary a few times over, plus the spread of the runs at the largest size', () => {
    const line = fleetMemoryLine([point(25, [100_000, 100_010, 100_020], 25 * 512), point(50, [100_015, 100_020, 100_030], 50 * 512), point(100, [100_000, 100_040, 100_300], 100 * 512)]);
    expect(line.kibPerGroup).toBeCloseTo(0.4);
    expect(line.r2).toBeCloseTo(1);
    expect(line.summaryKibPerTarget).toBe(0.5);
    expect(line.noiseKib).toBe(300);
    expect(line.allowedKibPerGroup).toBeCloseTo(SUMMARY_HEAP_FACTOR * 0.5 + 300 / 75);
  });

  it('counts a line that keeps a plan per group as growth, met or not', () => {
    const kept = fleetMemoryLine([point(25, [100_000, 100_000, 100_000], 25 * 512), point(100, [130_000, 130_000, 130_000], 100 * 512)]);
    expect(kept.kibPerGroup).toBe(400);
    const targets = fleetTargets({
      groups: 100,
      shards: 4,
      oneMachineWallMs: 6000,
      bound: fleetLowerBound({ loadMs: 1500, startupMs: 400, requests: 4400, latencyMs: 20, maxInFlight: 32, longestTargetMs: 180 }),
      memory: kept,
      longestShardMs: 2000,
      shardBoundMs: 1650,
    });
    expect(targets.map((t) => t.met)).toEqual([false, false, true]);
    expect(targets[0]!.measured).toBe('6.00 s / 4.26 s = 1.41x');
    expect(targets[2]!.measured).toBe('2.00 s / 1.65 s = 1.21x');
  });

  it('says n/a for a figure that could not be computed', () => {
    const line = fleetMemoryLine([point(100, [1, 2, 3], 100)]);
    expect(line.kibPerGroup).toBeNaN();
    const targets = fleetTargets({ groups: 100, shards: 4, oneMachineWallMs: 1, bound: fleetLowerBound({ loadMs: 0, startupMs: 0, requests: 0, latencyMs: 20, maxInFlight: 32, longestTargetMs: 0 }), memory: line, longestShardMs: 1, shardBoundMs: 0 });
    expect(targets.map((t) => t.met)).toEqual([undefined, undefined, undefined]);
  });
});

describe("the fleet's files", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('gives each group values that differ from its seeded records, in a CSV with a header and quoted fields', () => {
    const rows = fleetTargetRows(spec, ['G-10000001', 'G-10000002']);
    expect(rows.map((r) => r.name)).toEqual([fleetTargetName(1), fleetTargetName(2)]);
    expect(rows[0]!.values[FIRST_CONTACT_VALUE]).not.toBe(spec.merchants[0]!.contactName);
    expect(rows[1]!.values[LAST_TILL_NAME_VALUE]).not.toBe(spec.merchants.at(-1)!.devices[0]!.deviceName);
    expect(rows[0]!.values[FIRST_CONTACT_VALUE]).not.toBe(rows[1]!.values[FIRST_CONTACT_VALUE]);
    const csv = targetsCsv(rows);
    expect(csv.split('\n')[0]).toBe(`name,group,${FIRST_CONTACT_VALUE},${LAST_TILL_NAME_VALUE}`);
    expect(csv.split('\n')).toHaveLength(4);
    expect(targetsCsv([{ name: 'a', group: 'G-1', values: { V: 'x, "y"' } }])).toBe('name,group,V\na,G-1,"x, ""y"""\n');
  });

  it('writes a template whose manifest differs from the seeded group in the two valued records alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paycfg-fleet-bench-'));
    dirs.push(dir);
    await writeManifest(spec, join(dir, 'seeded'));
    await writeManifest(templateSpec(spec), join(dir, 'template'));
    const files = await readdir(join(dir, 'seeded'));
    const changed: string[] = [];
    for (const file of files) {
      const before = (await readFile(join(dir, 'seeded', file), 'utf8')).split('\n');
      const after = (await readFile(join(dir, 'template', file), 'utf8')).split('\n');
      expect(after).toHaveLength(before.length);
      after.forEach((line, i) => line !== before[i] && changed.push(line.trim()));
    }
    expect(changed).toEqual([`contactName: \${${FIRST_CONTACT_VALUE}}`, `deviceName: \${${LAST_TILL_NAME_VALUE}}`]);
  });

  it('names the template, a token file per group and the CSV in each fleet file, the secret from the environment', async () => {
    const yaml = parse(fleetFileYaml({ baseUrl: 'http://127.0.0.1:1', targetsCsv: 'groups-4.csv', manifests: 'template', tokens: 'tokens' }));
    expect(yaml).toEqual({
      version: 1,
      template: {
        baseUrl: 'http://127.0.0.1:1',
        token: { file: 'tokens/{{group}}.token' },
        manifests: ['template'],
        values: { [TILL_ADMIN_VARIABLE]: { env: FLEET_TILL_ADMIN_SOURCE } },
      },
      targetsFrom: ['groups-4.csv'],
    });
    const dir = await mkdtemp(join(tmpdir(), 'paycfg-fleet-bench-'));
    dirs.push(dir);
    const groups = ['G-10000001', 'G-10000002', 'G-10000003', 'G-10000004'].map((id) => ({ id, token: `token-of-${id}` }));
    const layout = await writeFleetFiles(dir, spec, groups, [2, 4], 'http://127.0.0.1:1');
    expect([...layout.fleetFiles.keys()]).toEqual([2, 4]);
    expect((await readFile(join(dir, 'groups-2.csv'), 'utf8')).trim().split('\n')).toHaveLength(3);
    expect(parse(await readFile(layout.fleetFiles.get(4)!, 'utf8')).targetsFrom).toEqual(['groups-4.csv']);
    expect(await readFile(join(dir, 'tokens', 'G-10000003.token'), 'utf8')).toBe('token-of-G-10000003');
    // The fleet file loader takes them as written: every target, its group, its values.
    const fleet = await loadFleetFile(layout.fleetFiles.get(4)!, { cwd: dir });
    expect(fleet.targets.map((t) => [t.name, t.group])).toEqual(groups.map((g, i) => [fleetTargetName(i + 1), g.id]));
  });

  it("keeps the bench's bindings and devices with the profiles and EMV configs the bindings need", () => {
    expect(size).toMatchObject({ merchants: 20, bindingsPerMerchant: 2, devicesPerMerchant: 3, profiles: 4, emvConfigs: 8 });
    expect(fleetGroupSize({ ...DEFAULT_GROUP_SIZE, bindingsPerMerchant: 6 }, 5)).toMatchObject({ profiles: 6, emvConfigs: 12 });
  });
});
