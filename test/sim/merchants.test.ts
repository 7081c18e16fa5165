import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { bind, createEmv, createMerchant, createProfile, ok, refused, TestClock, V1 } from './fixtures.js';

let sim: TestSimulator;
const clock = new TestClock();

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now });
});
afterAll(async () => sim.close());
beforeEach(async () => {
  await sim.admin.reset();
  await sim.admin.createGroup({ groupId: 'G-00000001', timeZone: 'Europe/Paris' });
});

const REQUIRED = { mchName: 'Corner Shop', currency: 'EUR', contactName: 'Ada', contactEmail: 'ada@example.com' };
// A 1×1 PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function stateMerchant(mchId: string): Promise<any> {
  const state = (await sim.admin.state({ secrets: true })) as { groups: Array<{ merchants: Array<{ mchId: string }> }> };
  return state.groups.flatMap((g) => g.merchants).find((m) => m.mchId === mchId);
}

describe('merchants: create and read', () => {
  it('creates a merchant with service ids and defaults, and never returns the passcode', async () => {
    const merchant = await createMerchant(sim, { passcode: '123456', mcc: '5411', country: 'FR' });
    // Real wire style: `M` + the creation epoch second, and uuid is the same id.
    expect(merchant.mchId).toBe(`M${Math.floor(clock.now().getTime() / 1000)}`);
    expect(merchant.id).toBe(merchant.mchId);
    expect(merchant.uuid).toBe(merchant.mchId);
    expect(merchant).toMatchObject({
      groupId: 'G-00000001',
      ...REQUIRED,
      mcc: '5411',
      country: 'FR',
      timeZone: 'Europe/Paris',
      receiptLogo: 'https://static.example.com/receipt/default-logo.png',
      state: 1,
      hasKioskTerminal: false,
      supportedPayments: [],
      acquirers: [],
      createdBy: 'openapi',
      createdAt: '2026-01-15T10:00:00+0000',
      updatedAt: '2026-01-15T10:00:00+0000',
    });
    // The real style answers an unset optional field as null; the write-only passcode is never there.
    for (const unset of ['mdr', 'merchantType', 'transType', 'additionalData', 'region']) expect(merchant).toHaveProperty(unset, null);
    expect(merchant).not.toHaveProperty('passcode');
    expect((await stateMerchant(merchant.mchId)).passcode).toBe('123456');
    const fetched = ok(await sim.api('GET', `${V1}/mchInfo/${merchant.mchId}`));
    expect(fetched).toEqual(merchant);
  });

  it('returns the request-only fields as stored once set, additionalData as given', async () => {
    const merchant = await createMerchant(sim, {
      mdr: '1.25',
      merchantType: 'retail',
      transType: 'SALE_ONLY',
      additionalData: { loyalty: { tier: 2 }, tags: ['a', 'b'] },
      timeZone: 'Asia/Tokyo',
      state: 0,
    });
    expect(merchant).toMatchObject({
      mdr: '1.25',
      merchantType: 'retail',
      transType: 'SALE_ONLY',
      additionalData: { loyalty: { tier: 2 }, tags: ['a', 'b'] },
      timeZone: 'Asia/Tokyo',
      state: 0,
    });
  });

  it('stores base64 logo content and answers with a URL', async () => {
    const merchant = await createMerchant(sim, { receiptLogo: PNG_BASE64 });
    expect(merchant.receiptLogo).toMatch(/^https:\/\/static\.example\.com\/receipt\/[0-9a-f]{24}\.png$/);
    const again = await createMerchant(sim, { receiptLogo: `data:image/png;base64,${PNG_BASE64}` });
    expect(again.receiptLogo).toBe(merchant.receiptLogo);
    refused(await sim.api('POST', `${V1}/mchInfo`, { ...REQUIRED, receiptLogo: 'bm90IGFuIGltYWdl' }), 10000, /receiptLogo/);
  });

  it('refuses missing required fields and malformed shapes, naming the field', async () => {
    for (const field of Object.keys(REQUIRED)) {
      const body: Record<string, unknown> = { ...REQUIRED };
      delete body[field];
      refused(await sim.api('POST', `${V1}/mchInfo`, body), 10000, new RegExp(`${field} required`));
    }
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ contactEmail: 'not-an-email' }, /contactEmail must be an e-mail address/],
      [{ currency: 'EURO' }, /currency must be a 3-letter/],
      [{ country: 'FRA' }, /country must be 2 upper-case letters/],
      [{ mcc: '54' }, /mcc must be 4 digits/],
      [{ state: 2 }, /state must be 0 \(inactive\) or 1/],
      [{ state: '1' }, /state must be a number/],
      [{ timeZone: 'Mars/Olympus' }, /timeZone must be an IANA time zone/],
      [{ additionalData: 'x' }, /additionalData must be an object/],
      [{ mchName: '  ' }, /mchName must not be empty/],
      [{ mchName: 42 }, /mchName must be a string/],
    ];
    for (const [patch, msg] of cases) refused(await sim.api('POST', `${V1}/mchInfo`, { ...REQUIRED, ...patch }), 10000, msg);
    expect(ok(await sim.api('GET', `${V1}/mchInfo`)).total).toBe(0);
  });

  it('keeps providerReference unique within the group (empty values do not count)', async () => {
    await createMerchant(sim, { providerReference: 'shop-1' });
    refused(await sim.api('POST', `${V1}/mchInfo`, { ...REQUIRED, providerReference: 'shop-1' }), 10000, /providerReference shop-1 is already used/);
    await createMerchant(sim, { providerReference: '' });
    await createMerchant(sim, { providerReference: '' });
    await createMerchant(sim, { providerReference: 'shop-1' }, 'G-00000002');
  });

  it('GET of an unknown id answers code 0 with data null; another group\'s merchant is 13000', async () => {
    const response = await sim.api('GET', `${V1}/mchInfo/M000000000000`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ msg: 'SUCCESS', code: 0, data: null });
    const foreign = await createMerchant(sim, {}, 'G-00000002');
    refused(await sim.api('GET', `${V1}/mchInfo/${foreign.mchId}`), 13000, 'Owner info invalid');
    refused(await sim.api('PUT', `${V1}/mchInfo/${foreign.mchId}`, REQUIRED), 13000, 'Owner info invalid');
    refused(await sim.api('DELETE', `${V1}/mchInfo/${foreign.mchId}`), 13000, 'Owner info invalid');
  });

  it('filters by uuid and mchId exactly, mchName partially, and activationCode', async () => {
    const a = await createMerchant(sim, { mchName: 'Bakery North' });
    const b = await createMerchant(sim, { mchName: 'bakery south' });
    const c = await createMerchant(sim, { mchName: 'Florist' });
    const device = ok(await sim.api('POST', `${V1}/device`, { mchId: c.mchId }));
    const ids = async (query: string): Promise<string[]> =>
      ok(await sim.api('GET', `${V1}/mchInfo?${query}`)).records.map((m: { mchId: string }) => m.mchId);
    expect(await ids(`uuid=${b.uuid}`)).toEqual([b.mchId]);
    expect(await ids(`uuid=${b.uuid.slice(0, 8)}`)).toEqual([]);
    expect(await ids(`mchId=${a.mchId}`)).toEqual([a.mchId]);
    expect(await ids('mchName=BAKERY')).toEqual([a.mchId, b.mchId]);
    expect(await ids(`activationCode=${device.activationCode}`)).toEqual([c.mchId]);
    expect(await ids(`activationCode=${device.id}`)).toEqual([c.mchId]);
    expect(await ids(`activationCode=${device.activationCode}&mchId=${a.mchId}`)).toEqual([]);
    expect(await ids('activationCode=000000000000')).toEqual([]);
    expect(await ids('pageSize=2&pageNumber=2')).toEqual([c.mchId]);
  });
});

