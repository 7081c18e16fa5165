import { describe, expect, it } from 'vitest';
import type { AcquirerProfile, Device, EmvConfig, Merchant } from '../../src/api/wire-types.js';
import { LiveStateError } from '../../src/live/errors.js';
import { LiveAssembler, fingerprint, normaliseLive, type WireSnapshot } from '../../src/live/normalise-live.js';

const emv: EmvConfig = { id: 1001, emvName: 'visa', paymentMethod: '1', currency: 'USD', params: '{"clFloorLimit":0,"aid":"A1"}' };
const profile: AcquirerProfile = {
  profileId: 2001,
  profileName: 'host-a',
  currency: 'USD',
  acqType: 'card',
  connMessageFormat: 'HOSTA_8583',
  enablerParams: 'tid; mid',
  connExtraParams: '{"nii":"003"}',
  methodList: '{"01":[],"2":["Sale"]}',
  emvList: '{"01":[1001,0],"02":[]}',
};
const merchant: Merchant = {
  mchId: 'M000000000001',
  mchName: 'Coffee',
  currency: 'USD',
  contactName: 'Jane',
  contactEmail: 'jane@x.example',
  providerReference: 'coffee',
  state: 1,
  timeZone: 'UTC',
  acquirers: [{ profileId: 2001, profileName: 'host-a', currency: 'USD', acqType: 'card', methodList: '{"01":[]}', emvList: '{"01":[1001]}' }],
};
const device = (over: Partial<Device>): Device => ({ deviceId: 'CD-123456789012', deviceAlias: 'till-1', deviceStatus: 0, ...over });

function snapshot(over: Partial<WireSnapshot> = {}): WireSnapshot {
  return { emvConfigs: [emv], acquirerProfiles: [profile], merchants: [merchant], bindings: new Map(), devices: new Map(), ...over };
}

