import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { createMerchant, ok, refused, V1 } from './fixtures.js';
import { legacyGroup, legacyMerchant, rejected, V2 } from './legacy-fixtures.js';

/**
 * What the service's public API pages send and show on the legacy API (EMV configs), and the real
 * names of the terminal EMV parameters (`amex…` for the reference's `netD…`), on both APIs.
 */

for (const wireStyle of ['real', 'reference'] as const) {
  describe(`legacy EMV configs as the public documentation shows them (${wireStyle} wire style)`, () => {
    let sim: TestSimulator;

    beforeAll(async () => {
      sim = await startTestSimulator({ wireStyle });
    });
    afterAll(async () => sim.close());
    beforeEach(async () => {
      await sim.admin.reset();
      await legacyGroup(sim);
    });

    it('creates from {emvName, paymentMethod, params} with params an object and no currency; the record is USD', async () => {
      const { id } = ok(
        await sim.api('POST', `${V2}/emv`, {
          emvName: 'visa-contactless',
          paymentMethod: '01',
          params: { aid: 'A0000000031010', emvVersion: '0096', clCVMLimit: '000000005000' },
        }),
      );
      const [record] = ok(await sim.api('GET', `${V2}/emv`)).records;
      expect(record).toMatchObject({
        id,
        emvName: 'visa-contactless',
        paymentMethod: '01',
        aid: 'A0000000031010',
        emvVersion: '0096',
        params: { aid: 'A0000000031010', clCVMLimit: '000000005000', emvVersion: '0096' },
      });
      expect(record).not.toHaveProperty('currency');
      expect(ok(await sim.api('GET', `${V1}/emv`)).records[0]).toMatchObject({ id, currency: 'USD', params: '{"aid":"A0000000031010","clCVMLimit":"000000005000","emvVersion":"0096"}' });
    });

    it('takes a name for the method and a JSON string for params; aid and emvVersion are "" when params hold none', async () => {
      ok(await sim.api('POST', `${V2}/emv`, { emvName: 'mc', paymentMethod: 'MASTERCARD', params: '{"tacDefault":"0000000000"}' }));
      const [record] = ok(await sim.api('GET', `${V2}/emv?paymentMethod=mastercard`)).records;
      expect(record).toMatchObject({ emvName: 'mc', paymentMethod: '02', aid: '', emvVersion: '', params: { tacDefault: '0000000000' } });
      rejected(await sim.api('POST', `${V2}/emv`, { emvName: 'x', paymentMethod: '01', params: '[1]' }), 10000, 'Parameters Error (params must be an object)');
      rejected(await sim.api('POST', `${V2}/emv`, { emvName: 'x', paymentMethod: '01' }), 10000, 'Parameters Error (params required)');
      rejected(await sim.api('POST', `${V2}/emv`, { emvName: 'x', paymentMethod: '01', params: {}, currency: 'usd' }), 10000, /^Parameters Error \(currency must be a 3-letter/);
    });

    it('updates from {params} alone: the currency is kept', async () => {
      const { id } = ok(await sim.api('POST', `${V2}/emv`, { emvName: 'e', paymentMethod: '01', params: { aid: 'A0000000031010' } }));
      ok(await sim.api('PUT', `${V1}/emv/${id}`, { currency: 'EUR', params: '{"aid":"A0000000031010"}' }));
      expect(ok(await sim.api('PUT', `${V2}/emv/${id}`, { params: { aid: 'A0000000031010', emvVersion: '0002' } }))).toBeUndefined();
      expect(ok(await sim.api('GET', `${V1}/emv`)).records[0]).toMatchObject({ currency: 'EUR', params: '{"aid":"A0000000031010","emvVersion":"0002"}' });
      expect(ok(await sim.api('GET', `${V2}/emv`)).records[0]).toMatchObject({ emvVersion: '0002' });
      rejected(await sim.api('PUT', `${V2}/emv/${id}`, { params: {}, paymentMethod: 'MASTERCARD' }), 10000, 'paymentMethod is immutable');
      rejected(await sim.api('PUT', `${V2}/emv/${id}`, {}), 10000, 'Parameters Error (params required)');
    });

    it('pages 10 records by default and says hasNext right after records', async () => {
      for (let i = 1; i <= 12; i += 1) ok(await sim.api('POST', `${V2}/emv`, { emvName: `emv ${i}`, paymentMethod: '01', params: {} }));
      const first = ok(await sim.api('GET', `${V2}/emv`));
      expect(first.records).toHaveLength(10);
      expect(first.hasNext).toBe(true);
      const keys = Object.keys(first);
      expect(keys[keys.indexOf('records') + 1]).toBe('hasNext');
      expect(keys.filter((k) => k === 'hasNext')).toHaveLength(1);
      if (wireStyle === 'real') expect(keys).toEqual(['records', 'hasNext', 'total', 'size', 'current', 'pages']);
      else expect(keys).toEqual(['total', 'current', 'records', 'hasNext']);
      expect(ok(await sim.api('GET', `${V2}/emv?pageNumber=2`))).toMatchObject({ hasNext: false });
      expect(ok(await sim.api('GET', `${V2}/emv?pageSize=-1`))).toMatchObject({ hasNext: false, total: 12 });
    });
  });
}

describe('terminal EMV parameters: netD… (the reference) and amex… (the real documentation) name one parameter', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => sim.close());
  beforeEach(async () => {
    await sim.admin.reset();
    await legacyGroup(sim);
  });

  async function views(id: string, mchId: string): Promise<{ current: any; legacy: any }> {
    const current = JSON.parse(ok(await sim.api('GET', `${V1}/device/${id}`)).emvParams);
    const legacy = JSON.parse(ok(await sim.api('GET', `${V2}/device?merchantId=${mchId}`)).records.find((d: any) => d.deviceId === id).emvParams);
    return { current, legacy };
  }

  it('the current API answers as it always has: the reference names, the legacy defaults under them', async () => {
    const merchant = await createMerchant(sim);
    const code = ok(await sim.api('POST', `${V1}/device`, { mchId: merchant.mchId, deviceAlias: 'till', emvParams: { netDFloorLimit: '00000500' } }));
    const { current, legacy } = await views(code.id, merchant.mchId);
    expect(current).toEqual({
      emvFlags: 'VMAUJDP',
      netDExReaderCapability: '18000',
      netDFloorLimit: '00000500',
      netDReaderCapability: 'C3',
      terminalCapability: '0068C8',
      terminalCountryCode: '0840',
      terminalType: '21',
      txnCurrencyCode: '0840',
    });
    expect(legacy).toEqual({
      emvFlags: 'VMAUJDP',
      amexExReaderCapability: '18000',
      amexFloorLimit: '00000500',
      amexReaderCapability: 'C3',
      terminalCapability: '0068C8',
      terminalCountryCode: '0840',
      terminalType: '21',
      txnCurrencyCode: '0840',
    });
  });

  it('either name is taken on both APIs, create and update; the same value under both is fine, two values are refused', async () => {
    const merchant = await legacyMerchant(sim);
    const viaCurrent = ok(await sim.api('POST', `${V1}/device`, { mchId: merchant.mchId, deviceAlias: 'a', emvParams: { amexFloorLimit: '00000700', amexExReaderCapability: 18001 } }));
    expect(await views(viaCurrent.id, merchant.mchId)).toMatchObject({
      current: { netDFloorLimit: '00000700', netDExReaderCapability: 18001 },
      legacy: { amexFloorLimit: '00000700', amexExReaderCapability: 18001 },
    });
    expect(JSON.stringify((await views(viaCurrent.id, merchant.mchId)).current)).not.toContain('amex');
    const viaLegacy = ok(await sim.api('POST', `${V2}/device`, { mchId: merchant.mchId, activateCodeAlias: 'b', emvParams: { netDFloorLimit: '00000800', amexFloorLimit: '00000800' } }));
    expect((await views(viaLegacy.id, merchant.mchId)).legacy).toMatchObject({ amexFloorLimit: '00000800' });
    ok(await sim.api('PUT', `${V1}/device/${viaLegacy.id}`, { emvParams: JSON.stringify({ amexReaderCapability: 'E0' }) }));
    expect((await views(viaLegacy.id, merchant.mchId)).current).toMatchObject({ netDReaderCapability: 'E0', netDFloorLimit: '00000100' });
    ok(await sim.api('PUT', `${V2}/device/${viaLegacy.id}`, { terminalEmvParams: { amexFloorLimit: '00000900' } }));
    expect((await views(viaLegacy.id, merchant.mchId)).current).toMatchObject({ netDFloorLimit: '00000900' });

    refused(
      await sim.api('POST', `${V1}/device`, { mchId: merchant.mchId, emvParams: { netDFloorLimit: '00000100', amexFloorLimit: '00000200' } }),
      10000,
      'Parameters Error (emvParams.amexFloorLimit and netDFloorLimit name one parameter with different values; send one of them)',
    );
    rejected(
      await sim.api('POST', `${V2}/device`, { mchId: merchant.mchId, deviceName: 'x', emvParams: { terminalType: '22' }, terminalEmvParams: { terminalType: '23' } }),
      10000,
      'Parameters Error (terminalEmvParams and emvParams differ; send one of them)',
    );
    rejected(await sim.api('POST', `${V2}/device`, { mchId: merchant.mchId, deviceName: 'x', terminalEmvParams: { amexFloorLimit: 100 } }), 10000, 'Parameters Error (terminalEmvParams.amexFloorLimit must be a string)');
  });

  it("a merchant's terminalEmvParams take either name, are answered under the real names, and start its legacy terminals", async () => {
    const merchant = await legacyMerchant(sim, { terminalEmvParams: { netDFloorLimit: '00000300', terminalType: '22' } });
    expect(merchant.terminalEmvParams).toEqual({ amexFloorLimit: '00000300', terminalType: '22' });
    const updated = ok(await sim.api('PUT', `${V2}/mchInfo/${merchant.mchId}`, { terminalEmvParams: JSON.stringify({ amexFloorLimit: '00000400' }) }));
    expect(updated.terminalEmvParams).toEqual({ amexFloorLimit: '00000400' });
    const code = ok(await sim.api('POST', `${V2}/device`, { mchId: merchant.mchId, deviceName: 'till', emvParams: { terminalType: '23' } }));
    expect((await views(code.id, merchant.mchId)).current).toMatchObject({ netDFloorLimit: '00000400', terminalType: '23' });
    rejected(
      await sim.api('PUT', `${V2}/mchInfo/${merchant.mchId}`, { terminalEmvParams: { amexFloorLimit: '1', netDFloorLimit: '2' } }),
      10000,
      'Parameters Error (terminalEmvParams.amexFloorLimit and netDFloorLimit name one parameter with different values; send one of them)',
    );
  });
});
