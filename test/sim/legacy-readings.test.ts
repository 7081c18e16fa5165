import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { bind, createEmv, createMerchant, createProfile, ok, refused, V1 } from './fixtures.js';
import { legacyGroup, legacyMerchant, legacyProfile, rejected, V2 } from './legacy-fixtures.js';

/**
 * The switch between the APIs, and the readings of the service the material leaves open, each
 * selectable when the simulator starts: whether the current API serves legacy groups
 * (`legacyGroups`), POST on /api/v2/current (`ownerPost`), method codes beyond the reference's
 * (`methodCodes`).
 */

const LEGACY_DISABLED = 'This group uses multiple acquirers; use the new API /api/openapi/v1';
const CURRENT_DISABLED = 'This group has not been switched to multiple acquirers; use the legacy API /api/v2';

describe('a legacy group switched through the admin surface', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => sim.close());
  beforeEach(async () => sim.admin.reset());

  it('answers 13310 on every legacy configuration endpoint, the real client\'s requests included, and writes nothing', async () => {
    await legacyGroup(sim);
    const { profileId } = await legacyProfile(sim, { profileName: 'Main', codes: ['01'], currency: 'USD' });
    const merchant = await legacyMerchant(sim, { supportedPaymentMethods: [{ paymentMethod: 'VISA', profileId }] });
    await sim.admin.createGroup({ groupId: 'G-00000001', apiVersion: 'v1' });
    const before = await sim.admin.state({ secrets: true });
    const requests: ReadonlyArray<readonly [string, string, unknown?]> = [
      ['GET', '/mchInfo'],
      ['POST', '/mchInfo', { mchName: 'x', contactName: 'y', contactEmail: 'a@b.c', supportedPaymentMethods: ['VISA'], activated: 'true' }],
      ['GET', `/mchInfo/${merchant.mchId}`],
      ['PUT', `/mchInfo/${merchant.mchId}`, { activated: false }],
      ['DELETE', `/mchInfo/${merchant.mchId}`],
      ['POST', `/mchInfo/payment/${merchant.mchId}`, { groupId: 'G-00000001', paymentMethod: '01', profileId }],
      ['DELETE', `/mchInfo/payment/${merchant.mchId}/VISA`],
      ['GET', `/device?merchantId=${merchant.mchId}`],
      ['POST', '/device', { mchId: merchant.mchId, activateCodeAlias: 'x', methodList: { all: { tid: 't', mid: 'm' } } }],
      ['PUT', '/device/CD-123456789012', { deviceName: 'x' }],
      ['DELETE', '/device/CD-123456789012?deviceStatus=0'],
      ['GET', '/acquirer'],
      ['POST', '/acquirer', { profileName: 'x' }],
      ['PUT', `/acquirer/${profileId}`, { connMessageFormat: 'HOSTA_8583', currency: 'USD' }],
      ['DELETE', `/acquirer/${profileId}`],
      ['GET', '/emv'],
      ['POST', '/emv', { emvName: 'x', paymentMethod: '01', params: {} }],
      ['PUT', '/emv/1001', { params: {} }],
      ['DELETE', '/emv/1001'],
    ];
    for (const [method, path, body] of requests) rejected(await sim.api(method, `${V2}${path}`, body), 13310, LEGACY_DISABLED);
    expect(await sim.admin.state({ secrets: true })).toEqual(before);
    // The current API serves the group, with the records the legacy API made.
    expect(ok(await sim.api('GET', `${V1}/mchInfo/${merchant.mchId}`)).supportedPayments).toEqual(['01']);
  });
});

