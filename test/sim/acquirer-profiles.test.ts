import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { bind, createEmv, createMerchant, createProfile, ok, refused, TestClock, V1 } from './fixtures.js';

let sim: TestSimulator;
const clock = new TestClock();

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now });
});
afterAll(async () => sim.close());
beforeEach(async () => sim.admin.reset());

async function profiles(query = ''): Promise<Array<Record<string, unknown>>> {
  return ok(await sim.api('GET', `${V1}/acquirer${query}`)).records;
}

function cardBody(emvId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    profileName: 'Card host',
    currency: 'EUR',
    connMessageFormat: 'HOSTB_8583',
    methodList: '{"01":["Sale"]}',
    emvList: `{"01":[${emvId}]}`,
    ...extra,
  };
}

describe('acquirer profiles: create and read', () => {
  it('creates a card profile with defaults and returns the documented record', async () => {
    const emv = await createEmv(sim, { emvName: 'e1' });
    const { id } = ok(
      await sim.api('POST', `${V1}/acquirer`, cardBody(emv, {
        connUrl: 'https://host.example.com/iso',
        connExtraParams: '{"timeout":30,"b":"x"}',
        enablerParams: 'tid;mid,storeId',
        methodList: '{"01":["Sale","Refund"]}',
      })),
    );
    expect(Number.isInteger(id)).toBe(true);
    const [record] = await profiles();
    expect(record).toEqual({
      profileId: id,
      groupId: 'G-00000001',
      profileName: 'Card host',
      currency: 'EUR',
      acqType: 'card',
      asDefault: false,
      asSettleBlock: false,
      connUrl: 'https://host.example.com/iso',
      notifyUrl: null,
      connExtraParams: '{"b":"x","timeout":30}',
      connMessageFormat: 'HOSTB_8583',
      enablerMsgFormat: null,
      enablerParams: 'tid;mid,storeId',
      methodList: '{"01":["Sale","Refund"]}',
      emvList: `{"01":[${emv}]}`,
      createdBy: 'openapi',
      createdAt: '2026-01-15T10:00:00+0000',
      updatedAt: '2026-01-15T10:00:00+0000',
    });
  });

  it('keeps profile names unique within the group', async () => {
    const emv = await createEmv(sim, { emvName: 'e1' });
    ok(await sim.api('POST', `${V1}/acquirer`, cardBody(emv)));
    refused(await sim.api('POST', `${V1}/acquirer`, cardBody(emv, { currency: 'USD' })), 10000, /profile name exist/);
    expect(await profiles()).toHaveLength(1);
  });

  it('filters by profileName partially and pages', async () => {
    const emv = await createEmv(sim, { emvName: 'e1' });
    for (const name of ['North Host', 'South host', 'East']) ok(await sim.api('POST', `${V1}/acquirer`, cardBody(emv, { profileName: name })));
    expect((await profiles('?profileName=HOST')).map((p) => p.profileName)).toEqual(['North Host', 'South host']);
    const page = ok(await sim.api('GET', `${V1}/acquirer?pageSize=2&pageNumber=2`));
    expect(page).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(page.records.map((p: { profileName: string }) => p.profileName)).toEqual(['East']);
  });
});

