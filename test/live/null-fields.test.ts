/**
 * The live service answers an unset optional field as `null` where the reference leaves it out
 * (issue 18): normalisation must read both the same, so that neither shows as drift nor as a value.
 */
import { describe, expect, it } from 'vitest';
import type { AcquirerProfile, BindingRecord, Device, EmvConfig, Merchant } from '../../src/api/wire-types.js';
import { normaliseLive, type WireSnapshot } from '../../src/live/normalise-live.js';

/** The record with each of `fields` set to null, as the real style sends it (the wire types say absent). */
function withNulls<T extends object>(record: T, fields: readonly string[]): T {
  return { ...record, ...Object.fromEntries(fields.map((field) => [field, null])) } as T;
}

const emv: EmvConfig = { id: 1001, emvName: 'visa', paymentMethod: '01', currency: 'USD', params: '{"aid":"A1","isNewCVMRuleForMC":true,"kernelId":null}' };
const profile: AcquirerProfile = {
  profileId: 2001,
  profileName: 'host-a',
  currency: 'USD',
  acqType: 'card',
  connMessageFormat: 'HOSTA_8583',
  methodList: '{"01":["Sale"]}',
  emvList: '{"01":[1001]}',
};
const merchant: Merchant = {
  mchId: 'M1721816099',
  uuid: 'M1721816099',
  mchName: 'Coffee',
  currency: 'USD',
  contactName: 'Jane',
  contactEmail: 'jane@x.example',
  providerReference: 'coffee',
  state: 1,
  timeZone: 'UTC',
  receiptLogo: 'https://static.example.com/receipt/default-logo.png',
  acquirers: [{ profileId: 2001, profileName: 'host-a', currency: 'USD', acqType: 'card', methodList: '{"01":["Sale"]}', emvList: '{"01":[1001]}' }],
};
const binding: BindingRecord = {
  acquirerProfileId: '2001',
  acquirerProfileName: 'host-a',
  currency: 'USD',
  paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: 1001 }] }],
};
const pending: Device = { deviceId: 'CD-123456789012', deviceAlias: 'till-1', deviceStatus: 0, deviceType: 'COTS', profileId: '2001' };
const activated: Device = { deviceId: 'T0000000001', deviceAlias: 'kiosk', deviceStatus: 1, isDevice: true, activesAt: '2026-01-15T10:00:00+0000' };

const MERCHANT_OPTIONAL = [
  'id', 'groupId', 'mcc', 'region', 'country', 'contactPhone', 'contactAddress', 'receiptInfo', 'transType', 'passcode', 'mdr',
  'merchantType', 'additionalData', 'supportedPayments', 'hasKioskTerminal', 'createdBy', 'createdAt', 'updatedAt',
];
const PROFILE_OPTIONAL = ['groupId', 'connUrl', 'notifyUrl', 'connExtraParams', 'enablerMsgFormat', 'enablerParams', 'asDefault', 'asSettleBlock', 'createdBy'];
const BINDING_OPTIONAL = ['merchantId', 'acqType', 'mid'];
const DEVICE_OPTIONAL = ['deviceName', 'deviceAdmin', 'appVersion', 'methodList', 'extParams', 'emvParams', 'operatingMode', 'groupId', 'deviceUpdate', 'uuid'];

function snapshot(nulls: boolean): WireSnapshot {
  const n = <T extends object>(record: T, fields: readonly string[]): T => (nulls ? withNulls(record, fields) : record);
  return {
    emvConfigs: [n(emv, ['groupId', 'createdAt', 'updatedAt'])],
    acquirerProfiles: [n(profile, PROFILE_OPTIONAL)],
    merchants: [n(merchant, MERCHANT_OPTIONAL)],
    bindings: new Map([[merchant.mchId, [n(binding, BINDING_OPTIONAL)]]]),
    devices: new Map([[merchant.mchId, [n(pending, [...DEVICE_OPTIONAL, 'activesAt']), n(activated, DEVICE_OPTIONAL)]]]),
  };
}

/** Every resource's address, id, lifecycle and fields: what the plan compares. */
function compared(state: ReturnType<typeof normaliseLive>): unknown[] {
  return [...state.resources.values()].map((r) => ({ kind: r.kind, key: r.key, id: r.id, lifecycle: r.lifecycle, fields: r.fields }));
}

describe('null optional fields', () => {
  it('normalise exactly as absent ones, in every record kind', () => {
    const absent = normaliseLive(snapshot(false));
    const nulls = normaliseLive(snapshot(true));
    expect(compared(nulls)).toEqual(compared(absent));
    // Nothing null reaches the fields, but a null EMV param is a value of its own and stays.
    expect(JSON.stringify(compared(nulls).filter((r) => (r as { kind: string }).kind !== 'emv'))).not.toContain('null');
    expect(nulls.resources.get('emv/visa')?.fields).toMatchObject({ params: { isNewCVMRuleForMC: true, kernelId: null } });
    expect(nulls.resources.get('device/coffee/till-1')?.lifecycle).toBe('pending');
    expect(nulls.resources.get('device/coffee/kiosk')?.lifecycle).toBe('active');
    expect(nulls.resources.get('binding/coffee/host-a/USD')?.fields).not.toHaveProperty('mid');
  });

  it('read as absent in the merchant summary and the binding records too', () => {
    const summary = withNulls(merchant.acquirers![0]!, ['profileName', 'acqType']);
    const record = withNulls(
      { ...binding, paymentMethods: [withNulls({ paymentMethodCode: '01', emvs: [withNulls({ emvId: 1001 }, ['emvName'])] }, ['paymentMethodName', 'displayName', 'paymentType'])] },
      ['acquirerProfileName', ...BINDING_OPTIONAL],
    );
    const state = normaliseLive({ ...snapshot(false), merchants: [{ ...merchant, acquirers: [summary] }], bindings: new Map([[merchant.mchId, [record]]]) });
    expect(state.resources.get('binding/coffee/host-a/USD')?.fields).toEqual({
      acquirer: 'host-a',
      currency: 'USD',
      methods: { '01': { emvs: ['visa'], allows: ['Sale'] } },
    });
    const listless = normaliseLive({ ...snapshot(false), merchants: [withNulls(merchant, ['acquirers'])], bindings: new Map() });
    expect([...listless.resources.keys()].filter((address) => address.startsWith('binding/'))).toEqual([]);
  });
});
