/**
 * runFleet over real HTTP, against ONE simulator holding every group: a fleet planned and applied
 * with targets failing for different causes while the rest go on, waves halting after a failing
 * canary (the rest never requested), Ctrl-C's stopStarting, saved fleet plans applied exactly and
 * refused when a group moved or a file was edited, bad input refused before any request, and the
 * one bound on requests in flight.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply as applyManifest, createClient } from '../../../src/index.js';
import { FleetInputError, runFleet, type FleetRunOptions } from '../../../src/fleet/run/index.js';
import type { FleetFile, FleetTargetResult } from '../../../src/fleet/types.js';
import { readJournal } from '../../../src/journal/index.js';
import { isWrite, startHoldingProxy, type HeldRequest, type HoldingProxy } from '../../helpers/holding-proxy.js';
import { startTestSimulator, type TestSimulator } from '../../helpers/simulator.js';
import { startReceiver } from '../../alerts/receiver.js';
import { fleetDir, fleetOf, groupOfAuthorization, TEMPLATE, tokenOf, tokenVariable, type FleetRow } from './fleet-fixture.js';

const SECRET = 'fleet-run-secret';
let sim: TestSimulator;

beforeAll(async () => {
  sim = await startTestSimulator({ jwtSecret: SECRET });
});
afterAll(async () => {
  await sim.close();
});

/** Rows of fresh groups G-0000<base+i>, named <prefix><i>. */
async function rowsOf(prefix: string, base: number, count: number, extra: Partial<FleetRow> = {}): Promise<FleetRow[]> {
  const rows: FleetRow[] = [];
  for (let i = 1; i <= count; i += 1) {
    const group = `G-${String(base + i).padStart(8, '0')}`;
    await sim.admin.createGroup({ groupId: group, groupName: `${prefix}${i}` });
    rows.push({ name: `${prefix}${i}`, group, ...extra });
  }
  return rows;
}

/** Each target's token variable set to a token of its own group. */
function tokens(fleet: FleetFile): Record<string, string> {
  return Object.fromEntries(fleet.targets.map((t) => [tokenVariable(t.name), tokenOf(t.group, SECRET)]));
}

function options(command: FleetRunOptions['command'], fleet: FleetFile, dir: string, env: Record<string, string>, more: Partial<FleetRunOptions> = {}): FleetRunOptions {
  return { command, fleet, targets: fleet.targets, cwd: dir, env, ...more };
}

const byName = (targets: readonly FleetTargetResult[]): Record<string, FleetTargetResult> => Object.fromEntries(targets.map((t) => [t.name, t]));

