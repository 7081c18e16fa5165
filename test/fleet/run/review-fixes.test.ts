/**
 * runFleet after review, over real HTTP against ONE simulator behind a proxy: a service answer
 * echoing a target's token and a secret value never reaches the summary and every secret is handed
 * to hideSecret; a shard pushes its metrics under a grouping key of its own; alerts that cannot be
 * published after every target ran keep the run's summary (FleetAlertsError); a saved fleet plan
 * of one shard is refused by a run of another, and its DIR by another shard's `plan -o`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetAlertsError, FleetInputError, fleetPlanHash, runFleet, type FleetRunOptions } from '../../../src/fleet/run/index.js';
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

  describe('a saved fleet plan\'s shard', () => {
    const refusal = async (run: FleetRunOptions): Promise<FleetInputError> => {
      const from = proxy.received.length;
      const error = await runFleet(run).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FleetInputError);
      expect(proxy.received.length).toBe(from);
      return error as FleetInputError;
    };

    it('fleet apply DIR refuses, before any request, plans of another shard than the run\'s; the hash covers the shard and the fleet file', async () => {
      const { dir, fleet, env } = await fleetOfGroups('shard', 340, 2);
      const first = { index: 1, count: 2 };
      const [one] = fleet.targets;
      const { summary } = await runFleet(options('plan', fleet, dir, env, { planDir: 'plans', shard: first, targets: [one!] }));
      const indexFile = path.join(dir, 'plans', 'fleet.json');
      const original = readFileSync(indexFile, 'utf8');
      expect(JSON.parse(original)).toMatchObject({ shard: first, fleetPlanHash: summary.fleetPlanHash });
      expect(summary.fleetPlanHash).toBe(fleetPlanHash({ fleetFile: 'paycfg.fleet.yaml', shard: first, targets: JSON.parse(original).targets }));
      expect(summary.fleetPlanHash).not.toBe(fleetPlanHash({ fleetFile: 'paycfg.fleet.yaml', targets: JSON.parse(original).targets }));
      expect(summary.fleetPlanHash).not.toBe(fleetPlanHash({ fleetFile: 'other.fleet.yaml', shard: first, targets: JSON.parse(original).targets }));

      const whole = await refusal(options('apply', fleet, dir, env, { savedPlanDir: 'plans' }));
      expect(whole.problems).toEqual([`${path.join('plans', 'fleet.json')} holds the plans of shard 1/2, and this run is the whole fleet: apply a shard's plans with the --shard (or --shards and index) its \`fleet plan -o\` ran with`]);
      const other = await refusal(options('apply', fleet, dir, env, { savedPlanDir: 'plans', shard: { index: 2, count: 2 }, targets: [fleet.targets[1]!] }));
      expect(other.problems[0]).toMatch(/holds the plans of shard 1\/2, and this run is shard 2\/2/);

      // fleet.json edited to pass for the other shard: its hash no longer matches.
      writeFileSync(indexFile, JSON.stringify({ ...JSON.parse(original), shard: { index: 2, count: 2 } }));
      expect((await refusal(options('apply', fleet, dir, env, { savedPlanDir: 'plans', shard: { index: 2, count: 2 } }))).message).toMatch(/fleet\.json was edited after it was saved/);
      writeFileSync(indexFile, original);

      const { summary: applied } = await runFleet(options('apply', fleet, dir, env, { savedPlanDir: 'plans', shard: first, targets: [one!] }));
      expect(applied.targets.map((t) => [t.name, t.status])).toEqual([[one!.name, 'applied']]);
    });

    it('fleet plan -o DIR refuses a DIR whose fleet.json is of another shard or fleet file, unless force', async () => {
      const { dir, fleet, env } = await fleetOfGroups('pdir', 350, 2);
      const [one, two] = fleet.targets;
      await runFleet(options('plan', fleet, dir, env, { planDir: 'plans', shard: { index: 1, count: 2 }, targets: [one!] }));
      const second = await refusal(options('plan', fleet, dir, env, { planDir: 'plans', shard: { index: 2, count: 2 }, targets: [two!] }));
      expect(second.problems).toEqual([
        `${path.join('plans', 'fleet.json')} holds the plans of shard 1/2 of paycfg.fleet.yaml, and this run is shard 2/2 of paycfg.fleet.yaml: give each shard a directory of its own, or pass --force to replace it`,
      ]);
      const renamed: FleetFile = { ...fleet, name: 'other.fleet.yaml' };
      expect((await refusal(options('plan', renamed, dir, env, { planDir: 'plans', shard: { index: 1, count: 2 }, targets: [one!] }))).problems[0]).toMatch(
        /holds the plans of shard 1\/2 of paycfg\.fleet\.yaml, and this run is shard 1\/2 of other\.fleet\.yaml/,
      );
      // The same shard again replaces its own plans; --force replaces another's.
      expect((await runFleet(options('plan', fleet, dir, env, { planDir: 'plans', shard: { index: 1, count: 2 }, targets: [one!] }))).summary.exitCode).toBe(2);
      const forced = await runFleet(options('plan', fleet, dir, env, { planDir: 'plans', force: true, shard: { index: 2, count: 2 }, targets: [two!] }));
      expect(forced.summary.targets.map((t) => t.name)).toEqual([two!.name]);
      expect(JSON.parse(readFileSync(path.join(dir, 'plans', 'fleet.json'), 'utf8')).shard).toEqual({ index: 2, count: 2 });
    });
  });
});