describe('acquirer profiles: routing rules', () => {
  it('a card profile needs emvList and a non-zero EMV id for every method', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1', paymentMethod: '01' });
    const base = { profileName: 'P', currency: 'EUR', connMessageFormat: 'HOSTA_8583' };
    refused(await sim.api('POST', `${V1}/acquirer`, { ...base, methodList: '{"01":[]}' }), 10000, /EMV required.*emvList/);
    refused(
      await sim.api('POST', `${V1}/acquirer`, { ...base, methodList: '{"01":[]}', emvList: '{"01":[0]}' }),
      10000,
      /payment method 01 needs at least one non-zero EMV id/,
    );
    refused(
      await sim.api('POST', `${V1}/acquirer`, { ...base, methodList: '{"01":[],"02":[]}', emvList: `{"01":[${e1}]}` }),
      10000,
      /payment method 02 needs at least one non-zero EMV id/,
    );
    refused(await sim.api('POST', `${V1}/acquirer`, { ...base, methodList: '{}', emvList: '{}' }), 10000, /payment method required/);
    refused(await sim.api('POST', `${V1}/acquirer`, { ...base, emvList: '{}' }), 10000, /methodList required/);
    ok(await sim.api('POST', `${V1}/acquirer`, { ...base, methodList: '{"01":[]}', emvList: `{"01":[0,${e1}]}` }));
  });

  it('emvList ids must exist in the group and be EMV configs of that method', async () => {
    const e2 = await createEmv(sim, { emvName: 'e2', paymentMethod: '02' });
    const foreign = await createEmv(sim, { emvName: 'foreign', paymentMethod: '01' }, 'G-00000002');
    const base = { profileName: 'P', currency: 'EUR', connMessageFormat: 'HOSTA_8583', methodList: '{"01":[]}' };
    refused(await sim.api('POST', `${V1}/acquirer`, { ...base, emvList: `{"01":[${e2}]}` }), 10000, new RegExp(`EMV config ${e2} is for payment method 02, not 01`));
    refused(await sim.api('POST', `${V1}/acquirer`, { ...base, emvList: '{"01":[424242]}' }), 10000, /EMV config 424242 not found/);
    refused(await sim.api('POST', `${V1}/acquirer`, { ...base, emvList: `{"01":[${foreign}]}` }), 10000, new RegExp(`EMV config ${foreign} not found`));
    refused(
      await sim.api('POST', `${V1}/acquirer`, { ...base, emvList: `{"01":[0],"02":[${e2}]}` }),
      10000,
      /payment method 02 is not in methodList/,
    );
  });

  it('a card profile takes card methods only; a QR profile needs QR support and takes QR methods only', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1' });
    const base = { currency: 'EUR', connMessageFormat: 'HOSTE_JSON' };
    refused(
      await sim.api('POST', `${V1}/acquirer`, { ...base, profileName: 'card+qr', methodList: '{"01":[],"A1":[]}', emvList: `{"01":[${e1}]}` }),
      10000,
      /A1 is not a card method/,
    );
    refused(
      await sim.api('POST', `${V1}/acquirer`, { ...base, profileName: 'qr', acqType: 'qr', methodList: '{"A1":[]}' }),
      10000,
      /QR support is not enabled/,
    );
    await sim.admin.createGroup({ groupId: 'G-00000001', qrEnabled: true });
    refused(
      await sim.api('POST', `${V1}/acquirer`, { ...base, profileName: 'qr', acqType: 'qr', methodList: '{"A1":[],"01":[]}' }),
      10000,
      /01 is not a qr method/,
    );
    const { id } = ok(await sim.api('POST', `${V1}/acquirer`, { ...base, profileName: 'qr', acqType: 'qr', methodList: '{"A1":[],"C16":[]}' }));
    const record = (await profiles()).find((p) => p.profileId === id);
    expect(record).toMatchObject({ acqType: 'qr', methodList: '{"A1":[],"C16":[]}' });
    expect(record).toHaveProperty('emvList', null);
  });

  it('asDefault clears the flag on the other profiles of the same acqType only', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000001', qrEnabled: true });
    const e1 = await createEmv(sim, { emvName: 'e1' });
    const a = await createProfile(sim, { profileName: 'A', methods: { '01': [e1] }, asDefault: true });
    const qr = await createProfile(sim, { profileName: 'Q', acqType: 'qr', methods: { A1: [] }, asDefault: true });
    clock.advance(1000);
    const b = await createProfile(sim, { profileName: 'B', methods: { '01': [e1] }, asDefault: true });
    const byId = new Map((await profiles()).map((p) => [p.profileId, p]));
    expect(byId.get(a)).toMatchObject({ asDefault: false, updatedAt: '2026-01-15T10:00:01+0000' });
    expect(byId.get(b)).toMatchObject({ asDefault: true });
    expect(byId.get(qr)).toMatchObject({ asDefault: true });
    // A PUT that sets the flag has the same effect.
    ok(await sim.api('PUT', `${V1}/acquirer/${a}`, { asDefault: true }));
    const after = new Map((await profiles()).map((p) => [p.profileId, p.asDefault]));
    expect(after).toEqual(new Map([[a, true], [qr, true], [b, false]]));
  });
});