describe('--legacy-groups current-api=refuse', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startTestSimulator({ legacyGroups: { currentApi: 'refuse' } });
  });
  afterAll(async () => sim.close());
  beforeEach(async () => sim.admin.reset());

  it('the current configuration API answers a legacy group 13311 on every route, before reading the body', async () => {
    await legacyGroup(sim);
    const requests: ReadonlyArray<readonly [string, string, unknown?]> = [
      ['GET', '/emv'],
      ['POST', '/emv', { emvName: 'x', paymentMethod: '01', currency: 'USD', params: '{}' }],
      ['PUT', '/emv/1001', { currency: 'USD', params: '{}' }],
      ['DELETE', '/emv/1001'],
      ['GET', '/acquirer'],
      ['POST', '/acquirer', { profileName: 'x' }],
      ['PUT', '/acquirer/1001', { profileName: 'x' }],
      ['DELETE', '/acquirer/1001'],
      ['GET', '/mchInfo'],
      ['POST', '/mchInfo', '{not json'],
      ['GET', '/mchInfo/M000000000001'],
      ['PUT', '/mchInfo/M000000000001', {}],
      ['DELETE', '/mchInfo/M000000000001'],
      ['GET', '/mchInfo/payment/M000000000001'],
      ['POST', '/mchInfo/payment/M000000000001', {}],
      ['PUT', '/mchInfo/payment/M000000000001', {}],
      ['DELETE', '/mchInfo/payment/M000000000001?acquirerProfileId=1&currency=USD'],
      ['GET', '/device?mchId=M000000000001'],
      ['POST', '/device', {}],
      ['GET', '/device/CD-123456789012'],
      ['PUT', '/device/CD-123456789012', {}],
      ['DELETE', '/device/CD-123456789012'],
      ['GET', '/device/emv/CD-123456789012'],
      ['POST', '/device/code', {}],
    ];
    for (const [method, path, body] of requests) refused(await sim.api(method, `${V1}${path}`, body), 13311, CURRENT_DISABLED);
  });

  it('the legacy API, transactions, settlements and /api/v2/current serve the legacy group; a current group is served as before', async () => {
    await legacyGroup(sim);
    const merchant = await legacyMerchant(sim);
    expect(ok(await sim.api('GET', `${V2}/mchInfo/${merchant.mchId}`)).mchId).toBe(merchant.mchId);
    expect(ok(await sim.api('GET', '/api/v2/current')).groupId).toBe('G-00000001');
    ok(await sim.api('GET', '/api/v2/order'));
    ok(await sim.api('GET', '/api/v2/settlement'));
    // A group on the current API: the current API serves it, the legacy one refuses it.
    const other = 'G-00000002';
    expect(ok(await sim.api('GET', `${V1}/emv`, undefined, other)).total).toBe(0);
    ok(await sim.api('POST', `${V1}/emv`, { emvName: 'e', paymentMethod: '01', currency: 'USD', params: '{}' }, other));
    rejected(await sim.api('GET', `${V2}/emv`, undefined, other), 13310, LEGACY_DISABLED);
    // Switched, the first group is served by the current API.
    await sim.admin.createGroup({ groupId: 'G-00000001', apiVersion: 'v1' });
    expect(ok(await sim.api('GET', `${V1}/mchInfo/${merchant.mchId}`)).currency).toBe('USD');
  });
});

describe('--owner-post', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startTestSimulator({ ownerPost: true });
  });
  afterAll(async () => sim.close());

  it('answers POST /api/v2/current as its GET, for groups on either API', async () => {
    expect(ok(await sim.api('POST', '/api/v2/current'))).toEqual(ok(await sim.api('GET', '/api/v2/current')));
    await legacyGroup(sim, 'G-00000003');
    expect(ok(await sim.api('POST', '/api/v2/current', {}, 'G-00000003'))).toMatchObject({ groupId: 'G-00000003' });
  });
});