describe('runFleet', () => {
  it('plans and applies a fleet; targets with a token of another group or an expired one fail, the rest go on, the causes grouped', async () => {
    const dir = fleetDir();
    const fleet = fleetOf(dir, sim.url, await rowsOf('acme', 100, 5));
    const env = { ...tokens(fleet), [tokenVariable('acme3')]: tokenOf('G-00000101', SECRET), [tokenVariable('acme4')]: tokenOf('G-00000104', SECRET, true) };

    const { summary: planned } = await runFleet(options('plan', fleet, dir, env));
    const plans = byName(planned.targets);
    for (const name of ['acme1', 'acme2', 'acme5']) {
      expect(plans[name]).toMatchObject({ status: 'changes', exitCode: 2, counts: { create: 4, update: 0, delete: 0, blocked: 0 } });
      expect(plans[name]!.planHash).toMatch(/^sha256:/);
    }
    expect(plans['acme3']).toMatchObject({ status: 'failed', failure: { cause: { id: 'token-of-another-group' }, code: 'GROUP_MISMATCH' } });
    expect(plans['acme4']).toMatchObject({ status: 'failed', failure: { cause: { id: 'token-expired', title: 'token expired' }, code: 'AUTH' } });
    expect(planned.causes.map((c) => [c.cause.id, c.targets])).toEqual([
      ['token-expired', ['acme4']],
      ['token-of-another-group', ['acme3']],
    ]);
    expect(planned.totals).toMatchObject({ targets: 5, create: 12, byStatus: { changes: 3, failed: 2 } });
    expect(planned.exitCode).toBe(1);
    expect(JSON.stringify(planned)).not.toContain(env[tokenVariable('acme1')]);

    const { summary: applied } = await runFleet(options('apply', fleet, dir, env));
    const done = byName(applied.targets);
    for (const name of ['acme1', 'acme2', 'acme5']) expect(done[name]).toMatchObject({ status: 'applied', exitCode: 0, counts: { create: 4, applied: { done: 4, failed: 0, skipped: 0, notStarted: 0 } } });
    expect(done['acme3']?.status).toBe('failed');
    expect(applied.exitCode).toBe(1);

    const { summary: again } = await runFleet(options('plan', fleet, dir, env, { targets: fleet.targets.filter((t) => ['acme1', 'acme2', 'acme5'].includes(t.name)) }));
    expect(again.targets.map((t) => t.status)).toEqual(['ok', 'ok', 'ok']);
    expect(again.exitCode).toBe(0);
  });

  it('checks drift and validates offline, one target at a time', async () => {
    const dir = fleetDir();
    const fleet = fleetOf(dir, sim.url, await rowsOf('drift', 110, 2));
    const env = tokens(fleet);
    await runFleet(options('apply', fleet, dir, env, { targets: [fleet.targets[0]!] }));
    const { summary } = await runFleet(options('drift', fleet, dir, env));
    expect(byName(summary.targets)).toMatchObject({ drift1: { status: 'ok', exitCode: 0 }, drift2: { status: 'drifted', exitCode: 2, counts: { create: 4 } } });
    expect(summary.exitCode).toBe(2);

    await sim.admin.resetStats();
    // validate reads no token: none is set, and no request is sent.
    const { summary: valid } = await runFleet(options('validate', fleet, dir, {}));
    expect(valid.targets.map((t) => [t.name, t.status, t.counts?.records])).toEqual([
      ['drift1', 'ok', 4],
      ['drift2', 'ok', 4],
    ]);
    expect((await sim.admin.stats()).total).toBe(0);
  });

  it('validates a target whose value cannot be read as that target\'s failure, or with allowMissingEnv as a placeholder', async () => {
    const dir = fleetDir();
    const fleet = fleetOf(dir, 'http://127.0.0.1:1', [
      { name: 'lone', group: 'G-00000118' },
      { name: 'pair', group: 'G-00000119' },
    ]);
    (fleet.targets[0]!.definition.values as Map<string, unknown>).set('SHOP', { env: 'SHOP_OF_LONE' });
    const { summary } = await runFleet(options('validate', fleet, dir, {}));
    expect(byName(summary.targets)).toMatchObject({ lone: { status: 'failed', failure: { cause: { id: 'values-missing' }, code: 'ENVIRONMENTS' } }, pair: { status: 'ok' } });
    expect(summary.targets[0]!.failure!.message).toContain('SHOP_OF_LONE is not set');
    const { summary: placeholders } = await runFleet(options('validate', fleet, dir, {}, { allowMissingEnv: true }));
    expect(placeholders.targets.map((t) => t.status)).toEqual(['ok', 'ok']);
    expect(placeholders.exitCode).toBe(0);
  });

  it('publishes drift alerts: metrics each run, a webhook post only when a group\'s drift changes', async () => {
    const dir = fleetDir();
    const fleet = fleetOf(dir, sim.url, await rowsOf('alert', 112, 2));
    const env = tokens(fleet);
    await runFleet(options('apply', fleet, dir, env, { targets: [fleet.targets[0]!] }));
    const receiver = await startReceiver();
    try {
      const alerts = { cwd: dir, metricsFile: 'drift.prom', stateFile: 'drift-state.json', webhookUrl: `${receiver.url}/hook` };
      const first = await runFleet(options('drift', fleet, dir, env, { alerts }));
      expect(first.summary.targets.map((t) => [t.name, t.status, t.transition])).toEqual([
        ['alert1', 'ok', undefined],
        ['alert2', 'drifted', 'newly-drifted'],
      ]);
      expect(first.alerts?.webhook?.posted).toBe(1);
      expect(receiver.received).toHaveLength(1);
      expect(readFileSync(path.join(dir, 'drift.prom'), 'utf8')).toContain('alert2');

      const second = await runFleet(options('drift', fleet, dir, env, { alerts }));
      expect(second.summary.targets.map((t) => t.transition)).toEqual([undefined, undefined]);
      expect(receiver.received).toHaveLength(1);

      await runFleet(options('apply', fleet, dir, env, { targets: [fleet.targets[1]!] }));
      const third = await runFleet(options('drift', fleet, dir, env, { alerts }));
      expect(third.summary.targets.map((t) => [t.name, t.status, t.transition])).toEqual([
        ['alert1', 'ok', undefined],
        ['alert2', 'ok', 'resolved'],
      ]);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('journals each target\'s apply in its journal:, as apply --env does', async () => {
    const dir = fleetDir();
    const fleet = fleetOf(dir, sim.url, await rowsOf('jour', 115, 1, { journal: 'jour.jsonl' }));
    const { summary } = await runFleet(options('apply', fleet, dir, tokens(fleet)));
    expect(summary.targets[0]?.status).toBe('applied');
    const journal = await readJournal(path.join(dir, 'jour.jsonl'));
    const types = journal.records.map((r) => r.type);
    expect(types[0]).toBe('run-start');
    expect(types.filter((t) => t === 'change')).toHaveLength(4);
    expect(types.at(-1)).toBe('run-end');
  });

  describe('through a proxy that sees every request', () => {
    let proxy: HoldingProxy;
    let inFlight = 0;
    let peak = 0;
    let slow = false;
    beforeAll(async () => {
      proxy = await startHoldingProxy(sim.url, {
        hold: async () => {
          inFlight += 1;
          peak = Math.max(peak, inFlight);
          // A request held a little makes requests of many groups overlap, so that the bound is met.
          if (slow) await delay(4);
        },
        rewrite: (_request, body) => {
          inFlight -= 1;
          return body;
        },
      });
    });
    afterAll(async () => {
      await proxy.close();
    });
    const groupsOf = (requests: readonly HeldRequest[]): Set<string | undefined> => new Set(requests.map((r) => groupOfAuthorization(r.authorization)));

    it('halts the waves after a failing canary: the targets after it are untouched and never requested', async () => {
      const dir = fleetDir();
      const fleet = fleetOf(dir, proxy.url, await rowsOf('wave', 120, 5));
      const env = { ...tokens(fleet), [tokenVariable('wave1')]: tokenOf('G-00000121', SECRET, true) };
      const from = proxy.received.length;
      const { summary } = await runFleet(options('apply', fleet, dir, env, { waves: { canary: ['wave1'], size: { count: 2 } } }));
      expect(summary.targets.map((t) => [t.name, t.status, t.wave])).toEqual([
        ['wave1', 'failed', 0],
        ['wave2', 'untouched', 1],
        ['wave3', 'untouched', 1],
        ['wave4', 'untouched', 2],
        ['wave5', 'untouched', 2],
      ]);
      expect(summary.halted).toEqual({ wave: 0, reason: 'the canary wave: 1 target failed (wave1)' });
      expect(summary.exitCode).toBe(1);
      expect([...groupsOf(proxy.received.slice(from))]).toEqual(['G-00000121']);
    });

    it('halts after a wave with a failure, the canary and that wave applied', async () => {
      const dir = fleetDir();
      const fleet = fleetOf(dir, proxy.url, await rowsOf('batch', 130, 5));
      const env = { ...tokens(fleet), [tokenVariable('batch3')]: tokenOf('G-00000131', SECRET) };
      const from = proxy.received.length;
      const { summary } = await runFleet(options('apply', fleet, dir, env, { waves: { canary: 1, size: { percent: 50 } } }));
      expect(summary.targets.map((t) => [t.name, t.status, t.wave])).toEqual([
        ['batch1', 'applied', 0],
        ['batch2', 'applied', 1],
        ['batch3', 'failed', 1],
        ['batch4', 'untouched', 2],
        ['batch5', 'untouched', 2],
      ]);
      expect(summary.halted?.wave).toBe(1);
      const written = groupsOf(proxy.received.slice(from).filter(isWrite));
      expect(written).toEqual(new Set(['G-00000131', 'G-00000132']));
      expect(groupsOf(proxy.received.slice(from))).not.toContain('G-00000134');
    });

    it('never has more requests in flight over the whole fleet than maxInFlight', async () => {
      const dir = fleetDir();
      const fleet = fleetOf(dir, proxy.url, await rowsOf('bound', 140, 6));
      const env = tokens(fleet);
      slow = true;
      try {
        peak = 0;
        const { summary } = await runFleet(options('plan', fleet, dir, env, { maxInFlight: 3, parallelTargets: 6, parallelism: 8 }));
        expect(summary.targets.every((t) => t.status === 'changes')).toBe(true);
        expect(peak).toBe(3);
        // The same run with a wider bound goes above it: the bound above is what held it.
        peak = 0;
        await runFleet(options('plan', fleet, dir, env, { maxInFlight: 32, parallelTargets: 6, parallelism: 8 }));
        expect(peak).toBeGreaterThan(3);
      } finally {
        slow = false;
      }
    });
  });

  it('stops starting targets once stopStarting is aborted; those running finish', async () => {
    const dir = fleetDir();
    const fleet = fleetOf(dir, sim.url, await rowsOf('stop', 150, 5));
    const stop = new AbortController();
    const { summary } = await runFleet(
      options('apply', fleet, dir, tokens(fleet), {
        parallelTargets: 2,
        stopStarting: stop.signal,
        onEvent: (event) => {
          if (event.type === 'target-start' && event.target.name === 'stop2') stop.abort();
        },
      }),
    );
    expect(summary.targets.map((t) => [t.name, t.status])).toEqual([
      ['stop1', 'applied'],
      ['stop2', 'applied'],
      ['stop3', 'untouched'],
      ['stop4', 'untouched'],
      ['stop5', 'untouched'],
    ]);
    expect(summary.interrupted).toBe(true);
    expect(summary.exitCode).toBe(130);
    const { summary: after } = await runFleet(options('plan', fleet, dir, tokens(fleet)));
    expect(after.targets.map((t) => t.status)).toEqual(['ok', 'ok', 'changes', 'changes', 'changes']);
  });

  it('stops running applies between changes once stopRunning is aborted', async () => {
    const dir = fleetDir();
    const fleet = fleetOf(dir, sim.url, await rowsOf('halt', 155, 1));
    const stopRunning = new AbortController();
    stopRunning.abort('SIGINT');
    const { summary } = await runFleet(options('apply', fleet, dir, tokens(fleet), { stopRunning: stopRunning.signal }));
    expect(summary.targets[0]).toMatchObject({ status: 'failed', exitCode: 130, failure: { cause: { id: 'interrupted' } }, counts: { applied: { done: 0, notStarted: 4 } } });
  });

  it('applies exactly the plans `fleet plan -o DIR` saved, and refuses a target whose group moved since', async () => {
    const dir = fleetDir();
    const rows = await rowsOf('saved', 160, 3);
    const fleet = fleetOf(dir, sim.url, rows);
    const env = tokens(fleet);
    const planDir = path.join(dir, 'plans');
    const { summary: planned } = await runFleet(options('plan', fleet, dir, env, { planDir: 'plans' }));
    expect(planned.fleetPlanHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const index = JSON.parse(readFileSync(path.join(planDir, 'fleet.json'), 'utf8'));
    expect(index).toMatchObject({ formatVersion: 1, kind: 'paycfg-fleet-plan', fleetFile: 'paycfg.fleet.yaml', fleetPlanHash: planned.fleetPlanHash });
    expect(index.targets.map((t: { name: string; file: string }) => [t.name, t.file])).toEqual([
      ['saved1', 'saved1.plan.json'],
      ['saved2', 'saved2.plan.json'],
      ['saved3', 'saved3.plan.json'],
    ]);
    expect(planned.targets.map((t) => t.planFile)).toEqual(['saved1.plan.json', 'saved2.plan.json', 'saved3.plan.json']);

    // Behind the plan's back, saved2's group gets the merchant the plan would create, with other contact details.
    const manifest = path.join(dir, 'other.yaml');
    writeFileSync(manifest, TEMPLATE.replace('contactName: Jane Doe', 'contactName: John Roe'));
    const client = createClient({ baseUrl: sim.url, token: env[tokenVariable('saved2')]! });
    try {
      await applyManifest({ manifest, client, env: { REF: 'shop-saved2', SHOP: 'Shop saved2' }, cwd: dir });
    } finally {
      await client.close();
    }

    const { summary } = await runFleet(options('apply', fleet, dir, env, { savedPlanDir: 'plans' }));
    expect(summary.fleetPlanHash).toBe(planned.fleetPlanHash);
    expect(byName(summary.targets)).toMatchObject({
      saved1: { status: 'applied' },
      saved2: { status: 'failed', failure: { cause: { id: 'plan-stale' }, code: 'SAVED_PLAN' } },
      saved3: { status: 'applied' },
    });
    // Only the targets fleet.json lists are applied, though more are selected.
    const more = fleetOf(dir, sim.url, [...rows, ...(await rowsOf('later', 165, 1))]);
    const { summary: listed } = await runFleet(options('apply', more, dir, { ...env, ...tokens(more) }, { savedPlanDir: 'plans', targets: more.targets.filter((t) => t.name !== 'saved2') }));
    expect(listed.targets.map((t) => t.name)).toEqual(['saved1', 'saved3']);
  });

  it('refuses, before any request, a saved fleet plan whose fleet.json or plan file was edited, or whose target moved', async () => {
    const dir = fleetDir();
    const rows = await rowsOf('edit', 170, 2);
    const fleet = fleetOf(dir, sim.url, rows);
    const env = tokens(fleet);
    await runFleet(options('plan', fleet, dir, env, { planDir: 'plans' }));
    const indexFile = path.join(dir, 'plans', 'fleet.json');
    const original = readFileSync(indexFile, 'utf8');
    const refusal = async (run: FleetRunOptions): Promise<FleetInputError> => {
      await sim.admin.resetStats();
      const error = await runFleet(run).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FleetInputError);
      expect((await sim.admin.stats()).total).toBe(0);
      return error as FleetInputError;
    };

    const index = JSON.parse(original);
    index.targets[0].planHash = index.targets[1].planHash;
    writeFileSync(indexFile, JSON.stringify(index));
    expect((await refusal(options('apply', fleet, dir, env, { savedPlanDir: 'plans' }))).message).toMatch(/fleet\.json was edited after it was saved/);
    writeFileSync(indexFile, original);

    const planFile = path.join(dir, 'plans', 'edit2.plan.json');
    const saved = JSON.parse(readFileSync(planFile, 'utf8'));
    saved.plan.changes[0].after = { ...saved.plan.changes[0].after, note: 'edited' };
    writeFileSync(planFile, JSON.stringify(saved));
    const edited = await refusal(options('apply', fleet, dir, env, { savedPlanDir: 'plans' }));
    expect(edited.problems).toHaveLength(1);
    expect(edited.problems[0]).toMatch(/^target edit2: .*was edited after it was saved/);

    // The fleet file now puts edit1 at another group: its plan is not for it.
    const moved = fleetOf(dir, sim.url, [{ ...rows[0]!, group: 'G-00000179' }, rows[1]!]);
    const error = await refusal(options('apply', moved, dir, env, { savedPlanDir: 'plans' }));
    expect(error.problems[0]).toMatch(/target edit1 is group G-00000179 .* but its plan was made for group G-00000171/);
  });

  it('refuses missing tokens before any request, every target listed', async () => {
    const dir = fleetDir();
    const fleet = fleetOf(dir, sim.url, await rowsOf('miss', 180, 3));
    const env = tokens(fleet);
    delete env[tokenVariable('miss1')];
    env[tokenVariable('miss3')] = '';
    await sim.admin.resetStats();
    const error = await runFleet(options('plan', fleet, dir, env)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FleetInputError);
    const problems = (error as FleetInputError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^target miss1: .*TOKEN_MISS1 is not set/);
    expect(problems[1]).toMatch(/^target miss3: .*TOKEN_MISS3 is set but empty/);
    expect((error as FleetInputError).exitCode).toBe(1);
    expect((await sim.admin.stats()).total).toBe(0);
  });
});
