/**
 * A run plans each manifest once: the settlement read and the terminal count are decided from the
 * manifest and the live records (plan/reads-needed.ts), then the group is planned once with what
 * was read, the settlement guard's verdict included, and the base once for its labels.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/library/client.js';
import { plan } from '../../src/library/plan.js';
import { planGroup } from '../../src/plan/plan-changes.js';
import type { DesiredState } from '../../src/model/state.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { edited, shop } from '../scenarios/settlement-helpers.js';

vi.mock('../../src/plan/plan-changes.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/plan/plan-changes.js')>();
  return { ...actual, planGroup: vi.fn(actual.planGroup) };
});

const planned = vi.mocked(planGroup);

/** How many times each desired state (each manifest of the run) was planned, in the order first planned. */
function plansPerManifest(): number[] {
  const counts = new Map<DesiredState, number>();
  for (const [desired] of planned.mock.calls) counts.set(desired, (counts.get(desired) ?? 0) + 1);
  return [...counts.values()];
}

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

const BINDING_OLD = '      - { acquirer: host-old, currency: USD, mid: "MID-C1", methods: { "01": { emvs: [visa-usd] } } }';
/** coffee-001 moves from host-old to host-a (its binding to host-old is deleted: a guarded change), host-old stays. */
const UNBIND = edited([BINDING_OLD, BINDING_OLD.replace('host-old', 'host-a')], ['acquirerFields: { host-old: { tid: "00001" } }', 'acquirerFields: { host-a: { tid: "00001" } }']);

/** coffee-001's devices left out of the manifest (a plan does not read them), host-old re-routed (a plan reads the batches). */
const REROUTE_UNREAD = edited(
  ['    devices:\n      - { deviceAlias: till-1, deviceName: Front till, methods: ["01"], acquirerFields: { host-old: { tid: "00001" } } }\n', ''],
  ['  - { profileName: host-old, currency: USD, connMessageFormat: HOSTA_8583,', '  - { profileName: host-old, currency: USD, connMessageFormat: HOSTB_8583,'],
);

describe('computePlan', () => {
  it('plans the manifest once and its base once, with the settlement read, the terminal count and --base', async () => {
    const s = await shop(sim, 'G-62900001');
    await s.pay(4);
    await s.settle((await s.batches())[0]!.batchId);
    s.write('paycfg.yaml', REROUTE_UNREAD);
    const client = createClient({ baseUrl: sim.url, token: sim.token(s.groupId), env: {} });
    try {
      await sim.admin.resetStats();
      planned.mockClear();
      const shown = await plan({ manifest: 'paycfg.yaml', base: 'base.yaml', cwd: s.dir, client, maxAffectedTerminals: 5, env: {} });
      const reads = (await sim.admin.stats()).byRoute;
      // Each read the plan needed, once: the batches (a re-route), coffee-001's device list (the budget).
      expect(reads['GET /api/v2/settlement']).toBe(1);
      expect(reads['GET /api/openapi/v1/device']).toBe(1);
      const hostOld = shown.changes.find((c) => c.address === 'acquirer/host-old')!;
      expect(hostOld.impact).toMatchObject({ merchants: 1, terminals: 1, payments: { count: 1 } });
      expect(hostOld.origin).toBe('intended');
      expect(plansPerManifest()).toEqual([1, 1]);
    } finally {
      await client.close();
    }
  });

  it('plans the manifest once when the settlement read finds no unsettled batch through its changes', async () => {
    const s = await shop(sim, 'G-62900002');
    await s.pay(4);
    await s.settle((await s.batches())[0]!.batchId);
    s.write('paycfg.yaml', UNBIND);
    const client = createClient({ baseUrl: sim.url, token: sim.token(s.groupId), env: {} });
    try {
      planned.mockClear();
      const shown = await plan({ manifest: 'paycfg.yaml', cwd: s.dir, client, env: {} });
      expect(shown.changes.map((c) => `${c.action} ${c.address}`)).toContain('delete binding/coffee-001/host-old/USD');
      expect(plansPerManifest()).toEqual([1]);
    } finally {
      await client.close();
    }
  });

  it('plans the manifest once when unsettled batches route through one of its changes, the guard blocking it', async () => {
    const s = await shop(sim, 'G-62900003');
    await s.pay(4);
    s.write('paycfg.yaml', UNBIND);
    const client = createClient({ baseUrl: sim.url, token: sim.token(s.groupId), env: {} });
    try {
      planned.mockClear();
      const shown = await plan({ manifest: 'paycfg.yaml', cwd: s.dir, client, env: {} });
      expect(shown.blocked.map((b) => [b.address, b.cause])).toContainEqual(['binding/coffee-001/host-old/USD', 'unsettled']);
      expect(plansPerManifest()).toEqual([1]);
    } finally {
      await client.close();
    }
  });
});
