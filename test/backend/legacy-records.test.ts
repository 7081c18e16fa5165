import { describe, expect, it } from 'vitest';
import type { LegacyAcquirerProfile, LegacyDevice, LegacyEmvConfig, LegacyMerchant } from '../../src/api/index.js';
import { LegacyApiLimitError } from '../../src/backend/errors.js';
import { acquirer } from '../../src/kinds/acquirer.js';
import { acquirerProfileFromLegacy, legacyProfileCreate, legacyProfileUpdate } from '../../src/kinds/acquirer.legacy.js';
import { bindingRecordFromLegacy, boundMethods, legacyBindingsOf } from '../../src/kinds/binding.legacy.js';
import { deviceFromLegacy, legacyDeviceCreate, legacyDeviceUpdate } from '../../src/kinds/device.legacy.js';
import { emvConfigFromLegacy, legacyEmvCreate, legacyEmvUpdate } from '../../src/kinds/emv.legacy.js';
import { legacyMerchantState, legacyMerchantWrite, merchantFromLegacy } from '../../src/kinds/merchant.legacy.js';
import { LiveStateError } from '../../src/live/errors.js';
import { normaliseLive } from '../../src/live/normalise-live.js';
import { RECEIPT_LOGO_FINGERPRINT_KEY } from '../../src/model/receipt-logo.js';

/** The legacy adapter's pure mappings: legacy records → the current API's records, current-shape writes → legacy bodies. */

const failureOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

const visaProfile: LegacyAcquirerProfile = {
  profileId: 1001,
  profileName: 'acq-usd',
  currency: 'USD',
  connMessageFormat: 'HOSTA_8583',
  connUrl: 'https://acquirer.example.com/8583',
  notifyUrl: 'https://pbo.example.com/notify',
  // A legacy answer may name a method; 0 is "no EMV config".
  methodList: { VISA: ['Sale', 'Refund'], '02': ['Sale'], A1: [] },
  emvList: { '01': [7, 0], '02': [8] },
  connTimeout: 30,
  batchNo: '000001',
};

describe('EMV configs', () => {
  it('reads a legacy record as a USD current record: params JSON-encoded, a named method as its code, aid and emvVersion left to the legacy record', () => {
    const record: LegacyEmvConfig = {
      id: 7,
      emvName: 'amex-usd',
      paymentMethod: 'AMEX',
      params: { aid: 'A00000002501', clFloorLimit: 0, isNewCVMRuleForMC: true },
      aid: 'A00000002501',
      emvVersion: '0001',
    };
    expect(emvConfigFromLegacy(record)).toEqual({
      id: 7,
      emvName: 'amex-usd',
      paymentMethod: '04',
      currency: 'USD',
      params: JSON.stringify({ aid: 'A00000002501', clFloorLimit: 0, isNewCVMRuleForMC: true }),
    });
    expect(emvConfigFromLegacy({ id: 8, emvName: 'qr', paymentMethod: 'C16', params: '{"x":1}' }).params).toBe('{"x":1}');
    expect(emvConfigFromLegacy({ id: 9, emvName: 'wallet', paymentMethod: '07', params: null }).params).toBe('{}');
  });

  it('writes params as an object and no currency; a currency other than USD is refused, not dropped', () => {
    expect(legacyEmvCreate({ emvName: 'visa', paymentMethod: '01', currency: 'USD', params: '{"aid":"A0000000031010","flag":true,"n":null}' })).toEqual({
      emvName: 'visa',
      paymentMethod: '01',
      params: { aid: 'A0000000031010', flag: true, n: null },
    });
    expect(legacyEmvUpdate('visa', { currency: 'USD', params: '{"aid":"A1"}' })).toEqual({ params: { aid: 'A1' } });
    const refused = failureOf(() => legacyEmvCreate({ emvName: 'visa-eur', paymentMethod: '01', currency: 'EUR', params: '{}' }));
    expect(refused).toBeInstanceOf(LegacyApiLimitError);
    expect((refused as Error).message).toContain('EMV config "visa-eur": its currency is EUR');
  });
});

