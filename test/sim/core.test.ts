import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseTimestamp } from '../../src/sim/core/clock.js';
import { canonicalJson } from '../../src/sim/core/json.js';
import { allPaymentMethods, paymentMethodInfo } from '../../src/sim/core/payment-methods.js';
import { createPrng } from '../../src/sim/core/prng.js';
import type { BindingRecord, DeviceRecord, MerchantRecord } from '../../src/sim/core/records.js';
import { SimStore } from '../../src/sim/core/store.js';
import { Router } from '../../src/sim/http/router.js';
import { defaultGroupSettings } from '../../src/sim/rules/groups.js';

const TS = '2026-01-15T10:00:00+0000';

describe('timestamps', () => {
  it('uses the service form yyyy-MM-ddTHH:mm:ss+0000 in UTC', () => {
    expect(formatTimestamp(new Date('2026-11-22T03:48:50.987Z'))).toBe('2026-11-22T03:48:50+0000');
    expect(parseTimestamp('2026-11-22T03:48:50+0000')).toBe(Date.parse('2026-11-22T03:48:50Z'));
    expect(parseTimestamp('2026-11-22T03:48:50Z')).toBeNaN();
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every depth and keeps values and array order as given', () => {
    expect(canonicalJson({ b: 1, a: { d: '2', c: [3, { z: null, y: true }] } })).toBe('{"a":{"c":[3,{"y":true,"z":null}],"d":"2"},"b":1}');
  });
});

describe('payment methods', () => {
  it('has card codes 01..06 and QR codes A1-A3, B1-B3, C1-C16', () => {
    expect(paymentMethodInfo('04')).toEqual({ code: '04', name: 'NETWORK_D', type: 'card' });
    expect(paymentMethodInfo('C16')).toEqual({ code: 'C16', name: 'QR_C16', type: 'qr' });
    expect(paymentMethodInfo('07')).toBeUndefined();
    expect(paymentMethodInfo('C17')).toBeUndefined();
    expect(allPaymentMethods().filter((m) => m.type === 'card')).toHaveLength(6);
    expect(allPaymentMethods().filter((m) => m.type === 'qr')).toHaveLength(22);
  });
});