for (const wireStyle of ['real', 'reference'] as const) {
  describe(`--method-codes extended: codes 07..20 through either API (${wireStyle} wire style)`, () => {
    let sim: TestSimulator;

    beforeAll(async () => {
      sim = await startTestSimulator({ methodCodes: 'extended', wireStyle });
    });
    afterAll(async () => sim.close());
    beforeEach(async () => {
      await sim.admin.reset();
      await legacyGroup(sim);
    });

    it('the current API holds EMV configs, profiles and bindings with them, named NETWORK_<code>', async () => {
      const e07 = await createEmv(sim, { emvName: 'brand-07', paymentMethod: '07' });
      const e20 = await createEmv(sim, { emvName: 'wallet-20', paymentMethod: '20' });
      const profileId = await createProfile(sim, { profileName: 'Brands', methods: { '01': [await createEmv(sim, { emvName: 'v' })], '07': [e07], '20': [e20] } });
      const merchant = await createMerchant(sim);
      ok(await bind(sim, merchant.mchId, profileId, { '07': [e07], '20': [e20] }));
      const [binding] = ok(await sim.api('GET', `${V1}/mchInfo/payment/${merchant.mchId}`)).records;
      // ("20" is an array index to JS, so the test's method map lists it first: compare in code order.)
      expect(binding.paymentMethods.map((m: any) => [m.paymentMethodCode, m.paymentMethodName, m.paymentType]).sort()).toEqual([
        ['07', 'NETWORK_07', 'card'],
        ['20', 'NETWORK_20', 'card'],
      ]);
      expect(ok(await sim.api('GET', `${V1}/emv?paymentMethod=20`)).records.map((e: any) => e.emvName)).toEqual(['wallet-20']);
      // The legacy view names them by the code itself.
      const legacy = ok(await sim.api('GET', `${V2}/mchInfo/${merchant.mchId}`));
      expect(legacy.supportedPaymentMethods).toEqual(
        expect.arrayContaining([
          { paymentMethod: '07', mchId: merchant.mchId, profileId },
          { paymentMethod: '20', mchId: merchant.mchId, profileId },
        ]),
      );
      expect(legacy.supportedPaymentMethods).toHaveLength(2);
      expect(ok(await sim.api('GET', `${V2}/acquirer`)).records[0].methodList).toMatchObject({ '07': ['Sale', 'Refund'], '20': ['Sale', 'Refund'] });
      rejected(await sim.api('POST', `${V1}/emv`, { emvName: 'x', paymentMethod: '21', currency: 'EUR', params: '{}' }), 10000, 'Parameters Error (paymentMethod has unknown payment method code "21")');
    });

    it('the legacy API binds them too, by code, on create, with POST /mchInfo/payment and in profiles and EMV configs', async () => {
      const { id: emvId } = ok(await sim.api('POST', `${V2}/emv`, { emvName: 'brand-15', paymentMethod: '15', params: { aid: 'A0000001523010' } }));
      const { id: profileId } = ok(
        await sim.api('POST', `${V2}/acquirer`, {
          profileName: 'Brand acq',
          currency: 'USD',
          groupId: 'G-00000001',
          connMessageFormat: 'HOSTA_8583',
          connUrl: 'https://acquirer.example.com/8583',
          notifyUrl: 'https://pbo.example.com/notify',
          emvList: { '15': [emvId] },
          methodList: { '15': ['Sale'] },
        }),
      );
      const merchant = ok(await sim.api('POST', `${V2}/mchInfo`, { mchName: 'Brand shop', contactName: 'Ada', contactEmail: 'a@b.c', supportedPaymentMethods: [{ paymentMethod: '15', profileId }] }));
      expect(merchant.supportedPaymentMethods).toEqual([{ paymentMethod: '15', mchId: merchant.mchId, profileId }]);
      ok(await sim.api('DELETE', `${V2}/mchInfo/payment/${merchant.mchId}/15`));
      ok(await sim.api('POST', `${V2}/mchInfo/payment/${merchant.mchId}`, { paymentMethod: '15', profileId }));
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${merchant.mchId}`)).supportedPaymentMethods).toEqual([{ paymentMethod: '15', mchId: merchant.mchId, profileId }]);
      expect(ok(await sim.api('GET', `${V2}/emv?paymentMethod=15`)).records).toMatchObject([{ id: emvId, paymentMethod: '15', aid: 'A0000001523010' }]);
      const device = ok(await sim.api('POST', `${V2}/device`, { mchId: merchant.mchId, activateCodeAlias: 'till', methodList: { '15': { tid: 'T15', mid: 'M15' } } }));
      expect(ok(await sim.api('GET', `${V1}/device/${device.id}`))).toMatchObject({ methodList: '15', profileId: String(profileId) });
    });
  });
}

describe('method codes of the reference (the default)', () => {
  let sim: TestSimulator;

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(async () => sim.close());
  beforeEach(async () => {
    await sim.admin.reset();
    await legacyGroup(sim, 'G-00000001');
  });

  it('QR codes are answered by the legacy view as the code itself; 07 is unknown on both APIs', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000001', qrEnabled: true });
    const profileId = await createProfile(sim, { profileName: 'QR acq', acqType: 'qr', methods: { A1: [], C16: [] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, profileId, { A1: [], C16: [] }));
    expect(ok(await sim.api('GET', `${V2}/mchInfo/${merchant.mchId}`)).supportedPaymentMethods).toEqual([
      { paymentMethod: 'A1', mchId: merchant.mchId, profileId },
      { paymentMethod: 'C16', mchId: merchant.mchId, profileId },
    ]);
    refused(await sim.api('POST', `${V1}/emv`, { emvName: 'x', paymentMethod: '07', currency: 'EUR', params: '{}' }), 10000, 'Parameters Error (paymentMethod has unknown payment method code "07")');
    rejected(await sim.api('POST', `${V2}/emv`, { emvName: 'x', paymentMethod: '07', params: {} }), 10000, 'Parameters Error (paymentMethod has unknown payment method code or name "07")');
  });
});