describe('acquirer profiles', () => {
  it('reads a legacy record as a current one: lists JSON-encoded by code, no acqType (the default applies), no legacy-only fields', () => {
    const record = acquirerProfileFromLegacy(visaProfile);
    expect(record).toEqual({
      profileId: 1001,
      profileName: 'acq-usd',
      currency: 'USD',
      connMessageFormat: 'HOSTA_8583',
      connUrl: 'https://acquirer.example.com/8583',
      notifyUrl: 'https://pbo.example.com/notify',
      methodList: JSON.stringify({ '01': ['Sale', 'Refund'], '02': ['Sale'], A1: [] }),
      emvList: JSON.stringify({ '01': [7, 0], '02': [8] }),
    });
    const fields = acquirer.liveFields(record, { where: 'p', emvName: (id) => `emv-${String(id)}`, profileNames: new Map() });
    expect(fields).toMatchObject({ acqType: 'card', asDefault: false, methods: { '01': { emvs: ['emv-7'], allows: ['Sale', 'Refund'] } } });
    expect(acquirerProfileFromLegacy({ ...visaProfile, emvList: null, connExtraParams: { k: 'v' } })).toMatchObject({ connExtraParams: '{"k":"v"}' });
    expect(acquirerProfileFromLegacy({ ...visaProfile, emvList: null })).not.toHaveProperty('emvList');
  });

  it('creates with the lists as objects and the group; a card acqType says nothing, what the legacy API lacks is refused', () => {
    const body = {
      profileName: 'acq-usd',
      currency: 'USD',
      acqType: 'card' as const,
      connMessageFormat: 'HOSTA_8583' as const,
      connUrl: 'https://acquirer.example.com/8583',
      notifyUrl: 'https://pbo.example.com/notify',
      connExtraParams: '{"nii":"003"}',
      methodList: '{"01":[]}',
      emvList: '{"01":[7]}',
    };
    expect(legacyProfileCreate(body, 'G-00000001')).toEqual({
      profileName: 'acq-usd',
      currency: 'USD',
      groupId: 'G-00000001',
      connMessageFormat: 'HOSTA_8583',
      connUrl: 'https://acquirer.example.com/8583',
      notifyUrl: 'https://pbo.example.com/notify',
      connExtraParams: { nii: '003' },
      methodList: { '01': [] },
      emvList: { '01': [7] },
    });
    for (const [extra, field] of [
      [{ acqType: 'qr' as const }, 'acqType'],
      [{ enablerParams: 'tid' }, 'enablerParams'],
      [{ asDefault: true }, 'asDefault'],
      [{ asSettleBlock: true }, 'asSettleBlock'],
      [{ enablerMsgFormat: 'X' }, 'enablerMsgFormat'],
    ] as const) {
      const refused = failureOf(() => legacyProfileCreate({ ...body, ...extra }, 'G-00000001'));
      expect(refused, field).toBeInstanceOf(LegacyApiLimitError);
      expect((refused as LegacyApiLimitError).details).toMatchObject({ field });
    }    // What a legacy profile is by nature, as validate --api legacy lets it through: sent as nothing more.
    expect(legacyProfileCreate({ ...body, asDefault: false, asSettleBlock: false }, 'G-00000001')).toEqual(legacyProfileCreate(body, 'G-00000001'));
  });

  it('updates with what changes, plus the connMessageFormat and currency the legacy PUT requires', () => {
    expect(legacyProfileUpdate({ notifyUrl: 'https://pbo.example.com/n2' }, visaProfile)).toEqual({
      connMessageFormat: 'HOSTA_8583',
      currency: 'USD',
      notifyUrl: 'https://pbo.example.com/n2',
    });
    expect(legacyProfileUpdate({ profileName: 'acq-2', connMessageFormat: 'HOSTB_8583', methodList: '{"02":["Sale"]}', emvList: '{"02":[8]}' }, visaProfile)).toEqual({
      profileName: 'acq-2',
      connMessageFormat: 'HOSTB_8583',
      currency: 'USD',
      methodList: { '02': ['Sale'] },
      emvList: { '02': [8] },
    });
  });
});

