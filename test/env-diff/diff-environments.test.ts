/**
 * The environment diff at the library level, over real HTTP against two simulators (each its own
 * port, secret and group): equal groups whose environment-specific values differ only by each
 * environment's values, records only in one, values that differ, secrets never shown, the three
 * renderings, the group check before any other read, and one whole read of each group.
 *
 * The two groups are filled side by side (two simulators, nothing shared): each apply waits the
 * twin check's settle after its till's create, and the two waits overlap.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, it, type OnTestFinishedHandler } from 'vitest';
import { groupClient } from '../../src/backend/configuration-api.js';
import { resolveGroupApi } from '../../src/backend/detect-api.js';
import {
  diffEnvironments,
  GroupMismatchError,
  renderEnvironmentDiffJson,
  renderEnvironmentDiffMarkdown,
  renderEnvironmentDiffText,
  UsageError,
  type EnvironmentDiff,
} from '../../src/index.js';
import { createClient } from '../../src/library/client.js';
import { readAllLive, readOwner } from '../../src/live/read-live.js';
import { call, V1 } from '../export/populate.js';
import {
  PRODUCTION_ADMIN_PASSWORD,
  SHARED_MANIFEST,
  TEST_ADMIN_PASSWORD,
  startTwoEnvironments,
  type Environment,
  type TwoEnvironments,
} from './two-environments.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/env-diff.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

/** A test's two environments, closed when it ends: each test has its own, so that the tests run side by side. */
async function start(onTestFinished: (fn: OnTestFinishedHandler) => void, options: Parameters<typeof startTwoEnvironments>[0] = {}): Promise<TwoEnvironments> {
  const envs = await startTwoEnvironments(options);
  onTestFinished(() => envs.close());
  return envs;
}

/** Every rendering of the diff, and the value itself as JSON. */
function everyRendering(diff: EnvironmentDiff): string[] {
  return [JSON.stringify(diff), renderEnvironmentDiffJson(diff), renderEnvironmentDiffText(diff), renderEnvironmentDiffText(diff, { color: true }), renderEnvironmentDiffMarkdown(diff)];
}

/** The requests one whole read of the environment's group sends, read here with a client of its own. */
async function wholeReadRequests(environment: Environment): Promise<number> {
  const client = createClient({ baseUrl: environment.sim.url, token: environment.sim.token(environment.groupId), env: {} });
  try {
    const owner = await readOwner(client, environment.groupId);
    const api = await resolveGroupApi(client, 'detect');
    await readAllLive(groupClient(client, api, owner), owner, { concurrency: 4 });
    return client.stats().requests;
  } finally {
    await client.close();
  }
}

