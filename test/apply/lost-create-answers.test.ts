/**
 * Creates whose answer is lost, against a service that normalises what it stores (a proxy in front
 * of the simulator cuts the chosen answers and lower-cases merchants' contactEmail in what it
 * lists): the record read back is this run's own and is adopted whatever its fields; only a create
 * refused because another's record took the key checks them. And apply reads a device's lifecycle
 * as plan does (model/twins.ts), so that both keep the same code of two.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { executePlan } from '../../src/apply/execute-plan.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { computePlan, type PlanRun } from '../../src/workflow/compute-plan.js';
import { startHoldingProxy, type HeldRequest, type HoldingProxy, type HoldingScript } from '../helpers/holding-proxy.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

let sim: TestSimulator;
let now = Date.parse('2026-03-02T12:00:00Z');
let groups = 0;
const clients: ApiClient[] = [];
const proxies: HoldingProxy[] = [];

beforeAll(async () => {
  sim = await startTestSimulator({ now: () => new Date(now) });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(proxies.map((p) => p.close()));
  await sim.close();
});

const MERCHANTS = '/api/openapi/v1/mchInfo';
const DEVICES = '/api/openapi/v1/device';

const manifest = (devices: string): string => `version: 1
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, appVersion: "0002" }
acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    methods:
      "01": { emvs: [visa-usd] }
merchants:
  - providerReference: shop-001
    mchName: Shop
    currency: USD
    contactName: Jane
    contactEmail: Jane@Shop.example
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

/** A merchant list or record as a service that stores e-mail addresses in lower case answers it. */
function lowerCaseEmails(request: HeldRequest, body: string): string {
  if (request.method !== 'GET' || !request.path.startsWith(MERCHANTS) || request.path.startsWith(`${MERCHANTS}/payment`)) return body;
  const envelope = JSON.parse(body);
  const data = envelope.data;
  for (const merchant of Array.isArray(data?.records) ? data.records : data !== null && typeof data === 'object' ? [data] : []) {
    if (typeof merchant.contactEmail === 'string') merchant.contactEmail = merchant.contactEmail.toLowerCase();
  }
  return JSON.stringify(envelope);
}

const isMerchantCreate = (request: HeldRequest): boolean => request.method === 'POST' && request.path === MERCHANTS;

/** A new group reached through a proxy running `script`; `run` plans a manifest there. */
async function group(script: HoldingScript): Promise<{ groupId: string; run: (text: string) => Promise<PlanRun & { client: ApiClient }> }> {
  groups += 1;
  const groupId = `G-86${String(groups).padStart(6, '0')}`;
  await sim.admin.createGroup({ groupId });
  const proxy = await startHoldingProxy(sim.url, script);
  proxies.push(proxy);
  const run = async (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-lost-answers-'));
    writeFileSync(join(dir, 'paycfg.yaml'), text);
    const client = createApiClient({ baseUrl: proxy.url, token: sim.token(groupId), strictApi: true });
    clients.push(client);
    return { ...(await computePlan({ paths: [join(dir, 'paycfg.yaml')], env: {}, cwd: dir, client, concurrency: 4 })), client };
  };
  return { groupId, run };
}

function apply(run: PlanRun & { client: ApiClient }) {
  const { plan, desired, live, client } = run;
  return executePlan(plan, { client, ids: IdRegistry.fromLive(live.state), live, desired, plan }, { parallelism: 4 });
}

function summary(result: Awaited<ReturnType<typeof apply>>): [string, string, string | undefined][] {
  return result.outcomes.map((o) => [o.address, o.status, o.detail?.replace(/\d+/g, 'N') ?? (o.error as { code?: string } | undefined)?.code ?? o.because]);
}

async function list(groupId: string, path: string): Promise<any[]> {
  return (await sim.api('GET', path, undefined, groupId)).body.data.records;
}

