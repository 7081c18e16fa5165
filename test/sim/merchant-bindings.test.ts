import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { bind, createEmv, createMerchant, createProfile, ok, refused, V1 } from './fixtures.js';

let sim: TestSimulator;
let e1: number;
let e2: number;
let e3: number;
let main: number;
let backup: number;
let mchId: string;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim.close());
beforeEach(async () => {
  await sim.admin.reset();
  e1 = await createEmv(sim, { emvName: 'net-a', paymentMethod: '01' });
  e2 = await createEmv(sim, { emvName: 'net-b', paymentMethod: '02' });
  e3 = await createEmv(sim, { emvName: 'net-c', paymentMethod: '03' });
  main = await createProfile(sim, { profileName: 'Main', methods: { '01': [e1], '02': [e2] } });
  backup = await createProfile(sim, { profileName: 'Backup', methods: { '01': [e1], '03': [e3] } });
  mchId = (await createMerchant(sim)).mchId;
});

async function bindings(): Promise<Array<Record<string, any>>> {
  return ok(await sim.api('GET', `${V1}/mchInfo/payment/${mchId}?pageSize=-1`)).records;
}

describe('merchant payment config (bindings)', () => {
  it('adds a binding and lists it in the documented shape', async () => {
    ok(await bind(sim, mchId, main, { '01': [e1], '02': [e2] }, { mid: 'ACQ-MID-1' }));
    expect(await bindings()).toEqual([
      {
        merchantId: mchId,
        acquirerProfileId: String(main),
        acquirerProfileName: 'Main',
        acqType: 'card',
        currency: 'EUR',
        mid: 'ACQ-MID-1',
        paymentMethods: [
          { paymentMethodCode: '01', paymentMethodName: 'NETWORK_A', displayName: 'NETWORK_A', paymentType: 'card', emvs: [{ emvId: e1, emvName: 'net-a' }] },
          { paymentMethodCode: '02', paymentMethodName: 'NETWORK_B', displayName: 'NETWORK_B', paymentType: 'card', emvs: [{ emvId: e2, emvName: 'net-b' }] },
        ],
      },
    ]);
  });

  it('POST for an existing (profile, currency) is refused; another currency is another binding', async () => {
    ok(await bind(sim, mchId, main, { '01': [e1] }));
    refused(await bind(sim, mchId, main, { '02': [e2] }), 10000, `payment config exists for profile ${main} and currency EUR; use PUT`);
    ok(await bind(sim, mchId, main, { '01': [e1] }, { currency: 'USD' }));
    expect((await bindings()).map((b) => [b.acquirerProfileId, b.currency])).toEqual([
      [String(main), 'EUR'],
      [String(main), 'USD'],
    ]);
  });

  it('refuses a (currency, method) already bound to a different profile, naming method, currency and profile', async () => {
    ok(await bind(sim, mchId, main, { '01': [e1], '02': [e2] }));
    const conflict = await bind(sim, mchId, backup, { '03': [e3], '01': [e1] });
    refused(conflict, 10000, `payment method 01 in currency EUR is already bound to acquirer profile Main (${main})`);
    // Same method in another currency, or a method nobody else routes, is fine.
    ok(await bind(sim, mchId, backup, { '01': [e1] }, { currency: 'GBP' }));
    ok(await bind(sim, mchId, backup, { '03': [e3] }));
    // The conflict rule holds on PUT too.
    refused(await bind(sim, mchId, backup, { '03': [e3], '02': [] }, { method: 'PUT' }), 10000, /02 .* not in the methodList of acquirer profile Backup/);
    refused(await bind(sim, mchId, backup, { '01': [e1] }, { method: 'PUT' }), 10000, new RegExp(`payment method 01 in currency EUR is already bound to acquirer profile Main \\(${main}\\)`));
  });

  it('a method moves between profiles once the old binding lets go of it', async () => {
    ok(await bind(sim, mchId, main, { '01': [e1], '02': [e2] }));
    ok(await bind(sim, mchId, main, { '02': [e2] }, { method: 'PUT' }));
    ok(await bind(sim, mchId, backup, { '01': [e1] }));
    const merchant = ok(await sim.api('GET', `${V1}/mchInfo/${mchId}`));
    expect(merchant.supportedPayments).toEqual(['01', '02']);
  });

  it('PUT replaces the whole (profile, currency) subtree', async () => {
    ok(await bind(sim, mchId, main, { '01': [e1], '02': [e2] }, { mid: 'MID-1' }));
    ok(await bind(sim, mchId, main, { '02': [] }, { method: 'PUT' }));
    const [binding] = await bindings();
    expect(binding?.paymentMethods).toEqual([
      { paymentMethodCode: '02', paymentMethodName: 'NETWORK_B', displayName: 'NETWORK_B', paymentType: 'card', emvs: [] },
    ]);
    expect(binding).toHaveProperty('mid', null);
    refused(await bind(sim, mchId, main, { '01': [e1] }, { method: 'PUT', currency: 'JPY' }), 10000, `payment config for profile ${main} and currency JPY not found; use POST`);
  });

  it('every method must be in the profile methodList and every EMV id must exist and fit the method', async () => {
    refused(await bind(sim, mchId, main, { '03': [e3] }), 10000, new RegExp(`paymentMethods\\[0\\]\\.paymentMethodCode: payment method 03 is not in the methodList of acquirer profile Main \\(${main}\\)`));
    refused(await bind(sim, mchId, main, { '01': [e2] }), 10000, new RegExp(`paymentMethods\\[0\\]\\.emvs\\[0\\]\\.emvId: EMV config ${e2} is for payment method 02, not 01`));
    refused(await bind(sim, mchId, main, { '01': [777777] }), 10000, /EMV config 777777 not found/);
    refused(await bind(sim, mchId, 424242, { '01': [e1] }), 10000, 'acquirer profile 424242 not found');
    refused(
      await sim.api('POST', `${V1}/mchInfo/payment/${mchId}`, {
        acquirerProfileId: String(main),
        currency: 'EUR',
        paymentMethods: [{ paymentMethodCode: '01' }, { paymentMethodCode: '01' }],
      }),
      10000,
      /payment method 01 appears twice/,
    );
    refused(await bind(sim, mchId, main, { '01': [e1] }, { currency: 'euro' }), 10000, /currency must be a 3-letter/);
    refused(await sim.api('POST', `${V1}/mchInfo/payment/${mchId}`, { acquirerProfileId: main, currency: 'EUR' }), 10000, /acquirerProfileId must be a string/);
    refused(
      await sim.api('POST', `${V1}/mchInfo/payment/${mchId}`, { acquirerProfileId: String(main), currency: 'EUR', paymentMethods: [{ paymentMethodCode: 'X1' }] }),
      10000,
      /paymentMethods\[0\]\.paymentMethodCode has unknown payment method code "X1"/,
    );
    expect(await bindings()).toEqual([]);
  });

  it('a binding may carry no method and a currency other than the profile\'s', async () => {
    ok(await sim.api('POST', `${V1}/mchInfo/payment/${mchId}`, { acquirerProfileId: String(main), currency: 'CHF' }));
    expect(await bindings()).toMatchObject([{ currency: 'CHF', paymentMethods: [] }]);
  });

  it('DELETE drops the whole binding and needs acquirerProfileId and currency', async () => {
    ok(await bind(sim, mchId, main, { '01': [e1], '02': [e2] }));
    refused(await sim.api('DELETE', `${V1}/mchInfo/payment/${mchId}?currency=EUR`), 10000, /acquirerProfileId required/);
    refused(await sim.api('DELETE', `${V1}/mchInfo/payment/${mchId}?acquirerProfileId=${main}`), 10000, /currency required/);
    refused(await sim.api('DELETE', `${V1}/mchInfo/payment/${mchId}?acquirerProfileId=${main}&currency=USD`), 10000, /not found/);
    ok(await sim.api('DELETE', `${V1}/mchInfo/payment/${mchId}?acquirerProfileId=${main}&currency=EUR`));
    expect(await bindings()).toEqual([]);
  });

  it('an unknown merchant is 10000 and another group\'s merchant is 13000', async () => {
    refused(await sim.api('GET', `${V1}/mchInfo/payment/M000000000000`), 10000, 'merchant M000000000000 not found');
    refused(await bind(sim, 'M000000000000', main, { '01': [e1] }), 10000, 'merchant M000000000000 not found');
    const foreign = await createMerchant(sim, {}, 'G-00000002');
    refused(await sim.api('GET', `${V1}/mchInfo/payment/${foreign.mchId}`), 13000, 'Owner info invalid');
    refused(await bind(sim, foreign.mchId, main, { '01': [e1] }), 13000, 'Owner info invalid');
    // A profile of another group is not visible either.
    const otherEmv = await createEmv(sim, { emvName: 'x' }, 'G-00000002');
    const otherProfile = await createProfile(sim, { profileName: 'Other', methods: { '01': [otherEmv] } }, 'G-00000002');
    refused(await bind(sim, mchId, otherProfile, { '01': [] }), 10000, `acquirer profile ${otherProfile} not found`);
  });

  it('pages bindings like every list (default 20, -1 for all)', async () => {
    for (let i = 0; i < 22; i += 1) {
      ok(await sim.api('POST', `${V1}/mchInfo/payment/${mchId}`, { acquirerProfileId: String(main), currency: `C${String.fromCharCode(65 + i)}A` }));
    }
    const first = ok(await sim.api('GET', `${V1}/mchInfo/payment/${mchId}`));
    expect(first).toMatchObject({ total: 22, size: 20, current: 1, pages: 2 });
    expect(first.records).toHaveLength(20);
    const second = ok(await sim.api('GET', `${V1}/mchInfo/payment/${mchId}?pageNumber=2`));
    expect(second.records.map((b: { currency: string }) => b.currency)).toEqual(['CUA', 'CVA']);
    expect(await bindings()).toHaveLength(22);
  });
});
