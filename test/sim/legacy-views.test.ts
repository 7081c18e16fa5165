import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentTerminal } from '../helpers/payment-fixtures.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { bind, createEmv, createMerchant, createProfile, ok, V1 } from './fixtures.js';
import { legacyGroup, legacyMerchant, legacyProfile, rejected, V2 } from './legacy-fixtures.js';

const LEGACY_DISABLED = 'This group uses multiple acquirers; use the new API /api/openapi/v1';

/** Every legacy configuration endpoint and method (document 2, 4.4 to 4.6, and /api/v2/emv). */
const LEGACY_ENDPOINTS: ReadonlyArray<readonly [string, string, unknown?]> = [
  ['GET', '/mchInfo'],
  ['POST', '/mchInfo', { mchName: 'x', contactName: 'y', contactEmail: 'a@b.c' }],
  ['GET', '/mchInfo/M000000000001'],
  ['PUT', '/mchInfo/M000000000001', { mchName: 'x' }],
  ['DELETE', '/mchInfo/M000000000001'],
  ['DELETE', '/mchInfo/payment/M000000000001/01'],
  ['GET', '/device?merchantId=M000000000001'],
  ['POST', '/device', { mchId: 'M000000000001', deviceName: 'x' }],
  ['PUT', '/device/CD-123456789012', { deviceName: 'x' }],
  ['DELETE', '/device/CD-123456789012?deviceStatus=0'],
  ['GET', '/acquirer'],
  ['POST', '/acquirer', { profileName: 'x' }],
  ['PUT', '/acquirer/1001', { connMessageFormat: 'HOSTA_8583', currency: 'EUR' }],
  ['DELETE', '/acquirer/1001'],
  ['GET', '/emv'],
  ['POST', '/emv', { emvName: 'x', paymentMethod: '01', currency: 'EUR', params: '{}' }],
  ['PUT', '/emv/1001', { currency: 'EUR', params: '{}' }],
  ['DELETE', '/emv/1001'],
];

