import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ok, TestClock, TIMESTAMP, V1 } from './fixtures.js';
import { legacyGroup, legacyMerchant, legacyProfile, rejected, V2 } from './legacy-fixtures.js';

for (const wireStyle of ['real', 'reference'] as const) {
  describe(`legacy merchants (/api/v2/mchInfo), ${wireStyle} wire style`, () => {
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

    it('creates a merchant in the legacy shape (2.3): no currency, supportedPaymentMethods, extParams', async () => {
      const created = await legacyMerchant(sim, { groupId: 'G-00000001', mcc: '5411', providerReference: 'shop-1', contactPhone: '+33 1 23' });
      const expected = {
        mchId: created.mchId,
        id: created.mchId,
        groupId: 'G-00000001',
        mchName: 'Corner Shop',
        contactName: 'Ada',
        contactEmail: 'ada@example.com',
        timeZone: 'UTC',
        mcc: '5411',
        providerReference: 'shop-1',
        receiptLogo: 'https://static.example.com/receipt/default-logo.png',
        contactPhone: '+33 1 23',
        state: 1,
        supportedPayments: [],
        supportedPaymentMethods: [],
        extParams: { acqMid: '', acqTid: '' },
      };
      expect(created).toMatchObject(expected);
      expect(created.createdAt).toMatch(TIMESTAMP);
      expect(created).not.toHaveProperty('currency');
      expect(created).not.toHaveProperty('acquirers');
      if (wireStyle === 'real') {
        expect(created.mchId).toMatch(/^M\d{10}$/);
        expect(created.uuid).toBe(created.mchId);
        expect(created.contactAddress).toBeNull();
      } else {
        expect(created.mchId).toMatch(/^M\d{12}$/);
        expect(created).not.toHaveProperty('contactAddress');
      }
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${created.mchId}`))).toEqual(created);
      // The same record through the current API: the legacy merchant settles in USD.
      expect(ok(await sim.api('GET', `${V1}/mchInfo/${created.mchId}`))).toMatchObject({ mchId: created.mchId, currency: 'USD', mcc: '5411' });
    });

    it('refuses a missing required field, a bad shape, another group and a taken providerReference', async () => {
      rejected(await sim.api('POST', `${V2}/mchInfo`, { mchName: 'x', contactName: 'Ada' }), 10000, 'Parameters Error (contactEmail required)');
      rejected(await sim.api('POST', `${V2}/mchInfo`, { mchName: 'x', contactName: 'Ada', contactEmail: 'a@b.c', mcc: '54' }), 10000, 'Parameters Error (mcc must be 4 digits (ISO 18245))');
      rejected(await sim.api('POST', `${V2}/mchInfo`, { mchName: 'x', contactName: 'Ada', contactEmail: 'a@b.c', groupId: 'G-00000002' }), 13000, 'Owner info invalid');
      await legacyMerchant(sim, { providerReference: 'ref-1' });
      rejected(await sim.api('POST', `${V2}/mchInfo`, { mchName: 'x', contactName: 'Ada', contactEmail: 'a@b.c', providerReference: 'ref-1' }), 10000, /providerReference ref-1 is already used by merchant M\d+/);
      const list = ok(await sim.api('GET', `${V2}/mchInfo`));
      expect(list.total).toBe(1);
    });

    it('lists 10 a page by default, -1 for all, filtered by mchName (partial) and mchId (exact)', async () => {
      const ids: string[] = [];
      for (let i = 1; i <= 12; i += 1) ids.push((await legacyMerchant(sim, { mchName: `Shop ${i}` })).mchId);
      const first = ok(await sim.api('GET', `${V2}/mchInfo`));
      expect(first.records).toHaveLength(10);
      expect(first.total).toBe(12);
      if (wireStyle === 'real') expect(first).toMatchObject({ size: 10, pages: 2, current: 1 });
      else expect(first.hasNext).toBe(true);
      expect(ok(await sim.api('GET', `${V2}/mchInfo?pageNumber=2`)).records.map((m: any) => m.mchId)).toEqual(ids.slice(10));
      expect(ok(await sim.api('GET', `${V2}/mchInfo?pageSize=-1`)).records).toHaveLength(12);
      expect(ok(await sim.api('GET', `${V2}/mchInfo?mchName=shop%201`)).records.map((m: any) => m.mchName)).toEqual(['Shop 1', 'Shop 10', 'Shop 11', 'Shop 12']);
      expect(ok(await sim.api('GET', `${V2}/mchInfo?mchId=${ids[3]}`)).records.map((m: any) => m.mchId)).toEqual([ids[3]]);
    });

    it('GET of an unknown id is data null; another group\'s merchant is 13000', async () => {
      expect(ok(await sim.api('GET', `${V2}/mchInfo/M000000000001`))).toBeNull();
      await legacyGroup(sim, 'G-00000002');
      const other = ok(await sim.api('POST', `${V2}/mchInfo`, { mchName: 'Other', contactName: 'Bo', contactEmail: 'bo@example.com' }, 'G-00000002'));
      rejected(await sim.api('GET', `${V2}/mchInfo/${other.mchId}`), 13000, 'Owner info invalid');
      rejected(await sim.api('PUT', `${V2}/mchInfo/${other.mchId}`, { mchName: 'Mine' }), 13000, 'Owner info invalid');
    });

    it('PUT is partial: the fields present change, the others and the current-only fields are kept, read-only echoes ignored', async () => {
      const created = await legacyMerchant(sim, { mcc: '5411', contactAddress: '1 Main St' });
      ok(await sim.api('PUT', `${V1}/mchInfo/${created.mchId}`, { mchName: 'Corner Shop', currency: 'USD', contactName: 'Ada', contactEmail: 'ada@example.com', mcc: '5411', contactAddress: '1 Main St', country: 'FR', passcode: '1234' }));
      clock.advance(1000);
      const echoed = { ...ok(await sim.api('GET', `${V2}/mchInfo/${created.mchId}`)), contactPhone: '555-0100', mchId: 'M999', createdAt: 'x', supportedPayments: ['01'] };
      const updated = ok(await sim.api('PUT', `${V2}/mchInfo/${created.mchId}`, echoed));
      expect(updated).toMatchObject({ mchId: created.mchId, contactPhone: '555-0100', mcc: '5411', contactAddress: '1 Main St', createdAt: created.createdAt, supportedPayments: [] });
      expect(updated.updatedAt).not.toBe(created.updatedAt);
      const only = ok(await sim.api('PUT', `${V2}/mchInfo/${created.mchId}`, { state: 0 }));
      expect(only).toMatchObject({ state: 0, contactPhone: '555-0100', mchName: 'Corner Shop' });
      expect(ok(await sim.api('GET', `${V1}/mchInfo/${created.mchId}`))).toMatchObject({ country: 'FR', currency: 'USD', state: 0 });
      const state = (await sim.admin.state({ secrets: true })) as any;
      expect(state.groups[0].merchants[0].passcode).toBe('1234');
      rejected(await sim.api('PUT', `${V2}/mchInfo/${created.mchId}`, { contactEmail: 'not-mail' }), 10000, 'Parameters Error (contactEmail must be an e-mail address)');
      rejected(await sim.api('PUT', `${V2}/mchInfo/M000000000001`, { state: 1 }), 10000, 'merchant M000000000001 not found');
    });

    it('extParams: as a legacy write set it (object or JSON string), else the first binding\'s mid; a current PUT keeps it', async () => {
      const { profileId } = await legacyProfile(sim, { profileName: 'Main' });
      const m = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: '01', profileId }] });
      ok(await sim.api('PUT', `${V1}/mchInfo/payment/${m.mchId}`, { acquirerProfileId: String(profileId), currency: 'EUR', mid: 'ACQ-MID-7', paymentMethods: [{ paymentMethodCode: '01', emvs: [] }] }));
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${m.mchId}`)).extParams).toEqual({ acqMid: 'ACQ-MID-7', acqTid: '' });
      expect(ok(await sim.api('PUT', `${V2}/mchInfo/${m.mchId}`, { extParams: { acqMid: 'L-MID', acqTid: 'L-TID' } })).extParams).toEqual({ acqMid: 'L-MID', acqTid: 'L-TID' });
      expect(ok(await sim.api('PUT', `${V2}/mchInfo/${m.mchId}`, { extParams: JSON.stringify({ acqTid: 'T2' }) })).extParams).toEqual({ acqMid: '', acqTid: 'T2' });
      ok(await sim.api('PUT', `${V1}/mchInfo/${m.mchId}`, { mchName: 'Renamed', currency: 'USD', contactName: 'Ada', contactEmail: 'ada@example.com' }));
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${m.mchId}`))).toMatchObject({ mchName: 'Renamed', extParams: { acqMid: '', acqTid: 'T2' } });
      rejected(await sim.api('PUT', `${V2}/mchInfo/${m.mchId}`, { extParams: '{"acqMid":' }), 10000, /^Parameters Error \(extParams is not valid JSON/);
    });
  });
}

describe('legacy merchants: payment methods over the bindings', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => sim.close());
  beforeEach(async () => {
    await sim.admin.reset();
    await legacyGroup(sim);
  });

  async function bindings(mchId: string): Promise<any[]> {
    return ok(await sim.api('GET', `${V1}/mchInfo/payment/${mchId}`)).records;
  }

  it('supportedPaymentMethods binds each method in the profile\'s currency with its EMV ids; codes or names; a method left out is unbound', async () => {
    const eur = await legacyProfile(sim, { profileName: 'EUR acq', codes: ['01', '02'] });
    const gbp = await legacyProfile(sim, { profileName: 'GBP acq', codes: ['03'], currency: 'GBP' });
    const m = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: 'NETWORK_A', profileId: eur.profileId }] });
    expect(m.supportedPaymentMethods).toEqual([{ paymentMethod: 'VISA', mchId: m.mchId, profileId: eur.profileId }]);
    const put = ok(
      await sim.api('PUT', `${V2}/mchInfo/${m.mchId}`, {
        supportedPaymentMethods: [
          { paymentMethod: '01', profileId: eur.profileId },
          { paymentMethod: 'network_b', profileId: String(eur.profileId) },
          { paymentMethod: '03', profileId: gbp.profileId },
        ],
      }),
    );
    expect(put.supportedPayments).toEqual(['01', '02', '03']);
    expect(put.supportedPaymentMethods).toEqual([
      { paymentMethod: 'VISA', mchId: m.mchId, profileId: eur.profileId },
      { paymentMethod: 'MASTERCARD', mchId: m.mchId, profileId: eur.profileId },
      { paymentMethod: 'UNIONPAY', mchId: m.mchId, profileId: gbp.profileId },
    ]);
    const records = await bindings(m.mchId);
    expect(records.map((b) => [b.acquirerProfileId, b.currency, b.paymentMethods.map((p: any) => [p.paymentMethodCode, p.emvs.map((e: any) => e.emvId)])])).toEqual([
      [String(eur.profileId), 'EUR', [['01', [eur.emvIds['01']]], ['02', [eur.emvIds['02']]]]],
      [String(gbp.profileId), 'GBP', [['03', [gbp.emvIds['03']]]]],
    ]);
    const left = ok(await sim.api('PUT', `${V2}/mchInfo/${m.mchId}`, { supportedPaymentMethods: [{ paymentMethod: '02', profileId: eur.profileId }] }));
    expect(left.supportedPaymentMethods).toEqual([{ paymentMethod: 'MASTERCARD', mchId: m.mchId, profileId: eur.profileId }]);
    expect((await bindings(m.mchId)).map((b) => b.acquirerProfileId)).toEqual([String(eur.profileId)]);
    expect(ok(await sim.api('PUT', `${V2}/mchInfo/${m.mchId}`, { supportedPaymentMethods: [] })).supportedPayments).toEqual([]);
    expect(await bindings(m.mchId)).toEqual([]);
  });

  it('a pair already bound keeps its binding (currency, EMV ids, mid) when the list is set again', async () => {
    const eur = await legacyProfile(sim, { profileName: 'EUR acq', codes: ['01', '02'] });
    const m = await legacyMerchant(sim);
    ok(await sim.api('POST', `${V1}/mchInfo/payment/${m.mchId}`, { acquirerProfileId: String(eur.profileId), currency: 'CHF', mid: 'MID-CHF', paymentMethods: [{ paymentMethodCode: '01', emvs: [] }] }));
    ok(await sim.api('PUT', `${V2}/mchInfo/${m.mchId}`, { supportedPaymentMethods: [{ paymentMethod: '01', profileId: eur.profileId }, { paymentMethod: '02', profileId: eur.profileId }] }));
    const records = await bindings(m.mchId);
    expect(records.map((b) => [b.currency, b.mid, b.paymentMethods.map((p: any) => p.paymentMethodCode)])).toEqual([
      ['CHF', 'MID-CHF', ['01']],
      ['EUR', null, ['02']],
    ]);
  });

  it('refuses, writing nothing: an unknown profile, a method the profile lacks, a pair twice, a method on two profiles of one currency', async () => {
    const a = await legacyProfile(sim, { profileName: 'A', codes: ['01'] });
    const b = await legacyProfile(sim, { profileName: 'B', codes: ['01', '02'] });
    const m = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: '01', profileId: a.profileId }] });
    const attempt = (pairs: unknown) => sim.api('PUT', `${V2}/mchInfo/${m.mchId}`, { mchName: 'Changed', supportedPaymentMethods: pairs });
    rejected(await attempt([{ paymentMethod: '01', profileId: 999 }]), 10000, 'supportedPaymentMethods[0].profileId: acquirer profile 999 not found');
    rejected(await attempt([{ paymentMethod: '02', profileId: a.profileId }]), 10000, `supportedPaymentMethods[0].paymentMethod: payment method 02 is not in the methodList of acquirer profile A (${a.profileId})`);
    rejected(await attempt([{ paymentMethod: '01', profileId: a.profileId }, { paymentMethod: 'NETWORK_A', profileId: a.profileId }]), 10000, `supportedPaymentMethods[1]: payment method 01 with acquirer profile ${a.profileId} appears twice`);
    rejected(await attempt([{ paymentMethod: '01', profileId: a.profileId }, { paymentMethod: '01', profileId: b.profileId }]), 10000, `supportedPaymentMethods: payment method 01 in currency EUR is already bound to acquirer profile A (${a.profileId})`);
    rejected(await attempt([{ paymentMethod: '07', profileId: a.profileId }]), 10000, 'Parameters Error (supportedPaymentMethods[0].paymentMethod has unknown payment method code or name "07")');
    rejected(await sim.api('POST', `${V2}/mchInfo`, { mchName: 'New', contactName: 'Ada', contactEmail: 'a@b.c', supportedPaymentMethods: [{ paymentMethod: '02', profileId: a.profileId }] }), 10000, /payment method 02 is not in the methodList/);
    const after = ok(await sim.api('GET', `${V2}/mchInfo/${m.mchId}`));
    expect(after).toMatchObject({ mchName: 'Corner Shop', supportedPaymentMethods: [{ paymentMethod: 'VISA', profileId: a.profileId }] });
    expect(ok(await sim.api('GET', `${V2}/mchInfo`)).total).toBe(1);
  });

  it('a merchant created here is bound to the default card profile as on the current API, unless its pairs say otherwise', async () => {
    const def = await legacyProfile(sim, { profileName: 'Default', codes: ['01', '02'] });
    ok(await sim.api('PUT', `${V1}/acquirer/${def.profileId}`, { asDefault: true }));
    const auto = await legacyMerchant(sim);
    expect(auto.supportedPaymentMethods).toEqual([
      { paymentMethod: 'VISA', mchId: auto.mchId, profileId: def.profileId },
      { paymentMethod: 'MASTERCARD', mchId: auto.mchId, profileId: def.profileId },
    ]);
    const chosen = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: '02', profileId: def.profileId }] });
    expect(chosen.supportedPaymentMethods).toEqual([{ paymentMethod: 'MASTERCARD', mchId: chosen.mchId, profileId: def.profileId }]);
  });

  it('DELETE /mchInfo/payment/{mchId}/{paymentMethod} drops one method (code or name); an emptied binding goes', async () => {
    const eur = await legacyProfile(sim, { profileName: 'EUR acq', codes: ['01', '02'] });
    const m = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: '01', profileId: eur.profileId }, { paymentMethod: '02', profileId: eur.profileId }] });
    expect(ok(await sim.api('DELETE', `${V2}/mchInfo/payment/${m.mchId}/NETWORK_B`))).toBeUndefined();
    expect(ok(await sim.api('GET', `${V2}/mchInfo/${m.mchId}`)).supportedPayments).toEqual(['01']);
    rejected(await sim.api('DELETE', `${V2}/mchInfo/payment/${m.mchId}/02`), 10000, `payment method 02 is not bound for merchant ${m.mchId}`);
    rejected(await sim.api('DELETE', `${V2}/mchInfo/payment/${m.mchId}/DINERS`), 10000, 'Parameters Error (paymentMethod has unknown payment method code or name "DINERS")');
    ok(await sim.api('DELETE', `${V2}/mchInfo/payment/${m.mchId}/01`));
    expect(await bindings(m.mchId)).toEqual([]);
    rejected(await sim.api('DELETE', `${V2}/mchInfo/payment/M000000000001/01`), 10000, 'merchant M000000000001 not found');
  });

  it('DELETE /mchInfo/{mchId} is refused while the merchant has a payment config or an activation code', async () => {
    const eur = await legacyProfile(sim, { profileName: 'EUR acq' });
    const m = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: '01', profileId: eur.profileId }] });
    rejected(await sim.api('DELETE', `${V2}/mchInfo/${m.mchId}`), 10000, 'Merchant has activation code or payment config');
    ok(await sim.api('DELETE', `${V2}/mchInfo/payment/${m.mchId}/01`));
    const code = ok(await sim.api('POST', `${V2}/device`, { mchId: m.mchId, activateCodeAlias: 'till' }));
    rejected(await sim.api('DELETE', `${V2}/mchInfo/${m.mchId}`), 10000, 'Merchant has activation code or payment config');
    ok(await sim.api('DELETE', `${V2}/device/${code.id}`));
    expect(ok(await sim.api('DELETE', `${V2}/mchInfo/${m.mchId}`))).toBeUndefined();
    expect(ok(await sim.api('GET', `${V2}/mchInfo/${m.mchId}`))).toBeNull();
  });
});
