/**
 * The planning-CPU measurement plans against wire records built in memory (synthetic-wire.ts),
 * which restate what the simulator answers. They must stay what it answers, or that figure
 * measures another plan: the same group, seeded through the API and read back the way paycfg
 * reads it, must normalise to the same live state, before and after the benchmark's drift.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driftGroup } from '../../scripts/bench/drift.js';
import { buildGroupSpec, type GroupSize } from '../../scripts/bench/group-shape.js';
import { seedGroup } from '../../scripts/bench/seed-group.js';
import { syntheticWireSnapshot } from '../../scripts/bench/synthetic-wire.js';
import { createApiClient } from '../../src/api/index.js';
import { normaliseLive } from '../../src/live/normalise-live.js';
import { readAllLive, readOwner } from '../../src/live/read-live.js';
import type { LiveState } from '../../src/model/state.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const SIZE: GroupSize = { merchants: 6, bindingsPerMerchant: 2, devicesPerMerchant: 2, profiles: 4, emvConfigs: 8, withMid: true };
const ADMIN = 'till-admin-pw-1234';
const GROUP = 'G-30000001';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: GROUP });
});
afterAll(async () => {
  await sim.close();
});

async function readBack(): Promise<LiveState> {
  const client = createApiClient({ baseUrl: sim.url, token: sim.token(GROUP) });
  try {
    const owner = await readOwner(client, undefined);
    return (await readAllLive(client, owner, { concurrency: 4 })).state;
  } finally {
    await client.close();
  }
}

/** What planning compares: every resource's kind, key, lifecycle and fields (ids and fingerprints differ by nature). */
function comparable(state: LiveState): Record<string, unknown> {
  return Object.fromEntries(
    [...state.resources].map(([address, r]) => [address, { kind: r.kind, key: r.key, lifecycle: r.lifecycle, fields: r.fields }]),
  );
}

describe('the synthetic wire records of the benchmark', () => {
  const spec = buildGroupSpec(SIZE);

  it('normalise to the state the simulator answers for the seeded group', async () => {
    await seedGroup(spec, sim.url, sim.token(GROUP), ADMIN);
    const synthetic = normaliseLive(syntheticWireSnapshot(spec, { drift: false, deviceAdmin: ADMIN }));
    const live = await readBack();
    expect(live.resources.size).toBe(SIZE.emvConfigs + SIZE.profiles + SIZE.merchants * (1 + SIZE.bindingsPerMerchant + SIZE.devicesPerMerchant));
    expect(comparable(synthetic)).toEqual(comparable(live));
  });

  it('and to the state it answers after the drift the benchmark makes', async () => {
    await driftGroup(spec, sim.url, sim.token(GROUP));
    const synthetic = normaliseLive(syntheticWireSnapshot(spec, { drift: true, deviceAdmin: ADMIN }));
    expect(comparable(synthetic)).toEqual(comparable(await readBack()));
  });
});
