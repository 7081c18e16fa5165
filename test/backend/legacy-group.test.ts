/**
 * A group on the legacy API, over real HTTP against the simulator: records written through the
 * legacy adapter's writes (GroupClient on `legacy`), then read through both APIs (the simulator's
 * current API serves legacy groups too): the live state paycfg normalises is the same from both,
 * and a plan from the same manifest is empty on both. The requests are recorded on the wire by a
 * proxy in front of the simulator: paths, bodies and counts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executePlan } from '../../src/apply/execute-plan.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { groupClient, type GroupClient } from '../../src/backend/configuration-api.js';
import { buildDesiredState } from '../../src/desired/build-desired.js';
import { readAllLive, readLive, readOwner, type LiveRead } from '../../src/live/read-live.js';
import { loadManifest } from '../../src/manifest/index.js';
import type { LiveState } from '../../src/model/state.js';
import { DEFAULT_IMPACT_WINDOW } from '../../src/payments/impact-window.js';
import type { Plan } from '../../src/plan/plan.js';
import { planRead } from '../../src/workflow/plan-stages.js';
import { isWrite, startHoldingProxy, type HeldRequest, type HoldingProxy } from '../helpers/holding-proxy.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { legacyGroup } from '../api/helpers/legacy-client-fixtures.js';
import { useSimulator } from '../api/helpers/sim-client.js';

const h = useSimulator();

let proxy: HoldingProxy;
beforeEach(async () => {
  await legacyGroup(h);
  proxy = await startHoldingProxy(h.sim.url, {});
});
afterEach(async () => {
  await proxy.close();
});

/** Both APIs' GroupClients over one strict client that talks through the proxy. */
function clients(): { legacy: GroupClient; current: GroupClient } {
  const client = h.client({ baseUrl: proxy.url });
  return { legacy: groupClient(client, 'legacy'), current: groupClient(client, 'current') };
}

/** The requests since `from`, as `METHOD path` with the JSON body where one was sent. */
function sent(from = 0, filter: (request: HeldRequest) => boolean = () => true): Array<[string, unknown?]> {
  return proxy.received
    .slice(from)
    .filter(filter)
    .map((r) => (r.body === '' ? [`${r.method} ${r.path}`] : [`${r.method} ${r.path}`, JSON.parse(r.body) as unknown]));
}