describe('merchants: bindings seen from the merchant', () => {
  it('creating a merchant while the group has a default card profile creates the matching binding', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1', paymentMethod: '01' });
    const e2 = await createEmv(sim, { emvName: 'e2', paymentMethod: '02' });
    const plain = await createMerchant(sim);
    expect(plain.acquirers).toEqual([]);
    const profileId = await createProfile(sim, { profileName: 'Default', currency: 'GBP', methods: { '01': [0, e1], '02': [e2] }, asDefault: true });
    const merchant = await createMerchant(sim);
    expect(merchant.supportedPayments).toEqual(['01', '02']);
    expect(merchant.acquirers).toEqual([
      {
        profileId,
        profileName: 'Default',
        currency: 'GBP',
        acqType: 'card',
        methodList: '{"01":["Sale","Refund"],"02":["Sale","Refund"]}',
        emvList: `{"01":[${e1}],"02":[${e2}]}`,
      },
    ]);
    const [binding] = ok(await sim.api('GET', `${V1}/mchInfo/payment/${merchant.mchId}`)).records;
    expect(binding).toMatchObject({ acquirerProfileId: String(profileId), currency: 'GBP', mid: null });
    // The earlier merchant is not bound after the fact.
    expect(ok(await sim.api('GET', `${V1}/mchInfo/payment/${plain.mchId}`)).total).toBe(0);
  });

  it('acquirers[] and supportedPayments follow the bindings', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1', paymentMethod: '01' });
    const e3 = await createEmv(sim, { emvName: 'e3', paymentMethod: '03' });
    const p1 = await createProfile(sim, { profileName: 'P1', methods: { '01': [e1] } });
    const p2 = await createProfile(sim, { profileName: 'P2', methods: { '03': [e3] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, p2, { '03': [e3] }));
    ok(await bind(sim, merchant.mchId, p1, { '01': [e1] }, { currency: 'USD' }));
    let view = ok(await sim.api('GET', `${V1}/mchInfo/${merchant.mchId}`));
    expect(view.supportedPayments).toEqual(['01', '03']);
    expect(view.acquirers.map((a: { profileId: number; currency: string }) => [a.profileId, a.currency])).toEqual([
      [p2, 'EUR'],
      [p1, 'USD'],
    ]);
    ok(await sim.api('DELETE', `${V1}/mchInfo/payment/${merchant.mchId}?acquirerProfileId=${p2}&currency=EUR`));
    view = ok(await sim.api('GET', `${V1}/mchInfo?mchId=${merchant.mchId}`)).records[0];
    expect(view.supportedPayments).toEqual(['01']);
    expect(view.acquirers).toHaveLength(1);
  });
});

