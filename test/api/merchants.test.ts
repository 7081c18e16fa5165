import { expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { deviceBody, emvBody, merchantBody, onboardMerchant, profileBody, useWireStyleSimulators } from './helpers/sim-client.js';

const h = useWireStyleSimulators();

h.describe('merchants', () => {
  it('creates a merchant and returns it', async () => {
    const client = h.client();
    const merchant = await client.merchants.create(
      merchantBody('shop-1', { mcc: '5812', country: 'US', timeZone: 'America/New_York', state: 1, additionalData: { tier: 'gold' } }),
    );
    expect(merchant).toMatchObject({
      mchName: 'Shop shop-1',
      currency: 'USD',
      providerReference: 'shop-1',
      mcc: '5812',
      country: 'US',
      timeZone: 'America/New_York',
      state: 1,
    });
    expect(merchant.mchId).toMatch(/^M\d+$/);
    // The real service's uuid is the merchant id itself; the reference style keeps a separate UUID.
    if (h.wireStyle === 'real') expect(merchant.uuid).toBe(merchant.mchId);
    else expect(merchant.uuid).not.toBe(merchant.mchId);
  });

  it('gets one merchant by id, and null for an unknown id', async () => {
    const client = h.client();
    const created = await client.merchants.create(merchantBody('shop-1'));
    expect(await client.merchants.get(created.mchId)).toMatchObject({ mchId: created.mchId, providerReference: 'shop-1' });
    expect(await client.merchants.get('M000000000000')).toBeNull();
    expect(await client.merchants.get('no/such id')).toBeNull();
    expect(client.events.at(-1)?.path).toBe('/api/openapi/v1/mchInfo/no%2Fsuch%20id');
  });

  it('lists with exact mchId and uuid, partial mchName, and activationCode filters', async () => {
    const client = h.client();
    const a = await client.merchants.create(merchantBody('a', { mchName: 'Harbour Cafe' }));
    const b = await client.merchants.create(merchantBody('b', { mchName: 'Hill Bakery' }));
    const { activationCode } = await client.devices.create(deviceBody(b.mchId, 'till'));
    expect((await client.merchants.listAll()).map((m) => m.providerReference).sort()).toEqual(['a', 'b']);
    expect((await client.merchants.listAll({ mchName: 'Cafe' })).map((m) => m.mchId)).toEqual([a.mchId]);
    expect((await client.merchants.listAll({ mchId: b.mchId })).map((m) => m.mchId)).toEqual([b.mchId]);
    expect((await client.merchants.listAll({ uuid: a.uuid ?? '' })).map((m) => m.mchId)).toEqual([a.mchId]);
    expect((await client.merchants.listAll({ activationCode })).map((m) => m.mchId)).toEqual([b.mchId]);
    expect((await client.merchants.list({ pageSize: 1, pageNumber: 2 })).records).toHaveLength(1);
  });

  it('replaces the profile fields with PUT and returns the merchant', async () => {
    const client = h.client();
    const created = await client.merchants.create(merchantBody('shop-1', { contactPhone: '+1 555 0100' }));
    const replaced = await client.merchants.replace(created.mchId, merchantBody('shop-1', { mchName: 'Renamed', state: 0 }));
    expect(replaced).toMatchObject({ mchId: created.mchId, mchName: 'Renamed', state: 0 });
    // An unset field: null in the real style, left out in the reference's.
    expect(replaced.contactPhone).toBe(h.wireStyle === 'real' ? null : undefined);
    expect(await client.merchants.get(created.mchId)).toMatchObject({ mchName: 'Renamed' });
  });

  it('shows bindings in the read-only acquirers summary', async () => {
    const client = h.client();
    const { merchant, profileId } = await onboardMerchant(client);
    const read = await client.merchants.get(merchant.mchId);
    expect(read?.acquirers).toMatchObject([{ profileId, currency: 'USD' }]);
  });

  it('creates the default binding automatically when a default card profile exists', async () => {
    const client = h.client();
    const { id: emvId } = await client.emvConfigs.create(emvBody());
    const { id: profileId } = await client.acquirerProfiles.create(profileBody('acq-default', emvId, { asDefault: true }));
    const merchant = await client.merchants.create(merchantBody('shop-1'));
    expect(await client.bindings.listAll(merchant.mchId)).toMatchObject([{ acquirerProfileId: String(profileId), currency: 'USD' }]);
  });

  it('deletes a merchant, and is refused while it has a payment config', async () => {
    const client = h.client();
    const plain = await client.merchants.create(merchantBody('plain'));
    await client.merchants.delete(plain.mchId);
    expect(await client.merchants.get(plain.mchId)).toBeNull();

    const { merchant } = await onboardMerchant(client, 'bound');
    const error = await client.merchants.delete(merchant.mchId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ method: 'DELETE', path: `/api/openapi/v1/mchInfo/${merchant.mchId}`, httpStatus: 200 });
  });

  it('refuses an invalid body with code 10000 and a message naming the field', async () => {
    const client = h.client();
    const error = (await client.merchants.create({ ...merchantBody('x'), contactEmail: 'not-an-email' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serviceCode).toBe(10000);
    expect(error.serviceMessage).toContain('contactEmail');
  });
});
