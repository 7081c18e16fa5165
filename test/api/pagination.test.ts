import { describe, expect, it } from 'vitest';
import { createApiClient, WireFormatError, type ApiClient } from '../../src/api/index.js';
import { ok, startScriptedPeer } from './helpers/scripted-peer.js';
import { deviceBody, emvBody, merchantBody, profileBody, pageExtent, useWireStyleSimulators } from './helpers/sim-client.js';

const h = useWireStyleSimulators();

const listPaths = (client: { events: Array<{ method: string; path: string }> }) =>
  client.events.filter((e) => e.method === 'GET').map((e) => e.path);

/** 7 records of every kind, 5 bindings on merchant m-0. */
async function seed(client: ApiClient) {
  const emvIds: number[] = [];
  for (const code of ['01', '02', '03', '04', '05', '06']) emvIds.push((await client.emvConfigs.create(emvBody(`emv-${code}`, code))).id);
  emvIds.push((await client.emvConfigs.create(emvBody('emv-extra', '01'))).id);
  const profileIds: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const code = `0${(i % 6) + 1}`;
    const emvId = emvIds[i % 6] ?? 0;
    profileIds.push(
      (
        await client.acquirerProfiles.create(
          profileBody(`acq-${i}`, emvId, { methodList: JSON.stringify({ [code]: [] }), emvList: JSON.stringify({ [code]: [emvId] }) }),
        )
      ).id,
    );
  }
  const merchants: string[] = [];
  for (let i = 0; i < 7; i += 1) merchants.push((await client.merchants.create(merchantBody(`m-${i}`))).mchId);
  const mchId = merchants[0] ?? '';
  for (let i = 0; i < 5; i += 1) {
    await client.bindings.create(mchId, {
      acquirerProfileId: String(profileIds[i]),
      currency: 'USD',
      paymentMethods: [{ paymentMethodCode: `0${i + 1}`, emvs: [{ emvId: emvIds[i] ?? 0 }] }],
    });
  }
  for (let i = 0; i < 7; i += 1) {
    const profileId = String(profileIds[0]);
    await client.devices.create(deviceBody(mchId, `till-${i}`, { extParams: { acquirers: { [profileId]: { tid: `T${i}`, mid: 'M' } } } }));
  }
  return { mchId };
}

async function readAll(client: ApiClient, mchId: string) {
  return {
    emv: (await client.emvConfigs.listAll()).map((e) => e.emvName),
    profiles: (await client.acquirerProfiles.listAll()).map((p) => p.profileName),
    merchants: (await client.merchants.listAll()).map((m) => m.providerReference),
    bindings: (await client.bindings.listAll(mchId)).map((b) => b.acquirerProfileName),
    devices: (await client.devices.listAll(mchId)).map((d) => d.deviceAlias),
  };
}

const EXPECTED = {
  emv: ['emv-01', 'emv-02', 'emv-03', 'emv-04', 'emv-05', 'emv-06', 'emv-extra'],
  profiles: ['acq-0', 'acq-1', 'acq-2', 'acq-3', 'acq-4', 'acq-5', 'acq-6'],
  merchants: ['m-0', 'm-1', 'm-2', 'm-3', 'm-4', 'm-5', 'm-6'],
  bindings: ['acq-0', 'acq-1', 'acq-2', 'acq-3', 'acq-4'],
  devices: ['till-0', 'till-1', 'till-2', 'till-3', 'till-4', 'till-5', 'till-6'],
};

const sorted = (all: Record<string, Array<string | undefined>>) =>
  Object.fromEntries(Object.entries(all).map(([k, v]) => [k, [...v].sort()]));

