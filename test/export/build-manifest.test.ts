import { describe, expect, it } from 'vitest';
import type { AcquirerProfile, BindingRecord, Device, EmvConfig, Merchant } from '../../src/api/index.js';
import { buildExport, type ExportInput } from '../../src/export/build-manifest.js';
import type { ExportedManifest, ExportedMerchant } from '../../src/export/exported-manifest.js';
import { normaliseLive, type WireSnapshot } from '../../src/live/normalise-live.js';

/** Pure tests of the builder, on wire records as the service sends them (normalised by the planner's own code). */

const emv = (id: number, emvName: string, paymentMethod: string, params: Record<string, unknown>): EmvConfig => ({
  id,
  emvName,
  paymentMethod,
  currency: 'USD',
  params: JSON.stringify(params),
});

const profile = (profileId: number, profileName: string, extra: Partial<AcquirerProfile> = {}): AcquirerProfile => ({
  profileId,
  profileName,
  currency: 'USD',
  acqType: 'card',
  connMessageFormat: 'HOSTA_8583',
  methodList: '{"01":[],"02":[]}',
  emvList: '{"01":[1],"02":[2]}',
  enablerParams: 'tid',
  ...extra,
});

const merchant = (mchId: string, providerReference: string | undefined, extra: Partial<Merchant> = {}): Merchant => ({
  mchId,
  mchName: `Shop ${mchId}`,
  currency: 'USD',
  contactName: 'A',
  contactEmail: 'a@shop.example',
  ...(providerReference !== undefined ? { providerReference } : {}),
  acquirers: [{ profileId: 10, profileName: 'host', currency: 'USD', methodList: '{"01":[]}', emvList: '{"01":[1]}' }],
  ...extra,
});

const device = (deviceId: string, extra: Partial<Device> = {}): Device => ({
  deviceId,
  deviceType: 'COTS',
  deviceStatus: 0,
  methodList: '01',
  extParams: JSON.stringify({ acquirers: { 10: { tid: 'T1' } } }),
  emvParams: JSON.stringify({ terminalType: '21', vendorSpecific: 'x' }),
  ...extra,
});

const EMVS = [emv(1, 'visa', '01', { aid: 'A0000000031010', contactless: true, clFloorLimit: 0, kernelId: null }), emv(2, 'mc', '02', { aid: 'A0000000041010' })];
const PROFILES = [profile(10, 'host')];

function snapshot(merchants: Merchant[], devices: Record<string, Device[]> = {}, bindings: Record<string, BindingRecord[]> = {}, extra: Partial<WireSnapshot> = {}): WireSnapshot {
  return {
    emvConfigs: EMVS,
    acquirerProfiles: PROFILES,
    merchants,
    bindings: new Map(Object.entries(bindings)),
    devices: new Map(Object.entries(devices)),
    ...extra,
  };
}

/** What read-export does: keyed merchants as they are, the others normalised under their mchId. */
function build(wire: WireSnapshot, options: { assignReferences?: boolean; groupId?: string; unkeyable?: string[]; manageSecrets?: boolean } = {}): ExportedManifest {
  const isUnkeyed = (m: Merchant) => m.providerReference === undefined || (options.unkeyable ?? []).includes(m.mchId);
  const unkeyed = wire.merchants.filter(isUnkeyed);
  const input: ExportInput = {
    groupId: options.groupId ?? 'G-00000001',
    groupName: 'Test',
    live: normaliseLive(wire),
    unkeyed: {
      merchants: unkeyed.map((m) => ({ mchId: m.mchId, mchName: m.mchName, ...(m.providerReference !== undefined ? { providerReference: m.providerReference } : {}) })),
      live: normaliseLive({ ...wire, merchants: unkeyed.map((m) => ({ ...m, providerReference: m.mchId })) }),
    },
    assignReferences: options.assignReferences ?? false,
    manageSecrets: options.manageSecrets ?? false,
  };
  return buildExport(input);
}

function only(exported: ExportedManifest, ref: string): ExportedMerchant {
  const found = exported.merchants.find((m) => m.providerReference === ref);
  if (found === undefined) throw new Error(`no merchant ${ref}`);
  return found;
}

