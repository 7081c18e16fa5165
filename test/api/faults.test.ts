import { expect, it } from 'vitest';
import { ApiError, OutcomeUnknownError, TransportError } from '../../src/api/index.js';
import { createPrng } from '../../src/sim/core/prng.js';
import type { RequestStatistics } from '../../src/sim/index.js';
import { deviceBody, emvBody, merchantBody, onboardMerchant, useWireStyleSimulators } from './helpers/sim-client.js';

const h = useWireStyleSimulators({ seed: 20240601 });

/** The helper types only part of the simulator's statistics. */
const simStats = async (): Promise<RequestStatistics> => (await h.sim.admin.stats()) as RequestStatistics;

/** PUT /_sim/faults with a seed, so that the fault draws from here on are fixed. */
async function faults(settings: { faultRate?: number; dropRate?: number; rateLimit?: number; seed: number }): Promise<void> {
  const response = await fetch(`${h.sim.url}/_sim/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(response.status).toBe(200);
}

/**
 * A seed under which consecutive admitted requests are dropped (true) or answered (false) as
 * given. The simulator documents that every admitted request draws two numbers, fault then drop.
 */
function seedForDrops(pattern: boolean[], dropRate: number): number {
  for (let seed = 1; seed < 100_000; seed += 1) {
    const prng = createPrng(seed);
    if (pattern.every((dropped) => (prng.next(), prng.next() < dropRate) === dropped)) return seed;
  }
  throw new Error('no seed found');
}

h.describe('faults', () => {
  it('reads succeed under 30% injected faults (10001 on HTTP 200 in the real style, on 503 in the reference style)', async () => {
    const setup = h.client();
    const { merchant } = await onboardMerchant(setup);
    const { id: deviceId } = await setup.devices.create(deviceBody(merchant.mchId, 'till'));
    const client = h.client({ retry: { maxAttempts: 10, baseDelayMs: 1, maxDelayMs: 4, maxElapsedMs: 10_000 } });
    const readEverything = async () => [
      await client.owner(),
      await client.emvConfigs.listAll(),
      await client.acquirerProfiles.listAll(),
      await client.merchants.listAll(),
      await client.merchants.get(merchant.mchId),
      await client.bindings.listAll(merchant.mchId),
      await client.devices.listAll(merchant.mchId),
      await client.devices.get(deviceId),
      await client.devices.emv(deviceId),
    ];
    const expected = await readEverything();

    await faults({ faultRate: 0.3, seed: 7 });
    await h.sim.admin.resetStats();
    const before = client.stats();
    for (let round = 0; round < 8; round += 1) expect(await readEverything()).toEqual(expected);

    const sim = await simStats();
    const after = client.stats();
    const { faulted } = sim;
    expect(faulted).toBeGreaterThan(10);
    // Every injected fault cost exactly one retry, and nothing else was retried.
    expect(after.retries - before.retries).toBe(faulted);
    expect(sim.total).toBe(8 * 9 + faulted);
    const failed = client.events.filter((e) => e.outcome !== 'ok');
    expect(failed).toHaveLength(faulted);
    expect(new Set(failed.map((e) => `${e.status} ${e.code}`))).toEqual(new Set([`${h.wireStyle === 'real' ? 200 : 503} 10001`]));
  });

  it('waits out a 429 with Retry-After', async () => {
    await faults({ rateLimit: 1, seed: 1 });
    const client = h.client({ retry: { maxElapsedMs: 10_000 } });
    await client.owner();
    const startedAt = Date.now();
    const owner = await client.owner();
    expect(owner.groupId).toBe('G-00000001');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    const second = client.events.slice(1);
    expect(second[0]).toMatchObject({ status: 429, outcome: 'rate-limited', attempt: 1, retryInMs: 1000 });
    expect(second.at(-1)).toMatchObject({ status: 200, outcome: 'ok' });
    expect((await simStats()).rateLimited).toBeGreaterThanOrEqual(1);
  });

  it('never repeats a dropped POST: OutcomeUnknownError, received exactly once, resolved by reading back', async () => {
    const client = h.client();
    await faults({ dropRate: 1, seed: 1 });
    await h.sim.admin.resetStats();
    const error = await client.emvConfigs.create(emvBody('visa-usd')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).message).toContain('the request was sent but');

    const stats = await h.sim.admin.stats();
    expect(stats.byRoute['POST /api/openapi/v1/emv']).toBe(1);
    expect(client.stats()).toMatchObject({ byMethod: { POST: 1 }, retries: 0 });

    // The caller's resolution: read back by identity. The drop happened after the write.
    await faults({ dropRate: 0, seed: 1 });
    expect((await client.emvConfigs.listAll({ emvName: 'visa-usd' })).map((e) => e.emvName)).toEqual(['visa-usd']);
  });

  it('retries a dropped PUT until it is answered', async () => {
    const client = h.client();
    const merchant = await client.merchants.create(merchantBody('shop-1'));
    await faults({ dropRate: 0.5, seed: seedForDrops([true, false], 0.5) });
    await h.sim.admin.resetStats();

    const replaced = await client.merchants.replace(merchant.mchId, merchantBody('shop-1', { mchName: 'Renamed' }));
    expect(replaced.mchName).toBe('Renamed');
    const stats = await simStats();
    expect(stats.byRoute['PUT /api/openapi/v1/mchInfo/{mchId}']).toBe(2);
    expect(stats.dropped).toBe(1);
    expect(client.events.slice(-2).map((e) => e.outcome)).toEqual(['network-error', 'ok']);
  });

  it('reports a PUT dropped on every attempt as a TransportError after the retries', async () => {
    const client = h.client({ retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } });
    const merchant = await client.merchants.create(merchantBody('shop-1'));
    await faults({ dropRate: 1, seed: 1 });
    const error = await client.merchants.replace(merchant.mchId, merchantBody('shop-1', { mchName: 'Renamed' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).details).toMatchObject({ attempts: 3 });
    await faults({ dropRate: 0, seed: 1 });
    expect((await client.merchants.get(merchant.mchId))?.mchName).toBe('Renamed');
  });

  it('flags a refusal that follows a dropped DELETE, so the caller can read back', async () => {
    const client = h.client();
    const { id } = await client.emvConfigs.create(emvBody('gone'));
    await faults({ dropRate: 0.5, seed: seedForDrops([true, false], 0.5) });
    const error = (await client.emvConfigs.delete(id).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.afterUncertainAttempt).toBe(true);
    await faults({ dropRate: 0, seed: 1 });
    expect(await client.emvConfigs.listAll()).toEqual([]);
  });
});