describe('normaliseLive', () => {
  it('parses JSON-encoded fields, normalises codes and resolves ids to names', () => {
    const state = normaliseLive(snapshot());
    expect(state.resources.get('emv/visa')?.fields).toEqual({ paymentMethod: '01', currency: 'USD', params: { clFloorLimit: 0, aid: 'A1' } });
    expect(state.resources.get('acquirer/host-a')?.fields).toMatchObject({
      enablerParams: ['tid', 'mid'],
      connExtraParams: { nii: '003' },
      asDefault: false,
      methods: { '01': { emvs: ['visa'], allows: [] }, '02': { emvs: [], allows: ['Sale'] } },
    });
    expect(state.resources.get('binding/coffee/host-a/USD')?.fields).toEqual({
      acquirer: 'host-a',
      currency: 'USD',
      methods: { '01': { emvs: ['visa'], allows: [] } },
    });
  });

  it('takes mid from binding records when they were read', () => {
    const state = normaliseLive(
      snapshot({
        bindings: new Map([
          [merchant.mchId, [{ acquirerProfileId: '2001', currency: 'USD', mid: '0099', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: 1001 }] }] }]],
        ]),
      }),
    );
    expect(state.resources.get('binding/coffee/host-a/USD')?.fields).toEqual({
      acquirer: 'host-a',
      currency: 'USD',
      mid: '0099',
      methods: { '01': { emvs: ['visa'], allows: [] } },
    });
  });

  it('keys devices by alias, tells pending from activated, and forgets decommissioned ones', () => {
    const state = normaliseLive(
      snapshot({
        devices: new Map([
          [
            merchant.mchId,
            [
              device({ extParams: '{"acquirers":{"2001":{"tid":"1"}},"other":1}', methodList: '2,01', emvParams: '{"terminalType":"21"}' }),
              device({ deviceId: 'T0000000001', deviceAlias: 'till-2', deviceStatus: 1, isDevice: true }),
              device({ deviceId: 'T0000000002', deviceAlias: 'till-1', deviceStatus: 3, isDevice: true }),
            ],
          ],
        ]),
      }),
    );
    const pending = state.resources.get('device/coffee/till-1')!;
    expect(pending.lifecycle).toBe('pending');
    expect(pending.fields).toEqual({ deviceAlias: 'till-1', methods: ['01', '02'], acquirerFields: { 'host-a': { tid: '1' } }, emvParams: { terminalType: '21' } });
    expect(state.resources.get('device/coffee/till-2')?.lifecycle).toBe('active');
    expect(state.devicesRead.has('coffee')).toBe(true);
  });

  it('keeps merchants without providerReference apart, with what they bind', () => {
    const { providerReference: _ref, ...unkeyed } = merchant;
    const state = normaliseLive(snapshot({ merchants: [unkeyed] }));
    expect(state.resources.has('merchant/coffee')).toBe(false);
    expect(state.unkeyedMerchants).toEqual([{ mchId: merchant.mchId, mchName: 'Coffee', profiles: ['host-a'], emvs: ['visa'] }]);
  });

  it('normalises a device list as it arrives, hashing each device and keeping only the extParams a PUT must carry back', () => {
    const plain = device({ extParams: '{"acquirers":{"2001":{"tid":"1"}}}' });
    const kiosk = device({ deviceId: 'CD-222222222222', deviceAlias: 'kiosk-1', extParams: '{"acquirers":{"2001":{"tid":"2"}},"kiosk":{"mode":"self"}}' });
    const gone = device({ deviceId: 'CD-333333333333', deviceAlias: 'old', isDevice: true, deviceStatus: 3, extParams: '{"kiosk":{}}' });
    const assembler = new LiveAssembler(snapshot());
    const extParams = assembler.addDevices(merchant.mchId, [plain, kiosk, gone]);
    const resources = [...assembler.state().resources.values()].filter((r) => r.kind === 'device');
    expect(resources.map((r) => r.key)).toEqual(['coffee/till-1', 'coffee/kiosk-1']);
    expect(resources[1]!.fields).toMatchObject({ acquirerFields: { 'host-a': { tid: '2' } } });
    expect(resources.map((r) => Object.getOwnPropertyDescriptor(r, 'fingerprint')?.value)).toEqual([fingerprint(plain), fingerprint(kiosk)]);
    expect([...extParams]).toEqual([['CD-222222222222', { acquirers: { '2001': { tid: '2' } }, kiosk: { mode: 'self' } }]]);
  });

  it('reports the first problem in the order the records are listed, whichever list arrived first', () => {
    const badSummary = { ...merchant, acquirers: [{ ...merchant.acquirers![0]!, emvList: '{broken' }] };
    // Two EMV configs with one name are listed before any merchant: that clash is reported, not the broken summary.
    expect(() => normaliseLive(snapshot({ emvConfigs: [emv, { ...emv, id: 1002 }], merchants: [badSummary] }))).toThrow(/two EMV configs with the key "visa"/);

    const assembler = new LiveAssembler(snapshot());
    const broken = device({ deviceId: 'CD-333333333333', deviceAlias: 'till-3', emvParams: '{broken' });
    const terminal = (deviceId: string): Device => device({ deviceId, isDevice: true, deviceStatus: 1 });
    // A broken device does not stop the reads: it is reported when the state is put together, after the clash listed before it.
    expect(() => assembler.addDevices(merchant.mchId, [terminal('T0000000001'), terminal('T0000000002'), broken])).not.toThrow();
    expect(() => assembler.state()).toThrow(/two activated devices of merchant "coffee" with the key "coffee\/till-1"/);
    const alone = new LiveAssembler(snapshot());
    alone.addDevices(merchant.mchId, [device({}), broken]);
    expect(() => alone.state()).toThrow(LiveStateError);
  });

  it('keeps the older of two pending codes with one alias and marks the newer one as a duplicate, whatever the list order', () => {
    const older = device({ deviceId: 'CD-900000000000', createdAt: '2026-01-01T10:00:00+0000' });
    const newer = device({ deviceId: 'CD-100000000000', createdAt: '2026-01-01T10:00:01+0000' });
    for (const list of [[older, newer], [newer, older]]) {
      const state = normaliseLive(snapshot({ devices: new Map([[merchant.mchId, list]]) }));
      expect(state.resources.get('device/coffee/till-1')?.id).toBe('CD-900000000000');
      expect(state.duplicateCodes?.map((d) => [d.id, d.duplicateOf])).toEqual([['CD-100000000000', { id: 'CD-900000000000', because: 'older' }]]);
    }
  });

  it('orders two pending codes of one second by id, and keeps an activated terminal over an older pending code', () => {
    const sameSecond = [device({ deviceId: 'CD-500000000000', createdAt: '2026-01-01T10:00:00+0000' }), device({ deviceId: 'CD-400000000000', createdAt: '2026-01-01T10:00:00+0000' })];
    const tie = normaliseLive(snapshot({ devices: new Map([[merchant.mchId, sameSecond]]) }));
    expect(tie.resources.get('device/coffee/till-1')?.id).toBe('CD-400000000000');
    expect(tie.duplicateCodes?.map((d) => d.duplicateOf)).toEqual([{ id: 'CD-400000000000', because: 'lower-id' }]);
    const withTerminal = [device({ createdAt: '2026-01-01T09:00:00+0000' }), device({ deviceId: 'T0000000001', isDevice: true, deviceStatus: 2, createdAt: '2026-01-01T10:00:00+0000' })];
    const state = normaliseLive(snapshot({ devices: new Map([[merchant.mchId, withTerminal]]) }));
    expect(state.resources.get('device/coffee/till-1')?.lifecycle).toBe('logout');
    expect(state.duplicateCodes?.map((d) => [d.id, d.duplicateOf])).toEqual([['CD-123456789012', { id: 'T0000000001', because: 'activated' }]]);
  });

  it('refuses two activated terminals with one alias, naming both ids', () => {
    const twins = new Map([[merchant.mchId, [device({ deviceId: 'T0000000001', isDevice: true, deviceStatus: 1 }), device({}), device({ deviceId: 'T0000000002', isDevice: true, deviceStatus: 2 })]]]);
    expect(() => normaliseLive(snapshot({ devices: twins }))).toThrow(
      /two activated devices of merchant "coffee" with the key "coffee\/till-1" \(ids T0000000001 and T0000000002\); only a person can say which till is real/,
    );
  });

  it('reports two live merchants with one providerReference, naming both ids', () => {
    const twin = { ...merchant, mchId: 'M000000000002' };
    expect(() => normaliseLive(snapshot({ merchants: [merchant, twin] }))).toThrow(
      /two merchants with the key "coffee" \(ids M000000000001 and M000000000002\); paycfg cannot tell which one the manifest means/,
    );
  });

  it('reports a JSON-encoded field that is not JSON as the service\'s fault', () => {
    expect(() => normaliseLive(snapshot({ emvConfigs: [{ ...emv, params: '{not json' }] }))).toThrow(LiveStateError);
  });

  it('keeps a merchant whose providerReference starts with ~ apart, as one without a key, with the reference it holds', () => {
    // M2's reference is the address an unkeyed M1 is shown at: neither may take the other's.
    const tilde: Merchant = { ...merchant, mchId: 'M2', mchName: 'Legacy', providerReference: '~M1', acquirers: [] };
    const plain: Merchant = { ...merchant, mchId: 'M1', mchName: 'Plain', providerReference: null as unknown as string, acquirers: [] };
    const state = normaliseLive(snapshot({ merchants: [merchant, tilde, plain] }));
    expect([...state.resources.keys()].filter((a) => a.startsWith('merchant/'))).toEqual(['merchant/coffee']);
    expect(state.unkeyedMerchants).toEqual([
      { mchId: 'M2', mchName: 'Legacy', profiles: [], emvs: [], providerReference: '~M1' },
      { mchId: 'M1', mchName: 'Plain', profiles: [], emvs: [] },
    ]);
  });

  it('keys a device whose alias starts with ~ by its own id, as one without an alias, so that no two devices share a key', () => {
    const state = normaliseLive(
      snapshot({
        devices: new Map([
          [
            merchant.mchId,
            [
              device({ deviceId: 'T1', deviceAlias: '~T2', deviceStatus: 1, isDevice: true }),
              device({ deviceId: 'T2', deviceAlias: '', deviceStatus: 1, isDevice: true }),
            ],
          ],
        ]),
      }),
    );
    expect(state.resources.get('device/coffee/~T1')).toMatchObject({ id: 'T1', fields: { deviceAlias: '~T2' } });
    expect(state.resources.get('device/coffee/~T2')).toMatchObject({ id: 'T2', fields: { deviceAlias: '' } });
  });
});
