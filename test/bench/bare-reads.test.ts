/**
 * The bench's bare-client floor sends the reads of a plan of the unchanged group, from a process
 * of its own, and nothing else: checked over real HTTP against the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureBareReads } from '../../scripts/bench/bare-reads.js';
import { startBenchSimulator, type BenchSimulator } from '../../scripts/bench/bench-simulator.js';
import { DEVICE_ADMIN } from '../../scripts/bench/child-env.js';
import { buildGroupSpec, type GroupSize } from '../../scripts/bench/group-shape.js';
import { seedGroup } from '../../scripts/bench/seed-group.js';

const SIZE: GroupSize = { merchants: 7, bindingsPerMerchant: 2, devicesPerMerchant: 2, profiles: 4, emvConfigs: 8, withMid: false };
const GROUP = 'G-30000001';

let sim: BenchSimulator;

beforeAll(async () => {
  sim = await startBenchSimulator();
  await sim.createGroup(GROUP);
  await seedGroup(buildGroupSpec(SIZE), sim.url, sim.token(GROUP), DEVICE_ADMIN);
});

afterAll(async () => {
  await sim.close();
});

describe('measureBareReads', () => {
  it('reads the owner, the three group lists, one device list and one binding-record list per merchant, as the unchanged plan does', async () => {
    await sim.resetStats();
    const ctx = { sim, cwd: process.cwd(), latencyMs: 2, log: () => {} };
    const figures = await measureBareReads(ctx, GROUP, { ...SIZE, driftedMerchants: 0 }, 3, 2);
    expect(figures.requests).toBe(1 + 3 + 2 * SIZE.merchants);
    expect(figures.runs).toHaveLength(2);
    // Owner and group lists: one round each; 14 per-merchant lists at 3 at a time: 5 rounds.
    expect(figures.lowerBoundMs).toBe((1 + 1 + 5) * 2);
    expect(figures.medianWallMs).toBeGreaterThanOrEqual(figures.lowerBoundMs);
    const stats = await sim.stats();
    expect(stats.total).toBe(2 * figures.requests);
    expect(stats.byRoute['GET /api/openapi/v1/device']).toBe(2 * SIZE.merchants);
    expect(stats.byRoute['GET /api/openapi/v1/mchInfo/payment/{mchId}']).toBe(2 * SIZE.merchants);
  });
});
