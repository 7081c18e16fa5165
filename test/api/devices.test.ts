import { expect, it } from 'vitest';
import { ApiError, OwnerInfoInvalidError } from '../../src/api/index.js';
import { deviceBody, merchantBody, onboardMerchant, pageExtent, useWireStyleSimulators } from './helpers/sim-client.js';

const h = useWireStyleSimulators();

h.describe('devices and activation codes', () => {
  it('creates an activation code; profileId is null while no acquirer is bound', async () => {
    const client = h.client();
    const merchant = await client.merchants.create(merchantBody('shop-1'));
    const created = await client.devices.create(deviceBody(merchant.mchId, 'till-1'));
    expect(created).toEqual({ id: expect.stringMatching(/^CD-/), activationCode: expect.any(String), profileId: null });
  });

  it('creates a code for a bound merchant with extParams and emvParams as objects', async () => {
    const client = h.client();
    const { merchant, profileId } = await onboardMerchant(client);
    const created = await client.devices.create(
      deviceBody(merchant.mchId, 'till-1', {
        deviceName: 'Front till',
        deviceAdmin: 'admin-1234',
        methodList: '01',
        extParams: { acquirers: { [String(profileId)]: { tid: 'T01', mid: 'M01' } } },
        emvParams: { terminalCountryCode: '0250', netDExReaderCapability: 18000 },
      }),
    );
    expect(created.profileId).toBe(String(profileId));
    const device = await client.devices.get(created.id);
    expect(device).toMatchObject({ deviceId: created.id, deviceAlias: 'till-1', deviceName: 'Front till', deviceStatus: 0 });
    expect(device?.isDevice).toBeUndefined();
    expect(JSON.parse(device?.extParams ?? '')).toEqual({ acquirers: { [String(profileId)]: { tid: 'T01', mid: 'M01' } } });
    expect(JSON.parse(device?.emvParams ?? '')).toMatchObject({ terminalCountryCode: '0250' });
    expect(JSON.parse(device?.deviceToken ?? '')).toEqual({ activationCode: created.activationCode });
  });

  it('lists the devices of a merchant, filtered by deviceId', async () => {
    const client = h.client();
    const merchant = await client.merchants.create(merchantBody('shop-1'));
    const one = await client.devices.create(deviceBody(merchant.mchId, 'till-1'));
    await client.devices.create(deviceBody(merchant.mchId, 'till-2'));
    expect((await client.devices.listAll(merchant.mchId)).map((d) => d.deviceAlias).sort()).toEqual(['till-1', 'till-2']);
    expect((await client.devices.listAll(merchant.mchId, { deviceId: one.id })).map((d) => d.deviceAlias)).toEqual(['till-1']);
    expect(client.events.at(-1)?.path).toBe(`/api/openapi/v1/device?mchId=${merchant.mchId}&deviceId=${one.id}&pageNumber=1&pageSize=-1`);
    expect(await client.devices.list(merchant.mchId, { pageSize: 1 })).toMatchObject({ total: 2, ...pageExtent(h.wireStyle, { hasNext: true, size: 1, pages: 2 }) });
  });

  it('gets a device by CD- id or bare activation code, and null for an unknown id', async () => {
    const client = h.client();
    const merchant = await client.merchants.create(merchantBody('shop-1'));
    const created = await client.devices.create(deviceBody(merchant.mchId, 'till-1'));
    expect((await client.devices.get(created.activationCode))?.deviceId).toBe(created.id);
    expect(await client.devices.get('CD-000000000000')).toBeNull();
  });

  it('updates explicitly: sent fields change, null clears, omitted fields stay', async () => {
    const client = h.client();
    const { merchant, profileId } = await onboardMerchant(client);
    const created = await client.devices.create(deviceBody(merchant.mchId, 'till-1', { deviceName: 'Front' }));
    await client.devices.update(created.id, {
      deviceAlias: 'till-9',
      extParams: JSON.stringify({ acquirers: { [String(profileId)]: { tid: 'T09', mid: 'M09' } } }),
    });
    let device = await client.devices.get(created.id);
    expect(device).toMatchObject({ deviceAlias: 'till-9', deviceName: 'Front' });
    expect(JSON.parse(device?.extParams ?? '')).toEqual({ acquirers: { [String(profileId)]: { tid: 'T09', mid: 'M09' } } });
    await client.devices.update(created.id, { deviceName: null });
    device = await client.devices.get(created.id);
    // An unset field: null in the real style, left out in the reference's.
    expect(device?.deviceName).toBe(h.wireStyle === 'real' ? null : undefined);
    expect(device?.deviceAlias).toBe('till-9');
  });

  it('reads the resolved EMV values pushed to a device', async () => {
    const client = h.client();
    const { merchant } = await onboardMerchant(client);
    const created = await client.devices.create(deviceBody(merchant.mchId, 'till-1'));
    const emv = await client.devices.emv(created.id);
    expect(emv?.emvAID).toEqual([{ aid: 'A0000000031010', paymentMethod: '01' }]);
    expect(emv?.emvParams).toMatchObject({ terminalType: expect.any(String) });
    expect(await client.devices.emv('CD-000000000000')).toBeNull();
  });

  it('deletes a pending code, idles one, and e-mails one', async () => {
    const client = h.client();
    const merchant = await client.merchants.create(merchantBody('shop-1'));
    const gone = await client.devices.create(deviceBody(merchant.mchId, 'gone'));
    const idle = await client.devices.create(deviceBody(merchant.mchId, 'idle'));
    await client.devices.delete(gone.id);
    expect(await client.devices.get(gone.id)).toBeNull();
    await client.devices.idle(idle.id);
    expect(client.events.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/openapi/v1/device/${idle.id}/idle`, outcome: 'ok' });
    await client.devices.sendActivationCode({ deviceId: idle.id, email: 'ops@example.com' });
    expect(client.stats().byMethod).toEqual({ POST: 4, DELETE: 2, GET: 1 });
  });

  it('logs out and decommissions an activated device with deviceStatus', async () => {
    const client = h.client();
    const { merchant } = await onboardMerchant(client);
    const created = await client.devices.create(deviceBody(merchant.mchId, 'till-1'));
    await h.sim.admin.activate(created.activationCode);
    const [active] = await client.devices.listAll(merchant.mchId);
    expect(active).toMatchObject({ deviceStatus: 1, isDevice: true });
    const id = active?.deviceId ?? '';

    const refused = await client.devices.delete(id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    await client.devices.delete(id, { deviceStatus: 2 });
    expect(client.events.at(-1)?.path).toBe(`/api/openapi/v1/device/${id}?deviceStatus=2`);
    expect((await client.devices.get(id))?.deviceStatus).toBe(2);
    await client.devices.delete(id, { deviceStatus: 3 });
    expect((await client.devices.get(id))?.deviceStatus).toBe(3);
  });

  it("raises OwnerInfoInvalidError for another group's device (code 13000)", async () => {
    const owner = h.client();
    const merchant = await owner.merchants.create(merchantBody('shop-1'));
    const created = await owner.devices.create(deviceBody(merchant.mchId, 'till-1'));
    const stranger = h.client({ groupId: 'G-00000099' });
    const error = (await stranger.devices.get(created.id).catch((e: unknown) => e)) as OwnerInfoInvalidError;
    expect(error).toBeInstanceOf(OwnerInfoInvalidError);
    expect(error).toMatchObject({ serviceCode: 13000, method: 'GET', path: `/api/openapi/v1/device/${created.id}` });
    expect(error.message).toContain('belongs to another merchant or PBO group');
  });
});
