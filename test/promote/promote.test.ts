/**
 * Promotion with proof, as the library does it (src/promote): two simulators stand for test and
 * production, the environments are built by hand as src/environments resolves them, and the
 * production plan's changes carry their evidence from test, over real HTTP: a change of each kind
 * proven, with since when from the journal of a real `apply --journal` in test; changes never
 * applied to test (or drifted there since) blocked with a structured cause naming why, and let
 * through with allowUnproven; each group read once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/library/client.js';
import { plan as planOf } from '../../src/library/plan.js';
import { hasChanges } from '../../src/plan/plan.js';
import { promote, publishPromotion, SourceManifestError } from '../../src/promote/index.js';
import { renderPlanMarkdown } from '../../src/render/render-markdown.js';
import { renderPlanText } from '../../src/render/render-text.js';
import { createStyle } from '../../src/render/style.js';
import { GroupMismatchError } from '../../src/live/errors.js';
import { ManifestError } from '../../src/manifest/diagnostics.js';
import { ConfigError } from '../../src/errors.js';
import { applied, journalRecords, NEXT_MID, pairOf, PRODUCTION_VALUES, startPair, TEST_VALUES, V1, V2, type Pair } from './helpers.js';

const validatePlan = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8')),
);

let sims: Awaited<ReturnType<typeof startPair>>;
const pairs: Pair[] = [];
beforeAll(async () => {
  sims = await startPair();
});
afterAll(async () => {
  await Promise.all(pairs.map((pair) => pair.close()));
  await sims.close();
});

async function freshPair(): Promise<Pair> {
  const pair = await pairOf(sims);
  pairs.push(pair);
  return pair;
}

const TEST_NEXT = { ...TEST_VALUES, HOST_A_MID: NEXT_MID.test };
const PRODUCTION_NEXT = { ...PRODUCTION_VALUES, HOST_A_MID: NEXT_MID.production };

/**
 * Test and production both at V1; then V2 applied to test alone, its journal kept. The two V1
 * applies go to two simulators and run side by side, their twin-check settles overlapping.
 */
async function v2InTest(): Promise<{ pair: Pair; journal: string }> {
  const pair = await freshPair();
  pair.writeManifest(V1);
  await Promise.all([applied(pair.test, TEST_VALUES), applied(pair.production, PRODUCTION_VALUES)]);
  pair.writeManifest(V2);
  const journal = join(pair.dir, 'test.jsonl');
  await applied(pair.test, TEST_NEXT, ['--journal', journal]);
  return { pair, journal };
}

/**
 * One V2-in-test pair for the tests that only read it (a promotion sends no write): its three
 * applies each wait the twin check's settle after a terminal's create, and need not be paid again.
 */
let shared: Promise<{ pair: Pair; journal: string }> | undefined;
const sharedV2InTest = (): Promise<{ pair: Pair; journal: string }> => (shared ??= v2InTest());

/** The promotion of test to production; by default with the values of V2 (each environment's next MID). */
function options(pair: Pair, extra: { journal?: string; allowUnproven?: boolean; testValues?: Record<string, string>; productionValues?: Record<string, string> } = {}) {
  return {
    from: { environment: pair.test.environment(extra.testValues ?? TEST_NEXT, extra.journal), client: pair.test.client },
    to: { environment: pair.production.environment(extra.productionValues ?? PRODUCTION_NEXT), client: pair.production.client },
    cwd: pair.dir,
    ...(extra.allowUnproven === true ? { allowUnproven: true } : {}),
  };
}

const EACH_KIND = [
  'create emv/visa-eur',
  'update emv/visa-usd',
  'delete emv/mc-usd',
  'create acquirer/host-c',
  'update acquirer/host-a',
  'delete acquirer/host-b',
  'create merchant/bean-004',
  'update merchant/coffee-001',
  'delete merchant/juice-003',
  'create binding/bean-004/host-c/USD',
  'update binding/coffee-001/host-a/USD',
  'delete binding/tea-002/host-b/USD',
  'create device/bean-004/till-5',
  'update device/coffee-001/till-1',
  'delete device/tea-002/till-9',
].sort();

