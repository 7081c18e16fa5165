/**
 * What apply does when someone else creates a record of its plan between plan and apply (another
 * run of the same manifest, or a person): adopt a unique-named record that is what the plan wanted,
 * refuse one that is not, and keep one device per alias by the rule of model/twins.ts; after a
 * device create whose answer is lost, adopt the code that stays and delete none. The simulator's
 * clock is the test's, so which code is older is decided here, not by timing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { executePlan } from '../../src/apply/execute-plan.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { computePlan, type PlanRun } from '../../src/workflow/compute-plan.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

let sim: TestSimulator;
let now = Date.parse('2026-03-01T12:00:00Z');
let groups = 0;
const clients: ApiClient[] = [];

beforeAll(async () => {
  sim = await startTestSimulator({ now: () => new Date(now) });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sim.close();
});

const EMV = `emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, appVersion: "0002" }
`;
const PROFILE = `acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    methods:
      "01": { emvs: [visa-usd] }
`;
const merchant = (devices: string): string => `merchants:
  - providerReference: shop-001
    mchName: Shop
    currency: USD
    contactName: Jane
    contactEmail: jane@shop.example
    bindings:
      - acquirer: host-a
        currency: USD
        methods:
          "01": { emvs: [visa-usd] }
    devices:${devices}
`;
const TILL = `
      - deviceAlias: till-1
        deviceName: Front till
        methods: ["01"]`;

async function group(): Promise<{ groupId: string; run: (manifest: string) => Promise<PlanRun & { client: ApiClient }> }> {
  groups += 1;
  const groupId = `G-83${String(groups).padStart(6, '0')}`;
  await sim.admin.createGroup({ groupId });
  const run = async (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-adopt-'));
    writeFileSync(join(dir, 'paycfg.yaml'), `version: 1\n${text}`);
    const client = createApiClient({ baseUrl: sim.url, token: sim.token(groupId), strictApi: true });
    clients.push(client);
    return { ...(await computePlan({ paths: [join(dir, 'paycfg.yaml')], env: {}, cwd: dir, client, concurrency: 4 })), client };
  };
  return { groupId, run };
}

function apply(run: PlanRun & { client: ApiClient }) {
  const { plan, desired, live, client } = run;
  return executePlan(plan, { client, ids: IdRegistry.fromLive(live.state), live, desired, plan }, { parallelism: 4 });
}

async function list(groupId: string, path: string): Promise<any[]> {
  return (await sim.api('GET', path, undefined, groupId)).body.data.records;
}

describe('a record created by someone else between plan and apply', () => {
  it('adopts an EMV config of the same name when it is what the plan wanted', async () => {
    const { groupId, run } = await group();
    const planned = await run(EMV + PROFILE);
    await sim.api('POST', '/api/openapi/v1/emv', { emvName: 'visa-usd', paymentMethod: '01', currency: 'USD', params: '{"appVersion":"0002","aid":"A0000000031010"}' }, groupId);
    const result = await apply(planned);
    expect(result.outcomes.map((o) => [o.address, o.status, o.detail?.replace(/\d+/g, 'N')])).toEqual([
      ['emv/visa-usd', 'done', 'adopted id N'],
      ['acquirer/host-a', 'done', 'created id N'],
    ]);
    expect(await list(groupId, '/api/openapi/v1/emv?pageSize=-1')).toHaveLength(1);
  });

  it('does not adopt one whose fields differ, says so, and skips what depends on it', async () => {
    const { groupId, run } = await group();
    const planned = await run(EMV + PROFILE);
    await sim.api('POST', '/api/openapi/v1/emv', { emvName: 'visa-usd', paymentMethod: '01', currency: 'USD', params: '{"aid":"A0000000099999"}' }, groupId);
    const result = await apply(planned);
    const [emv, profile] = result.outcomes;
    expect(emv?.status).toBe('failed');
    expect((emv?.error as { code?: string }).code).toBe('CONCURRENT_CREATE');
    expect((emv?.error as Error).message).toMatch(/^emv\/visa-usd: another run or a person created it at the same time \(id \d+\), with fields that differ from the manifest/);
    expect(profile).toMatchObject({ status: 'skipped', because: 'emv/visa-usd failed' });
  });

  it('gives way to an older pending code with its alias: deletes its own and adopts that one', async () => {
    const { groupId, run } = await group();
    expect((await apply(await run(EMV + PROFILE + merchant(' []')))).failed).toBe(0);
    const planned = await run(EMV + PROFILE + merchant(TILL));
    const mchId = (await list(groupId, '/api/openapi/v1/mchInfo?pageSize=-1'))[0].mchId;
    const older = await sim.api('POST', '/api/openapi/v1/device', { mchId, deviceAlias: 'till-1', deviceName: 'Front till', methodList: '01' }, groupId);
    now += 5_000;
    const result = await apply(planned);
    expect(result.outcomes[0]?.detail).toMatch(
      new RegExp(`^created (CD-\\d+); another run created it at the same time: kept ${older.body.data.id} \\(older, or of the same second with a lower id\\), deleted this run's \\1$`),
    );
    const devices = await list(groupId, `/api/openapi/v1/device?mchId=${mchId}&pageSize=-1`);
    expect(devices.map((d) => d.deviceId)).toEqual([older.body.data.id]);
  });

  it('keeps its own code when it is the older one; the next plan deletes the newer twin with a reason', async () => {
    const { groupId, run } = await group();
    expect((await apply(await run(EMV + PROFILE + merchant(' []')))).failed).toBe(0);
    const planned = await run(EMV + PROFILE + merchant(TILL));
    const mchId = (await list(groupId, '/api/openapi/v1/mchInfo?pageSize=-1'))[0].mchId;
    // A person makes a code with the same alias, stamped later than the one apply makes below.
    now += 10_000;
    const newer = await sim.api('POST', '/api/openapi/v1/device', { mchId, deviceAlias: 'till-1', deviceName: 'Front till', methodList: '01' }, groupId);
    now -= 5_000;
    const result = await apply(planned);
    expect(result.outcomes[0]?.detail).toMatch(/^created CD-\d+$/);
    const next = await run(EMV + PROFILE + merchant(TILL));
    const own = result.outcomes[0]!.detail!.slice('created '.length);
    expect(next.plan.changes.map((c) => [c.address, c.action, c.liveId, c.reason])).toEqual([
      [`device/shop-001/till-1#duplicate-${newer.body.data.id}`, 'delete', newer.body.data.id, `duplicate pending code for alias till-1: ${own} (older) is kept`],
    ]);
  });

  it('after a lost create answer adopts the code that stays, not the first listed, and deletes no code another run made', async () => {
    const { groupId, run } = await group();
    expect((await apply(await run(EMV + PROFILE + merchant(' []')))).failed).toBe(0);
    const planned = await run(EMV + PROFILE + merchant(TILL));
    const mchId = (await list(groupId, '/api/openapi/v1/mchInfo?pageSize=-1'))[0].mchId;
    // Another run's code, listed first but stamped later than the one this run makes below.
    now += 10_000;
    const other = (await sim.api('POST', '/api/openapi/v1/device', { mchId, deviceAlias: 'till-1', deviceName: 'Front till', methodList: '01' }, groupId)).body.data.id;
    now -= 5_000;
    await sim.admin.faults({ dropRate: 1 });
    let result;
    try {
      result = await apply(planned);
    } finally {
      await sim.admin.faults({ dropRate: 0 });
    }
    const devices = await list(groupId, `/api/openapi/v1/device?mchId=${mchId}&pageSize=-1`);
    expect(devices.map((d) => d.deviceId)[0], "the other run's code, listed first, is still there").toBe(other);
    expect(devices).toHaveLength(2);
    const own = devices.map((d) => d.deviceId).find((id) => id !== other);
    expect(result.outcomes.map((o) => [o.status, o.detail])).toEqual([
      [
        'done',
        `adopted ${own}; its create's answer was lost, so this run cannot tell which of the 2 codes with its alias is its own: ` +
          `it kept ${own}, the one that stays, and deleted none (${other} left for the run that made it, or the next plan, to delete)`,
      ],
    ]);
    // What another run would have deleted itself is left to the next plan, by the same rule.
    const next = await run(EMV + PROFILE + merchant(TILL));
    expect(next.plan.changes.map((c) => [c.action, c.liveId, c.reason])).toEqual([['delete', other, `duplicate pending code for alias till-1: ${own} (older) is kept`]]);
  });

  it('after a lost create answer adopts an older code another run made and leaves its own, unknown to it, for the next plan', async () => {
    const { groupId, run } = await group();
    expect((await apply(await run(EMV + PROFILE + merchant(' []')))).failed).toBe(0);
    const planned = await run(EMV + PROFILE + merchant(TILL));
    const mchId = (await list(groupId, '/api/openapi/v1/mchInfo?pageSize=-1'))[0].mchId;
    const other = (await sim.api('POST', '/api/openapi/v1/device', { mchId, deviceAlias: 'till-1', deviceName: 'Front till', methodList: '01' }, groupId)).body.data.id;
    now += 5_000;
    await sim.admin.faults({ dropRate: 1 });
    let result;
    try {
      result = await apply(planned);
    } finally {
      await sim.admin.faults({ dropRate: 0 });
    }
    const devices = await list(groupId, `/api/openapi/v1/device?mchId=${mchId}&pageSize=-1`);
    expect(devices).toHaveLength(2);
    const own = devices.map((d) => d.deviceId).find((id) => id !== other);
    expect(result.outcomes.map((o) => [o.status, o.detail])).toEqual([
      [
        'done',
        `adopted ${other}; its create's answer was lost, so this run cannot tell which of the 2 codes with its alias is its own: ` +
          `it kept ${other}, the one that stays, and deleted none (${own} left for the run that made it, or the next plan, to delete)`,
      ],
    ]);
    const next = await run(EMV + PROFILE + merchant(TILL));
    expect(next.plan.changes.map((c) => [c.action, c.liveId, c.reason])).toEqual([['delete', own, `duplicate pending code for alias till-1: ${other} (older) is kept`]]);
  });
});