h.describe('list-all helpers', () => {
  it('read every kind in one request each when pageSize=-1 is honoured', async () => {
    const client = h.client();
    const { mchId } = await seed(client);
    client.events.length = 0;
    expect(sorted(await readAll(client, mchId))).toEqual(EXPECTED);
    expect(listPaths(client)).toEqual([
      '/api/openapi/v1/emv?pageNumber=1&pageSize=-1',
      '/api/openapi/v1/acquirer?pageNumber=1&pageSize=-1',
      '/api/openapi/v1/mchInfo?pageNumber=1&pageSize=-1',
      `/api/openapi/v1/mchInfo/payment/${mchId}?pageNumber=1&pageSize=100`,
      `/api/openapi/v1/device?mchId=${mchId}&pageNumber=1&pageSize=-1`,
    ]);
  });

  it('fall back to walking pages when the server caps the page size', async () => {
    const client = h.client();
    const { mchId } = await seed(client);
    await h.sim.admin.faults({ maxPageSize: 3 });
    client.events.length = 0;
    expect(sorted(await readAll(client, mchId))).toEqual(EXPECTED);
    const paths = listPaths(client);
    expect(paths.filter((p) => p.startsWith('/api/openapi/v1/emv?'))).toEqual([
      '/api/openapi/v1/emv?pageNumber=1&pageSize=-1',
      '/api/openapi/v1/emv?pageNumber=2&pageSize=3',
      '/api/openapi/v1/emv?pageNumber=3&pageSize=3',
    ]);
    expect(paths.filter((p) => p.startsWith('/api/openapi/v1/mchInfo/payment/'))).toEqual([
      `/api/openapi/v1/mchInfo/payment/${mchId}?pageNumber=1&pageSize=100`,
      `/api/openapi/v1/mchInfo/payment/${mchId}?pageNumber=2&pageSize=3`,
    ]);
    // 3 pages for each kind of 7 records, 2 for the 5 bindings.
    expect(paths).toHaveLength(3 * 4 + 2);
  });

  it('keep the caller filters on every page', async () => {
    const client = h.client();
    await seed(client);
    await h.sim.admin.faults({ maxPageSize: 2 });
    client.events.length = 0;
    expect((await client.emvConfigs.listAll({ paymentMethod: '01' })).map((e) => e.emvName).sort()).toEqual(['emv-01', 'emv-extra']);
    expect((await client.acquirerProfiles.listAll({ profileName: 'acq-' })).length).toBe(7);
    expect(listPaths(client).slice(-1)).toEqual(['/api/openapi/v1/acquirer?profileName=acq-&pageNumber=4&pageSize=2']);
  });

  it('return one page as asked from list()', async () => {
    const client = h.client();
    await seed(client);
    const page = await client.merchants.list({ pageNumber: 2, pageSize: 3 });
    expect(page).toMatchObject({ total: 7, current: 2, ...pageExtent(h.wireStyle, { hasNext: true, size: 3, pages: 3 }) });
    expect(page.records.map((m) => m.providerReference)).toEqual(['m-3', 'm-4', 'm-5']);
  });

  it('send the page size from list() even when the caller gives none (legacy lists default to 10)', async () => {
    const client = h.client();
    await client.emvConfigs.list();
    await client.merchants.list({ pageNumber: 2 });
    expect(listPaths(client)).toEqual(['/api/openapi/v1/emv?pageSize=20', '/api/openapi/v1/mchInfo?pageNumber=2&pageSize=20']);
  });
});

describe('servers whose paging lies', () => {
  it('refuse a hasNext that repeats the same page instead of looping', async () => {
    const record = { mchId: 'M1', mchName: 'a', currency: 'USD', contactName: 'n', contactEmail: 'e' };
    const peer = await startScriptedPeer((request) => {
      const current = Number(new URL(request.url, 'http://x').searchParams.get('pageNumber'));
      return ok({ total: 5, current, hasNext: true, records: [record] });
    });
    const client = createApiClient({ baseUrl: peer.url, token: 'peer-token-1' });
    try {
      const error = (await client.merchants.listAll().catch((e: unknown) => e)) as WireFormatError;
      expect(error).toBeInstanceOf(WireFormatError);
      expect(error.message).toContain('repeats record "M1"');
      expect(peer.received).toHaveLength(2);
    } finally {
      await client.close();
      await peer.close();
    }
  });

  it('stop a hasNext that never ends', async () => {
    let n = 0;
    const peer = await startScriptedPeer((request) => {
      const current = Number(new URL(request.url, 'http://x').searchParams.get('pageNumber'));
      n += 1;
      return ok({ total: 2, current, hasNext: true, records: [{ id: n, emvName: `e${n}`, paymentMethod: '01', currency: 'USD', params: '{}' }] });
    });
    const client = createApiClient({ baseUrl: peer.url, token: 'peer-token-1' });
    try {
      const error = (await client.emvConfigs.listAll().catch((e: unknown) => e)) as WireFormatError;
      expect(error).toBeInstanceOf(WireFormatError);
      expect(error.pointer).toBe('/data/hasNext');
      expect(peer.received.length).toBeLessThanOrEqual(4);
    } finally {
      await client.close();
      await peer.close();
    }
  });
});
