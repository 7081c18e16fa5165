import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ok, TestClock, V1 } from './fixtures.js';
import { legacyGroup, legacyMerchant, legacyProfile, rejected, V2 } from './legacy-fixtures.js';

for (const wireStyle of ['real', 'reference'] as const) {
  describe(`legacy devices (/api/v2/device), ${wireStyle} wire style`, () => {
    let sim: TestSimulator;
    const clock = new TestClock();

    beforeAll(async () => {
      sim = await startTestSimulator({ now: clock.now, wireStyle });
    });
    afterAll(async () => sim.close());
    beforeEach(async () => {
      await sim.admin.reset();
      await legacyGroup(sim);
    });

    /** A merchant bound to one profile for 01 and 02 and to another for 03. */
    async function boundMerchant(): Promise<{ mchId: string; main: number; other: number }> {
      const main = await legacyProfile(sim, { profileName: 'Main', codes: ['01', '02'] });
      const other = await legacyProfile(sim, { profileName: 'Other', codes: ['03'] });
      const m = await legacyMerchant(sim, {
        supportedPaymentMethods: [
          { paymentMethod: '01', profileId: main.profileId },
          { paymentMethod: '02', profileId: main.profileId },
          { paymentMethod: '03', profileId: other.profileId },
        ],
      });
      return { mchId: m.mchId, main: main.profileId, other: other.profileId };
    }

    async function devices(query: string): Promise<any[]> {
      return ok(await sim.api('GET', `${V2}/device?${query}`)).records;
    }

    it('creates a code in the legacy shape (2.4): activateCodeAlias, the key fields, extParams flat for the provisioning profile', async () => {
      const { mchId, main } = await boundMerchant();
      const created = ok(
        await sim.api('POST', `${V2}/device`, {
          mchId,
          activateCodeAlias: 'till-1',
          deviceType: 'COTS',
          deviceAdmin: 'adm',
          methodList: JSON.stringify({ all: { tid: 'TID-ALL', mid: 'MID-ALL' } }),
          extParams: JSON.stringify({ acqTid: 'TID-1', subMid: 'SUB', jwtSecret: 'jwt-s3cret' }),
          emvParams: { terminalType: '22' },
        }),
      );
      expect(Object.keys(created).sort()).toEqual(['activationCode', 'id']);
      expect(created.id).toBe(`CD-${created.activationCode}`);
      const [record] = await devices(`merchantId=${mchId}`);
      expect(record).toMatchObject({
        deviceId: created.id,
        deviceType: 'COTS',
        deviceStatus: 0,
        activateCodeAlias: 'till-1',
        deviceAdmin: 'adm',
        groupId: 'G-00000001',
        customerId: 'G-00000001',
        profileId: String(main),
        serverUrl: '',
        licenseId: '',
        signKeyId: '',
        cardBdkId: '',
        extParams: { acqTid: 'TID-1', acqMid: 'MID-ALL', subMid: 'SUB', jwtSecret: 'jwt-s3cret' },
      });
      expect(JSON.parse(record.emvParams)).toMatchObject({ terminalType: '22', txnCurrencyCode: '0840' });
      expect(record).not.toHaveProperty('deviceAlias');
      expect(record).not.toHaveProperty('isDevice');
      if (wireStyle === 'real') expect(record.appVersion).toBeNull();
      else expect(record).not.toHaveProperty('appVersion');
      // The current view of the same record: every bound profile got the `all` fields.
      const current = ok(await sim.api('GET', `${V1}/device/${created.id}`));
      expect(current.deviceAlias).toBe('till-1');
      expect(JSON.parse(current.extParams).acquirers).toEqual({
        [main]: { tid: 'TID-1', mid: 'MID-ALL', subMid: 'SUB', jwtSecret: 'jwt-s3cret' },
        [(await sim.api('GET', `${V2}/acquirer?profileName=Other`)).body.data.records[0].profileId]: { tid: 'TID-ALL', mid: 'MID-ALL' },
      });
    });

    it('accepts the machine description\'s names (merchantId, deviceName) and a method-code methodList', async () => {
      const { mchId, other } = await boundMerchant();
      const created = ok(await sim.api('POST', `${V2}/device`, { merchantId: mchId, deviceName: 'back office', groupId: 'G-00000001', methodList: { '03': { tid: 'T3', mid: 'M3' } } }));
      const [record] = await devices(`deviceId=${mchId}`);
      expect(record).toMatchObject({ deviceId: created.id, deviceName: 'back office', methodList: '03', profileId: String(other), extParams: { acqTid: 'T3', acqMid: 'M3' } });
    });

    it('refuses what cannot be a device, naming the field and never a secret value', async () => {
      const { mchId } = await boundMerchant();
      rejected(await sim.api('POST', `${V2}/device`, { activateCodeAlias: 'x' }), 10000, 'Parameters Error (mchId required (or merchantId))');
      rejected(await sim.api('POST', `${V2}/device`, { mchId }), 10000, 'Parameters Error (activateCodeAlias required (or deviceName))');
      rejected(await sim.api('POST', `${V2}/device`, { mchId, merchantId: 'M1', deviceName: 'x' }), 10000, 'Parameters Error (mchId and merchantId name different merchants; send one of them)');
      rejected(await sim.api('POST', `${V2}/device`, { mchId, deviceName: 'x', groupId: 'G-00000002' }), 13000, 'Owner info invalid');
      rejected(await sim.api('POST', `${V2}/device`, { mchId, deviceName: 'x', methodList: { '04': { tid: 't', mid: 'm' } } }), 10000, `methodList: payment method 04 is not bound for merchant ${mchId}`);
      rejected(await sim.api('POST', `${V2}/device`, { mchId, deviceName: 'x', methodList: { every: {} } }), 10000, 'Parameters Error (methodList.every is not "all" or a payment method code)');
      const secret = await sim.api('POST', `${V2}/device`, { mchId, deviceName: 'x', extParams: JSON.stringify({ jwtSecret: 'jwt-s3cret', acqMid: 'A', mid: 'B' }) });
      rejected(secret, 10000, 'Parameters Error (extParams.mid differs from extParams.acqMid; send one of them)');
      const bad = await sim.api('POST', `${V2}/device`, { mchId, deviceName: 'x', extParams: { jwtSecret: 42 } });
      rejected(bad, 10000, 'Parameters Error (extParams.jwtSecret must be a string)');
      const broken = await sim.api('POST', `${V2}/device`, { mchId, deviceName: 'x', extParams: '{"jwtSecret":"jwt-s3cret"' });
      rejected(broken, 10000, /^Parameters Error \(extParams is not valid JSON/);
      for (const response of [secret, bad, broken]) expect(JSON.stringify(response.body)).not.toContain('s3cret');
      // A merchant without a binding gets the terminal all the same (document 1, 4.5); its fields wait (legacy-real-client.test.ts).
      const unbound = await legacyMerchant(sim, { mchName: 'Unbound' });
      expect(Object.keys(ok(await sim.api('POST', `${V2}/device`, { mchId: unbound.mchId, deviceName: 'x', extParams: { acqTid: 'T' } }))).sort()).toEqual(['activationCode', 'id']);
      rejected(await sim.api('GET', `${V2}/device`), 10000, 'Parameters Error (merchantId required (or deviceId, the merchant id))');
      expect(await devices(`merchantId=${mchId}`)).toEqual([]);
    });

    it('lists 10 a page by default and -1 for all', async () => {
      const { mchId } = await boundMerchant();
      for (let i = 0; i < 11; i += 1) ok(await sim.api('POST', `${V2}/device`, { mchId, deviceName: `till ${i}` }));
      const page = ok(await sim.api('GET', `${V2}/device?merchantId=${mchId}`));
      expect(page.records).toHaveLength(10);
      expect(page.total).toBe(11);
      expect(ok(await sim.api('GET', `${V2}/device?merchantId=${mchId}&pageSize=-1`)).records).toHaveLength(11);
      expect(ok(await sim.api('GET', `${V2}/device?merchantId=${mchId}&pageNumber=2`)).records).toHaveLength(1);
    });

    it('PUT changes the fields present, takes JSON strings or objects, and answers the device number', async () => {
      const { mchId, main } = await boundMerchant();
      const created = ok(await sim.api('POST', `${V2}/device`, { mchId, activateCodeAlias: 'till', methodList: { all: { tid: 'T0', mid: 'M0' } } }));
      const answer = ok(await sim.api('PUT', `${V2}/device/${created.id}`, { activateCodeAlias: 'front till', emvParams: JSON.stringify({ terminalType: '23' }), extParams: JSON.stringify({ acqTid: 'T9', clientId: 'C1' }) }));
      expect(answer).toEqual({ id: Number(created.activationCode) });
      const [record] = await devices(`merchantId=${mchId}`);
      expect(record).toMatchObject({ activateCodeAlias: 'front till', deviceUpdate: 1, profileId: String(main), extParams: { acqTid: 'T9', acqMid: 'M0', clientId: 'C1' } });
      expect(JSON.parse(record.emvParams).terminalType).toBe('23');
      ok(await sim.api('PUT', `${V2}/device/${created.id}`, { deviceName: 'named', deviceAdmin: null }));
      const [again] = await devices(`merchantId=${mchId}`);
      expect(again).toMatchObject({ activateCodeAlias: 'front till', deviceName: 'named' });
      expect(again.deviceAdmin ?? null).toBeNull();
      rejected(await sim.api('PUT', `${V2}/device/CD-000000000000`, { deviceName: 'x' }), 10000, 'device CD-000000000000 not found');
    });

    it('DELETE: a code is deleted (0 or none); 0 suspends, 2 logs out, 3 decommissions a device; 1 is refused', async () => {
      const { mchId } = await boundMerchant();
      const code = ok(await sim.api('POST', `${V2}/device`, { mchId, deviceName: 'a' }));
      expect(ok(await sim.api('DELETE', `${V2}/device/${code.id}?deviceStatus=0`))).toEqual({ id: Number(code.activationCode) });
      expect(await devices(`merchantId=${mchId}`)).toEqual([]);
      const next = ok(await sim.api('POST', `${V2}/device`, { mchId, deviceName: 'b' }));
      rejected(await sim.api('DELETE', `${V2}/device/${next.id}?deviceStatus=2`), 10000, `deviceStatus 2 applies to an activated device; ${next.id} is a pending activation code`);
      const device = (await sim.admin.activate(next.activationCode)) as any;
      const number = Number(device.deviceId.slice(1));
      rejected(await sim.api('DELETE', `${V2}/device/${device.deviceId}?deviceStatus=1`), 10000, 'Parameters Error (deviceStatus must not be 1: only a terminal login activates a device)');
      rejected(await sim.api('DELETE', `${V2}/device/${device.deviceId}`), 10000, 'activated device needs deviceStatus 0 (suspend), 2 (logout) or 3 (decommission)');
      expect(ok(await sim.api('DELETE', `${V2}/device/${device.deviceId}?deviceStatus=0`))).toEqual({ id: number });
      expect((await devices(`merchantId=${mchId}`))[0]).toMatchObject({ deviceId: device.deviceId, deviceStatus: 0, isDevice: true });
      // A suspended device logs in again with its code, under the same id.
      expect(((await sim.admin.activate(next.activationCode)) as any).deviceId).toBe(device.deviceId);
      ok(await sim.api('DELETE', `${V2}/device/${device.deviceId}?deviceStatus=2`));
      expect((await devices(`merchantId=${mchId}`))[0].deviceStatus).toBe(2);
      ok(await sim.api('DELETE', `${V2}/device/${device.deviceId}?deviceStatus=3`));
      rejected(await sim.api('DELETE', `${V2}/device/${device.deviceId}?deviceStatus=0`), 10000, `device ${device.deviceId} is decommissioned`);
      rejected(await sim.api('PUT', `${V2}/device/${device.deviceId}`, { deviceName: 'x' }), 10000, `device ${device.deviceId} is decommissioned and cannot be updated`);
      rejected(await sim.api('DELETE', `${V2}/device/${device.deviceId}?deviceStatus=9`), 10000, 'Parameters Error (deviceStatus must be 0 (suspend), 2 (logout) or 3 (decommission), got "9")');
    });
  });
}