describe('acquirer profiles: update and delete', () => {
  it('PUT is partial: omitted fields keep their value, and a null counts as omitted', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1' });
    const e2 = await createEmv(sim, { emvName: 'e2', paymentMethod: '02' });
    const id = await createProfile(sim, { profileName: 'P', methods: { '01': [e1] }, extra: { connUrl: 'https://a.example.com', notifyUrl: 'https://n.example.com' } });
    clock.advance(5000);
    ok(await sim.api('PUT', `${V1}/acquirer/${id}`, { connUrl: 'https://b.example.com', notifyUrl: null, asSettleBlock: true }));
    let [record] = await profiles();
    expect(record).toMatchObject({ profileName: 'P', connUrl: 'https://b.example.com', notifyUrl: 'https://n.example.com', asSettleBlock: true, methodList: '{"01":["Sale","Refund"]}' });
    expect(record?.updatedAt).not.toBe(record?.createdAt);
    ok(await sim.api('PUT', `${V1}/acquirer/${id}`, { methodList: '{"01":[],"02":[]}', emvList: `{"01":[${e1}],"02":[${e2}]}`, profileName: 'P2' }));
    [record] = await profiles();
    expect(record).toMatchObject({ profileName: 'P2', methodList: '{"01":[],"02":[]}', emvList: `{"01":[${e1}],"02":[${e2}]}` });
  });

  it('PUT accepts an unchanged currency/acqType, refuses a changed one, and re-checks the merged profile', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1' });
    const id = await createProfile(sim, { profileName: 'P', methods: { '01': [e1] } });
    ok(await sim.api('PUT', `${V1}/acquirer/${id}`, { currency: 'EUR', acqType: 'card' }));
    refused(await sim.api('PUT', `${V1}/acquirer/${id}`, { currency: 'USD' }), 10000, 'currency is immutable');
    refused(await sim.api('PUT', `${V1}/acquirer/${id}`, { acqType: 'qr' }), 10000, 'acqType is immutable');
    // Adding a card method without an EMV for it would leave the profile incomplete.
    refused(await sim.api('PUT', `${V1}/acquirer/${id}`, { methodList: '{"01":[],"03":[]}' }), 10000, /payment method 03 needs at least one non-zero EMV id/);
    refused(await sim.api('PUT', `${V1}/acquirer/${id}`, { emvList: '{"01":[0]}' }), 10000, /payment method 01 needs/);
    refused(await sim.api('PUT', `${V1}/acquirer/${id}`, { connMessageFormat: 'HOSTZ' }), 10000, /connMessageFormat must be one of/);
    refused(await sim.api('PUT', `${V1}/acquirer/424242`, { connUrl: 'x' }), 10000, 'acquirer profile 424242 not found');
    const [record] = await profiles();
    expect(record).toMatchObject({ currency: 'EUR', acqType: 'card', methodList: '{"01":["Sale","Refund"]}', connMessageFormat: 'HOSTA_8583' });
  });

  it('a PUT to a name another profile holds is refused', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1' });
    await createProfile(sim, { profileName: 'One', methods: { '01': [e1] } });
    const two = await createProfile(sim, { profileName: 'Two', methods: { '01': [e1] } });
    refused(await sim.api('PUT', `${V1}/acquirer/${two}`, { profileName: 'One' }), 10000, /profile name exist/);
    ok(await sim.api('PUT', `${V1}/acquirer/${two}`, { profileName: 'Two' }));
  });

  it('DELETE is refused with "Current acquirer used by merchant" while a binding uses the profile', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1' });
    const id = await createProfile(sim, { profileName: 'Bound', methods: { '01': [e1] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, id, { '01': [e1] }));
    refused(await sim.api('DELETE', `${V1}/acquirer/${id}`), 10000, 'Current acquirer used by merchant');
    ok(await sim.api('DELETE', `${V1}/mchInfo/payment/${merchant.mchId}?acquirerProfileId=${id}&currency=EUR`));
    ok(await sim.api('DELETE', `${V1}/acquirer/${id}`));
    expect(await profiles()).toEqual([]);
    refused(await sim.api('DELETE', `${V1}/acquirer/${id}`), 10000, `acquirer profile ${id} not found`);
  });

  it('a profile change leaves existing bindings as they are', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1' });
    const e2 = await createEmv(sim, { emvName: 'e2', paymentMethod: '02' });
    const id = await createProfile(sim, { profileName: 'P', methods: { '01': [e1], '02': [e2] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, id, { '01': [e1], '02': [e2] }));
    ok(await sim.api('PUT', `${V1}/acquirer/${id}`, { methodList: '{"01":[]}', emvList: `{"01":[${e1}]}` }));
    const [binding] = ok(await sim.api('GET', `${V1}/mchInfo/payment/${merchant.mchId}`)).records;
    expect(binding.paymentMethods.map((m: { paymentMethodCode: string }) => m.paymentMethodCode)).toEqual(['01', '02']);
  });

  it('validates connExtraParams, methodList and emvList as JSON-encoded objects', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1' });
    refused(await sim.api('POST', `${V1}/acquirer`, cardBody(e1, { connExtraParams: 'not json' })), 10000, /connExtraParams is not valid JSON/);
    refused(await sim.api('POST', `${V1}/acquirer`, cardBody(e1, { connExtraParams: '"text"' })), 10000, /connExtraParams must be a JSON-encoded object/);
    refused(await sim.api('POST', `${V1}/acquirer`, cardBody(e1, { methodList: '{"01":"Sale"}' })), 10000, /methodList\.01 must be an array/);
    refused(await sim.api('POST', `${V1}/acquirer`, cardBody(e1, { methodList: '{"09":[]}' })), 10000, /methodList\.09 .*"09"/);
    refused(await sim.api('POST', `${V1}/acquirer`, cardBody(e1, { emvList: '{"01":["x"]}' })), 10000, /emvList\.01\[0\] must be a number/);
    refused(await sim.api('POST', `${V1}/acquirer`, cardBody(e1, { acqType: 'wallet' })), 10000, /acqType must be one of card, qr/);
    refused(await sim.api('POST', `${V1}/acquirer`, cardBody(e1, { asDefault: 'true' })), 10000, /asDefault must be true or false/);
  });
});
