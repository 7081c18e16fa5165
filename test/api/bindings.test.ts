import { expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { emvBody, merchantBody, profileBody, pageExtent, useWireStyleSimulators } from './helpers/sim-client.js';

const h = useWireStyleSimulators();

async function setup() {
  const client = h.client();
  const visa = await client.emvConfigs.create(emvBody('visa', '01'));
  const master = await client.emvConfigs.create(emvBody('master', '02'));
  const methods = JSON.stringify({ '01': [], '02': [] });
  const emvs = JSON.stringify({ '01': [visa.id], '02': [master.id] });
  const a = await client.acquirerProfiles.create(profileBody('acq-a', visa.id, { methodList: methods, emvList: emvs }));
  const b = await client.acquirerProfiles.create(profileBody('acq-b', visa.id, { methodList: methods, emvList: emvs }));
  const merchant = await client.merchants.create(merchantBody('shop-1'));
  return { client, visa: visa.id, master: master.id, a: String(a.id), b: String(b.id), mchId: merchant.mchId };
}

h.describe('merchant payment config (bindings)', () => {
  it('adds a binding and lists it as one record per (profile, currency)', async () => {
    const { client, visa, master, a, mchId } = await setup();
    await client.bindings.create(mchId, {
      acquirerProfileId: a,
      currency: 'USD',
      mid: 'MID-001',
      paymentMethods: [
        { paymentMethodCode: '01', emvs: [{ emvId: visa }] },
        { paymentMethodCode: '02', allows: [], emvs: [{ emvId: master }] },
      ],
    });
    const page = await client.bindings.list(mchId);
    expect(page).toMatchObject({ total: 1, current: 1, ...pageExtent(h.wireStyle, { hasNext: false, size: 20, pages: 1 }) });
    const [binding] = page.records;
    expect(binding).toMatchObject({ merchantId: mchId, acquirerProfileId: a, acquirerProfileName: 'acq-a', currency: 'USD', mid: 'MID-001' });
    expect(binding?.paymentMethods?.map((m) => [m.paymentMethodCode, m.emvs?.map((e) => e.emvId)])).toEqual([
      ['01', [visa]],
      ['02', [master]],
    ]);
  });

  it('replaces the whole subtree of one binding with PUT', async () => {
    const { client, visa, master, a, mchId } = await setup();
    await client.bindings.create(mchId, {
      acquirerProfileId: a,
      currency: 'USD',
      paymentMethods: [
        { paymentMethodCode: '01', emvs: [{ emvId: visa }] },
        { paymentMethodCode: '02', emvs: [{ emvId: master }] },
      ],
    });
    await client.bindings.replace(mchId, { acquirerProfileId: a, currency: 'USD', paymentMethods: [{ paymentMethodCode: '02', emvs: [{ emvId: master }] }] });
    const [binding] = await client.bindings.listAll(mchId);
    expect(binding?.paymentMethods?.map((m) => m.paymentMethodCode)).toEqual(['02']);
  });

  it('refuses a method already bound to another profile of the merchant, naming it', async () => {
    const { client, visa, a, b, mchId } = await setup();
    await client.bindings.create(mchId, { acquirerProfileId: a, currency: 'USD', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: visa }] }] });
    const error = (await client.bindings
      .create(mchId, { acquirerProfileId: b, currency: 'USD', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: visa }] }] })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serviceCode).toBe(10000);
    expect(error.serviceMessage).toContain('01');
    expect(error.path).toBe(`/api/openapi/v1/mchInfo/payment/${mchId}`);
  });

  it('deletes a binding by (acquirerProfileId, currency)', async () => {
    const { client, visa, master, a, b, mchId } = await setup();
    await client.bindings.create(mchId, { acquirerProfileId: a, currency: 'USD', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: visa }] }] });
    await client.bindings.create(mchId, { acquirerProfileId: b, currency: 'USD', paymentMethods: [{ paymentMethodCode: '02', emvs: [{ emvId: master }] }] });
    await client.bindings.delete(mchId, { acquirerProfileId: a, currency: 'USD' });
    expect(client.events.at(-1)?.path).toBe(`/api/openapi/v1/mchInfo/payment/${mchId}?acquirerProfileId=${a}&currency=USD`);
    expect((await client.bindings.listAll(mchId)).map((x) => x.acquirerProfileId)).toEqual([b]);
  });

  it('lists an empty payment config', async () => {
    const { client, mchId } = await setup();
    expect(await client.bindings.listAll(mchId)).toEqual([]);
    expect(client.events.at(-1)?.path).toBe(`/api/openapi/v1/mchInfo/payment/${mchId}?pageNumber=1&pageSize=100`);
  });
});