// Side by side: most of a test is waiting for the twin check's settle after each group's till is
// created, which the tests then wait together. A minute each, as they share their time.
describe.concurrent('diffEnvironments', { timeout: 60_000 }, () => {
  it('finds no difference between groups whose environment values differ only by each environment\'s values, reading each group once', async ({ expect, onTestFinished }) => {
    const { test, production, side } = await start(onTestFinished, { manifests: { test: ['shared'], production: ['shared'] } });
    await Promise.all([test.applyTo(), production.applyTo()]);

    const diff = await diffEnvironments(side(test), side(production), { parallelism: 4 });
    expect(diff.equal).toBe(true);
    expect(diff).toMatchObject({ formatVersion: 1, onlyInA: [], onlyInB: [], differing: [], warnings: [], notCompared: { a: [], b: [] } });
    expect(diff.a).toMatchObject({ name: 'test', group: { groupId: test.groupId, groupName: 'test PBO' }, records: 5 });
    expect(diff.b).toMatchObject({ name: 'production', group: { groupId: production.groupId, groupName: 'production PBO' }, records: 5 });
    expect(diff.substituted).toEqual([
      { address: 'acquirer/host-a', pointer: '/connUrl', manifests: 'both' },
      { address: 'binding/coffee-001/host-a/USD', pointer: '/mid', manifests: 'both' },
      { address: 'device/coffee-001/till-1', pointer: '/deviceAdmin', manifests: 'both' },
      { address: 'device/coffee-001/till-1', pointer: '/acquirerFields/host-a/mid', manifests: 'both' },
      { address: 'device/coffee-001/till-1', pointer: '/acquirerFields/host-a/tid', manifests: 'both' },
    ]);
    expect(diff.summary).toEqual({ compared: 5, same: 5, onlyInA: 0, onlyInB: 0, ownInA: 0, ownInB: 0, differing: 0, differingFields: 0, substitutedFields: 5 });
    expect(renderEnvironmentDiffText(diff)).toContain('No difference: test and production hold the same 5 records.');

    // One whole read of each group, the owner first, nothing read twice, nothing written.
    for (const environment of [test, production]) {
      const sent = environment.requests.map((event) => `${event.method} ${event.path}`);
      expect(sent[0], environment.name).toBe('GET /api/v2/current');
      expect(new Set(sent).size, environment.name).toBe(sent.length);
      expect(sent.every((request) => request.startsWith('GET ')), environment.name).toBe(true);
      expect(sent.length, environment.name).toBe(await wholeReadRequests(environment));
    }
  });

  it('lists the records only one group holds, with what each environment\'s manifests say of them', async ({ expect, onTestFinished }) => {
    const { test, production, side } = await start(onTestFinished);
    await Promise.all([test.applyTo(), production.applyTo()]);
    await call(production.sim, production.groupId, 'POST', `${V1}/emv`, { emvName: 'mc-usd', paymentMethod: '02', currency: 'USD', params: JSON.stringify({ aid: 'A0000000041010' }) });
    const { mchId } = await call(production.sim, production.groupId, 'POST', `${V1}/mchInfo`, { mchName: 'Walk-in', currency: 'USD', contactName: 'Ada', contactEmail: 'ada@example.com' });

    const diff = await diffEnvironments(side(test), side(production));
    expect(diff.equal).toBe(false);
    expect(diff.onlyInA).toEqual([
      // Test's own: only test's manifests name it.
      { address: 'merchant/pop-up-001', kind: 'merchant', key: 'pop-up-001', liveId: expect.any(String), inManifests: { a: true, b: false }, own: true },
      // Made by the service with its merchant (its default profile's binding): no manifest names it, but its merchant is test's own.
      { address: 'binding/pop-up-001/host-a/USD', kind: 'binding', key: 'pop-up-001/host-a/USD', liveId: expect.any(String), inManifests: { a: false, b: false }, own: true },
    ]);
    expect(diff.onlyInB).toEqual([{ address: 'emv/mc-usd', kind: 'emv', key: 'mc-usd', liveId: expect.any(Number), inManifests: { a: false, b: false }, own: false }]);
    expect(diff.differing).toEqual([]);
    // A merchant without providerReference has no natural key: listed, not compared, not a difference by itself.
    expect(diff.notCompared).toEqual({ a: [], b: [{ address: `merchant/~${mchId}`, kind: 'merchant', liveId: mchId, name: 'Walk-in' }] });
    expect(diff.summary).toMatchObject({ compared: 5, same: 5, onlyInA: 2, onlyInB: 1, ownInA: 2, ownInB: 0, differing: 0 });

    const text = renderEnvironmentDiffText(diff);
    expect(text).toContain("Only in test (2 records):\n  < merchant/pop-up-001 (test's own: only test's manifests name it)\n  < binding/pop-up-001/host-a/USD (test's own: its merchant is)");
    expect(text).toContain('Only in production (1 record):\n  > emv/mc-usd (no manifest names it)');
    expect(text).toContain(`Not compared, without a natural key: 1 record in production:\n  > merchant/~${mchId} ("Walk-in")`);
    expect(text).toContain("test and production differ: 1 record only in production; besides, each holds its own records, as its manifests have them (2 in test, 0 in production).");
  });

  it('shows every value that differs, down to the key inside an object, with both environments\' values', async ({ expect, onTestFinished }) => {
    const { test, production, side, write, dir } = await start(onTestFinished);
    const drifted = SHARED_MANIFEST.replace('clTransLimit: 99999999', 'clTransLimit: 5000000')
      .replace('${ACQUIRER_HOST}/iso', 'https://old-acq.example.com/iso')
      .replace('tid: "${TILL_TID}"', 'tid: "00000077"');
    await Promise.all([
      test.applyTo(),
      production.applyTo([write('drifted/paycfg.yaml', drifted), write('test-only-too/paycfg.yaml', readFileSync(`${dir}/test-only/paycfg.yaml`, 'utf8'))]),
    ]);

    const diff = await diffEnvironments(side(test), side(production));
    expect(diff.equal).toBe(false);
    expect(diff.onlyInA).toEqual([]);
    expect(diff.onlyInB).toEqual([]);
    expect(diff.differing).toEqual([
      { address: 'emv/visa-usd', kind: 'emv', key: 'visa-usd', liveIds: { a: expect.any(Number), b: expect.any(Number) }, fields: [{ pointer: '/params/clTransLimit', a: 99999999, b: 5000000 }] },
      {
        address: 'acquirer/host-a',
        kind: 'acquirer',
        key: 'host-a',
        liveIds: { a: expect.any(Number), b: expect.any(Number) },
        // Built from values written in the environments file: no secret, shown.
        fields: [{ pointer: '/connUrl', a: 'https://acq-test.example.com/iso', b: 'https://old-acq.example.com/iso' }],
      },
      {
        address: 'device/coffee-001/till-1',
        kind: 'device',
        key: 'coffee-001/till-1',
        liveIds: { a: expect.any(String), b: expect.any(String) },
        fields: [{ pointer: '/acquirerFields/host-a/tid', a: '00000001', b: '00000077' }],
      },
    ]);
    // The values each environment's values account for are not among them.
    expect(diff.substituted.map((field) => `${field.address}#${field.pointer}`)).toEqual([
      'binding/coffee-001/host-a/USD#/mid',
      'device/coffee-001/till-1#/deviceAdmin',
      'device/coffee-001/till-1#/acquirerFields/host-a/mid',
    ]);
    expect(diff.summary).toMatchObject({ compared: 7, same: 4, differing: 3, differingFields: 3, substitutedFields: 3 });
    expect(renderEnvironmentDiffText(diff)).toContain(
      [
        '  # emv/visa-usd differs in 1 value',
        '  ~ emv "visa-usd" {',
        '      ~ /params/clTransLimit',
        '          test:       99999999',
        '          production: 5000000',
        '    }',
      ].join('\n'),
    );
  });

  it('never shows a secret: a secret field, and a value of a secret source wherever it stands, read (sensitive)', async ({ expect, onTestFinished }) => {
    const { test, production, side, write } = await start(onTestFinished, { manifests: { test: ['shared'], production: ['shared'] } });
    const changedAdmin = 'prod-admin-changed-8812';
    const drifted = SHARED_MANIFEST.replace('deviceAdmin: ${TILL_ADMIN_PASSWORD}', `deviceAdmin: ${changedAdmin}`).replace('contactName: Jane Doe', `contactName: Jane ${PRODUCTION_ADMIN_PASSWORD}`);
    await Promise.all([test.applyTo(), production.applyTo([write('drifted/paycfg.yaml', drifted)])]);

    const diff = await diffEnvironments(side(test), side(production));
    expect(diff.differing.map((record) => [record.address, record.fields])).toEqual([
      ['merchant/coffee-001', [{ pointer: '/contactName', a: 'Jane Doe', b: '(sensitive)' }]],
      ['device/coffee-001/till-1', [{ pointer: '/deviceAdmin', a: '(sensitive)', b: '(sensitive)' }]],
    ]);
    for (const output of everyRendering(diff)) {
      for (const secret of [TEST_ADMIN_PASSWORD, PRODUCTION_ADMIN_PASSWORD, changedAdmin, test.sim.token(test.groupId), production.sim.token(production.groupId)]) {
        expect(output).not.toContain(secret);
      }
      expect(output).toContain('(sensitive)');
    }
  });

  it('renders text, Markdown and JSON valid against schemas/env-diff.schema.json, with no raw control character', async ({ expect, onTestFinished }) => {
    const { test, production, side, write } = await start(onTestFinished);
    await Promise.all([test.applyTo(), production.applyTo([write('drifted/paycfg.yaml', SHARED_MANIFEST.replace('clTransLimit: 99999999', 'clTransLimit: 5000000'))])]);
    const [merchant] = (await call(production.sim, production.groupId, 'GET', `${V1}/mchInfo?pageNumber=1&pageSize=-1`)).records;
    const record = await call(production.sim, production.groupId, 'GET', `${V1}/mchInfo/${merchant.mchId}`);
    await call(production.sim, production.groupId, 'PUT', `${V1}/mchInfo/${merchant.mchId}`, { ...record, contactName: 'Jane \u001b[2J\u202eDoe' });

    const diff = await diffEnvironments(side(test), side(production));
    const json = renderEnvironmentDiffJson(diff);
    const parsed = JSON.parse(json);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(parsed).toEqual(JSON.parse(JSON.stringify(diff)));
    expect(parsed.differing.find((r: { address: string }) => r.address === 'merchant/coffee-001').fields).toEqual([{ pointer: '/contactName', a: 'Jane Doe', b: 'Jane \u001b[2J\u202eDoe' }]);

    const text = renderEnvironmentDiffText(diff);
    const markdown = renderEnvironmentDiffMarkdown(diff);
    for (const output of [json, text, markdown]) {
      expect(output).not.toMatch(/[\u001b\u202e]/);
    }
    expect(text).toContain('          production: "Jane \\u001b[2J\\u202eDoe"');
    expect(text).toMatch(/^paycfg diff-env: test and production\n {2}test: {7}group G-00000011 \("test PBO"\) at http:\/\/127\.0\.0\.1:\d+\n {2}production: group G-00000022/);

    expect(markdown).toContain('### paycfg diff-env: `test` and `production` differ');
    expect(markdown).toContain('| `emv/visa-usd` | `/params/clTransLimit` | `99999999` | `5000000` |');
    expect(markdown).toContain('| `merchant/coffee-001` | `/contactName` | `"Jane Doe"` | `"Jane \\u001b[2J\\u202eDoe"` |');
    expect(markdown).toContain("#### Only in `test` (2 records)\n\n- `merchant/pop-up-001`: test's own: only test's manifests name it");

    // A comment too long for GitHub keeps its heading and counts what it leaves out.
    const budget = markdown.length - 60;
    const short = renderEnvironmentDiffMarkdown(diff, { maxLength: budget });
    expect(short.length).toBeLessThanOrEqual(budget);
    expect(short).toContain('### paycfg diff-env');
    expect(short).toMatch(/not shown, to keep this comment under GitHub's size limit: `paycfg diff-env test production` prints them all/);
  });

  it('refuses a token of another group before any other read of either group, naming the environment', async ({ expect, onTestFinished }) => {
    const { test, production } = await start(onTestFinished);
    const testClient = test.client();
    const wrong = createClient({ baseUrl: production.sim.url, token: production.sim.token('G-00000099'), env: {} });
    try {
      const error = await diffEnvironments({ environment: test.resolved, client: testClient }, { environment: production.resolved, client: wrong }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(GroupMismatchError);
      expect((error as Error).message).toBe(
        `environment production manages group ${production.groupId} at ${production.sim.url}, but its token ($PAYCFG_PRODUCTION_TOKEN) belongs to group G-00000099 ("PBO G-00000099"); ` +
          `nothing else was read. Give the environment a token of group ${production.groupId}.`,
      );
      expect(wrong.stats().requests).toBe(1);
      expect(test.requests.map((event) => event.path)).toEqual(['/api/v2/current']);
    } finally {
      await wrong.close();
    }
  });

  it('refuses the same environment on both sides', async ({ expect, onTestFinished }) => {
    const { test, side } = await start(onTestFinished);
    await expect(diffEnvironments(side(test), side(test))).rejects.toThrow(UsageError);
    expect(test.requests).toEqual([]);
  });

  it('says so when a manifest does not load with the other environment\'s values, and compares what it sets as it is', async ({ expect, onTestFinished }) => {
    // test-only's merchant takes its mcc from a value production holds for another purpose, not a valid mcc.
    const { test, production, side, write, dir } = await start(onTestFinished, { values: { test: { POPUP_MCC: '5814' }, production: { POPUP_MCC: 'not-a-code' } } });
    write('test-only/paycfg.yaml', readFileSync(`${dir}/test-only/paycfg.yaml`, 'utf8').replace('currency: USD', 'currency: USD\n    mcc: "${POPUP_MCC}"'));
    await Promise.all([test.applyTo(), production.applyTo()]);

    const diff = await diffEnvironments(side(test), side(production));
    expect(diff.warnings).toEqual([expect.stringMatching(/^test's manifests do not load with production's values \(1 problem, the first: .*test-only\/paycfg\.yaml:\d+:\d+: .*\); the values they set are compared as they are, without substitution$/)]);
    // production's manifests (shared/) still give the evidence for the values both hold.
    expect(diff.onlyInA.map((record) => record.address)).toEqual(['merchant/pop-up-001', 'binding/pop-up-001/host-a/USD']);
    expect(diff.differing).toEqual([]);
    expect(diff.substituted.every((field) => field.manifests === 'b')).toBe(true);
    expect(diff.substituted).toHaveLength(5);
  });
});
