/**
 * runFleet after review, over real HTTP against ONE simulator behind a proxy: a service answer
 * echoing a target's token and a secret value never reaches the summary and every secret is handed
 * to hideSecret; a shard pushes its metrics under a grouping key of its own; alerts that cannot be
 * published after every target ran keep the run's summary (FleetAlertsError).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetAlertsError, runFleet, type FleetRunOptions } from '../../../src/fleet/run/index.js';
import type { FleetFile } from '../../../src/fleet/types.js';
import { startHoldingProxy, type HoldingProxy } from '../../helpers/holding-proxy.js';
import { startTestSimulator, type TestSimulator } from '../../helpers/simulator.js';
import { startReceiver } from '../../alerts/receiver.js';
import { fleetDir, fleetOf, groupOfAuthorization, tokenOf, tokenVariable } from './fleet-fixture.js';

const SECRET = 'fleet-review-secret';
let sim: TestSimulator;
let proxy: HoldingProxy;
/** Rewrites an answer of the proxy; the answer as it is by default. */
let rewrite: (authorization: string, body: string) => string = (_authorization, body) => body;

beforeAll(async () => {
  sim = await startTestSimulator({ jwtSecret: SECRET });
  proxy = await startHoldingProxy(sim.url, { rewrite: (request, body) => rewrite(request.authorization, body) });
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

async function fleetOfGroups(prefix: string, base: number, count: number): Promise<{ dir: string; fleet: FleetFile; env: Record<string, string> }> {
  const dir = fleetDir();
  const rows = [];
  for (let i = 1; i <= count; i += 1) {
    const group = `G-${String(base + i).padStart(8, '0')}`;
    await sim.admin.createGroup({ groupId: group, groupName: `${prefix}${i}` });
    rows.push({ name: `${prefix}${i}`, group });
  }
  const fleet = fleetOf(dir, proxy.url, rows);
  const env = Object.fromEntries(fleet.targets.map((t) => [tokenVariable(t.name), tokenOf(t.group, SECRET)]));
  return { dir, fleet, env };
}

/** The fleet with each target's SHOP value read from `SHOP_<NAME>` instead of written: a secret value. */
function withShopFromEnv(fleet: FleetFile): FleetFile {
  const targets = fleet.targets.map((target) => {
    const values = new Map(target.definition.values);
    values.set('SHOP', { env: `SHOP_${target.name.toUpperCase()}` });
    return { ...target, definition: { ...target.definition, values } };
  });
  return { ...fleet, targets, environments: { ...fleet.environments, environments: new Map(targets.map((t) => [t.name, t.definition])) } };
}

function options(command: FleetRunOptions['command'], fleet: FleetFile, dir: string, env: Record<string, string>, more: Partial<FleetRunOptions> = {}): FleetRunOptions {
  return { command, fleet, targets: fleet.targets, cwd: dir, env, ...more };
}

describe('runFleet after review', () => {
  it('hands every token and secret value to hideSecret, and keeps them out of every failure a service answer echoes them in', async () => {
    const { dir, fleet: written, env } = await fleetOfGroups('leak', 300, 2);
    const fleet = withShopFromEnv(written);
    const shop = 'Shop secret-value-0123456789';
    const secrets = { ...env, SHOP_LEAK1: shop, SHOP_LEAK2: 'Shop other-secret-9876543210' };
    const victim = fleet.targets[0]!;
    const token = env[tokenVariable(victim.name)]!;
    rewrite = (authorization, body) =>
      groupOfAuthorization(authorization) === victim.group ? JSON.stringify({ code: 40099, msg: `cannot read with ${token}: the value ${shop} is refused` }) : body;
    const hidden: string[] = [];
    try {
      for (const command of ['plan', 'drift'] as const) {
        const { summary } = await runFleet(options(command, fleet, dir, secrets, { hideSecret: (value) => hidden.push(value) }));
        const failed = summary.targets.find((t) => t.name === victim.name)!;
        expect(failed.status).toBe('failed');
        expect(failed.failure!.message).toContain('is refused');
        const text = JSON.stringify(summary);
        expect(text).not.toContain(token);
        expect(text).not.toContain(shop);
        expect(text).not.toContain('secret-value-0123456789');
      }
    } finally {
      rewrite = (_authorization, body) => body;
    }
    for (const target of fleet.targets) expect(hidden).toContain(env[tokenVariable(target.name)]);
    expect(hidden).toContain(shop);
    expect(hidden).toContain('Shop other-secret-9876543210');
    // Written values are no secrets: a target's REF is shown where it is needed.
    expect(hidden).not.toContain('shop-leak1');
  });

  it('validate hands the values its sources gave to hideSecret', async () => {
    const { dir, fleet: written } = await fleetOfGroups('vals', 310, 1);
    const fleet = withShopFromEnv(written);
    const hidden: string[] = [];
    const { summary } = await runFleet(options('validate', fleet, dir, { SHOP_VALS1: 'Shop validated-secret-42' }, { hideSecret: (value) => hidden.push(value) }));
    expect(summary.targets[0]!.status).toBe('ok');
    expect(hidden).toEqual(['Shop validated-secret-42']);
  });

  it('a shard pushes its metrics under a grouping key of its own, so that shards do not replace each other\'s', async () => {
    const { dir, fleet, env } = await fleetOfGroups('push', 320, 2);
    const receiver = await startReceiver();
    try {
      const alerts = { cwd: dir, pushGateway: receiver.url };
      await runFleet(options('drift', fleet, dir, env, { alerts, shard: { index: 2, count: 3 } }));
      await runFleet(options('drift', fleet, dir, env, { alerts, shard: { index: 3, count: 3 } }));
      await runFleet(options('drift', fleet, dir, env, { alerts }));
      expect(receiver.received.map((r) => r.url)).toEqual(['/metrics/job/paycfg_drift/shard/2-of-3', '/metrics/job/paycfg_drift/shard/3-of-3', '/metrics/job/paycfg_drift']);
    } finally {
      await receiver.close();
    }
  });

  it('alerts that cannot be published once every target ran keep the summary: FleetAlertsError holds it', async () => {
    const { dir, fleet, env } = await fleetOfGroups('keep', 330, 2);
    mkdirSync(path.join(dir, 'drift.prom'));
    const error = await runFleet(options('drift', fleet, dir, env, { alerts: { cwd: dir, metricsFile: 'drift.prom' } })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FleetAlertsError);
    const failed = error as FleetAlertsError;
    expect(failed.exitCode).toBe(1);
    expect(failed.code).toBe('ALERT_CONFIG');
    expect(failed.message).toMatch(/cannot write the metrics file/);
    expect(failed.summary.targets.map((t) => [t.name, t.status])).toEqual([
      ['keep1', 'drifted'],
      ['keep2', 'drifted'],
    ]);
  });
});
