import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LegacyApiRejectedError } from '../../src/api/index.js';
import { checkData, type DataShape } from '../../src/api/wire-schemas.js';
import { startHoldingProxy, type HoldingProxy } from '../helpers/holding-proxy.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { legacyGroup, legacyProfile } from './helpers/legacy-client-fixtures.js';
import { useWireStyleSimulators } from './helpers/sim-client.js';

/**
 * The legacy API as the public documentation and the public onboarding client show it: the wire
 * schemas `--strict-api` checks refuse none of their examples, and the client sends the requests in
 * those shapes (EMV params as an object without a currency, one method bound per POST, a device's
 * objects as objects when asked).
 */

const h = useWireStyleSimulators();

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (e: unknown) => e);

describe('the wire schemas and the documented legacy examples', () => {
  const good: Array<[string, DataShape, unknown]> = [
    [
      'the legacy EMV list: no currency, params an object, aid and emvVersion, hasNext after records',
      { kind: 'page', schema: 'legacy-emv-config' },
      {
        records: [{ id: 12, emvName: 'amex-usd', paymentMethod: '04', params: { aid: 'A00000002501', emvVersion: '0001' }, aid: 'A00000002501', emvVersion: '0001' }],
        hasNext: false,
        total: 1,
        current: 1,
      },
    ],
    ['a legacy EMV record with params JSON-encoded and a named method', { kind: 'record', schema: 'legacy-emv-config' }, { id: '12', emvName: 'visa', paymentMethod: 'VISA', params: '{"aid":"A0000000031010"}', emvVersion: 1 }],
    [
      'a merchant record with activated and method names in supportedPaymentMethods',
      { kind: 'record', schema: 'legacy-merchant' },
      {
        mchId: 'M000000000001',
        mchName: 'Corner Shop',
        activated: true,
        supportedPayments: ['VISA', 'MASTERCARD'],
        supportedPaymentMethods: [
          { paymentMethod: 'VISA', mchId: 'M000000000001', profileId: 1001 },
          { paymentMethod: 'MASTERCARD', mchId: 'M000000000001', profileId: 1001 },
        ],
        extParams: { acqMid: 'MID1', acqTid: 'TID1', subMid: '', signKey: null },
      },
    ],
    ['a merchant record once activated "true"', { kind: 'record', schema: 'legacy-merchant' }, { mchId: 'M1', mchName: 'a', activated: 'true' }],
    [
      'a device with the real EMV parameter names',
      { kind: 'record', schema: 'legacy-device' },
      { deviceId: 'CD-1', activateCodeAlias: 'till', emvParams: { amexFloorLimit: '00000100', amexExReaderCapability: '18000', amexReaderCapability: 'C3' }, methodList: { all: { tid: 'T1', mid: 'M1' } } },
    ],
    ['a device created before any binding', { kind: 'record', schema: 'legacy-device-created' }, { id: 'CD-1', activationCode: '123456789012', profileId: null }],
    [
      'a legacy profile with connExtraParams as an object',
      { kind: 'record', schema: 'legacy-acquirer-profile' },
      { profileId: 1001, profileName: 'acq', currency: 'USD', methodList: { '01': ['Sale'] }, emvList: { '01': [12] }, connExtraParams: { nii: '003' } },
    ],
  ];
  it.each(good)('accepts %s', (_name, shape, data) => {
    expect(checkData(shape, data)).toBeUndefined();
  });

  const bad: Array<[string, DataShape, unknown, string]> = [
    ['an EMV record without its name', { kind: 'record', schema: 'legacy-emv-config' }, { id: 1, paymentMethod: '01', params: {} }, '/data/emvName'],
    ['EMV params that are a list', { kind: 'record', schema: 'legacy-emv-config' }, { id: 1, emvName: 'e', paymentMethod: '01', params: [] }, '/data/params'],
    ['activated that is neither a flag nor its text', { kind: 'record', schema: 'legacy-merchant' }, { mchId: 'M1', mchName: 'a', activated: 'yes' }, '/data/activated'],
    ['a profile whose emvList holds a name', { kind: 'record', schema: 'legacy-acquirer-profile' }, { profileId: 1, profileName: 'a', currency: 'USD', methodList: {}, emvList: { '01': ['x'] } }, '/data/emvList/01/0'],
  ];
  it.each(bad)('refuses %s, so the checks above are not vacuous', (_name, shape, data, pointer) => {
    expect(checkData(shape, data)?.pointer).toBe(pointer);
  });
});

