import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, LegacyApiRejectedError } from '../../src/api/index.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { legacyBoundMerchant, legacyGroup } from './helpers/legacy-client-fixtures.js';
import { merchantBody, useWireStyleSimulators } from './helpers/sim-client.js';

/** client.legacy.merchants against a legacy group of the simulator, both wire styles, strict (schema legacy-merchant). */

const h = useWireStyleSimulators();

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (e: unknown) => e);

h.describe('client.legacy.merchants', () => {
  it('raises LegacyApiRejectedError (13310) for a group on the current API, on reads and writes alike', async () => {
    const client = h.client();
    for (const run of [
      () => client.legacy.merchants.list(),
      () => client.legacy.merchants.get('M1'),
      () => client.legacy.merchants.create({ mchName: 'Shop', contactName: 'Ada', contactEmail: 'ada@example.com' }),
      () => client.legacy.merchants.unbindMethod('M1', '01'),
      () => client.legacy.devices.listAll('M1'),
      () => client.legacy.acquirerProfiles.listAll(),
      () => client.legacy.emvConfigs.listAll(),
    ]) {
      const error = (await failureOf(run())) as LegacyApiRejectedError;
      expect(error).toBeInstanceOf(LegacyApiRejectedError);
      expect(error.serviceCode).toBe(13310);
    }
    // Refusals are answers: each sent once.
    expect(client.stats().retries).toBe(0);
  });

  describe('on a legacy group', () => {
    beforeEach(() => legacyGroup(h));

    it('creates, reads, lists and filters merchants; null for an unknown id; the size is always sent', async () => {
      const client = h.client();
      const created = await client.legacy.merchants.create({
        mchName: 'Corner Shop',
        contactName: 'Ada',
        contactEmail: 'ada@example.com',
        groupId: TEST_GROUP,
        mcc: '5411',
        providerReference: 'shop-1',
      });
      expect(created).toMatchObject({ mchName: 'Corner Shop', mcc: '5411', state: 1, supportedPayments: [], supportedPaymentMethods: [] });
      await client.legacy.merchants.create({ mchName: 'Bakery', contactName: 'Bo', contactEmail: 'bo@example.com' });

      expect(await client.legacy.merchants.get(created.mchId)).toEqual(created);
      expect(await client.legacy.merchants.get('M000000000000')).toBeNull();
      expect((await client.legacy.merchants.listAll()).map((m) => m.mchName).sort()).toEqual(['Bakery', 'Corner Shop']);
      expect(client.events.at(-1)?.path).toBe('/api/v2/mchInfo?pageNumber=1&pageSize=-1');
      expect((await client.legacy.merchants.listAll({ mchName: 'Corner' })).map((m) => m.mchId)).toEqual([created.mchId]);
      expect((await client.legacy.merchants.listAll({ mchId: created.mchId })).map((m) => m.mchName)).toEqual(['Corner Shop']);
      const page = await client.legacy.merchants.list({ pageSize: 1 });
      expect(page).toMatchObject({ total: 2, current: 1 });
      expect(page.records).toHaveLength(1);
      await client.legacy.merchants.list();
      expect(client.events.at(-1)?.path).toBe('/api/v2/mchInfo?pageSize=20');
    });

    it('walks every merchant past the legacy default of 10 and past a page-size cap', async () => {
      const client = h.client();
      for (let i = 0; i < 12; i += 1) await client.legacy.merchants.create({ mchName: `Shop ${i}`, contactName: 'Ada', contactEmail: 'ada@example.com' });
      expect(await client.legacy.merchants.listAll()).toHaveLength(12);
      await h.sim.admin.faults({ maxPageSize: 5 });
      client.events.length = 0;
      expect(new Set((await client.legacy.merchants.listAll()).map((m) => m.mchId)).size).toBe(12);
      expect(client.events.map((e) => e.path)).toEqual([
        '/api/v2/mchInfo?pageNumber=1&pageSize=-1',
        '/api/v2/mchInfo?pageNumber=2&pageSize=5',
        '/api/v2/mchInfo?pageNumber=3&pageSize=5',
      ]);
    });

    it('updates partially; supportedPaymentMethods binds, which the current API shows as a binding', async () => {
      const client = h.client();
      const { merchant, profileId, emvId } = await legacyBoundMerchant(client);
      expect(merchant).toMatchObject({ supportedPayments: ['01'], supportedPaymentMethods: [{ paymentMethod: 'VISA', mchId: merchant.mchId, profileId }] });
      const renamed = await client.legacy.merchants.update(merchant.mchId, { mchName: 'Corner Shop & Co' });
      expect(renamed).toMatchObject({ mchName: 'Corner Shop & Co', contactEmail: 'ada@example.com', supportedPayments: ['01'] });

      const bindings = await client.bindings.listAll(merchant.mchId);
      expect(bindings).toEqual([
        expect.objectContaining({
          acquirerProfileId: String(profileId),
          currency: 'USD',
          paymentMethods: [expect.objectContaining({ paymentMethodCode: '01', emvs: [expect.objectContaining({ emvId })] })],
        }),
      ]);
    });

    it('unbinds one method, then deletes the merchant the binding no longer holds', async () => {
      const client = h.client();
      const { merchant } = await legacyBoundMerchant(client);
      const refused = (await failureOf(client.legacy.merchants.delete(merchant.mchId))) as ApiError;
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused.serviceMessage).toContain('payment config');

      await client.legacy.merchants.unbindMethod(merchant.mchId, 'NETWORK_A');
      expect(client.events.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v2/mchInfo/payment/${merchant.mchId}/NETWORK_A`, outcome: 'ok' });
      expect((await client.legacy.merchants.get(merchant.mchId))?.supportedPayments).toEqual([]);
      expect(await client.bindings.listAll(merchant.mchId)).toEqual([]);

      await client.legacy.merchants.delete(merchant.mchId);
      expect(await client.legacy.merchants.get(merchant.mchId)).toBeNull();
    });

    it('shows a merchant created through the current API in the legacy shape, and the other way round', async () => {
      const client = h.client();
      const current = await client.merchants.create(merchantBody('shop-current', { mcc: '5812' }));
      expect(await client.legacy.merchants.get(current.mchId)).toMatchObject({
        mchId: current.mchId,
        mchName: current.mchName,
        mcc: '5812',
        providerReference: 'shop-current',
        supportedPayments: [],
      });
      const legacy = await client.legacy.merchants.create({ mchName: 'Legacy Shop', contactName: 'Ada', contactEmail: 'ada@example.com' });
      expect(await client.merchants.get(legacy.mchId)).toMatchObject({ mchId: legacy.mchId, mchName: 'Legacy Shop', currency: 'USD' });
    });
  });
});
