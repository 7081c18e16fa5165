/**
 * The per-resource refresh of the bench (scripts/bench/refresh.ts): its request count from the
 * group's shape, the reads it builds from a state, and, over real HTTP against the simulator, that
 * it sends exactly one GET per resource of the kinds' routes and refuses a state the group no
 * longer holds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { startBenchSimulator, type BenchSimulator } from '../../scripts/bench/bench-simulator.js';
import { DEVICE_ADMIN } from '../../scripts/bench/child-env.js';
import { buildGroupSpec, DEFAULT_GROUP_SIZE, type GroupSize } from '../../scripts/bench/group-shape.js';
import { lowerBoundMs, totalRequests } from '../../scripts/bench/lower-bound.js';
import {
  prepareRefresh,
  readRefreshState,
  refreshDepth,
  refreshPhases,
  refreshReads,
  refreshRequests,
  summariseRefresh,
  type RefreshState,
} from '../../scripts/bench/refresh.js';
import { seedGroup } from '../../scripts/bench/seed-group.js';

describe('the refresh\'s requests, from the group\'s shape', () => {
  it('sends 10,061 for the benchmark\'s group: the owner, 20 profiles, 40 EMV configs, and per merchant itself, its payment list once and its 3 devices', () => {
    expect(refreshRequests(DEFAULT_GROUP_SIZE)).toBe(1 + 20 + 40 + 2000 * (1 + 1 + 3));
    expect(refreshRequests(DEFAULT_GROUP_SIZE)).toBe(10_061);
    expect(refreshRequests({ ...DEFAULT_GROUP_SIZE, merchants: 1, bindingsPerMerchant: 0, devicesPerMerchant: 0 })).toBe(1 + 20 + 40 + 1);
  });

  it('bounds it by the owner alone, then every resource ten at a time, no faster than EMV config -> profile -> binding -> device', () => {
    const phases = refreshPhases(DEFAULT_GROUP_SIZE);
    expect(phases).toEqual([
      { name: 'owner', requests: 1, depth: 1 },
      { name: 'resources', requests: 10_060, depth: 4 },
    ]);
    expect(totalRequests(phases)).toBe(10_061);
    expect(lowerBoundMs(phases, 10, 50)).toBe((1 + 1006) * 50);
    // Without bindings a device waits for its merchant only: the chain is EMV config -> profile.
    expect(refreshPhases({ ...DEFAULT_GROUP_SIZE, bindingsPerMerchant: 0 })[1]!.depth).toBe(2);
  });

  it('summarises the runs against that bound', () => {
    const size: GroupSize = { ...DEFAULT_GROUP_SIZE, merchants: 10 };
    const figures = summariseRefresh([900, 700, 800], size, 10, 10);
    expect(figures).toMatchObject({ parallelism: 10, latencyMs: 10, runs: [900, 700, 800], medianWallMs: 800, requests: 1 + 60 + 50 });
    expect(figures.lowerBoundMs).toBe((1 + 11) * 10);
    expect(figures.ratio).toBeCloseTo(800 / 120);
  });
});

describe('refreshReads', () => {
  const state: RefreshState = {
    emvConfigs: [
      { id: 11, emvName: 'visa a' },
      { id: 12, emvName: 'mc' },
    ],
    profiles: [{ profileId: 3, profileName: 'host-a', emvIds: [11, 12] }],
    merchants: [
      {
        mchId: 'M1',
        bindings: [
          { acquirerProfileId: '3', currency: 'USD', emvIds: [11] },
          { acquirerProfileId: '3', currency: 'EUR', emvIds: [12] },
        ],
        deviceIds: ['CD-1', 'CD-2'],
      },
      { mchId: 'M2', bindings: [], deviceIds: [] },
    ],
  };

  it('sends the GET each kind has: a list filtered by name, a merchant by id, its payment list once for all its bindings, a device by id', () => {
    const reads = refreshReads(state);
    expect(reads.find((r) => r.kind === 'binding')?.matches).toEqual([
      { acquirerProfileId: '3', currency: 'USD' },
      { acquirerProfileId: '3', currency: 'EUR' },
    ]);
    expect(reads.map((r) => [r.kind, r.path, r.match])).toEqual([
      ['emv-config', '/api/openapi/v1/emv?emvName=visa%20a&pageNumber=1&pageSize=-1', { emvName: 'visa a' }],
      ['emv-config', '/api/openapi/v1/emv?emvName=mc&pageNumber=1&pageSize=-1', { emvName: 'mc' }],
      ['acquirer-profile', '/api/openapi/v1/acquirer?profileName=host-a&pageNumber=1&pageSize=-1', { profileName: 'host-a' }],
      ['merchant', '/api/openapi/v1/mchInfo/M1', undefined],
      ['binding', '/api/openapi/v1/mchInfo/payment/M1?pageNumber=1&pageSize=100', undefined],
      ['device', '/api/openapi/v1/device/CD-1', undefined],
      ['device', '/api/openapi/v1/device/CD-2', undefined],
      ['merchant', '/api/openapi/v1/mchInfo/M2', undefined],
    ]);
  });

  it('waits for what each resource depends on, always an earlier read', () => {
    const reads = refreshReads(state);
    expect(reads.map((r) => r.after)).toEqual([[], [], [0, 1], [], [3, 2, 0, 1], [3, 4], [3, 4], []]);
    expect(reads.every((r, i) => r.after.every((j) => j < i))).toBe(true);
    expect(refreshDepth(reads)).toBe(4);
  });
});

describe('the refresh over HTTP', () => {
  const size: GroupSize = { merchants: 5, bindingsPerMerchant: 2, devicesPerMerchant: 2, profiles: 4, emvConfigs: 8, withMid: false };
  const groupId = 'G-30000101';
  let sim: BenchSimulator;
  let workDir: string;

  beforeAll(async () => {
    sim = await startBenchSimulator();
    workDir = await mkdtemp(join(tmpdir(), 'paycfg-bench-refresh-'));
    await sim.createGroup(groupId);
    await seedGroup(buildGroupSpec(size), sim.url, sim.token(groupId), DEVICE_ADMIN);
  });

  afterAll(async () => {
    await sim.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('reads the state as the shape has it, with the dependency depth the bound assumes', async () => {
    const reads = refreshReads(await readRefreshState(sim, groupId));
    expect(reads.length + 1).toBe(refreshRequests(size));
    expect(refreshDepth(reads)).toBe(refreshPhases(size)[1]!.depth);
  });

  it('sends one GET per resource, on the route of its kind, and refuses a state the group no longer holds', async () => {
    const refresh = await prepareRefresh({ sim, cwd: process.cwd(), workDir }, groupId, size);
    expect(refresh.requests).toBe(1 + 4 + 8 + 5 * 4);
    expect(await refresh.run()).toBeGreaterThan(0);
    const stats = await sim.stats();
    expect(stats.byRoute).toEqual({
      'GET /api/v2/current': 1,
      'GET /api/openapi/v1/emv': 8,
      'GET /api/openapi/v1/acquirer': 4,
      'GET /api/openapi/v1/mchInfo/{mchId}': 5,
      'GET /api/openapi/v1/mchInfo/payment/{mchId}': 5,
      'GET /api/openapi/v1/device/{deviceId}': 10,
    });

    const client = createApiClient({ baseUrl: sim.url, token: sim.token(groupId) });
    try {
      const [merchant] = await client.merchants.listAll();
      const [device] = await client.devices.listAll(merchant!.mchId);
      await client.devices.delete(device!.deviceId);
    } finally {
      await client.close();
    }
    await expect(refresh.run()).rejects.toThrow(/device not found/);
  });
});