describe('promote', () => {
  it('proves a create, an update and a delete of each kind live in test, since the apply its journal records', async () => {
    const { pair, journal } = await sharedV2InTest();
    const result = await promote(options(pair, { journal }));
    expect(result.promotion).toEqual({
      from: { name: 'test', baseUrl: pair.test.sim.url, groupId: pair.test.group },
      to: { name: 'production', baseUrl: pair.production.sim.url, groupId: pair.production.group },
      allowedUnproven: false,
    });
    expect(result.group.groupId).toBe(pair.production.group);
    expect(result.changes.map((c) => `${c.action} ${c.address}`).sort()).toEqual(EACH_KIND);
    expect(result.blocked).toEqual([]);
    expect(result.summary).toEqual({ create: 5, update: 5, delete: 5, replace: 0, blocked: 0 });
    // Since when: the change's own record in test's journal, in the run that applied V2.
    const records = journalRecords(journal);
    const start = records.find((r) => r['type'] === 'run-start')!;
    for (const change of result.changes) {
      const done = records.filter((r) => r['type'] === 'change' && r['outcome'] === 'done' && r['address'] === change.address);
      expect(done, change.address).toHaveLength(1);
      // The binding's MID is each environment's own value: live in test as the manifest has it, test's MID not production's.
      const own = change.address === 'binding/coffee-001/host-a/USD' ? { ownValues: ['mid'] } : {};
      expect(change.evidence, change.address).toEqual({ status: 'proven', since: done[0]!['time'], run: start['run'], planHash: start['planHash'], ...own });
    }
    expect(validatePlan(JSON.parse(JSON.stringify(result))), JSON.stringify(validatePlan.errors)).toBe(true);
  });

  it('proves a change without a date when test has no journal, and reads no journal that does not exist yet', async () => {
    const { pair } = await sharedV2InTest();
    // Proven, undated; the binding's MID is each environment's own value.
    const undated = (c: { address: string }) => ({ status: 'proven', ...(c.address === 'binding/coffee-001/host-a/USD' ? { ownValues: ['mid'] } : {}) });
    const withoutJournal = await promote(options(pair));
    expect(withoutJournal.changes.map((c) => c.evidence)).toEqual(withoutJournal.changes.map(undated));
    expect(withoutJournal.changes).toHaveLength(EACH_KIND.length);
    const notYet = await promote(options(pair, { journal: join(pair.dir, 'never-written.jsonl') }));
    expect(notYet.changes.map((c) => c.evidence)).toEqual(notYet.changes.map(undated));
    expect(notYet.changes).toHaveLength(EACH_KIND.length);
  });

  it('blocks a change never applied to test, naming why as a structured cause, and lets it through with allowUnproven', async () => {
    const pair = await freshPair();
    pair.writeManifest(V1);
    await Promise.all([applied(pair.test, TEST_VALUES), applied(pair.production, PRODUCTION_VALUES)]);
    // Changed in the manifest, not yet applied to test: a renamed merchant and a new one.
    pair.writeManifest(
      `${V1.replace('mchName: Coffee', 'mchName: Coffee Bar')}  - { providerReference: kiosk-005, mchName: Kiosk, currency: USD, contactName: Kim Roe, contactEmail: kim@kiosk.example }\n`,
    );
    const blocked = await promote(options(pair, { testValues: TEST_VALUES, productionValues: PRODUCTION_VALUES }));
    expect(blocked.changes).toEqual([]);
    expect(blocked.blocked).toEqual([
      {
        address: 'merchant/coffee-001',
        kind: 'merchant',
        key: 'coffee-001',
        action: 'update',
        cause: 'unproven',
        reason: 'no evidence that it is live in test: test differs in mchName (never applied there, or changed since)',
        blockers: ['apply it to test first and promote again, or promote with --allow-unproven to go ahead without evidence'],
        evidence: { status: 'unproven', reason: 'differs', fields: ['mchName'] },
      },
      {
        address: 'merchant/kiosk-005',
        kind: 'merchant',
        key: 'kiosk-005',
        action: 'create',
        cause: 'unproven',
        reason: 'no evidence that it is live in test: test has no such record (never applied there)',
        blockers: ['apply it to test first and promote again, or promote with --allow-unproven to go ahead without evidence'],
        evidence: { status: 'unproven', reason: 'absent' },
      },
    ]);
    expect(blocked.summary).toEqual({ create: 0, update: 0, delete: 0, replace: 0, blocked: 2 });
    expect(hasChanges(blocked)).toBe(true);
    expect(validatePlan(JSON.parse(JSON.stringify(blocked))), JSON.stringify(validatePlan.errors)).toBe(true);

    const allowed = await publishPromotion(options(pair, { testValues: TEST_VALUES, productionValues: PRODUCTION_VALUES, allowUnproven: true }));
    expect(allowed.promotion?.allowedUnproven).toBe(true);
    expect(allowed.blocked).toEqual([]);
    expect(allowed.changes.map((c) => [c.address, c.action, c.evidence])).toEqual([
      ['merchant/coffee-001', 'update', { status: 'unproven', reason: 'differs', fields: ['mchName'] }],
      ['merchant/kiosk-005', 'create', { status: 'unproven', reason: 'absent' }],
    ]);
    const text = renderPlanText(allowed, createStyle(false));
    expect(text).toContain(`Promotion from test (group ${pair.test.group} at ${pair.test.sim.url}) to production (group ${pair.production.group} at ${pair.production.sim.url})`);
    expect(text).toContain('  evidence: NOT proven: test differs in mchName (never applied there, or changed since); goes ahead under --allow-unproven\n');
    expect(text).toContain('Warning: --allow-unproven: 2 changes go ahead without evidence that they are live in test: merchant/coffee-001, merchant/kiosk-005');
    // The allowance is part of what was approved: the plan's hash says so.
    expect(allowed.planHash).not.toBe((await publishPromotion(options(pair, { testValues: TEST_VALUES, productionValues: PRODUCTION_VALUES }))).planHash);
  });

  it('blocks a proven change that waits for an unproven one, as a dependency', async () => {
    const pair = await freshPair();
    pair.writeManifest(V1);
    await applied(pair.production, PRODUCTION_VALUES);
    // Test got a second Visa config on host-a; the manifest has changed that config's limit since.
    const withSecond = V1.replace(
      '  - { emvName: mc-usd,',
      '  - { emvName: visa-usd-2, paymentMethod: "01", currency: USD, params: { aid: A0000000031011, clCVMLimit: 5 } }\n  - { emvName: mc-usd,',
    ).replace('methods: { "01": { emvs: [visa-usd] } } }\n  - { profileName: host-b', 'methods: { "01": { emvs: [visa-usd, visa-usd-2] } } }\n  - { profileName: host-b');
    pair.writeManifest(withSecond);
    await applied(pair.test, TEST_VALUES);
    pair.writeManifest(withSecond.replace('clCVMLimit: 5', 'clCVMLimit: 6'));
    const result = await promote(options(pair, { testValues: TEST_VALUES, productionValues: PRODUCTION_VALUES }));
    expect(result.changes).toEqual([]);
    expect(result.blocked.map((b) => [b.address, b.action, b.cause, b.reason, b.evidence])).toEqual([
      ['acquirer/host-a', 'update', 'dependency', 'it must wait for emv/visa-usd-2, which is blocked', { status: 'proven' }],
      [
        'emv/visa-usd-2',
        'create',
        'unproven',
        'no evidence that it is live in test: test differs in params (never applied there, or changed since)',
        { status: 'unproven', reason: 'differs', fields: ['params'] },
      ],
    ]);
    expect(renderPlanText(result as never, createStyle(false))).toContain('Blocked: 2 changes apply will not try (no evidence shows some live in test, and the others wait for them):');
  });

  it('blocks a change test has drifted from since it was applied, naming the field, and what waits for it', async () => {
    const { pair, journal } = await v2InTest();
    // Behind paycfg's back: host-a's message format changed through the API in test.
    const profiles = await pair.test.sim.api('GET', '/api/openapi/v1/acquirer', undefined, pair.test.group);
    const hostA = (profiles.body.data.records as { profileName: string; profileId: number }[]).find((p) => p.profileName === 'host-a')!;
    expect((await pair.test.sim.api('PUT', `/api/openapi/v1/acquirer/${hostA.profileId}`, { connMessageFormat: 'HOSTE_JSON' }, pair.test.group)).status).toBe(200);
    const result = await promote(options(pair, { journal }));
    const hostABlock = result.blocked.find((b) => b.address === 'acquirer/host-a');
    expect(hostABlock).toMatchObject({
      action: 'update',
      cause: 'unproven',
      reason: 'no evidence that it is live in test: test differs in connMessageFormat (never applied there, or changed since)',
      evidence: { status: 'unproven', reason: 'differs', fields: ['connMessageFormat'] },
    });
    // What names host-a waits for its update; the rest of the promotion goes ahead, proven.
    expect(result.blocked.filter((b) => b !== hostABlock).map((b) => [b.address, b.cause, b.blockers])).toEqual([
      ['binding/coffee-001/host-a/USD', 'dependency', ['acquirer/host-a']],
      ['device/coffee-001/till-1', 'dependency', ['acquirer/host-a']],
    ]);
    const held = new Set(result.blocked.map((b) => `${b.action} ${b.address}`));
    expect(result.changes.map((c) => `${c.action} ${c.address}`).sort()).toEqual(EACH_KIND.filter((c) => !held.has(c)));
    expect(result.changes.every((c) => c.evidence?.status === 'proven' && c.evidence.since !== undefined)).toBe(true);
    // Proven changes that wait for nothing are carried out; the blocked ones say why, per change.
    const markdown = renderPlanMarkdown(await publishPromotion(options(pair, { journal })));
    expect(markdown).toContain('| | change | impact | evidence | reason |');
    expect(markdown).toContain('no evidence that it is live in test: test differs in connMessageFormat');
  });

  it('blocks a replacement test has not made as one change, with the steps that would let go of the old record', async () => {
    const pair = await freshPair();
    const scenario = new URL('../scenarios/010-emv-replacement-with-users/', import.meta.url);
    pair.writeManifest(readFileSync(new URL('before.yaml', scenario), 'utf8'));
    await Promise.all([applied(pair.test, {}), applied(pair.production, {})]);
    pair.writeManifest(readFileSync(new URL('manifest.yaml', scenario), 'utf8'));
    const result = await promote(options(pair, { testValues: {} }));
    expect(result.changes).toEqual([]);
    // One entry for the replacement (its delete half has none of its own), one for each step and update around it.
    expect(result.blocked.map((b) => [b.address, b.action, b.cause])).toEqual([
      ['acquirer/host-a', 'update', 'unproven'],
      ['acquirer/host-a#detach', 'update', 'unproven'],
      ['binding/coffee-001/host-a/USD', 'update', 'unproven'],
      ['binding/coffee-001/host-a/USD#detach', 'update', 'unproven'],
      ['emv/amex-usd', 'replace', 'unproven'],
    ]);
    // Once test has it, the whole replacement is proven and goes ahead.
    await applied(pair.test, {});
    const proven = await promote(options(pair, { testValues: {} }));
    expect(proven.blocked).toEqual([]);
    expect(proven.changes.map((c) => [c.address, c.action, c.evidence?.status])).toEqual([
      ['acquirer/host-a#detach', 'update', 'proven'],
      ['binding/coffee-001/host-a/USD#detach', 'update', 'proven'],
      ['emv/amex-usd#old', 'delete', 'proven'],
      ['emv/amex-usd', 'replace', 'proven'],
      ['acquirer/host-a', 'update', 'proven'],
      ['binding/coffee-001/host-a/USD', 'update', 'proven'],
    ]);
  });

  it('does not prove an entry test has no value for: left out of the manifests with test\'s values, the variable named', async () => {
    const pair = await freshPair();
    const kiosk = '  - { providerReference: kiosk-005, mchName: "${KIOSK_NAME}", currency: USD, contactName: Kim Roe, contactEmail: kim@kiosk.example }\n';
    pair.writeManifest(V1);
    await applied(pair.production, PRODUCTION_VALUES);
    pair.writeManifest(`${V1}${kiosk}`);
    await applied(pair.test, { ...TEST_VALUES, KIOSK_NAME: 'Kiosk' });
    // Test no longer declares the value: its kiosk proves nothing of production's.
    const result = await promote({
      ...options(pair, { testValues: TEST_VALUES, productionValues: PRODUCTION_VALUES }),
      to: { environment: pair.production.environment({ ...PRODUCTION_VALUES, KIOSK_NAME: 'Kiosk' }), client: pair.production.client },
    });
    expect(result.blocked.map((b) => [b.address, b.evidence])).toEqual([['merchant/kiosk-005', { status: 'unproven', reason: 'missing-values', variables: ['KIOSK_NAME'] }]]);
  });

  it('refuses a source token of another group before anything else is read there, naming the environment', async () => {
    const { pair } = await sharedV2InTest();
    // A token of another group of the test service, where test's should be.
    await pair.test.sim.admin.createGroup({ groupId: 'G-79000001' });
    const stranger = createClient({ baseUrl: pair.test.sim.url, token: pair.test.sim.token('G-79000001'), env: {} });
    try {
      await pair.test.sim.admin.resetStats();
      const base = options(pair);
      const error = await promote({ ...base, from: { ...base.from, client: stranger } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GroupMismatchError);
      expect((error as Error).message).toBe(
        `the token of environment test belongs to group G-79000001 ("PBO G-79000001") at ${pair.test.sim.url}, but environment test manages group ${pair.test.group}; ` +
          'nothing was read or changed. Check where environment test takes its token from in paycfg.environments.yaml.',
      );
      // The owner's read alone reached the test service.
      expect((await pair.test.sim.admin.stats()).total).toBe(1);
    } finally {
      await stranger.close();
    }
  });

  it("refuses the target's manifest, and the source's view of it, before any request to either service", async () => {
    const { pair } = await v2InTest();
    await Promise.all([pair.test.sim.admin.resetStats(), pair.production.sim.admin.resetStats()]);
    // Production declares no HOST_A_MID: its own load fails, with its own words, and nothing is read anywhere.
    const { HOST_A_MID: _mid, ...productionLacking } = PRODUCTION_NEXT;
    const undeclared = await promote(options(pair, { productionValues: productionLacking })).catch((e: unknown) => e);
    expect(undeclared).toBeInstanceOf(ManifestError);
    expect((undeclared as Error).message).toContain('HOST_A_MID');
    // A manifest test cannot load (a name only production declares is no error there; a broken entry is).
    pair.writeManifest(V2.replace('mchName: Coffee', 'mchName: [Coffee'));
    const broken = await promote(options(pair)).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ManifestError);
    expect(broken).not.toBeInstanceOf(SourceManifestError);
    const [test, production] = await Promise.all([pair.test.sim.admin.stats(), pair.production.sim.admin.stats()]);
    expect([test.total, production.total]).toEqual([0, 0]);
  });

  it("refuses a client of another service than its environment's, before any request", async () => {
    const { pair } = await sharedV2InTest();
    await Promise.all([pair.test.sim.admin.resetStats(), pair.production.sim.admin.resetStats()]);
    const base = options(pair);
    const crossed = await promote({ ...base, to: { ...base.to, client: pair.test.client } }).catch((e: unknown) => e);
    expect(crossed).toBeInstanceOf(ConfigError);
    expect((crossed as Error).message).toBe(
      `the client given for environment production connects to ${pair.test.sim.url}, but environment production is at ${pair.production.sim.url}; ` +
        'nothing was read or changed. Give the environment its own client (environmentClient), or none.',
    );
    const [test, production] = await Promise.all([pair.test.sim.admin.stats(), pair.production.sim.admin.stats()]);
    expect([test.total, production.total]).toEqual([0, 0]);
  });

  it("labels a change of production's own values as such: proven by the manifest as test has it, the value itself production's", async () => {
    const pair = await freshPair();
    pair.writeManifest(V1);
    const journal = join(pair.dir, 'own-values.jsonl');
    await Promise.all([applied(pair.test, TEST_VALUES, ['--journal', journal]), applied(pair.production, PRODUCTION_VALUES)]);
    // Only production's MID moves, in its values: the manifest, and test, stay as they were.
    const plan = await promote(options(pair, { journal, testValues: TEST_VALUES }));
    const binding = plan.changes.find((c) => c.kind === 'binding' && c.action === 'update')!;
    // Dated by the run that last wrote the binding in test (V1's apply); the MID itself is production's own.
    expect(binding.evidence).toEqual({ status: 'proven', since: expect.any(String), run: expect.any(String), planHash: expect.any(String), ownValues: ['mid'] });
    const text = renderPlanText(await publishPromotion(options(pair, { journal, testValues: TEST_VALUES })), createStyle(false));
    expect(text).toMatch(/ {4}evidence: live in test since \S+ \(run [0-9a-f-]{36}, plan sha256:[0-9a-f]{12}\); with production's own values for mid, which test cannot try\n/);
    // Without a journal: undated, and said so by what it is.
    const undated = await promote(options(pair, { testValues: TEST_VALUES }));
    expect(undated.changes.find((c) => c.kind === 'binding')!.evidence).toEqual({ status: 'proven', ownValues: ['mid'] });
  });

  it('reads each group once: no more requests of either service than a plan of each', async () => {
    const { pair, journal } = await sharedV2InTest();
    const count = async (run: () => Promise<unknown>) => {
      await Promise.all([pair.test.sim.admin.resetStats(), pair.production.sim.admin.resetStats()]);
      await run();
      const [test, production] = await Promise.all([pair.test.sim.admin.stats(), pair.production.sim.admin.stats()]);
      return { test, production };
    };
    const promotion = await count(() => promote(options(pair, { journal })));
    const production = await count(() => planOf({ manifest: join(pair.dir, 'paycfg.yaml'), client: pair.production.client, env: PRODUCTION_NEXT, cwd: pair.dir }));
    const test = await count(() => planOf({ manifest: join(pair.dir, 'paycfg.yaml'), client: pair.test.client, env: TEST_NEXT, cwd: pair.dir }));
    expect(promotion.production.writes + promotion.test.writes).toBe(0);
    expect(promotion.production.total).toBe(production.production.total);
    expect(promotion.test.total).toBeLessThanOrEqual(test.test.total);
    expect(promotion.test.total).toBeGreaterThan(0);
    // Each route as often as the plan of its own group asks it.
    for (const [route, n] of Object.entries(promotion.test.byRoute)) expect(n, route).toBeLessThanOrEqual(test.test.byRoute[route] ?? 0);
  });
});