describe('seeded generator', () => {
  it('repeats for a seed and differs between seeds', () => {
    const take = (seed: number): number[] => {
      const prng = createPrng(seed);
      return Array.from({ length: 8 }, () => prng.next());
    };
    expect(take(5)).toEqual(take(5));
    expect(take(5)).not.toEqual(take(6));
    for (const value of take(9)) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('router', () => {
  const router = new Router<string>().add([
    { method: 'GET', pattern: '/device/{deviceId}', handler: 'get-device' },
    { method: 'POST', pattern: '/device/code', handler: 'send-code' },
    { method: 'DELETE', pattern: '/device/{code}/idle', handler: 'idle' },
    { method: 'GET', pattern: '/device/emv/{deviceId}', handler: 'emv' },
    { method: '*', pattern: '/legacy/**', handler: 'legacy' },
  ]);

  it('prefers literal segments and falls back to parameters for other methods', () => {
    expect(router.lookup('POST', '/device/code')).toMatchObject({ kind: 'found', route: { handler: 'send-code' } });
    expect(router.lookup('GET', '/device/code')).toMatchObject({ kind: 'found', route: { handler: 'get-device' }, params: { deviceId: 'code' } });
    expect(router.lookup('GET', '/device/emv/T1')).toMatchObject({ kind: 'found', route: { handler: 'emv' }, params: { deviceId: 'T1' } });
    expect(router.lookup('DELETE', '/device/CD-1/idle')).toMatchObject({ kind: 'found', route: { handler: 'idle' }, params: { code: 'CD-1' } });
  });

  it('decodes parameters, ignores a trailing slash, matches rest patterns, and tells 404 from 405', () => {
    expect(router.lookup('GET', '/device/a%20b/')).toMatchObject({ kind: 'found', params: { deviceId: 'a b' } });
    expect(router.lookup('PATCH', '/legacy')).toMatchObject({ kind: 'found', route: { handler: 'legacy' } });
    expect(router.lookup('GET', '/legacy/a/b/c')).toMatchObject({ kind: 'found', route: { handler: 'legacy' } });
    expect(router.lookup('PUT', '/device/x')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(router.lookup('GET', '/nothing')).toEqual({ kind: 'not-found' });
    expect(router.lookup('GET', '/device/%E0%A4%A')).toEqual({ kind: 'not-found' });
    expect(router.lookup('GET', '/device//x')).toEqual({ kind: 'not-found' });
  });
});

describe('store indexes', () => {
  function storeWithMerchant(): { store: SimStore; merchant: MerchantRecord } {
    const store = new SimStore(createPrng(1));
    store.putGroupSettings(defaultGroupSettings('G-00000001', TS));
    const merchant: MerchantRecord = {
      mchId: store.newMerchantId(),
      uuid: store.newUuid(),
      groupId: 'G-00000001',
      mchName: 'm',
      currency: 'EUR',
      contactName: 'c',
      contactEmail: 'c@e.co',
      timeZone: 'UTC',
      receiptLogo: 'x',
      state: 1,
      hasKioskTerminal: false,
      providerReference: 'ref-1',
      createdBy: 'openapi',
      createdAt: TS,
      updatedAt: TS,
    };
    store.putMerchant(merchant);
    return { store, merchant };
  }

  it('keeps binding usage by profile and EMV in step with replacements and deletes', () => {
    const { store, merchant } = storeWithMerchant();
    const group = store.group('G-00000001');
    const binding: BindingRecord = {
      mchId: merchant.mchId,
      groupId: 'G-00000001',
      profileId: 1002,
      currency: 'EUR',
      paymentMethods: [{ code: '01', allows: [], emvIds: [1001] }],
      createdAt: TS,
      updatedAt: TS,
    };
    store.putBinding(binding);
    expect(group?.bindingsByEmv.get(1001)?.size).toBe(1);
    store.putBinding({ ...binding, paymentMethods: [{ code: '01', allows: [], emvIds: [1003] }] });
    expect(group?.bindingsByEmv.has(1001)).toBe(false);
    expect(group?.bindingsByEmv.get(1003)?.size).toBe(1);
    expect(group?.bindingsByProfile.get(1002)?.size).toBe(1);
    store.deleteBinding(binding);
    expect(group?.bindingsByProfile.has(1002)).toBe(false);
    expect(group?.bindingsOf(merchant.mchId).size).toBe(0);
  });

  it('finds a device by code and by device id, and forgets an old device id', () => {
    const { store, merchant } = storeWithMerchant();
    const code = store.newActivationCode();
    const device: DeviceRecord = {
      code,
      groupId: 'G-00000001',
      mchId: merchant.mchId,
      uuid: store.newUuid(),
      deviceType: 'COTS',
      deviceStatus: 1,
      deviceUpdate: 0,
      profileId: null,
      emvParams: {},
      terminalId: 'T0000000001',
      codeExpiresAt: TS,
      createdAt: TS,
      updatedAt: TS,
    };
    store.putDevice(device);
    expect(store.deviceByTerminalId('T0000000001')?.code).toBe(code);
    const { terminalId: _dropped, ...pending } = device;
    store.putDevice({ ...pending, deviceStatus: 0 });
    expect(store.deviceByTerminalId('T0000000001')).toBeUndefined();
    expect(store.deviceByCode(code)?.deviceStatus).toBe(0);
    store.deleteMerchant(merchant);
    expect(store.deviceByCode(code)).toBeUndefined();
    expect(store.group('G-00000001')?.merchantIdByProviderReference.size).toBe(0);
  });

  it('snapshots and restores to an equal store', () => {
    const { store } = storeWithMerchant();
    const copy = new SimStore(createPrng(2));
    copy.restore(JSON.parse(JSON.stringify(store.snapshot())));
    expect(copy.snapshot()).toEqual(store.snapshot());
    expect(() => copy.restore({ format: 'other' })).toThrow(/not a simulator state snapshot/);
    expect(copy.snapshot()).toEqual(store.snapshot());
  });
});
