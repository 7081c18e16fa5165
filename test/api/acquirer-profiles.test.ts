import { expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { emvBody, merchantBody, profileBody, pageExtent, useWireStyleSimulators } from './helpers/sim-client.js';

const h = useWireStyleSimulators();

async function withEmv() {
  const client = h.client();
  const { id: emvId } = await client.emvConfigs.create(emvBody());
  return { client, emvId };
}

h.describe('acquirer profiles', () => {
  it('creates a profile and reads it back with JSON-encoded fields as strings', async () => {
    const { client, emvId } = await withEmv();
    const created = await client.acquirerProfiles.create(profileBody('acq-a', emvId, { notifyUrl: 'https://pbo.example/notify' }));
    expect(created).toEqual({ id: expect.any(Number) });

    const page = await client.acquirerProfiles.list();
    expect(page).toMatchObject({ total: 1, current: 1, ...pageExtent(h.wireStyle, { hasNext: false, size: 20, pages: 1 }) });
    const [profile] = page.records;
    expect(profile).toMatchObject({
      profileId: created.id,
      profileName: 'acq-a',
      currency: 'USD',
      acqType: 'card',
      connMessageFormat: 'HOSTA_8583',
      notifyUrl: 'https://pbo.example/notify',
    });
    expect(JSON.parse(profile?.methodList ?? '')).toEqual({ '01': [] });
    expect(JSON.parse(profile?.emvList ?? '')).toEqual({ '01': [emvId] });
  });

  it('filters by partial profileName and pages with pageNumber/pageSize', async () => {
    const { client, emvId } = await withEmv();
    for (const name of ['north-1', 'north-2', 'south-1']) await client.acquirerProfiles.create(profileBody(name, emvId));
    expect((await client.acquirerProfiles.listAll({ profileName: 'north' })).map((p) => p.profileName).sort()).toEqual(['north-1', 'north-2']);
    const second = await client.acquirerProfiles.list({ pageNumber: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, current: 2, ...pageExtent(h.wireStyle, { hasNext: false, size: 2, pages: 2 }) });
    expect(second.records).toHaveLength(1);
    expect(client.events.at(-1)?.path).toBe('/api/openapi/v1/acquirer?pageNumber=2&pageSize=2');
  });

  it('updates only the fields sent, by numeric or string id', async () => {
    const { client, emvId } = await withEmv();
    const { id } = await client.acquirerProfiles.create(profileBody('acq-a', emvId));
    await client.acquirerProfiles.update(id, { connUrl: 'https://new.example/host' });
    await client.acquirerProfiles.update(String(id), { asSettleBlock: true });
    const [profile] = await client.acquirerProfiles.listAll();
    expect(profile).toMatchObject({ connUrl: 'https://new.example/host', asSettleBlock: true, profileName: 'acq-a', connMessageFormat: 'HOSTA_8583' });
  });

  it('moves the default flag within an acqType (reference 3.3)', async () => {
    const { client, emvId } = await withEmv();
    const a = await client.acquirerProfiles.create(profileBody('acq-a', emvId, { asDefault: true }));
    const b = await client.acquirerProfiles.create(profileBody('acq-b', emvId));
    await client.acquirerProfiles.update(b.id, { asDefault: true });
    const byId = new Map((await client.acquirerProfiles.listAll()).map((p) => [p.profileId, p.asDefault]));
    expect(byId.get(a.id)).toBe(false);
    expect(byId.get(b.id)).toBe(true);
  });

  it('raises ApiError 10000 for a card profile without EMV configs', async () => {
    const client = h.client();
    const body = profileBody('acq-bad', 1);
    delete body.emvList;
    const error = (await client.acquirerProfiles.create(body).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ serviceCode: 10000, method: 'POST', path: '/api/openapi/v1/acquirer', httpStatus: 200 });
  });

  it('deletes a profile, and is refused while a merchant binds it', async () => {
    const { client, emvId } = await withEmv();
    const free = await client.acquirerProfiles.create(profileBody('acq-free', emvId));
    const used = await client.acquirerProfiles.create(profileBody('acq-used', emvId));
    const merchant = await client.merchants.create(merchantBody('shop-1'));
    await client.bindings.create(merchant.mchId, {
      acquirerProfileId: String(used.id),
      currency: 'USD',
      paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId }] }],
    });

    await client.acquirerProfiles.delete(free.id);
    const error = (await client.acquirerProfiles.delete(used.id).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serviceCode).toBe(10000);
    expect(error.serviceMessage).toBe('Current acquirer used by merchant');
    expect(error.path).toBe(`/api/openapi/v1/acquirer/${used.id}`);
    expect((await client.acquirerProfiles.listAll()).map((p) => p.profileName)).toEqual(['acq-used']);
  });
});