/** What a live state holds, without the fingerprints of the records it was read from (those differ between the APIs). */
function resources(state: LiveState): Record<string, unknown> {
  return Object.fromEntries([...state.resources].map(([address, r]) => [address, { kind: r.kind, key: r.key, merchant: r.merchant, fields: r.fields }]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

const MANIFEST = `
version: 1
group: ${TEST_GROUP}
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, appVersion: "0002", clFloorLimit: 0, isNewCVMRuleForMC: true }
  - emvName: mc-usd
    paymentMethod: "02"
    currency: USD
    params: { aid: A0000000041010, clCVMLimit: 100000 }
acquirerProfiles:
  - profileName: host-a-usd
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: https://host-a.example.com/iso
    notifyUrl: https://pbo.example.com/notify
    connExtraParams: { nii: "003" }
    methods:
      "01": { emvs: [visa-usd], allows: [Sale, Refund] }
      "02": { emvs: [mc-usd], allows: [Sale] }
merchants:
  - providerReference: coffee-001
    mchName: Coffee Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    mcc: "5814"
    state: 1
    bindings:
      - acquirer: host-a-usd
        currency: USD
        methods:
          "01": { emvs: [visa-usd], allows: [Sale, Refund] }
    devices:
      - deviceAlias: till-1
        deviceName: Front till
        deviceType: COTS
        methods: ["01"]
        acquirerFields: { host-a-usd: { tid: "00000001", mid: "000000012345" } }
        emvParams: { terminalCountryCode: "0840", netDFloorLimit: "00000100" }
  - providerReference: bakery-002
    mchName: Bakery
    currency: USD
    contactName: Bo
    contactEmail: bo@bakery.example
    bindings:
      - acquirer: host-a-usd
        currency: USD
        methods:
          "01": { emvs: [visa-usd], allows: [Sale, Refund] }
          "02": { emvs: [mc-usd], allows: [Sale] }
    devices:
      - deviceAlias: counter
      - deviceAlias: spare
`;

async function desiredOf(text: string) {
  const loaded = await loadManifest(['-'], { env: {}, cwd: process.cwd(), readStdin: async () => text });
  return buildDesiredState(loaded);
}

async function planOn(client: GroupClient, text: string): Promise<{ live: LiveRead; plan: Plan; desired: Awaited<ReturnType<typeof desiredOf>> }> {
  const desired = await desiredOf(text);
  const owner = await readOwner(client, desired.group);
  const live = await readLive(client, desired, owner, { concurrency: 4 });
  const context = { baseUrl: client.baseUrl, group: { groupId: owner.groupId, groupName: owner.groupName ?? '' } };
  const { plan } = planRead(desired, { live, context }, { targets: [], window: DEFAULT_IMPACT_WINDOW, now: new Date(), allowUnsettled: false });
  return { live, plan, desired };
}

async function applyOn(client: GroupClient, text: string): Promise<Plan> {
  const { live, plan, desired } = await planOn(client, text);
  const result = await executePlan(plan, { client, ids: IdRegistry.fromLive(live.state), live, desired, plan }, { parallelism: 4 });
  expect(result.outcomes.filter((o) => o.status !== 'done'), JSON.stringify(result.outcomes)).toEqual([]);
  return plan;
}

describe('a legacy group written through the legacy adapter', () => {
  it('sends the legacy requests in their real shapes, one per method for a binding, and reads each record back', async () => {
    const { legacy } = clients();
    await legacy.owner();
    const start = proxy.received.length;

    const { id: visa } = await legacy.emvConfigs.create({ emvName: 'visa-usd', paymentMethod: '01', currency: 'USD', params: JSON.stringify({ aid: 'A0000000031010', clFloorLimit: 0 }) });
    const { id: mc } = await legacy.emvConfigs.create({ emvName: 'mc-usd', paymentMethod: '02', currency: 'USD', params: JSON.stringify({ aid: 'A0000000041010' }) });
    const { id: profileId } = await legacy.acquirerProfiles.create({
      profileName: 'host-a-usd',
      currency: 'USD',
      acqType: 'card',
      connMessageFormat: 'HOSTA_8583',
      connUrl: 'https://host-a.example.com/iso',
      notifyUrl: 'https://pbo.example.com/notify',
      methodList: JSON.stringify({ '01': ['Sale'], '02': ['Sale'] }),
      emvList: JSON.stringify({ '01': [visa], '02': [mc] }),
    });
    const merchant = await legacy.merchants.create({ providerReference: 'shop-1', mchName: 'Corner Shop', currency: 'USD', contactName: 'Ada', contactEmail: 'ada@example.com', state: 1 });
    const write = { acquirerProfileId: String(profileId), currency: 'USD' };
    await legacy.bindings.create(merchant.mchId, { ...write, paymentMethods: [{ paymentMethodCode: '01', allows: ['Sale'], emvs: [{ emvId: visa }] }, { paymentMethodCode: '02', allows: ['Sale'], emvs: [{ emvId: mc }] }] });
    const till = await legacy.devices.create({ mchId: merchant.mchId, deviceAlias: 'till-1', methodList: '01', extParams: { acquirers: { [String(profileId)]: { tid: 'T1', mid: 'M1' } } }, emvParams: { terminalCountryCode: '0840' } });
    const spare = await legacy.devices.create({ mchId: merchant.mchId, deviceAlias: 'spare' });
    await legacy.bindings.replace(merchant.mchId, { ...write, paymentMethods: [{ paymentMethodCode: '01', allows: ['Sale'], emvs: [{ emvId: visa }] }] });
    await legacy.devices.delete(spare.id);

    const mchInfo = `/api/v2/mchInfo/${merchant.mchId}`;
    const bind = `POST /api/v2/mchInfo/payment/${merchant.mchId}`;
    expect(sent(start)).toEqual([
      ['POST /api/v2/emv', { emvName: 'visa-usd', paymentMethod: '01', params: { aid: 'A0000000031010', clFloorLimit: 0 } }],
      ['POST /api/v2/emv', { emvName: 'mc-usd', paymentMethod: '02', params: { aid: 'A0000000041010' } }],
      [
        'POST /api/v2/acquirer',
        {
          profileName: 'host-a-usd',
          currency: 'USD',
          groupId: TEST_GROUP,
          connMessageFormat: 'HOSTA_8583',
          connUrl: 'https://host-a.example.com/iso',
          notifyUrl: 'https://pbo.example.com/notify',
          emvList: { '01': [visa], '02': [mc] },
          methodList: { '01': ['Sale'], '02': ['Sale'] },
        },
      ],
      ['POST /api/v2/mchInfo', { providerReference: 'shop-1', mchName: 'Corner Shop', contactName: 'Ada', contactEmail: 'ada@example.com', state: 1, activated: true, groupId: TEST_GROUP }],
      // A binding: one POST per method; the profile list read once, again after the profile create.
      ['GET /api/v2/acquirer?pageNumber=1&pageSize=-1'],
      [bind, { groupId: TEST_GROUP, paymentMethod: '01', profileId }],
      [bind, { groupId: TEST_GROUP, paymentMethod: '02', profileId }],
      [
        'POST /api/v2/device',
        { mchId: merchant.mchId, activateCodeAlias: 'till-1', deviceType: 'COTS', emvParams: { terminalCountryCode: '0840' }, methodList: { '01': {} }, extParams: { acqTid: 'T1', acqMid: 'M1' } },
      ],
      ['POST /api/v2/device', { mchId: merchant.mchId, activateCodeAlias: 'spare', deviceType: 'COTS' }],
      // A replace reads what is bound now, deletes what goes, posts nothing it keeps.
      [`GET ${mchInfo}`],
      [`DELETE /api/v2/mchInfo/payment/${merchant.mchId}/02`],
      [`DELETE /api/v2/device/${spare.id}`],
    ]);

    const bindings = await legacy.bindings.listAll(merchant.mchId);
    expect(bindings).toEqual([
      { merchantId: merchant.mchId, acquirerProfileId: String(profileId), acquirerProfileName: 'host-a-usd', currency: 'USD', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: visa }] }] },
    ]);
    const [device] = await legacy.devices.listAll(merchant.mchId);
    expect(device).toMatchObject({ deviceId: till.id, deviceAlias: 'till-1', methodList: '01', extParams: JSON.stringify({ acquirers: { [String(profileId)]: { tid: 'T1', mid: 'M1' } } }) });
    expect(sent(proxy.received.length - 2)).toEqual([[`GET ${mchInfo}`], [`GET /api/v2/device?merchantId=${merchant.mchId}&pageNumber=1&pageSize=-1`]]);

    await legacy.bindings.delete(merchant.mchId, write);
    expect(await legacy.bindings.listAll(merchant.mchId)).toEqual([]);
  });

  it('applies a manifest; the group then plans empty on both APIs, which normalise it the same', async () => {
    const first = await applyOn(clients().legacy, MANIFEST);
    expect(first.changes.map((c) => `${c.action} ${c.address}`).sort()).toEqual(
      [
        'create acquirer/host-a-usd',
        'create binding/bakery-002/host-a-usd/USD',
        'create binding/coffee-001/host-a-usd/USD',
        'create device/bakery-002/counter',
        'create device/bakery-002/spare',
        'create device/coffee-001/till-1',
        'create emv/mc-usd',
        'create emv/visa-usd',
        'create merchant/bakery-002',
        'create merchant/coffee-001',
      ].sort(),
    );
    // Nothing but the legacy configuration endpoints (and the owner) was written or read.
    expect(proxy.received.filter((r) => !r.path.startsWith('/api/v2/'))).toEqual([]);

    for (const client of Object.values(clients())) expect((await planOn(client, MANIFEST)).plan.changes, client.api).toEqual([]);

    // A binding loses a method, a device goes, a profile changes: applied through the legacy API.
    const changed = MANIFEST.replace('notifyUrl: https://pbo.example.com/notify', 'notifyUrl: https://pbo.example.com/notify-2')
      .replace('          "01": { emvs: [visa-usd], allows: [Sale, Refund] }\n          "02": { emvs: [mc-usd], allows: [Sale] }\n    devices:\n      - deviceAlias: counter\n      - deviceAlias: spare', '          "01": { emvs: [visa-usd], allows: [Sale, Refund] }\n    devices:\n      - deviceAlias: counter');
    const before = proxy.received.length;
    const second = await applyOn(clients().legacy, changed);
    expect(second.changes.map((c) => `${c.action} ${c.address}`).sort()).toEqual(['delete device/bakery-002/spare', 'update acquirer/host-a-usd', 'update binding/bakery-002/host-a-usd/USD']);
    const writes = sent(before, isWrite).map(([request]) => request.replace(/\/(M|CD-)?\d+/g, '/{id}'));
    expect(writes.sort()).toEqual(['DELETE /api/v2/device/{id}', 'DELETE /api/v2/mchInfo/payment/{id}/{id}', 'PUT /api/v2/acquirer/{id}'].sort());

    for (const client of Object.values(clients())) expect((await planOn(client, changed)).plan.changes, client.api).toEqual([]);
    const { legacy: legacyRead, current } = clients();
    const owner = await readOwner(legacyRead, TEST_GROUP);
    const [fromLegacy, fromCurrent] = await Promise.all([readAllLive(legacyRead, owner, { concurrency: 4 }), readAllLive(current, owner, { concurrency: 4 })]);
    expect(resources(fromLegacy.state)).toEqual(resources(fromCurrent.state));
    expect(Object.keys(resources(fromLegacy.state))).toHaveLength(9);
  });

  it('plans with one merchant read per merchant whose bindings it shows, never one per binding, and the profile list read once', async () => {
    await applyOn(clients().legacy, MANIFEST);
    const before = proxy.received.length;
    // A run of its own: its GroupClient has read nothing yet.
    const { plan } = await planOn(clients().legacy, MANIFEST);
    expect(plan.changes).toEqual([]);
    const reads = sent(before).map(([request]) => request.replace(/M\d+/g, '{mchId}'));
    expect(reads.sort()).toEqual(
      [
        'GET /api/v2/current',
        'GET /api/v2/emv?pageNumber=1&pageSize=-1',
        'GET /api/v2/acquirer?pageNumber=1&pageSize=-1',
        'GET /api/v2/mchInfo?pageNumber=1&pageSize=-1',
        // coffee-001 binds part of its profile: its summary item is the candidate, checked against its one read (summary-reading.ts).
        'GET /api/v2/mchInfo/{mchId}',
        'GET /api/v2/device?merchantId={mchId}&pageNumber=1&pageSize=-1',
        'GET /api/v2/device?merchantId={mchId}&pageNumber=1&pageSize=-1',
      ].sort(),
    );
  });

  it('plans a merchant with two bindings, each its whole profile, with one merchant read, not one per binding', async () => {
    const twoProfiles = `
version: 1
group: ${TEST_GROUP}
emvConfigs:
  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: { aid: A0000000031010 } }
  - { emvName: mc-usd, paymentMethod: "02", currency: USD, params: { aid: A0000000041010 } }
acquirerProfiles:
  - { profileName: host-a, currency: USD, connMessageFormat: HOSTA_8583, connUrl: https://a.example.com, notifyUrl: https://pbo.example.com/n, methods: { "01": { emvs: [visa-usd], allows: [Sale] } } }
  - { profileName: host-b, currency: USD, connMessageFormat: HOSTB_8583, connUrl: https://b.example.com, notifyUrl: https://pbo.example.com/n, methods: { "02": { emvs: [mc-usd], allows: [Sale] } } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Ada
    contactEmail: ada@example.com
    bindings:
      - { acquirer: host-a, currency: USD, methods: { "01": { emvs: [visa-usd], allows: [Sale] } } }
      - { acquirer: host-b, currency: USD, methods: { "02": { emvs: [mc-usd], allows: [Sale] } } }
`;
    await applyOn(clients().legacy, twoProfiles);
    const before = proxy.received.length;
    const { plan } = await planOn(clients().legacy, twoProfiles);
    expect(plan.changes).toEqual([]);
    // No item differs from its profile: no proof of the binding reading, so the managed merchant's bindings are read (summary-reading.ts rule 2).
    expect(sent(before).map(([request]) => request.replace(/M\d+/g, '{mchId}')).sort()).toEqual(
      [
        'GET /api/v2/current',
        'GET /api/v2/emv?pageNumber=1&pageSize=-1',
        'GET /api/v2/acquirer?pageNumber=1&pageSize=-1',
        'GET /api/v2/mchInfo?pageNumber=1&pageSize=-1',
        'GET /api/v2/mchInfo/{mchId}',
      ].sort(),
    );
  });
});