describe('merchants and their bindings', () => {
  const merchant: LegacyMerchant = {
    mchId: 'M000000000001',
    id: 'M000000000001',
    mchName: 'Corner Shop',
    contactName: 'Ada',
    contactEmail: 'ada@example.com',
    providerReference: 'shop-1',
    activated: true,
    supportedPayments: ['VISA', 'MASTERCARD'],
    // Real answers name methods and repeat the merchant.
    supportedPaymentMethods: [
      { paymentMethod: 'VISA', mchId: 'M000000000001', profileId: 1001 },
      { paymentMethod: 'MASTERCARD', mchId: 'M000000000001', profileId: '1001' },
    ],
    extParams: { acqMid: 'MID1', acqTid: '', subMid: 'S1', signKey: 'k' },
  };
  const profiles = new Map([['1001', visaProfile]]);

  it('reads state from activated where the record has no state', () => {
    expect(legacyMerchantState({ activated: true })).toBe(1);
    expect(legacyMerchantState({ activated: 'true' })).toBe(1);
    expect(legacyMerchantState({ activated: false })).toBe(0);
    expect(legacyMerchantState({ state: 0, activated: true })).toBe(0);
    expect(legacyMerchantState({})).toBeUndefined();
  });

  it('groups supportedPaymentMethods by profile: one binding per profile, in its currency, with its lists for the methods bound', () => {
    expect([...boundMethods(merchant)]).toEqual([['1001', ['01', '02']]]);
    const [binding] = legacyBindingsOf(merchant, profiles);
    expect(bindingRecordFromLegacy(merchant.mchId, binding!)).toEqual({
      merchantId: 'M000000000001',
      acquirerProfileId: '1001',
      acquirerProfileName: 'acq-usd',
      currency: 'USD',
      paymentMethods: [
        { paymentMethodCode: '01', emvs: [{ emvId: 7 }] },
        { paymentMethodCode: '02', emvs: [{ emvId: 8 }] },
      ],
    });
    const record = merchantFromLegacy(merchant, profiles);
    expect(record).toMatchObject({ mchId: 'M000000000001', currency: 'USD', state: 1, providerReference: 'shop-1', supportedPayments: ['01', '02'] });
    expect(record.acquirers).toEqual([
      {
        profileId: 1001,
        profileName: 'acq-usd',
        currency: 'USD',
        methodList: JSON.stringify({ '01': ['Sale', 'Refund'], '02': ['Sale'] }),
        emvList: JSON.stringify({ '01': [7, 0], '02': [8] }),
      },
    ]);
  });

  it('normalises the summary and the binding record of one legacy merchant to the same binding', () => {
    const live = normaliseLive({
      emvConfigs: [emvConfigFromLegacy({ id: 7, emvName: 'visa', paymentMethod: '01', params: {} }), emvConfigFromLegacy({ id: 8, emvName: 'mc', paymentMethod: '02', params: {} })],
      acquirerProfiles: [acquirerProfileFromLegacy(visaProfile)],
      merchants: [merchantFromLegacy(merchant, profiles)],
      bindings: new Map(),
      devices: new Map(),
    });
    const fromRecords = normaliseLive({
      emvConfigs: [emvConfigFromLegacy({ id: 7, emvName: 'visa', paymentMethod: '01', params: {} }), emvConfigFromLegacy({ id: 8, emvName: 'mc', paymentMethod: '02', params: {} })],
      acquirerProfiles: [acquirerProfileFromLegacy(visaProfile)],
      merchants: [merchantFromLegacy(merchant, profiles)],
      bindings: new Map([[merchant.mchId, legacyBindingsOf(merchant, profiles).map((b) => bindingRecordFromLegacy(merchant.mchId, b))]]),
      devices: new Map(),
    });
    const binding = (state: typeof live) => [...state.resources.values()].find((r) => r.kind === 'binding')?.fields;
    expect(binding(live)).toEqual({ acquirer: 'acq-usd', currency: 'USD', methods: { '01': { emvs: ['visa'], allows: ['Sale', 'Refund'] }, '02': { emvs: ['mc'], allows: ['Sale'] } } });
    expect(binding(fromRecords)).toMatchObject({ acquirer: 'acq-usd', currency: 'USD', methods: { '01': { emvs: ['visa'] }, '02': { emvs: ['mc'] } } });
  });

  it('refuses to read a binding through a profile the profile list does not hold', () => {
    const error = failureOf(() => merchantFromLegacy(merchant, new Map()));
    expect(error).toBeInstanceOf(LiveStateError);
    expect((error as Error).message).toContain('acquirer profile 1001, which GET /api/v2/acquirer does not list');
  });

  it('writes the legacy fields, state as state and activated, never supportedPaymentMethods; refuses what the legacy API lacks', () => {
    const body = { providerReference: 'shop-1', mchName: 'Corner Shop', currency: 'USD', contactName: 'Ada', contactEmail: 'ada@example.com', mcc: '5411', state: 0 as const };
    expect(legacyMerchantWrite(body)).toEqual({ providerReference: 'shop-1', mchName: 'Corner Shop', contactName: 'Ada', contactEmail: 'ada@example.com', mcc: '5411', state: 0, activated: false });
    // The receipt logo fingerprint is paycfg's, not the user's: it goes (the logo is then write-only), nothing is refused.
    expect(legacyMerchantWrite({ ...body, additionalData: { [RECEIPT_LOGO_FINGERPRINT_KEY]: 'abc' } })).not.toHaveProperty('additionalData');
    for (const [extra, field] of [
      [{ currency: 'EUR' }, 'currency'],
      [{ region: 'West' }, 'region'],
      [{ country: 'US' }, 'country'],
      [{ passcode: 'secret' }, 'passcode'],
      [{ mdr: '1.5' }, 'mdr'],
      [{ additionalData: { tier: 'gold' } }, 'additionalData'],
    ] as const) {
      const refused = failureOf(() => legacyMerchantWrite({ ...body, ...extra }));
      expect(refused, field).toBeInstanceOf(LegacyApiLimitError);
      expect((refused as LegacyApiLimitError).details).toMatchObject({ field });
    }
  });
});