for (const wireStyle of ['real', 'reference'] as const) {
  describe(`one set of records, two views (${wireStyle} wire style)`, () => {
    let sim: TestSimulator;

    beforeAll(async () => {
      sim = await startTestSimulator({ wireStyle });
    });
    afterAll(async () => sim.close());
    beforeEach(async () => {
      await sim.admin.reset();
      await legacyGroup(sim);
    });

    it('the legacy view of records created through the current API', async () => {
      const emv01 = await createEmv(sim, { emvName: 'emv-01', paymentMethod: '01' });
      const emv02 = await createEmv(sim, { emvName: 'emv-02', paymentMethod: '02' });
      const profileId = await createProfile(sim, { profileName: 'Current acq', methods: { '01': [emv01], '02': [emv02] }, extra: { connExtraParams: '{"k":"v"}' } });
      const merchant = await createMerchant(sim, { mcc: '5812', region: 'EU', country: 'FR' });
      ok(await bind(sim, merchant.mchId, profileId, { '01': [emv01], '02': [emv02] }, { mid: 'MID-001' }));
      const code = ok(
        await sim.api('POST', `${V1}/device`, {
          mchId: merchant.mchId,
          deviceAlias: 'till',
          methodList: '01,02',
          extParams: { acquirers: { [profileId]: { tid: 'TID-001', mid: 'MID-001', subTid: 'S1' } } },
        }),
      );

      const legacyMerchantView = ok(await sim.api('GET', `${V2}/mchInfo/${merchant.mchId}`));
      expect(legacyMerchantView).toMatchObject({
        mchId: merchant.mchId,
        mcc: '5812',
        supportedPayments: ['01', '02'],
        supportedPaymentMethods: [
          { paymentMethod: 'VISA', profileId },
          { paymentMethod: 'MASTERCARD', profileId },
        ],
        extParams: { acqMid: 'MID-001', acqTid: '' },
      });
      for (const currentOnly of ['currency', 'region', 'country', 'acquirers', 'hasKioskTerminal', 'createdBy']) expect(legacyMerchantView).not.toHaveProperty(currentOnly);

      const profile = ok(await sim.api('GET', `${V2}/acquirer`)).records[0];
      expect(profile).toMatchObject({ profileId, profileName: 'Current acq', emvList: { '01': [emv01], '02': [emv02] }, methodList: { '01': ['Sale', 'Refund'], '02': ['Sale', 'Refund'] }, connExtraParams: '{"k":"v"}', batchNo: '000001' });
      for (const currentOnly of ['acqType', 'asDefault', 'asSettleBlock', 'enablerParams']) expect(profile).not.toHaveProperty(currentOnly);

      const device = ok(await sim.api('GET', `${V2}/device?merchantId=${merchant.mchId}`)).records[0];
      expect(device).toMatchObject({ deviceId: code.id, activateCodeAlias: 'till', methodList: '01,02', profileId: String(profileId), customerId: 'G-00000001', extParams: { acqTid: 'TID-001', acqMid: 'MID-001', subTid: 'S1' } });
      expect(device).not.toHaveProperty('deviceAlias');
      expect(ok(await sim.api('GET', `${V2}/emv?pageSize=-1`)).records.map((e: any) => e.id)).toEqual([emv01, emv02]);
    });

    it('the current view of records created through the legacy API, and current-API changes seen by the legacy view', async () => {
      const { profileId, emvIds } = await legacyProfile(sim, { profileName: 'Legacy acq', codes: ['01'], extra: { connTimeout: 9 } });
      const merchant = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: '01', profileId }], extParams: { acqMid: 'L-MID', acqTid: 'L-TID' } });
      const code = ok(await sim.api('POST', `${V2}/device`, { mchId: merchant.mchId, activateCodeAlias: 'till', extParams: { acqTid: 'T-1', acqMid: 'M-1' } }));

      expect(ok(await sim.api('GET', `${V1}/acquirer`)).records[0]).toMatchObject({ profileId, acqType: 'card', methodList: '{"01":["Sale","Void","Refund"]}', emvList: JSON.stringify({ '01': [emvIds['01']] }) });
      expect(ok(await sim.api('GET', `${V1}/mchInfo/${merchant.mchId}`))).toMatchObject({
        currency: 'USD',
        supportedPayments: ['01'],
        acquirers: [{ profileId, profileName: 'Legacy acq', currency: 'EUR', acqType: 'card' }],
      });
      const device = ok(await sim.api('GET', `${V1}/device/${code.id}`));
      expect(device).toMatchObject({ deviceAlias: 'till', profileId: String(profileId) });
      expect(JSON.parse(device.extParams)).toEqual({ acquirers: { [profileId]: { tid: 'T-1', mid: 'M-1' } } });

      // The current API changes them; the legacy view follows.
      ok(await sim.api('PUT', `${V1}/acquirer/${profileId}`, { profileName: 'Renamed acq' }));
      ok(await sim.api('PUT', `${V1}/device/${code.id}`, { deviceAlias: 'front' }));
      ok(await sim.api('DELETE', `${V1}/mchInfo/payment/${merchant.mchId}?acquirerProfileId=${profileId}&currency=EUR`));
      expect(ok(await sim.api('GET', `${V2}/acquirer`)).records[0]).toMatchObject({ profileName: 'Renamed acq', connTimeout: 9 });
      expect(ok(await sim.api('GET', `${V2}/device?merchantId=${merchant.mchId}`)).records[0].activateCodeAlias).toBe('front');
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${merchant.mchId}`))).toMatchObject({ supportedPayments: [], supportedPaymentMethods: [], extParams: { acqMid: 'L-MID', acqTid: 'L-TID' } });
    });

    it('a profile\'s batchNo is the number of the batch it opened last', async () => {
      const terminal = await createPaymentTerminal(sim, { profileName: 'Paying acq' });
      await terminal.pay(1000);
      const [batch] = ok(await sim.api('GET', `${V2}/settlement`)).records;
      ok(await sim.api('POST', `${V2}/settlement/settle`, { batchId: batch.batchId }));
      await terminal.pay(500);
      const profile = ok(await sim.api('GET', `${V2}/acquirer?profileName=Paying`)).records[0];
      expect(profile.batchNo).toBe('000002');
    });
  });
}

describe('groups on the current API and the switch from legacy', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => sim.close());
  beforeEach(async () => sim.admin.reset());

  it('a v1 group gets 13310 on every legacy endpoint and method, reads included, and nothing is written', async () => {
    for (const [method, path, body] of LEGACY_ENDPOINTS) {
      rejected(await sim.api(method, `${V2}${path}`, body), 13310, LEGACY_DISABLED);
    }
    // Not even a malformed body is looked at first.
    rejected(await sim.api('POST', `${V2}/mchInfo`, '{not json'), 13310, LEGACY_DISABLED);
    expect(ok(await sim.api('GET', `${V1}/mchInfo`)).total).toBe(0);
    expect(ok(await sim.api('GET', `${V1}/emv`)).total).toBe(0);
  });

  it('switching a group from legacy to v1 keeps every record; the legacy endpoints then answer 13310, and back again', async () => {
    await legacyGroup(sim);
    const { profileId } = await legacyProfile(sim, { profileName: 'Main', codes: ['01', '02'] });
    const merchant = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: '01', profileId }], extParams: { acqMid: 'X' } });
    const code = ok(await sim.api('POST', `${V2}/device`, { mchId: merchant.mchId, deviceName: 'till', extParams: { acqTid: 'T', acqMid: 'M', jwtSecret: 'j' } }));
    await sim.admin.activate(code.activationCode);
    const recordsOf = (state: any) => state.groups.map(({ settings: _settings, ...records }: any) => records);
    const before = await sim.admin.state({ secrets: true });

    await sim.admin.createGroup({ groupId: 'G-00000001', apiVersion: 'v1' });
    const after = (await sim.admin.state({ secrets: true })) as any;
    expect(after.groups[0].settings.apiVersion).toBe('v1');
    expect(recordsOf(after)).toEqual(recordsOf(before));
    for (const [method, path, body] of LEGACY_ENDPOINTS) rejected(await sim.api(method, `${V2}${path}`, body), 13310, LEGACY_DISABLED);
    expect(ok(await sim.api('GET', `${V1}/mchInfo/${merchant.mchId}`)).supportedPayments).toEqual(['01']);
    expect(ok(await sim.api('GET', `${V1}/device?mchId=${merchant.mchId}`)).total).toBe(1);

    await legacyGroup(sim);
    expect(ok(await sim.api('GET', `${V2}/mchInfo/${merchant.mchId}`))).toMatchObject({ extParams: { acqMid: 'X', acqTid: '' }, supportedPaymentMethods: [{ paymentMethod: 'VISA', profileId }] });
  });
});
