import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { bind, createEmv, createMerchant, createProfile, merchantWithBinding, ok, refused, TestClock, TIMESTAMP, V1 } from './fixtures.js';

let sim: TestSimulator;
const clock = new TestClock();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now });
});
afterAll(async () => sim.close());
beforeEach(async () => sim.admin.reset());

async function device(id: string): Promise<any> {
  return ok(await sim.api('GET', `${V1}/device/${id}`));
}

async function newCode(mchId: string, extra: Record<string, unknown> = {}): Promise<{ id: string; activationCode: string; profileId: string | null }> {
  return ok(await sim.api('POST', `${V1}/device`, { mchId, ...extra }));
}

async function activate(code: string): Promise<any> {
  return sim.admin.activate(code);
}

describe('devices: activation codes', () => {
  it('creates a pending code with the documented id forms and defaults', async () => {
    const merchant = await createMerchant(sim);
    const created = await newCode(merchant.mchId, { deviceAlias: 'till-1', deviceAdmin: 'admin-pw', emvParams: { terminalType: '22', netDExReaderCapability: 19000 } });
    expect(created.activationCode).toMatch(/^\d{12}$/);
    expect(created.id).toBe(`CD-${created.activationCode}`);
    expect(created.profileId).toBeNull();
    const record = await device(created.id);
    expect(record).toMatchObject({
      deviceId: created.id,
      deviceType: 'COTS',
      deviceStatus: 0,
      deviceUpdate: 0,
      deviceAlias: 'till-1',
      deviceAdmin: 'admin-pw',
      deviceToken: JSON.stringify({ activationCode: created.activationCode }),
      groupId: 'G-00000001',
      profileId: null,
      appVersion: null,
      activesAt: null,
    });
    expect(record).not.toHaveProperty('isDevice');
    expect(record.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.createdAt).toMatch(TIMESTAMP);
    expect(JSON.parse(record.emvParams)).toEqual({
      netDFloorLimit: '00000100',
      terminalCountryCode: '0840',
      txnCurrencyCode: '0840',
      netDExReaderCapability: 19000,
      netDReaderCapability: 'C3',
      terminalType: '22',
      terminalCapability: '0068C8',
      emvFlags: 'VMAUJDP',
    });
    // The bare 12-digit code finds the same record.
    expect(await device(created.activationCode)).toEqual(record);
  });

  it('profileId is the first binding covering one of the device methods, any binding when none are named', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1', paymentMethod: '01' });
    const e2 = await createEmv(sim, { emvName: 'e2', paymentMethod: '02' });
    const p1 = await createProfile(sim, { profileName: 'P1', methods: { '01': [e1] } });
    const p2 = await createProfile(sim, { profileName: 'P2', methods: { '02': [e2] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, p1, { '01': [e1] }));
    ok(await bind(sim, merchant.mchId, p2, { '02': [e2] }));
    expect((await newCode(merchant.mchId)).profileId).toBe(String(p1));
    expect((await newCode(merchant.mchId, { methodList: '02' })).profileId).toBe(String(p2));
    expect((await newCode(merchant.mchId, { methodList: '02, 01' })).profileId).toBe(String(p1));
  });

  it('refuses an unknown merchant, another group\'s merchant and methods the merchant has not bound', async () => {
    const { mchId } = await merchantWithBinding(sim, { codes: ['01'] });
    refused(await sim.api('POST', `${V1}/device`, { mchId: 'M000000000000' }), 10000, 'merchant M000000000000 not found');
    const foreign = await createMerchant(sim, {}, 'G-00000002');
    refused(await sim.api('POST', `${V1}/device`, { mchId: foreign.mchId }), 13000, 'Owner info invalid');
    refused(await sim.api('POST', `${V1}/device`, { mchId, methodList: '01,02' }), 10000, `methodList: payment method 02 is not bound for merchant ${mchId}`);
    refused(await sim.api('POST', `${V1}/device`, { mchId, methodList: '01,ZZ' }), 10000, /methodList has unknown payment method code "ZZ"/);
    refused(await sim.api('POST', `${V1}/device`, { mchId, extParams: '{"acquirers":{}}' }), 10000, /extParams must be an object/);
    refused(await sim.api('POST', `${V1}/device`, {}), 10000, /mchId required/);
  });

  it('extParams.acquirers entries must be bound profiles holding every enabler field', async () => {
    const { mchId, profileId } = await merchantWithBinding(sim, { enablerParams: 'tid;storeId' });
    const other = await createProfile(sim, { profileName: 'Unbound', methods: { '01': [await createEmv(sim, { emvName: 'x' })] } });
    refused(
      await sim.api('POST', `${V1}/device`, { mchId, extParams: { acquirers: { [other]: { tid: '1' } } } }),
      10000,
      `extParams.acquirers.${other}: acquirer profile ${other} is not bound to merchant ${mchId}`,
    );
    refused(
      await sim.api('POST', `${V1}/device`, { mchId, extParams: { acquirers: { [profileId]: { tid: 'T1' } } } }),
      10000,
      new RegExp(`extParams\\.acquirers\\.${profileId}\\.storeId required`),
    );
    refused(await sim.api('POST', `${V1}/device`, { mchId, extParams: { acquirers: { [profileId]: { tid: 7 } } } }), 10000, new RegExp(`extParams\\.acquirers\\.${profileId}\\.tid must be a string`));
    const created = await newCode(mchId, { extParams: { acquirers: { [profileId]: { tid: 'T1', storeId: 'S1' } } } });
    expect(created.profileId).toBe(String(profileId));
    expect(JSON.parse((await device(created.id)).extParams)).toEqual({ acquirers: { [profileId]: { storeId: 'S1', tid: 'T1' } } });
  });

  it('falls back to the group enablerParams when the profile has none', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000001', enablerParams: 'terminalRef' });
    const { mchId, profileId } = await merchantWithBinding(sim);
    refused(await sim.api('POST', `${V1}/device`, { mchId, extParams: { acquirers: { [profileId]: { tid: 'x' } } } }), 10000, /terminalRef required/);
    await newCode(mchId, { extParams: { acquirers: { [profileId]: { terminalRef: 'R1' } } } });
  });
});

