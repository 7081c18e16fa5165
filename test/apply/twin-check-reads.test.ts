/**
 * The twin checks after device creates (see src/apply/settled-device-lists.ts) read each merchant's
 * device list once when its creates are answered together, and read again for a create answered
 * after that read went out. Requests are counted by the simulator; when each create is answered is
 * set by the test (it holds answers back), not left to timing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import type { DeviceCreate, DeviceCreated } from '../../src/api/wire-types.js';
import { executePlan } from '../../src/apply/execute-plan.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { computePlan } from '../../src/workflow/compute-plan.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const DEVICE_LIST = 'GET /api/openapi/v1/device';

let sim: TestSimulator;
let groups = 0;
const clients: ApiClient[] = [];

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sim.close();
});

function manifest(merchants: number, devices: number): string {
  const blocks = Array.from({ length: merchants }, (_, m) => {
    const tills = Array.from({ length: devices }, (_, d) => `
      - deviceAlias: till-${d + 1}
        deviceName: Till ${d + 1}
        methods: ["01"]`).join('');
    return `
  - providerReference: shop-${m + 1}
    mchName: Shop ${m + 1}
    currency: USD
    contactName: Jane
    contactEmail: jane@shop-${m + 1}.example
    bindings:
      - acquirer: host-a
        currency: USD
        methods:
          "01": { emvs: [visa-usd] }
    devices:${devices === 0 ? ' []' : tills}`;
  });
  return `version: 1
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
merchants:${blocks.join('')}
`;
}

/** The client the apply uses: the real one, with device creates and lists passed through `wrap`. */
type DeviceCalls = Pick<ApiClient['devices'], 'create' | 'listAll'>;

async function newGroup(): Promise<{ groupId: string; client: ApiClient }> {
  groups += 1;
  const groupId = `G-84${String(groups).padStart(6, '0')}`;
  await sim.admin.createGroup({ groupId });
  const client = createApiClient({ baseUrl: sim.url, token: sim.token(groupId), strictApi: true });
  clients.push(client);
  return { groupId, client };
}

/** Plans `text` and applies it with the device calls wrapped; answers the outcomes and the device list reads the apply sent. */
async function apply(client: ApiClient, text: string, wrap: (real: DeviceCalls) => Partial<DeviceCalls> = () => ({}), parallelism = 8) {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-twin-reads-'));
  writeFileSync(join(dir, 'paycfg.yaml'), text);
  const { plan, desired, live } = await computePlan({ paths: [join(dir, 'paycfg.yaml')], env: {}, cwd: dir, client, concurrency: 4 });
  const wrapped: ApiClient = { ...client, devices: { ...client.devices, ...wrap(client.devices) } };
  const before = (await sim.admin.stats()).byRoute[DEVICE_LIST] ?? 0;
  const result = await executePlan(plan, { client: wrapped, ids: IdRegistry.fromLive(live.state), live, desired, plan }, { parallelism });
  const deviceLists = ((await sim.admin.stats()).byRoute[DEVICE_LIST] ?? 0) - before;
  return { result, deviceLists };
}

/** A promise and the function that settles it. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

describe('device list reads of the twin checks', () => {
  it('an apply from empty reads each merchant\'s devices once, however many it created', async () => {
    const { client } = await newGroup();
    // Each merchant's creates are answered together, once the service has answered all three.
    const answered = new Map<string, { count: number; all: ReturnType<typeof signal> }>();
    const { result, deviceLists } = await apply(client, manifest(2, 3), (real) => ({
      create: async (body: DeviceCreate): Promise<DeviceCreated> => {
        const created = await real.create(body);
        const merchant = answered.get(body.mchId) ?? { count: 0, all: signal() };
        answered.set(body.mchId, merchant);
        merchant.count += 1;
        if (merchant.count === 3) merchant.all.fire();
        await merchant.all.promise;
        return created;
      },
    }));
    expect(result.failed).toBe(0);
    expect(result.outcomes.filter((o) => o.address.startsWith('device/')).map((o) => o.detail?.replace(/\d+/g, 'N'))).toEqual(Array(6).fill('created CD-N'));
    expect(deviceLists).toBe(2);
  }, 20_000);

  it('a create answered after its merchant\'s read was sent gets a read of its own', async () => {
    const { groupId, client } = await newGroup();
    expect((await apply(client, manifest(1, 0))).result.failed).toBe(0);
    // till-3's create is sent only once the read shared by till-1 and till-2 has gone out.
    const firstRead = signal();
    const { result, deviceLists } = await apply(client, manifest(1, 3), (real) => ({
      listAll: (mchId, q) => {
        firstRead.fire();
        return real.listAll(mchId, q);
      },
      create: async (body: DeviceCreate): Promise<DeviceCreated> => {
        if (body.deviceAlias === 'till-3') await firstRead.promise;
        return real.create(body);
      },
    }));
    expect(result.outcomes.map((o) => [o.address, o.status, o.detail?.replace(/\d+/g, 'N')])).toEqual([
      ['device/shop-1/till-1', 'done', 'created CD-N'],
      ['device/shop-1/till-2', 'done', 'created CD-N'],
      ['device/shop-1/till-3', 'done', 'created CD-N'],
    ]);
    expect(deviceLists).toBe(2);
    const mchId = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId)).body.data.records[0].mchId;
    const devices = (await sim.api('GET', `/api/openapi/v1/device?mchId=${mchId}&pageSize=-1`, undefined, groupId)).body.data.records;
    expect(devices.map((d: { deviceAlias: string }) => d.deviceAlias).sort()).toEqual(['till-1', 'till-2', 'till-3']);
  }, 20_000);
});
