import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, WireFormatError } from '../../src/api/index.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { legacyBoundMerchant, legacyGroup } from './helpers/legacy-client-fixtures.js';
import { ok, startScriptedPeer } from './helpers/scripted-peer.js';
import { useWireStyleSimulators } from './helpers/sim-client.js';

/** client.legacy.devices against a legacy group of the simulator, both wire styles, strict (legacy-device, legacy-device-created, id-result). */

const h = useWireStyleSimulators();

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (e: unknown) => e);
const digits = (id: string): number => Number(id.replace(/\D/g, ''));

h.describe('client.legacy.devices', () => {
  beforeEach(() => legacyGroup(h));

  it('creates an activation code with methodList and extParams given as objects (sent JSON-encoded), and lists it in the legacy shape', async () => {
    const client = h.client();
    const { merchant, profileId } = await legacyBoundMerchant(client);
    const created = await client.legacy.devices.create({
      mchId: merchant.mchId,
      activateCodeAlias: 'till-1',
      deviceType: 'COTS',
      deviceAdmin: 'till-admin-1',
      methodList: { all: { tid: 'TID00001', mid: 'MID00001' } },
    });
    expect(created).toEqual({ id: expect.stringMatching(/^CD-\d+$/), activationCode: expect.stringMatching(/^\d{12}$/) });

    const page = await client.legacy.devices.list(merchant.mchId);
    expect(client.events.at(-1)?.path).toBe(`/api/v2/device?merchantId=${merchant.mchId}&pageSize=20`);
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      deviceId: created.id,
      activateCodeAlias: 'till-1',
      deviceType: 'COTS',
      deviceStatus: 0,
      customerId: TEST_GROUP,
      profileId: String(profileId),
      extParams: { acqTid: 'TID00001', acqMid: 'MID00001' },
    });
    expect(page.records[0]?.isDevice ?? undefined).toBeUndefined();
    expect((await client.legacy.devices.listAll(merchant.mchId)).map((d) => d.deviceId)).toEqual([created.id]);
    expect(client.events.at(-1)?.path).toBe(`/api/v2/device?merchantId=${merchant.mchId}&pageNumber=1&pageSize=-1`);
  });

  it('updates a code (objects sent JSON-encoded) and answers its id as a number; the current API sees the same device', async () => {
    const client = h.client();
    const { merchant, profileId } = await legacyBoundMerchant(client);
    const created = await client.legacy.devices.create({ mchId: merchant.mchId, activateCodeAlias: 'till-1', deviceType: 'COTS' });
    expect(
      await client.legacy.devices.update(created.id, {
        activateCodeAlias: 'till-9',
        extParams: { acqTid: 'TID00009', acqMid: 'MID00009', jwtSecret: 'device-jwt-secret-9' },
        emvParams: { terminalCountryCode: '0250' },
      }),
    ).toEqual({ id: digits(created.id) });
    const [device] = await client.legacy.devices.listAll(merchant.mchId);
    expect(device).toMatchObject({ activateCodeAlias: 'till-9', extParams: { acqTid: 'TID00009', acqMid: 'MID00009', jwtSecret: 'device-jwt-secret-9' } });
    expect(JSON.parse(String(device?.emvParams))).toMatchObject({ terminalCountryCode: '0250', terminalType: '21' });

    const current = await client.devices.get(created.id);
    expect(current).toMatchObject({ deviceId: created.id, deviceAlias: 'till-9' });
    expect(JSON.parse(current?.extParams ?? '')).toEqual({ acquirers: { [String(profileId)]: { tid: 'TID00009', mid: 'MID00009', jwtSecret: 'device-jwt-secret-9' } } });
  });

  it('shows a code created through the current API in the legacy shape', async () => {
    const client = h.client();
    const { merchant } = await legacyBoundMerchant(client);
    const code = await client.devices.create({ mchId: merchant.mchId, deviceAlias: 'current-till' });
    expect((await client.legacy.devices.listAll(merchant.mchId)).map((d) => [d.deviceId, d.activateCodeAlias])).toEqual([[code.id, 'current-till']]);
  });

  it('deletes a pending code; logs out and decommissions an activated device by deviceStatus', async () => {
    const client = h.client();
    const { merchant } = await legacyBoundMerchant(client);
    const gone = await client.legacy.devices.create({ mchId: merchant.mchId, activateCodeAlias: 'gone', deviceType: 'COTS' });
    expect(await client.legacy.devices.delete(gone.id)).toEqual({ id: digits(gone.id) });
    expect(await client.legacy.devices.listAll(merchant.mchId)).toEqual([]);

    const code = await client.legacy.devices.create({ mchId: merchant.mchId, activateCodeAlias: 'till', deviceType: 'COTS' });
    const { deviceId } = (await h.sim.admin.activate(code.activationCode)) as { deviceId: string };
    const [active] = await client.legacy.devices.listAll(merchant.mchId);
    expect(active).toMatchObject({ deviceId, deviceStatus: 1, isDevice: true });

    expect(await client.legacy.devices.delete(deviceId, 2)).toEqual({ id: digits(deviceId) });
    expect(client.events.at(-1)?.path).toBe(`/api/v2/device/${deviceId}?deviceStatus=2`);
    expect((await client.legacy.devices.listAll(merchant.mchId))[0]?.deviceStatus).toBe(2);
    await client.legacy.devices.delete(deviceId, 3);
    expect((await client.legacy.devices.listAll(merchant.mchId))[0]?.deviceStatus).toBe(3);
    const refused = await failureOf(client.legacy.devices.update(deviceId, { deviceName: 'again' }));
    expect(refused).toBeInstanceOf(ApiError);
  });

  it('refuses a create without the merchant, naming the field', async () => {
    const client = h.client();
    const error = (await failureOf(client.legacy.devices.create({ mchId: '', activateCodeAlias: 'till', deviceType: 'COTS' }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serviceMessage).toContain('mchId');
  });
});

describe('the legacy create answer in either version of the reference', () => {
  it("reads the reference table's activeCode as activationCode, and refuses an answer without a code", async () => {
    const answers = [{ id: 'CD-123456789012', activeCode: '123456789012' }, { id: 'CD-123456789012' }];
    const peer = await startScriptedPeer((_request, index) => ok(answers[index]));
    const client = createApiClient({ baseUrl: peer.url, token: 'a-token-for-the-scripted-peer', retry: { maxAttempts: 1 } });
    try {
      const body = { mchId: 'M1', activateCodeAlias: 'till', deviceType: 'COTS' };
      expect(await client.legacy.devices.create(body)).toEqual({ id: 'CD-123456789012', activationCode: '123456789012' });
      const error = (await failureOf(client.legacy.devices.create(body))) as WireFormatError;
      expect(error).toBeInstanceOf(WireFormatError);
      expect(error.pointer).toBe('/data/activationCode');
      expect(peer.received.map((r) => JSON.parse(r.body))).toEqual([body, body]);
    } finally {
      await client.close();
      await peer.close();
    }
  });
});