describe('a create whose answer is lost, on a service that normalises a field', () => {
  it('adopts the record read back although the service changed a field, and goes on with what depends on it', async () => {
    let dropped = 0;
    const { groupId, run } = await group({
      dropAnswer: (request) => isMerchantCreate(request) && (dropped += 1) === 1,
      rewrite: lowerCaseEmails,
    });
    const result = await apply(await run(manifest(TILL)));
    expect(dropped).toBe(1);
    expect(summary(result)).toEqual([
      ['emv/visa-usd', 'done', 'created id N'],
      ['acquirer/host-a', 'done', 'created id N'],
      ['merchant/shop-001', 'done', 'adopted MN'],
      ['binding/shop-001/host-a/USD', 'done', 'created'],
      ['device/shop-001/till-1', 'done', 'created CD-N'],
    ]);
    expect(await list(groupId, `${MERCHANTS}?pageSize=-1`)).toHaveLength(1);
    // What the service changed shows in the next plan, as any difference does.
    const next = await run(manifest(TILL));
    expect(next.plan.changes.map((c) => [c.address, c.action])).toEqual([['merchant/shop-001', 'update']]);
  });

  it('adopts it too when the read-back missed it and the create sent again is refused because the key is taken', async () => {
    let dropped = false;
    let lagging = false;
    const { groupId, run } = await group({
      dropAnswer: (request) => {
        if (!isMerchantCreate(request) || dropped) return false;
        dropped = lagging = true;
        return true;
      },
      // The first merchant list after the lost answer does not show the new record yet.
      rewrite: (request, body) => {
        if (lagging && request.method === 'GET' && request.path.startsWith(`${MERCHANTS}?`)) {
          lagging = false;
          const envelope = JSON.parse(body);
          return JSON.stringify({ ...envelope, data: { ...envelope.data, records: [], total: 0 } });
        }
        return lowerCaseEmails(request, body);
      },
    });
    const planned = await run(manifest(TILL));
    const result = await apply(planned);
    expect(dropped && !lagging).toBe(true);
    expect(summary(result)).toEqual([
      ['emv/visa-usd', 'done', 'created id N'],
      ['acquirer/host-a', 'done', 'created id N'],
      ['merchant/shop-001', 'done', 'adopted MN'],
      ['binding/shop-001/host-a/USD', 'done', 'created'],
      ['device/shop-001/till-1', 'done', 'created CD-N'],
    ]);
    expect(await list(groupId, `${MERCHANTS}?pageSize=-1`)).toHaveLength(1);
  });

  it('still refuses, when no answer was lost, a record another run created under the key with other fields', async () => {
    const { groupId, run } = await group({ rewrite: lowerCaseEmails });
    const planned = await run(manifest(TILL));
    await sim.api('POST', MERCHANTS, { providerReference: 'shop-001', mchName: 'Shop', currency: 'USD', contactName: 'Jane', contactEmail: 'Jane@Shop.example' }, groupId);
    const result = await apply(planned);
    expect(summary(result)).toEqual([
      ['emv/visa-usd', 'done', 'created id N'],
      ['acquirer/host-a', 'done', 'created id N'],
      ['merchant/shop-001', 'failed', 'CONCURRENT_CREATE'],
      ['binding/shop-001/host-a/USD', 'skipped', 'merchant/shop-001 failed'],
      ['device/shop-001/till-1', 'skipped', 'merchant/shop-001 failed'],
    ]);
  });
});

describe('the lifecycle apply and plan read from a device record', () => {
  it('is the same: a pending code whose status reads decommissioned still holds its alias for both', async () => {
    let older: string | undefined;
    const { groupId, run } = await group({
      // A pending code (no isDevice) listed with deviceStatus 3: still a pending code, by 01 §2.6.
      rewrite: (request, body) => {
        if (older === undefined || request.method !== 'GET' || !request.path.startsWith(`${DEVICES}?`)) return body;
        const envelope = JSON.parse(body);
        for (const device of envelope.data.records) if (device.deviceId === older) device.deviceStatus = 3;
        return JSON.stringify(envelope);
      },
    });
    expect((await apply(await run(manifest(' []')))).failed).toBe(0);
    const planned = await run(manifest(TILL));
    const mchId = (await list(groupId, `${MERCHANTS}?pageSize=-1`))[0].mchId;
    older = (await sim.api('POST', DEVICES, { mchId, deviceAlias: 'till-1', deviceName: 'Front till', methodList: '01' }, groupId)).body.data.id;
    now += 5_000;
    const result = await apply(planned);
    expect(result.outcomes[0]?.detail).toMatch(
      new RegExp(`^created (CD-\\d+); another run created it at the same time: kept ${older} \\(older, or of the same second with a lower id\\), deleted this run's \\1$`),
    );
    expect((await run(manifest(TILL))).plan.changes).toEqual([]);
    expect((await list(groupId, `${DEVICES}?mchId=${mchId}&pageSize=-1`)).map((d) => d.deviceId)).toEqual([older]);
  });
});
