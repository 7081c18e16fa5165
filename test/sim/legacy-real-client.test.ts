import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ok, V1 } from './fixtures.js';
import { legacyGroup, legacyMerchant, legacyProfile, rejected, V2 } from './legacy-fixtures.js';

/**
 * What the public onboarding client (a PHP web app creating merchants and terminals against the
 * production service) sends to the legacy API, as it sends it: each body below is written as the
 * client writes it, and the service accepts it.
 */

/** The client's merchant create, but for the group id, which the test's token names. */
const MERCHANT_CREATE = {
  mchName: 'Corner Bakery',
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@bakery.example',
  timeZone: 'Europe/Paris',
  groupId: 'G-00000001',
  supportedPaymentMethods: ['VISA', 'MASTERCARD'],
  extParams: { acqMid: '000000012345', acqTid: '00000001', subMid: 'SUB-0001', signKey: 'k3y-s3cret-value' },
  activated: 'true',
  terminalEmvParams: { amexFloorLimit: '00000200', amexReaderCapability: 'C3', terminalType: '22' },
  logo: 'https://cdn.bakery.example/logo.png',
};

for (const wireStyle of ['real', 'reference'] as const) {
  describe(`the public onboarding client against the legacy view (${wireStyle} wire style)`, () => {
    let sim: TestSimulator;

    beforeAll(async () => {
      sim = await startTestSimulator({ wireStyle });
    });
    afterAll(async () => sim.close());
    beforeEach(async () => {
      await sim.admin.reset();
      await legacyGroup(sim);
    });

    /** The group's default card profile, holding VISA and MASTERCARD. */
    async function defaultProfile(): Promise<number> {
      const { profileId } = await legacyProfile(sim, { profileName: 'Default acq', codes: ['01', '02', '03'], currency: 'USD' });
      ok(await sim.api('PUT', `${V1}/acquirer/${profileId}`, { asDefault: true }));
      return profileId;
    }

    it('creates the merchant from its body as sent; data.mchId names it; the answer has the documented shape', async () => {
      const profileId = await defaultProfile();
      const response = await sim.api('POST', `${V2}/mchInfo`, MERCHANT_CREATE);
      const created = ok(response);
      const { mchId } = created;
      expect(mchId).toMatch(/^M\d+$/);
      expect(JSON.stringify(response.body)).not.toContain('k3y-s3cret-value');
      expect(created).toMatchObject({
        mchName: 'Corner Bakery',
        timeZone: 'Europe/Paris',
        state: 1,
        activated: true,
        receiptLogo: 'https://cdn.bakery.example/logo.png',
        supportedPayments: ['01', '02'],
        supportedPaymentMethods: [
          { paymentMethod: 'VISA', mchId, profileId },
          { paymentMethod: 'MASTERCARD', mchId, profileId },
        ],
        terminalEmvParams: { amexFloorLimit: '00000200', amexReaderCapability: 'C3', terminalType: '22' },
      });
      // signKey is a secret: written, never answered.
      expect(created.extParams).toEqual({ acqMid: '000000012345', acqTid: '00000001', subMid: 'SUB-0001' });
      expect(Object.keys(created.supportedPaymentMethods[0])).toEqual(['paymentMethod', 'mchId', 'profileId']);
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${mchId}`))).toEqual(created);
      // The current API sees the same merchant, bound to the default profile for the two methods named (not 03).
      const current = ok(await sim.api('GET', `${V1}/mchInfo/${mchId}`));
      expect(current).toMatchObject({ currency: 'USD', state: 1, supportedPayments: ['01', '02'], receiptLogo: 'https://cdn.bakery.example/logo.png' });
      // The state dump masks the key unless asked.
      const masked = (await sim.admin.state()) as any;
      expect(masked.groups[0].merchants[0].legacyExtParams.signKey).toBe('***');
      const shown = (await sim.admin.state({ secrets: true })) as any;
      expect(shown.groups[0].merchants[0].legacyExtParams.signKey).toBe('k3y-s3cret-value');
    });

    it('activated: a boolean or the strings "true"/"false", answered as a boolean beside state; both must agree', async () => {
      const inactive = ok(await sim.api('POST', `${V2}/mchInfo`, { ...MERCHANT_CREATE, activated: false }));
      expect(inactive).toMatchObject({ state: 0, activated: false });
      expect(ok(await sim.api('PUT', `${V2}/mchInfo/${inactive.mchId}`, { activated: 'true' }))).toMatchObject({ state: 1, activated: true });
      expect(ok(await sim.api('PUT', `${V2}/mchInfo/${inactive.mchId}`, { state: 0 }))).toMatchObject({ state: 0, activated: false });
      rejected(await sim.api('POST', `${V2}/mchInfo`, { ...MERCHANT_CREATE, activated: 'yes' }), 10000, 'Parameters Error (activated must be true or false)');
      rejected(await sim.api('POST', `${V2}/mchInfo`, { ...MERCHANT_CREATE, state: 0 }), 10000, 'Parameters Error (activated and state disagree (true, 0); send one of them)');
      rejected(await sim.api('POST', `${V2}/mchInfo`, { ...MERCHANT_CREATE, receiptLogo: 'https://x.example/l.png' }), 10000, 'Parameters Error (logo and receiptLogo differ; send one of them)');
      rejected(await sim.api('POST', `${V2}/mchInfo`, { ...MERCHANT_CREATE, logo: 'bakery.png' }), 10000, 'Parameters Error (logo must be an http(s) URL or base64 jpg/jpeg/png content)');
      expect(ok(await sim.api('GET', `${V2}/mchInfo`)).total).toBe(1);
    });

    it('the signKey is kept when a later extParams leaves it out, cleared by ""; the rest of extParams is replaced', async () => {
      const created = ok(await sim.api('POST', `${V2}/mchInfo`, MERCHANT_CREATE));
      const secrets = async () => ((await sim.admin.state({ secrets: true })) as any).groups[0].merchants[0].legacyExtParams;
      expect(ok(await sim.api('PUT', `${V2}/mchInfo/${created.mchId}`, { extParams: { acqMid: 'MID-2' } })).extParams).toEqual({ acqMid: 'MID-2', acqTid: '' });
      expect(await secrets()).toEqual({ acqMid: 'MID-2', signKey: 'k3y-s3cret-value' });
      ok(await sim.api('PUT', `${V2}/mchInfo/${created.mchId}`, { extParams: { acqMid: 'MID-2', signKey: '' } }));
      expect(await secrets()).toEqual({ acqMid: 'MID-2' });
    });

    it('names without a default profile bind nothing; the client then binds each method with POST /mchInfo/payment/{mchId}', async () => {
      const main = await legacyProfile(sim, { profileName: 'Main acq', codes: ['01', '02'], currency: 'USD' });
      const created = ok(await sim.api('POST', `${V2}/mchInfo`, MERCHANT_CREATE));
      expect(created).toMatchObject({ supportedPayments: [], supportedPaymentMethods: [] });
      const { mchId } = created;
      expect(ok(await sim.api('POST', `${V2}/mchInfo/payment/${mchId}`, { groupId: 'G-00000001', paymentMethod: '01', profileId: main.profileId }))).toBeUndefined();
      expect(ok(await sim.api('POST', `${V2}/mchInfo/payment/${mchId}`, { groupId: 'G-00000001', paymentMethod: '02', profileId: String(main.profileId) }))).toBeUndefined();
      const merchant = ok(await sim.api('GET', `${V2}/mchInfo/${mchId}`));
      expect(merchant.supportedPaymentMethods).toEqual([
        { paymentMethod: 'VISA', mchId, profileId: main.profileId },
        { paymentMethod: 'MASTERCARD', mchId, profileId: main.profileId },
      ]);
      const bindings = ok(await sim.api('GET', `${V1}/mchInfo/payment/${mchId}`)).records;
      expect(bindings.map((b: any) => [b.acquirerProfileId, b.currency, b.paymentMethods.map((m: any) => [m.paymentMethodCode, m.emvs.map((e: any) => e.emvId)])])).toEqual([
        [String(main.profileId), 'USD', [['01', [main.emvIds['01']]], ['02', [main.emvIds['02']]]]],
      ]);
      // Once more is nothing new; DELETE by name or code still unbinds.
      ok(await sim.api('POST', `${V2}/mchInfo/payment/${mchId}`, { groupId: 'G-00000001', paymentMethod: 'VISA', profileId: main.profileId }));
      expect(ok(await sim.api('GET', `${V1}/mchInfo/payment/${mchId}`)).records[0].paymentMethods).toHaveLength(2);
      ok(await sim.api('DELETE', `${V2}/mchInfo/payment/${mchId}/MASTERCARD`));
      ok(await sim.api('DELETE', `${V2}/mchInfo/payment/${mchId}/01`));
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${mchId}`)).supportedPaymentMethods).toEqual([]);
    });

    it('a method POSTed to another profile of the same currency moves there (the legacy API binds a method to one profile)', async () => {
      const def = await defaultProfile();
      const own = await legacyProfile(sim, { profileName: 'Own acq', codes: ['01'], currency: 'USD' });
      const { mchId } = ok(await sim.api('POST', `${V2}/mchInfo`, MERCHANT_CREATE));
      ok(await sim.api('POST', `${V2}/mchInfo/payment/${mchId}`, { groupId: 'G-00000001', paymentMethod: '01', profileId: own.profileId }));
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${mchId}`)).supportedPaymentMethods).toEqual([
        { paymentMethod: 'MASTERCARD', mchId, profileId: def },
        { paymentMethod: 'VISA', mchId, profileId: own.profileId },
      ]);
    });

    it('refuses a payment binding it cannot make, writing nothing', async () => {
      const main = await legacyProfile(sim, { profileName: 'Main acq', codes: ['01'], currency: 'USD' });
      const { mchId } = await legacyMerchant(sim);
      const bind = (body: unknown, id = mchId) => sim.api('POST', `${V2}/mchInfo/payment/${id}`, body);
      rejected(await bind({ groupId: 'G-00000001', paymentMethod: '02', profileId: main.profileId }), 10000, `paymentMethod: payment method 02 is not in the methodList of acquirer profile Main acq (${main.profileId})`);
      rejected(await bind({ paymentMethod: '01', profileId: 4242 }), 10000, 'profileId: acquirer profile 4242 not found');
      rejected(await bind({ paymentMethod: 'DINERS', profileId: main.profileId }), 10000, 'Parameters Error (paymentMethod has unknown payment method code or name "DINERS")');
      rejected(await bind({ paymentMethod: '01' }), 10000, 'Parameters Error (profileId required)');
      rejected(await bind({ groupId: 'G-00000002', paymentMethod: '01', profileId: main.profileId }), 13000, 'Owner info invalid');
      rejected(await bind({ paymentMethod: '01', profileId: main.profileId }, 'M000000000001'), 10000, 'merchant M000000000001 not found');
      expect(ok(await sim.api('GET', `${V2}/mchInfo/${mchId}`)).supportedPaymentMethods).toEqual([]);
    });

    it('creates a terminal before any binding (profileId null; its fields wait), and a later binding provisions it', async () => {
      const { mchId } = ok(await sim.api('POST', `${V2}/mchInfo`, MERCHANT_CREATE));
      const created = ok(
        await sim.api('POST', `${V2}/device`, {
          mchId,
          activateCodeAlias: 'Front till',
          deviceType: 'COTS',
          methodList: { all: { tid: '00000001', mid: '000000012345' } },
          extParams: { acqTid: '00000001', acqMid: '000000012345', subMid: 'SUB-0001' },
          terminalEmvParams: { amexFloorLimit: '00000300' },
        }),
      );
      expect(Object.keys(created).sort()).toEqual(['activationCode', 'id']);
      const [waiting] = ok(await sim.api('GET', `${V2}/device?merchantId=${mchId}`)).records;
      expect(waiting).toMatchObject({ deviceId: created.id, activateCodeAlias: 'Front till', extParams: { acqTid: '00000001', acqMid: '000000012345', subMid: 'SUB-0001' } });
      expect(waiting.profileId ?? null).toBeNull();
      // The terminal's own parameter over the merchant's terminalEmvParams over the service defaults, under the real names.
      expect(JSON.parse(waiting.emvParams)).toMatchObject({ amexFloorLimit: '00000300', amexReaderCapability: 'C3', terminalType: '22', txnCurrencyCode: '0840', amexExReaderCapability: '18000' });
      expect(waiting.emvParams).not.toContain('netD');
      // The current API keeps answering the reference's names, and has no acquirer entry to show yet.
      const currentWaiting = ok(await sim.api('GET', `${V1}/device/${created.id}`));
      expect(JSON.parse(currentWaiting.emvParams)).toMatchObject({ netDFloorLimit: '00000300', netDReaderCapability: 'C3', terminalType: '22' });
      expect(currentWaiting.emvParams).not.toContain('amex');
      expect(currentWaiting.extParams ?? null).toBeNull();

      const { profileId } = await legacyProfile(sim, { profileName: 'Main acq', codes: ['01', '02'], currency: 'USD' });
      ok(await sim.api('POST', `${V2}/mchInfo/payment/${mchId}`, { groupId: 'G-00000001', paymentMethod: '01', profileId }));
      const [provisioned] = ok(await sim.api('GET', `${V2}/device?mchId=${mchId}`)).records;
      expect(provisioned).toMatchObject({ profileId: String(profileId), deviceUpdate: 1, extParams: { acqTid: '00000001', acqMid: '000000012345', subMid: 'SUB-0001' } });
      const current = ok(await sim.api('GET', `${V1}/device/${created.id}`));
      expect(JSON.parse(current.extParams)).toEqual({ acquirers: { [profileId]: { tid: '00000001', mid: '000000012345', subMid: 'SUB-0001' } } });
      // The reference table's name for the merchant in the list query still works.
      expect(ok(await sim.api('GET', `${V2}/device?deviceId=${mchId}`)).records.map((d: any) => d.deviceId)).toEqual([created.id]);
      rejected(await sim.api('GET', `${V2}/device?merchantId=${mchId}&mchId=M000000000001`), 10000, 'Parameters Error (mchId and merchantId name different merchants; send one of them)');
    });

    it('a terminal updated before any binding keeps its fields waiting; a method-code methodList still needs a binding', async () => {
      const { mchId } = ok(await sim.api('POST', `${V2}/mchInfo`, MERCHANT_CREATE));
      const created = ok(await sim.api('POST', `${V2}/device`, { mchId, activateCodeAlias: 'till', extParams: JSON.stringify({ acqTid: 'T1' }) }));
      ok(await sim.api('PUT', `${V2}/device/${created.id}`, { extParams: { acqMid: 'M1', jwtSecret: 'jwt-s3cret' } }));
      const [record] = ok(await sim.api('GET', `${V2}/device?merchantId=${mchId}`)).records;
      expect(record.extParams).toEqual({ acqTid: 'T1', acqMid: 'M1', jwtSecret: 'jwt-s3cret' });
      const masked = (await sim.admin.state()) as any;
      expect(masked.groups[0].devices[0].unprovisionedFields).toEqual({ tid: 'T1', mid: 'M1', jwtSecret: '***' });
      rejected(await sim.api('PUT', `${V2}/device/${created.id}`, { methodList: { VISA: { tid: 'T' } } }), 10000, `methodList: payment method 01 is not bound for merchant ${mchId}`);
      ok(await sim.api('PUT', `${V2}/device/${created.id}`, { extParams: null }));
      expect(ok(await sim.api('GET', `${V2}/device?merchantId=${mchId}`)).records[0].extParams).toEqual({});
    });
  });
}