describe('devices: reading', () => {
  it('GET of an unknown id is code 0 with data null; another group\'s device is 13000', async () => {
    expect((await sim.api('GET', `${V1}/device/CD-000000000000`)).body).toEqual({ msg: 'SUCCESS', code: 0, data: null });
    expect((await sim.api('GET', `${V1}/device/T0000000000`)).body).toEqual({ msg: 'SUCCESS', code: 0, data: null });
    const foreign = await createMerchant(sim, {}, 'G-00000002');
    const code = ok(await sim.api('POST', `${V1}/device`, { mchId: foreign.mchId }, 'G-00000002'));
    refused(await sim.api('GET', `${V1}/device/${code.id}`), 13000, 'Owner info invalid');
    refused(await sim.api('PUT', `${V1}/device/${code.id}`, { deviceName: 'x' }), 13000, 'Owner info invalid');
    refused(await sim.api('DELETE', `${V1}/device/${code.id}`), 13000, 'Owner info invalid');
    refused(await sim.api('DELETE', `${V1}/device/${code.id}/idle`), 13000, 'Owner info invalid');
    refused(await sim.api('GET', `${V1}/device/emv/${code.id}`), 13000, 'Owner info invalid');
    refused(await sim.api('GET', `${V1}/device?mchId=${foreign.mchId}`), 13000, 'Owner info invalid');
  });

  it('lists a merchant\'s devices with exact deviceId and deviceType filters; mchId is required', async () => {
    const merchant = await createMerchant(sim);
    const other = await createMerchant(sim);
    const a = await newCode(merchant.mchId);
    const b = await newCode(merchant.mchId, { deviceType: 'KIOSK' });
    await newCode(other.mchId);
    const ids = async (query: string): Promise<string[]> =>
      ok(await sim.api('GET', `${V1}/device?mchId=${merchant.mchId}${query}`)).records.map((d: { deviceId: string }) => d.deviceId);
    expect(await ids('')).toEqual([a.id, b.id]);
    expect(await ids('&deviceType=KIOSK')).toEqual([b.id]);
    expect(await ids(`&deviceId=${a.id}`)).toEqual([a.id]);
    expect(await ids(`&deviceId=${a.activationCode}`)).toEqual([a.id]);
    expect(await ids(`&deviceId=${a.id.slice(0, 8)}`)).toEqual([]);
    const active = await activate(a.activationCode);
    expect(await ids(`&deviceId=${active.deviceId}`)).toEqual([active.deviceId]);
    refused(await sim.api('GET', `${V1}/device`), 10000, /mchId required/);
    refused(await sim.api('GET', `${V1}/device?mchId=M000000000000`), 10000, 'merchant M000000000000 not found');
  });

  it('GET /device/emv resolves the device parameters and the AIDs of its bound EMV configs', async () => {
    const a = await createEmv(sim, { emvName: 'a', paymentMethod: '01', params: { aid: 'A0000000031010' } });
    const a2 = await createEmv(sim, { emvName: 'a2', paymentMethod: '01', params: { appVersion: '0002' } });
    const b = await createEmv(sim, { emvName: 'b', paymentMethod: '02', params: { aid: 'A0000000041010' } });
    const profileId = await createProfile(sim, { profileName: 'P', methods: { '01': [a, a2], '02': [b] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, profileId, { '01': [a, a2], '02': [b] }));
    const all = await newCode(merchant.mchId);
    const only02 = await newCode(merchant.mchId, { methodList: '02', emvParams: { txnCurrencyCode: '0978' } });
    const emvOf = async (id: string): Promise<any> => ok(await sim.api('GET', `${V1}/device/emv/${id}`));
    const allEmv = await emvOf(all.id);
    expect(allEmv.emvParams).toMatchObject({ terminalType: '21', emvFlags: 'VMAUJDP', txnCurrencyCode: '0840' });
    // An EMV config without an aid has nothing to select on the terminal and is left out.
    expect(allEmv.emvAID).toEqual([
      { aid: 'A0000000031010', paymentMethod: '01' },
      { aid: 'A0000000041010', paymentMethod: '02' },
    ]);
    const narrow = await emvOf(only02.id);
    expect(narrow.emvAID).toEqual([{ aid: 'A0000000041010', paymentMethod: '02' }]);
    expect(narrow.emvParams.txnCurrencyCode).toBe('0978');
    expect(await emvOf('CD-999999999999')).toBeNull();
  });
});

describe('devices: lifecycle (reference 3.2)', () => {
  it('a terminal login activates the code: T id, status 1, isDevice true, activesAt set', async () => {
    const merchant = await createMerchant(sim);
    const code = await newCode(merchant.mchId);
    clock.advance(1000);
    const active = await activate(code.id);
    expect(active.deviceId).toMatch(/^T\d{10}$/);
    expect(active).toMatchObject({ deviceStatus: 1, isDevice: true, deviceToken: JSON.stringify({ activationCode: code.activationCode }) });
    expect(active.activesAt).toMatch(TIMESTAMP);
    // The admin answer is plain JSON, without the nulls the real style gives the unset fields.
    const unset = { deviceAlias: null, deviceName: null, deviceAdmin: null, methodList: null, extParams: null, operatingMode: null };
    expect(await device(active.deviceId)).toEqual({ ...active, ...unset });
    expect(await device(code.id)).toEqual({ ...active, ...unset });
    await expect(activate(code.activationCode)).rejects.toThrow(/already in use by active device/);
  });

  it('DELETE deletes a pending code, and refuses a deviceStatus on one', async () => {
    const merchant = await createMerchant(sim);
    const code = await newCode(merchant.mchId);
    refused(await sim.api('DELETE', `${V1}/device/${code.id}?deviceStatus=2`), 10000, /pending activation code/);
    ok(await sim.api('DELETE', `${V1}/device/${code.id}`));
    expect(await device(code.id)).toBeNull();
    refused(await sim.api('DELETE', `${V1}/device/${code.id}`), 10000, `device ${code.id} not found`);
    await expect(activate(code.activationCode)).rejects.toThrow(/not found/);
  });

  it('an activated device needs deviceStatus 2 or 3; logout can log in again, decommission is final', async () => {
    const merchant = await createMerchant(sim);
    const code = await newCode(merchant.mchId);
    const active = await activate(code.activationCode);
    refused(await sim.api('DELETE', `${V1}/device/${active.deviceId}`), 10000, 'activated device needs deviceStatus 2 (logout) or 3 (decommission)');
    refused(await sim.api('DELETE', `${V1}/device/${active.deviceId}?deviceStatus=1`), 10000, /deviceStatus must be 2 \(logout\) or 3/);
    ok(await sim.api('DELETE', `${V1}/device/${active.deviceId}?deviceStatus=2`));
    expect(await device(active.deviceId)).toMatchObject({ deviceStatus: 2, isDevice: true });
    const again = await activate(code.activationCode);
    expect(again).toMatchObject({ deviceId: active.deviceId, deviceStatus: 1 });
    ok(await sim.api('DELETE', `${V1}/device/${code.id}?deviceStatus=3`));
    expect(await device(active.deviceId)).toMatchObject({ deviceStatus: 3, isDevice: true });
    // Repeating the decommission is harmless; anything else on it is refused.
    ok(await sim.api('DELETE', `${V1}/device/${active.deviceId}?deviceStatus=3`));
    refused(await sim.api('DELETE', `${V1}/device/${active.deviceId}?deviceStatus=2`), 10000, /is decommissioned/);
    refused(await sim.api('DELETE', `${V1}/device/${active.deviceId}/idle`), 10000, /is decommissioned/);
    refused(await sim.api('PUT', `${V1}/device/${active.deviceId}`, { deviceName: 'x' }), 10000, /is decommissioned/);
    await expect(activate(code.activationCode)).rejects.toThrow(/decommissioned/);
  });

  it('idle keeps a pending code pending and turns an activated device back into a pending code', async () => {
    const merchant = await createMerchant(sim);
    const code = await newCode(merchant.mchId);
    ok(await sim.api('DELETE', `${V1}/device/${code.id}/idle`));
    expect(await device(code.id)).toMatchObject({ deviceId: code.id, deviceStatus: 0 });
    const first = await activate(code.activationCode);
    ok(await sim.api('DELETE', `${V1}/device/${code.activationCode}/idle`));
    const idled = await device(code.id);
    expect(idled).toMatchObject({ deviceId: code.id, deviceStatus: 0 });
    expect(idled).not.toHaveProperty('isDevice');
    expect(idled).toHaveProperty('activesAt', null);
    expect(await device(first.deviceId)).toBeNull();
    // The freed code logs in another terminal, under a new device id.
    const second = await activate(code.activationCode);
    expect(second.deviceId).toMatch(/^T\d{10}$/);
    expect(second.deviceId).not.toBe(first.deviceId);
    refused(await sim.api('DELETE', `${V1}/device/CD-000000000000/idle`), 10000, 'device CD-000000000000 not found');
  });

  it('an unused code expires after 7 days; idling it issues it again', async () => {
    const merchant = await createMerchant(sim);
    const code = await newCode(merchant.mchId);
    clock.advance(8 * DAY);
    await expect(activate(code.activationCode)).rejects.toThrow(/expired/);
    ok(await sim.api('DELETE', `${V1}/device/${code.id}/idle`));
    expect((await activate(code.activationCode)).deviceStatus).toBe(1);
  });
});

describe('devices: update and e-mail', () => {
  it('PUT writes explicitly: an absent field stays, null clears, defaults come back when cleared', async () => {
    const { mchId, profileId } = await merchantWithBinding(sim, { codes: ['01', '02'] });
    const code = await newCode(mchId, { deviceAlias: 'a', deviceName: 'n', deviceType: 'KIOSK', operatingMode: 'attended', methodList: '01' });
    clock.advance(1000);
    ok(
      await sim.api('PUT', `${V1}/device/${code.id}`, {
        deviceName: null,
        deviceType: null,
        methodList: '01,02',
        emvParams: '{"terminalType":"23"}',
        extParams: `{"acquirers":{"${profileId}":{"tid":"T9","mid":"M9"}}}`,
      }),
    );
    const record = await device(code.id);
    expect(record).toMatchObject({ deviceAlias: 'a', deviceType: 'COTS', operatingMode: 'attended', methodList: '01,02', deviceUpdate: 1 });
    expect(record).toHaveProperty('deviceName', null);
    expect(JSON.parse(record.emvParams)).toMatchObject({ terminalType: '23', emvFlags: 'VMAUJDP' });
    expect(JSON.parse(record.extParams)).toEqual({ acquirers: { [profileId]: { mid: 'M9', tid: 'T9' } } });
    expect(record.updatedAt).not.toBe(record.createdAt);
    ok(await sim.api('PUT', `${V1}/device/${code.id}`, { extParams: null, deviceAlias: 'b' }));
    const after = await device(code.id);
    expect(after).toHaveProperty('extParams', null);
    expect(after).toMatchObject({ deviceAlias: 'b', methodList: '01,02' });
  });

  it('PUT validates like create, and refuses an unknown device', async () => {
    const { mchId, profileId } = await merchantWithBinding(sim);
    const code = await newCode(mchId);
    refused(await sim.api('PUT', `${V1}/device/${code.id}`, { extParams: '{"acquirers":' }), 10000, /extParams is not valid JSON/);
    refused(await sim.api('PUT', `${V1}/device/${code.id}`, { emvParams: { terminalType: '1' } }), 10000, /emvParams must be a string/);
    refused(await sim.api('PUT', `${V1}/device/${code.id}`, { methodList: '03' }), 10000, /payment method 03 is not bound/);
    refused(await sim.api('PUT', `${V1}/device/${code.id}`, { extParams: `{"acquirers":{"${profileId}":{"tid":"x"}}}` }), 10000, /mid required/);
    refused(await sim.api('PUT', `${V1}/device/${code.id}`, { deviceAlias: 5 }), 10000, /deviceAlias must be a string/);
    refused(await sim.api('PUT', `${V1}/device/T0000000000`, { deviceAlias: 'x' }), 10000, 'device T0000000000 not found');
    expect((await device(code.id)).deviceUpdate).toBe(0);
  });

  it('POST /device/code records the mail in the outbox and validates both fields', async () => {
    const merchant = await createMerchant(sim);
    const code = await newCode(merchant.mchId);
    ok(await sim.api('POST', `${V1}/device/code`, { deviceId: code.id, email: 'owner@example.com' }));
    refused(await sim.api('POST', `${V1}/device/code`, { deviceId: code.id, email: 'nope' }), 10000, /email must be an e-mail address/);
    refused(await sim.api('POST', `${V1}/device/code`, { email: 'owner@example.com' }), 10000, /deviceId required/);
    refused(await sim.api('POST', `${V1}/device/code`, { deviceId: 'CD-000000000000', email: 'a@b.co' }), 10000, /not found/);
    const state = (await sim.admin.state({ secrets: true })) as { outbox: unknown[] };
    expect(state.outbox).toEqual([
      { kind: 'activation-code', groupId: 'G-00000001', to: 'owner@example.com', deviceId: code.id, activationCode: code.activationCode, sentAt: expect.stringMatching(TIMESTAMP) },
    ]);
  });
});