describe('merchants: full replace and delete', () => {
  it('PUT replaces the profile: omitted optional fields are cleared, defaults filled again, passcode kept', async () => {
    const merchant = await createMerchant(sim, {
      passcode: 'secret-1',
      mcc: '5411',
      region: 'IDF',
      timeZone: 'Asia/Tokyo',
      receiptLogo: 'https://cdn.example.com/logo.png',
      providerReference: 'ref-1',
      mdr: '1.5',
    });
    clock.advance(60_000);
    const replaced = ok(
      await sim.api('PUT', `${V1}/mchInfo/${merchant.mchId}`, {
        ...REQUIRED,
        mchName: 'Renamed',
        contactPhone: '+33 1 23',
        // read-only fields echoed back from a GET are ignored
        acquirers: [{ profileId: 1 }],
        supportedPayments: ['01'],
        mchId: 'M999999999999',
      }),
    );
    expect(replaced).toMatchObject({
      mchId: merchant.mchId,
      uuid: merchant.uuid,
      mchName: 'Renamed',
      contactPhone: '+33 1 23',
      timeZone: 'Europe/Paris',
      receiptLogo: 'https://static.example.com/receipt/default-logo.png',
      acquirers: [],
      supportedPayments: [],
      createdAt: '2026-01-15T10:00:00+0000',
      updatedAt: '2026-01-15T10:01:00+0000',
    });
    for (const cleared of ['mcc', 'region', 'providerReference', 'mdr']) expect(replaced).toHaveProperty(cleared, null);
    expect(replaced).not.toHaveProperty('passcode');
    expect((await stateMerchant(merchant.mchId)).passcode).toBe('secret-1');
    // The freed providerReference can be used again.
    await createMerchant(sim, { providerReference: 'ref-1' });
    ok(await sim.api('PUT', `${V1}/mchInfo/${merchant.mchId}`, { ...REQUIRED, passcode: '' }));
    expect(await stateMerchant(merchant.mchId)).not.toHaveProperty('passcode');
  });

  it('PUT requires the create fields and refuses an unknown merchant', async () => {
    const merchant = await createMerchant(sim);
    refused(await sim.api('PUT', `${V1}/mchInfo/${merchant.mchId}`, { mchName: 'x' }), 10000, /currency required/);
    refused(await sim.api('PUT', `${V1}/mchInfo/M000000000001`, REQUIRED), 10000, 'merchant M000000000001 not found');
  });

  it('DELETE is refused while the merchant has a payment config or an activation code', async () => {
    const e1 = await createEmv(sim, { emvName: 'e1' });
    const profileId = await createProfile(sim, { profileName: 'P', methods: { '01': [e1] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, profileId, { '01': [e1] }));
    refused(await sim.api('DELETE', `${V1}/mchInfo/${merchant.mchId}`), 10000, 'Merchant has activation code or payment config');
    const device = ok(await sim.api('POST', `${V1}/device`, { mchId: merchant.mchId }));
    ok(await sim.api('DELETE', `${V1}/mchInfo/payment/${merchant.mchId}?acquirerProfileId=${profileId}&currency=EUR`));
    refused(await sim.api('DELETE', `${V1}/mchInfo/${merchant.mchId}`), 10000, 'Merchant has activation code or payment config');
    ok(await sim.api('DELETE', `${V1}/device/${device.id}`));
    ok(await sim.api('DELETE', `${V1}/mchInfo/${merchant.mchId}`));
    expect(ok(await sim.api('GET', `${V1}/mchInfo/${merchant.mchId}`))).toBeNull();
    refused(await sim.api('DELETE', `${V1}/mchInfo/${merchant.mchId}`), 10000, `merchant ${merchant.mchId} not found`);
  });

  it('a decommissioned terminal does not block the delete; an activated or logged-out one does', async () => {
    const merchant = await createMerchant(sim);
    const device = ok(await sim.api('POST', `${V1}/device`, { mchId: merchant.mchId }));
    const active = (await sim.admin.activate(device.activationCode)) as { deviceId: string };
    ok(await sim.api('DELETE', `${V1}/device/${active.deviceId}?deviceStatus=2`));
    refused(await sim.api('DELETE', `${V1}/mchInfo/${merchant.mchId}`), 10000, 'Merchant has activation code or payment config');
    ok(await sim.api('DELETE', `${V1}/device/${active.deviceId}?deviceStatus=3`));
    ok(await sim.api('DELETE', `${V1}/mchInfo/${merchant.mchId}`));
    expect(ok(await sim.api('GET', `${V1}/device/${active.deviceId}`))).toBeNull();
  });
});