h.describe('the legacy client in the real shapes', () => {
  let proxy: HoldingProxy;
  beforeEach(async () => {
    proxy = await startHoldingProxy(h.sim.url, {});
  });
  afterEach(async () => {
    await proxy.close();
  });
  const bodies = (method: string, prefix: string): unknown[] =>
    proxy.received.filter((r) => r.method === method && r.path.startsWith(prefix)).map((r) => JSON.parse(r.body) as unknown);

  it('creates an EMV config with params an object and no currency; lists it without currency, with aid, emvVersion and hasNext', async () => {
    await legacyGroup(h);
    const client = h.client({ baseUrl: proxy.url });
    const { id } = await client.legacy.emvConfigs.create({ emvName: 'visa-usd', paymentMethod: '01', params: { aid: 'A0000000031010', emvVersion: '0001', floor: 0 } });
    await client.legacy.emvConfigs.update(id, { params: { aid: 'A0000000031010', emvVersion: '0002' } });
    expect(bodies('POST', '/api/v2/emv')).toEqual([{ emvName: 'visa-usd', paymentMethod: '01', params: { aid: 'A0000000031010', emvVersion: '0001', floor: 0 } }]);
    expect(bodies('PUT', '/api/v2/emv')).toEqual([{ params: { aid: 'A0000000031010', emvVersion: '0002' } }]);
    const page = await client.legacy.emvConfigs.list();
    expect(page.hasNext).toBe(false);
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ id, emvName: 'visa-usd', aid: 'A0000000031010', emvVersion: '0002' });
    expect(page.records[0]).not.toHaveProperty('currency');
    // The same record on the current API, in USD.
    expect(await client.emvConfigs.listAll({ emvName: 'visa-usd' })).toMatchObject([{ id, currency: 'USD' }]);
  });

  it('binds one method per POST /api/v2/mchInfo/payment/{mchId}, by code or network name', async () => {
    await legacyGroup(h);
    const client = h.client({ baseUrl: proxy.url });
    const { profileId } = await legacyProfile(client, 'acq-two', ['Sale']);
    await client.legacy.acquirerProfiles.update(profileId, {
      connMessageFormat: 'HOSTA_8583',
      currency: 'USD',
      methodList: { '01': ['Sale'], '02': ['Sale'] },
      emvList: { '01': [(await client.legacy.emvConfigs.listAll())[0]!.id], '02': [(await client.legacy.emvConfigs.create({ emvName: 'mc', paymentMethod: '02', params: {} })).id] },
    });
    const merchant = await client.legacy.merchants.create({ mchName: 'Shop', contactName: 'Ada', contactEmail: 'ada@example.com' });
    await client.legacyBinding.bindMethod(merchant.mchId, { groupId: TEST_GROUP, paymentMethod: '01', profileId });
    await client.legacyBinding.bindMethod(merchant.mchId, { groupId: TEST_GROUP, paymentMethod: 'MASTERCARD', profileId });
    expect(bodies('POST', `/api/v2/mchInfo/payment/${merchant.mchId}`)).toEqual([
      { groupId: TEST_GROUP, paymentMethod: '01', profileId },
      { groupId: TEST_GROUP, paymentMethod: 'MASTERCARD', profileId },
    ]);
    const bound = await client.legacy.merchants.get(merchant.mchId);
    expect((bound?.supportedPaymentMethods ?? []).map((m) => [m.paymentMethod, Number(m.profileId)])).toEqual([
      ['VISA', profileId],
      ['MASTERCARD', profileId],
    ]);
  });

  it("sends a device's methodList and extParams as objects when asked, JSON-encoded otherwise", async () => {
    await legacyGroup(h);
    const client = h.client({ baseUrl: proxy.url });
    const { profileId } = await legacyProfile(client, 'acq-dev', ['Sale']);
    const merchant = await client.legacy.merchants.create({ mchName: 'Shop', contactName: 'Ada', contactEmail: 'ada@example.com' });
    await client.legacyBinding.bindMethod(merchant.mchId, { groupId: TEST_GROUP, paymentMethod: '01', profileId });
    const body = { mchId: merchant.mchId, activateCodeAlias: 'till', deviceType: 'COTS', methodList: { all: { tid: 'T1', mid: 'M1' } }, extParams: { subMid: 'S1' } };
    await client.legacy.devices.create(body, { asObjects: true });
    await client.legacy.devices.create({ ...body, activateCodeAlias: 'till-2' });
    expect(bodies('POST', '/api/v2/device')).toEqual([body, { ...body, activateCodeAlias: 'till-2', methodList: JSON.stringify(body.methodList), extParams: JSON.stringify(body.extParams) }]);
    const devices = await client.legacy.devices.listAll(merchant.mchId);
    expect(devices.map((d) => [d.activateCodeAlias, d.extParams])).toEqual([
      ['till', { acqTid: 'T1', acqMid: 'M1', subMid: 'S1' }],
      ['till-2', { acqTid: 'T1', acqMid: 'M1', subMid: 'S1' }],
    ]);
  });

  it('refuses the method binding for a group on the current API with 13310, sent once', async () => {
    const client = h.client();
    const error = (await failureOf(client.legacyBinding.bindMethod('M1', { groupId: TEST_GROUP, paymentMethod: '01', profileId: 1 }))) as LegacyApiRejectedError;
    expect(error).toBeInstanceOf(LegacyApiRejectedError);
    expect(error.serviceCode).toBe(13310);
    expect(client.events.map((e) => [e.method, e.path, e.attempt])).toEqual([['POST', '/api/v2/mchInfo/payment/M1', 1]]);
  });
});