describe('buildExport', () => {
  it('writes EMV params with their types: a boolean stays a boolean, null stays null', () => {
    const exported = build(snapshot([]));
    expect(exported.emvConfigs[1]!.entry).toEqual({
      emvName: 'visa',
      paymentMethod: '01',
      currency: 'USD',
      params: { aid: 'A0000000031010', clFloorLimit: 0, contactless: true, kernelId: null },
    });
  });

  it("never exports paycfg's receipt logo fingerprint as the user's additionalData", () => {
    const sha = 'a'.repeat(64);
    const exported = build(
      snapshot([
        merchant('M1', 'only-fingerprint', { receiptLogo: 'https://cdn.example/1.png', additionalData: { 'paycfg.receiptLogo.sha256': sha } }),
        merchant('M2', 'own-data', { additionalData: { tier: 'gold', 'paycfg.receiptLogo.sha256': sha } }),
        merchant('M3', 'empty', { additionalData: {} }),
      ]),
    );
    const one = only(exported, 'only-fingerprint').entry;
    expect(one).not.toHaveProperty('additionalData');
    expect(one).toMatchObject({ receiptLogo: 'https://cdn.example/1.png' });
    expect(only(exported, 'own-data').entry['additionalData']).toEqual({ tier: 'gold' });
    expect(only(exported, 'empty').entry['additionalData']).toEqual({});
  });

  it('leaves out optional values the manifest format refuses, and says so', () => {
    const exported = build(
      snapshot([merchant('M1', 'shop', { country: 'XX', mcc: '58', additionalData: { constructor: 1 }, region: 'north' })], {}, {}, {
        acquirerProfiles: [profile(10, 'host', { notifyUrl: 'ftp://notify.example', connExtraParams: '{"nested":{"a":1}}' })],
      }),
    );
    const entry = only(exported, 'shop').entry;
    expect(entry).toMatchObject({ providerReference: 'shop', region: 'north' });
    expect(entry).not.toHaveProperty('country');
    expect(entry).not.toHaveProperty('mcc');
    expect(entry).not.toHaveProperty('additionalData');
    expect(exported.acquirerProfiles[0]!.entry).not.toHaveProperty('notifyUrl');
    expect(exported.acquirerProfiles[0]!.entry).not.toHaveProperty('connExtraParams');
    expect(exported.notices).toEqual([
      'acquirer/host: notifyUrl left out: the manifest format does not accept its live value (not managed, so plan never changes it)',
      'acquirer/host: connExtraParams left out: the manifest format does not accept its live value (not managed, so plan never changes it)',
      'merchant/shop: mcc left out: the manifest format does not accept its live value (not managed, so plan never changes it)',
      'merchant/shop: country left out: the manifest format does not accept its live value (not managed, so plan never changes it)',
      'merchant/shop: additionalData left out: the manifest format does not accept its live value (not managed, so plan never changes it)',
    ]);
  });

  it('leaves the group out when the format refuses its id', () => {
    const exported = build(snapshot([]), { groupId: 'PBO-7' });
    expect(exported.group).toBeUndefined();
    expect(exported.notices[0]).toContain('group: left out');
  });

  it('writes a merchant\'s bindings commented out when one routes a method its profile no longer has', () => {
    const m = merchant('M1', 'shop', {
      acquirers: [{ profileId: 10, profileName: 'host', currency: 'USD', methodList: '{"01":[],"03":[]}', emvList: '{"01":[1],"03":[]}' }],
    });
    const exported = build(snapshot([m], { M1: [device('CD-1', { deviceAlias: 'till', methodList: '01,03' })] }));
    const shop = only(exported, 'shop');
    expect(shop.bindings.unmanaged?.[0]).toContain('the binding to host in USD routes method 03, which the profile does not have');
    // What is bound is unknown to the manifest then, so the device's methods are not checked against it.
    expect(shop.devices.items[0]!.entry['methods']).toEqual(['01', '03']);
    expect(exported.counts.bindings).toBe(0);
  });

  it('writes bindings commented out when one routes no method', () => {
    const m = merchant('M1', 'shop', { acquirers: [{ profileId: 10, profileName: 'host', currency: 'USD', methodList: '{}', emvList: '{}' }] });
    expect(only(build(snapshot([m])), 'shop').bindings.unmanaged?.[0]).toContain('routes no payment method');
  });

  it('leaves out device methods that are not bound and acquirerFields that no longer match enablerParams', () => {
    const exported = build(
      snapshot([merchant('M1', 'shop')], {
        M1: [
          device('CD-1', { deviceAlias: 'a', methodList: '01,02' }),
          device('CD-2', { deviceAlias: 'b', extParams: JSON.stringify({ acquirers: { 10: { tid: 'T', mid: 'M' } } }) }),
        ],
      }),
    );
    const [a, b] = only(exported, 'shop').devices.items;
    expect(a!.entry).not.toHaveProperty('methods');
    expect(a!.entry['acquirerFields']).toEqual({ host: { tid: 'T1' } });
    expect(b!.entry['methods']).toEqual(['01']);
    expect(b!.entry).not.toHaveProperty('acquirerFields');
    expect(exported.notices).toEqual([
      'device/shop/a: methods left out (not managed): method 02 is not bound for the merchant',
      'device/shop/b: acquirerFields left out (not managed): the fields for host (tid, mid) differ from its enablerParams (tid)',
    ]);
  });

  it('keeps the documented emvParams keys only, in the model order', () => {
    const d = device('CD-1', { deviceAlias: 'a', emvParams: JSON.stringify({ vendorSpecific: 'x', terminalType: '21', terminalCapability: 'not hex', netDFloorLimit: '00000100' }) });
    const exported = build(snapshot([merchant('M1', 'shop')], { M1: [d] }));
    expect(only(exported, 'shop').devices.items[0]!.entry['emvParams']).toEqual({ netDFloorLimit: '00000100', terminalType: '21' });
    expect(Object.keys(only(exported, 'shop').devices.items[0]!.entry['emvParams'] as object)).toEqual(['netDFloorLimit', 'terminalType']);
    expect(exported.notices).toEqual(['device/shop/a: emvParams.terminalCapability left out: the manifest format does not accept its live value (not managed)']);
  });

  it('comments out a device whose alias a manifest key cannot hold; an activated one keeps the list managed', () => {
    const exported = build(
      snapshot([merchant('M1', 'shop')], {
        M1: [device('T1', { deviceAlias: 'till ', isDevice: true, deviceStatus: 1, deviceAdmin: 'pw-1' }), device('CD-2', { deviceAlias: 'b' })],
      }),
      { manageSecrets: true },
    );
    const devices = only(exported, 'shop').devices;
    expect(devices.unmanaged).toBeUndefined();
    expect(devices.items.map((d) => d.entry['deviceAlias'])).toEqual(['b', '']);
    expect(devices.items[1]!.commentedOut?.[0]).toBe(
      'Not exported: activated terminal T1 has the deviceAlias "till ", which cannot be a manifest key (it starts or ends with spaces), and paycfg matches devices by deviceAlias.',
    );
    expect(devices.items[1]!.entry['deviceAdmin']).toBe('${PAYCFG_DEVICE_ADMIN_SHOP_T1}');
    expect(exported.variables).toEqual([{ name: 'PAYCFG_DEVICE_ADMIN_SHOP_T1', merchant: 'shop', device: 'T1', commentedOut: true }]);
    expect(JSON.stringify(exported)).not.toContain('pw-1');
  });

  it('leaves the devices list unmanaged when a pending code has no alias (a managed list would delete it)', () => {
    const exported = build(snapshot([merchant('M1', 'shop')], { M1: [device('CD-9'), device('CD-2', { deviceAlias: 'b' })] }));
    const devices = only(exported, 'shop').devices;
    expect(devices.unmanaged?.[0]).toContain('pending activation code CD-9 has no usable deviceAlias');
    expect(exported.counts).toMatchObject({ devices: 0, commentedOutDevices: 1 });
  });

  it('comments out a merchant without a usable providerReference, and never exports it twice', () => {
    const wire = snapshot([merchant('M1', 'shop '), merchant('M2', undefined), merchant('M3', 'ok')]);
    const exported = build(wire, { unkeyable: ['M1'] });
    expect(exported.merchants.map((m) => [m.providerReference, m.mchId, m.commentedOut === undefined])).toEqual([
      ['ok', 'M3', true],
      ['', 'M1', false],
      ['', 'M2', false],
    ]);
    expect(exported.merchants[1]!.commentedOut?.[0]).toContain('has the providerReference "shop ", which cannot be a manifest key');
    expect(exported.merchants[2]!.commentedOut?.[0]).toBe('Not exported: merchant M2 ("Shop M2") has no providerReference, and paycfg matches merchants by providerReference.');
    expect(exported.counts).toMatchObject({ merchants: 1, commentedOutMerchants: 2 });
  });

  it('proposes references for them with assignReferences, and names their variables after the proposal', () => {
    const wire = snapshot([merchant('M0001', undefined, { mchName: 'Corner Kiosk' })], { M0001: [device('CD-1', { deviceAlias: 'till', deviceAdmin: 'pw' })] });
    const exported = build(wire, { assignReferences: true });
    const kiosk = exported.merchants[0]!;
    expect(kiosk.providerReference).toBe('corner-kiosk-0001');
    expect(kiosk.entry['providerReference']).toBe('corner-kiosk-0001');
    expect(kiosk.commentedOut).toContain('then uncomment this entry. Uncommented before the live merchant carries that reference, apply would create a second merchant.');
    expect(exported.variables.map((v) => v.name)).toEqual(['PAYCFG_DEVICE_ADMIN_CORNER_KIOSK_0001_TILL']);
  });

  it('escapes `${` in live text and never in the variable reference', () => {
    const exported = build(snapshot([merchant('M1', 'shop', { receiptInfo: 'Total ${amount}' })], { M1: [device('CD-1', { deviceAlias: 'a', deviceAdmin: '${x}', deviceName: '${n}' })] }), {
      manageSecrets: true,
    });
    const shop = only(exported, 'shop');
    expect(shop.entry['receiptInfo']).toBe('Total $${amount}');
    expect(shop.devices.items[0]!.entry).toMatchObject({ deviceName: '$${n}', deviceAdmin: '${PAYCFG_DEVICE_ADMIN_SHOP_A}' });
  });

  it('leaves deviceAdmin out by default (not managed), naming the variable --manage-secrets would use', () => {
    const wire = snapshot([merchant('M1', 'shop')], { M1: [device('CD-1', { deviceAlias: 'a', deviceAdmin: 'pw-a' }), device('CD-2', { deviceAlias: 'b' })] });
    const exported = build(wire);
    const devices = only(exported, 'shop').devices.items;
    expect(devices.map((d) => 'deviceAdmin' in d.entry)).toEqual([false, false]);
    expect(exported.secretsManaged).toBe(false);
    expect(exported.variables).toEqual([{ name: 'PAYCFG_DEVICE_ADMIN_SHOP_A', merchant: 'shop', device: 'a', commentedOut: false }]);
    expect(JSON.stringify(exported)).not.toContain('pw-a');
    const managed = build(wire, { manageSecrets: true });
    expect(managed.secretsManaged).toBe(true);
    expect(only(managed, 'shop').devices.items[0]!.entry['deviceAdmin']).toBe('${PAYCFG_DEVICE_ADMIN_SHOP_A}');
  });

  it('sorts lists by key and writes fields in the model order', () => {
    const wire = snapshot(
      [merchant('M2', 'b'), merchant('M1', 'a')],
      {},
      { M1: [{ acquirerProfileId: '10', acquirerProfileName: 'host', currency: 'USD', mid: '42', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: 1 }] }] }] },
    );
    const exported = build(wire);
    expect(exported.merchants.map((m) => m.providerReference)).toEqual(['a', 'b']);
    expect(exported.emvConfigs.map((e) => e.entry['emvName'])).toEqual(['mc', 'visa']);
    expect(Object.keys(only(exported, 'a').bindings.items[0]!.entry)).toEqual(['acquirer', 'currency', 'mid', 'methods']);
    expect(Object.keys(exported.acquirerProfiles[0]!.entry)).toEqual(['profileName', 'acqType', 'currency', 'connMessageFormat', 'enablerParams', 'asDefault', 'asSettleBlock', 'methods']);
  });
});