describe('devices', () => {
  const device: LegacyDevice = {
    deviceId: 'CD-100000000001',
    activateCodeAlias: 'till-1',
    deviceType: 'COTS',
    deviceStatus: 0,
    profileId: '1001',
    methodList: { '01': { tid: 'T1' }, '02': {} },
    extParams: { acqTid: 'T1', acqMid: 'M1', jwtSecret: 'j' },
    emvParams: { amexFloorLimit: '00000100', terminalCountryCode: '0840' },
    serverUrl: '',
    customerId: 'G-00000001',
  };

  it('reads a legacy device as a current record: alias, codes, the provisioning profile acquirer fields, emvParams as answered', () => {
    expect(deviceFromLegacy(device)).toEqual({
      deviceId: 'CD-100000000001',
      deviceAlias: 'till-1',
      deviceType: 'COTS',
      deviceStatus: 0,
      profileId: '1001',
      methodList: '01,02',
      extParams: JSON.stringify({ acquirers: { '1001': { tid: 'T1', mid: 'M1', jwtSecret: 'j' } } }),
      emvParams: JSON.stringify({ amexFloorLimit: '00000100', terminalCountryCode: '0840' }),
    });
    expect(deviceFromLegacy({ ...device, methodList: { all: { tid: 'T1' } } })).not.toHaveProperty('methodList');
    expect(deviceFromLegacy({ ...device, methodList: '01,A1' }).methodList).toBe('01,A1');
    expect(deviceFromLegacy({ ...device, profileId: null })).not.toHaveProperty('extParams');
    expect(deviceFromLegacy({ ...device, extParams: '{}' })).not.toHaveProperty('extParams');
  });

  it('creates with objects: codes as methodList keys, one profile acquirer fields flat under their legacy names', () => {
    expect(
      legacyDeviceCreate({
        mchId: 'M1',
        deviceAlias: 'till-1',
        methodList: '01,02',
        extParams: { acquirers: { '1001': { tid: 'T1', mid: 'M1', subMid: 'S' } } },
        emvParams: { netDFloorLimit: '00000100' },
      }),
    ).toEqual({
      mchId: 'M1',
      activateCodeAlias: 'till-1',
      deviceType: 'COTS',
      methodList: { '01': {}, '02': {} },
      extParams: { acqTid: 'T1', acqMid: 'M1', subMid: 'S' },
      emvParams: { netDFloorLimit: '00000100' },
    });
    const refused = failureOf(() => legacyDeviceCreate({ mchId: 'M1', deviceAlias: 'till-1', extParams: { acquirers: { '1001': { tid: 'T1' }, '1002': { tid: 'T2' } } } }));
    expect(refused).toBeInstanceOf(LegacyApiLimitError);
    expect((refused as LegacyApiLimitError).details).toMatchObject({ field: 'acquirerFields' });
  });

  it('updates explicitly: what the body sends, objects as objects, null clearing', () => {
    expect(
      legacyDeviceUpdate('CD-1', {
        deviceAlias: 'till-2',
        deviceName: null,
        methodList: '01',
        emvParams: '{"amexFloorLimit":"00000200"}',
        extParams: JSON.stringify({ other: 1, acquirers: { '1001': { tid: 'T9' } } }),
      }),
    ).toEqual({ activateCodeAlias: 'till-2', deviceName: null, methodList: { '01': {} }, emvParams: { amexFloorLimit: '00000200' }, extParams: { acqTid: 'T9' } });
    expect(legacyDeviceUpdate('CD-1', { methodList: null, extParams: null, emvParams: null })).toEqual({ methodList: null, extParams: null, emvParams: null });
    expect(legacyDeviceUpdate('CD-1', { deviceAdmin: 'pw' })).toEqual({ deviceAdmin: 'pw' });
  });
});
