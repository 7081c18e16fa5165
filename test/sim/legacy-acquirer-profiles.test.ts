import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { createEmv, ok, TestClock, TIMESTAMP, V1 } from './fixtures.js';
import { legacyGroup, legacyMerchant, legacyProfile, rejected, V2 } from './legacy-fixtures.js';

for (const wireStyle of ['real', 'reference'] as const) {
  describe(`legacy acquirer profiles (/api/v2/acquirer), ${wireStyle} wire style`, () => {
    let sim: TestSimulator;
    const clock = new TestClock();

    beforeAll(async () => {
      sim = await startTestSimulator({ now: clock.now, wireStyle });
    });
    afterAll(async () => sim.close());
    beforeEach(async () => {
      await sim.admin.reset();
      await legacyGroup(sim);
    });

    async function profile(name: string): Promise<any> {
      return ok(await sim.api('GET', `${V2}/acquirer?profileName=${encodeURIComponent(name)}`)).records[0];
    }

    it('creates a card profile in the legacy shape (2.5): lists as objects, connection settings kept, no acqType', async () => {
      const { profileId, emvIds } = await legacyProfile(sim, {
        profileName: 'Main',
        codes: ['01', '04'],
        extra: { connTimeout: 30000, connRequestTimeout: 5000, connRetryCount: 2, connSync: 1, connNll: '003', connInitBatchNo: '000007', connExtraParams: { region: 'eu' } },
      });
      expect(profileId).toBeGreaterThan(1000);
      const record = await profile('Main');
      expect(record).toMatchObject({
        profileId,
        groupId: 'G-00000001',
        profileName: 'Main',
        currency: 'EUR',
        connMessageFormat: 'HOSTA_8583',
        connUrl: 'https://acquirer.example.com/8583',
        notifyUrl: 'https://pbo.example.com/notify',
        connTimeout: 30000,
        connRequestTimeout: 5000,
        connRetryCount: 2,
        connSync: 1,
        connNll: '003',
        connInitBatchNo: '000007',
        connExtraParams: '{"region":"eu"}',
        batchNo: '000007',
        emvList: { '01': [emvIds['01']], '04': [emvIds['04']] },
        methodList: { '01': ['Sale', 'Void', 'Refund'], '04': ['Sale', 'Void', 'Refund'] },
      });
      expect(record.createdAt).toMatch(TIMESTAMP);
      expect(record).not.toHaveProperty('acqType');
      // The current view of the same record: a card profile, lists as JSON strings, no legacy fields.
      const current = ok(await sim.api('GET', `${V1}/acquirer`)).records[0];
      expect(current).toMatchObject({ profileId, acqType: 'card', asDefault: false, emvList: JSON.stringify({ '01': [emvIds['01']], '04': [emvIds['04']] }) });
      expect(current).not.toHaveProperty('connTimeout');
    });

    it('takes the lists as JSON strings too; batchNo is 000001 without connInitBatchNo', async () => {
      const emv = await createEmv(sim, { emvName: 'e1', paymentMethod: '02' });
      const { id } = ok(
        await sim.api('POST', `${V2}/acquirer`, {
          profileName: 'Strings',
          currency: 'GBP',
          groupId: 'G-00000001',
          connMessageFormat: 'HOSTB_8583',
          connUrl: 'u',
          notifyUrl: 'n',
          emvList: JSON.stringify({ '02': [emv] }),
          methodList: JSON.stringify({ '02': ['Sale', 'Pre-Auth', 'Capture'] }),
        }),
      );
      expect(await profile('Strings')).toMatchObject({ profileId: id, batchNo: '000001', emvList: { '02': [emv] }, methodList: { '02': ['Sale', 'Pre-Auth', 'Capture'] } });
    });

    it('create requires the fields 4.6 lists and keeps every current-API rule', async () => {
      const emv = await createEmv(sim, { emvName: 'e1', paymentMethod: '01' });
      const base = { profileName: 'P', currency: 'EUR', groupId: 'G-00000001', connMessageFormat: 'HOSTA_8583', connUrl: 'u', notifyUrl: 'n', emvList: { '01': [emv] }, methodList: { '01': ['Sale'] } };
      for (const field of ['profileName', 'currency', 'groupId', 'connMessageFormat', 'connUrl', 'notifyUrl', 'emvList', 'methodList']) {
        const { [field]: _left, ...body } = base as Record<string, unknown>;
        rejected(await sim.api('POST', `${V2}/acquirer`, body), 10000, `Parameters Error (${field} required)`);
      }
      rejected(await sim.api('POST', `${V2}/acquirer`, { ...base, groupId: 'G-00000002' }), 13000, 'Owner info invalid');
      rejected(await sim.api('POST', `${V2}/acquirer`, { ...base, connTimeout: '30' }), 10000, 'Parameters Error (connTimeout must be a number)');
      rejected(await sim.api('POST', `${V2}/acquirer`, { ...base, emvList: { '01': [999] } }), 10000, 'emvList: EMV config 999 not found (payment method 01)');
      rejected(await sim.api('POST', `${V2}/acquirer`, { ...base, methodList: { A1: ['Sale'] }, emvList: {} }), 10000, /payment method A1 is not a card method/);
      rejected(await sim.api('POST', `${V2}/acquirer`, { ...base, emvList: '{"01":' }), 10000, /^Parameters Error \(emvList is not valid JSON/);
      ok(await sim.api('POST', `${V2}/acquirer`, base));
      rejected(await sim.api('POST', `${V2}/acquirer`, base), 10000, 'profile name exist: P');
    });

    it('PUT requires connMessageFormat and the profile\'s own currency, changes the rest partially and answers {id}', async () => {
      const { profileId, emvIds } = await legacyProfile(sim, { profileName: 'Main', codes: ['01'], extra: { connTimeout: 10 } });
      rejected(await sim.api('PUT', `${V2}/acquirer/${profileId}`, { currency: 'EUR' }), 10000, 'Parameters Error (connMessageFormat required)');
      rejected(await sim.api('PUT', `${V2}/acquirer/${profileId}`, { connMessageFormat: 'HOSTA_8583' }), 10000, 'Parameters Error (currency required)');
      rejected(await sim.api('PUT', `${V2}/acquirer/${profileId}`, { connMessageFormat: 'HOSTA_8583', currency: 'USD' }), 10000, 'currency is immutable');
      clock.advance(1000);
      expect(ok(await sim.api('PUT', `${V2}/acquirer/${profileId}`, { connMessageFormat: 'HOSTC_8583', currency: 'EUR', connRequestTimeout: 7, connNll: '001' }))).toEqual({ id: profileId });
      const record = await profile('Main');
      expect(record).toMatchObject({ connMessageFormat: 'HOSTC_8583', connTimeout: 10, connRequestTimeout: 7, connNll: '001', emvList: { '01': [emvIds['01']] } });
      expect(record.updatedAt).not.toBe(record.createdAt);
      rejected(await sim.api('PUT', `${V2}/acquirer/${profileId}`, { connMessageFormat: 'HOSTA_8583', currency: 'EUR', emvList: {} }), 10000, /EMV required for card/);
      rejected(await sim.api('PUT', `${V2}/acquirer/4242`, { connMessageFormat: 'HOSTA_8583', currency: 'EUR' }), 10000, 'acquirer profile 4242 not found');
    });

    it('lists 10 a page by default, -1 for all, profileName a like match', async () => {
      const emv = await createEmv(sim, { emvName: 'e', paymentMethod: '01' });
      for (let i = 1; i <= 11; i += 1) {
        ok(await sim.api('POST', `${V2}/acquirer`, { profileName: `Acq ${i}`, currency: 'EUR', groupId: 'G-00000001', connMessageFormat: 'HOSTA_8583', connUrl: 'u', notifyUrl: 'n', emvList: { '01': [emv] }, methodList: { '01': [] } }));
      }
      const page = ok(await sim.api('GET', `${V2}/acquirer`));
      expect([page.records.length, page.total]).toEqual([10, 11]);
      expect(ok(await sim.api('GET', `${V2}/acquirer?pageSize=-1`)).records).toHaveLength(11);
      expect(ok(await sim.api('GET', `${V2}/acquirer?profileName=acq%201`)).records.map((p: any) => p.profileName)).toEqual(['Acq 1', 'Acq 10', 'Acq 11']);
    });

    it('DELETE answers {id}, refused while a merchant uses the profile', async () => {
      const { profileId } = await legacyProfile(sim, { profileName: 'Main' });
      const m = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: '01', profileId }] });
      rejected(await sim.api('DELETE', `${V2}/acquirer/${profileId}`), 10000, 'Current acquirer used by merchant');
      ok(await sim.api('DELETE', `${V2}/mchInfo/payment/${m.mchId}/01`));
      expect(ok(await sim.api('DELETE', `${V2}/acquirer/${profileId}`))).toEqual({ id: profileId });
      expect(ok(await sim.api('GET', `${V2}/acquirer`)).total).toBe(0);
      rejected(await sim.api('DELETE', `${V2}/acquirer/${profileId}`), 10000, `acquirer profile ${profileId} not found`);
    });
  });
}
