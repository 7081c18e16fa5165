import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { bind, createEmv, createMerchant, createProfile, ok, refused, TestClock, TIMESTAMP, V1 } from './fixtures.js';

let sim: TestSimulator;
const clock = new TestClock();

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now, seed: 7 });
});
afterAll(async () => sim.close());
beforeEach(async () => sim.admin.reset());

describe('EMV configs', () => {
  it('creates a config and lists it with the documented fields, params re-serialised with sorted keys', async () => {
    const created = ok(
      await sim.api('POST', `${V1}/emv`, {
        emvName: 'net-a-contactless',
        paymentMethod: '01',
        currency: 'EUR',
        params: '{"clFloorLimit":"000000001000","aid":"A0000000031010","clTransLimit":5000}',
      }),
    );
    expect(Number.isInteger(created.id)).toBe(true);
    const page = ok(await sim.api('GET', `${V1}/emv`));
    expect(page).toMatchObject({ total: 1, size: 20, current: 1, pages: 1 });
    const record = page.records[0];
    expect(record).toEqual({
      id: created.id,
      groupId: 'G-00000001',
      emvName: 'net-a-contactless',
      paymentMethod: '01',
      currency: 'EUR',
      params: '{"aid":"A0000000031010","clFloorLimit":"000000001000","clTransLimit":5000}',
      createdAt: '2026-01-15T10:00:00+0000',
      updatedAt: '2026-01-15T10:00:00+0000',
    });
    expect(record.createdAt).toMatch(TIMESTAMP);
  });

  it('refuses a taken name with msg "name exist"', async () => {
    await createEmv(sim, { emvName: 'dup' });
    const again = await sim.api('POST', `${V1}/emv`, { emvName: 'dup', paymentMethod: '02', currency: 'USD', params: '{}' });
    refused(again, 10000, 'name exist');
  });

  it('filters by paymentMethod and currency exactly and by emvName partially, case-insensitive', async () => {
    await createEmv(sim, { emvName: 'Alpha Card', paymentMethod: '01', currency: 'EUR' });
    await createEmv(sim, { emvName: 'beta card', paymentMethod: '02', currency: 'EUR' });
    await createEmv(sim, { emvName: 'gamma', paymentMethod: '01', currency: 'USD' });
    const names = async (query: string): Promise<string[]> =>
      ok(await sim.api('GET', `${V1}/emv?${query}`)).records.map((r: { emvName: string }) => r.emvName);
    expect(await names('paymentMethod=01')).toEqual(['Alpha Card', 'gamma']);
    expect(await names('currency=EUR')).toEqual(['Alpha Card', 'beta card']);
    expect(await names('emvName=CARD')).toEqual(['Alpha Card', 'beta card']);
    expect(await names('emvName=card&paymentMethod=02')).toEqual(['beta card']);
    expect(await names('currency=EU')).toEqual([]);
  });

  it('pages 20 by default, in creation order, and returns all with pageSize=-1', async () => {
    for (let i = 0; i < 23; i += 1) await createEmv(sim, { emvName: `emv-${String(i).padStart(2, '0')}` });
    const first = ok(await sim.api('GET', `${V1}/emv`));
    expect(first).toMatchObject({ total: 23, size: 20, current: 1, pages: 2 });
    expect(first.records).toHaveLength(20);
    expect(first.records[0].emvName).toBe('emv-00');
    const second = ok(await sim.api('GET', `${V1}/emv?pageNumber=2`));
    expect(second).toMatchObject({ total: 23, size: 20, current: 2, pages: 2 });
    expect(second.records.map((r: { emvName: string }) => r.emvName)).toEqual(['emv-20', 'emv-21', 'emv-22']);
    const all = ok(await sim.api('GET', `${V1}/emv?pageSize=-1`));
    expect(all).toMatchObject({ total: 23, size: -1, current: 1 });
    expect(all.records).toHaveLength(23);
    const beyond = ok(await sim.api('GET', `${V1}/emv?pageNumber=9&pageSize=5`));
    expect(beyond).toMatchObject({ total: 23, size: 5, current: 9, pages: 5, records: [] });
  });

  it('PUT changes currency and params only; an equal emvName or paymentMethod may be echoed back', async () => {
    const id = await createEmv(sim, { emvName: 'upd', paymentMethod: '02', currency: 'EUR', params: { aid: 'A1' } });
    clock.advance(60_000);
    ok(await sim.api('PUT', `${V1}/emv/${id}`, { currency: 'USD', params: '{"aid":"A2"}', emvName: 'upd', paymentMethod: '02' }));
    const [record] = ok(await sim.api('GET', `${V1}/emv`)).records;
    expect(record).toMatchObject({ id, emvName: 'upd', paymentMethod: '02', currency: 'USD', params: '{"aid":"A2"}' });
    expect(record.updatedAt).not.toBe(record.createdAt);
  });

  it('PUT refuses a different paymentMethod or emvName, missing fields and unknown ids', async () => {
    const id = await createEmv(sim, { emvName: 'fixed', paymentMethod: '01' });
    refused(await sim.api('PUT', `${V1}/emv/${id}`, { currency: 'EUR', params: '{}', paymentMethod: '02' }), 10000, 'paymentMethod is immutable');
    refused(await sim.api('PUT', `${V1}/emv/${id}`, { currency: 'EUR', params: '{}', emvName: 'renamed' }), 10000, /emvName/);
    refused(await sim.api('PUT', `${V1}/emv/${id}`, { params: '{}' }), 10000, /currency required/);
    refused(await sim.api('PUT', `${V1}/emv/${id}`, { currency: 'EUR' }), 10000, /params required/);
    refused(await sim.api('PUT', `${V1}/emv/99999`, { currency: 'EUR', params: '{}' }), 10000, 'emv config 99999 not found');
    refused(await sim.api('PUT', `${V1}/emv/abc`, { currency: 'EUR', params: '{}' }), 10000, /emvId must be a number/);
    const [record] = ok(await sim.api('GET', `${V1}/emv`)).records;
    expect(record).toMatchObject({ emvName: 'fixed', paymentMethod: '01' });
  });

  it('DELETE is refused while an acquirer profile uses the config', async () => {
    const id = await createEmv(sim, { emvName: 'used-by-profile' });
    await createProfile(sim, { profileName: 'Holder', methods: { '01': [id] } });
    refused(await sim.api('DELETE', `${V1}/emv/${id}`), 10000, 'EMV config in use by acquirer profile Holder');
    expect(ok(await sim.api('GET', `${V1}/emv`)).total).toBe(1);
  });

  it('DELETE is refused while a merchant binding uses the config, and works once nothing does', async () => {
    const profileEmv = await createEmv(sim, { emvName: 'profile-emv' });
    const bindingEmv = await createEmv(sim, { emvName: 'binding-emv' });
    const profileId = await createProfile(sim, { profileName: 'P', methods: { '01': [profileEmv] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, profileId, { '01': [bindingEmv] }));
    refused(await sim.api('DELETE', `${V1}/emv/${bindingEmv}`), 10000, `EMV config in use by merchant ${merchant.mchId}`);
    ok(await bind(sim, merchant.mchId, profileId, { '01': [] }, { method: 'PUT' }));
    ok(await sim.api('DELETE', `${V1}/emv/${bindingEmv}`));
    const names = ok(await sim.api('GET', `${V1}/emv`)).records.map((r: { emvName: string }) => r.emvName);
    expect(names).toEqual(['profile-emv']);
    refused(await sim.api('DELETE', `${V1}/emv/${bindingEmv}`), 10000, `emv config ${bindingEmv} not found`);
  });

  it('validates the body: unknown method codes, bad currency and invalid JSON in params name the field', async () => {
    const base = { emvName: 'x', paymentMethod: '01', currency: 'EUR', params: '{}' };
    refused(await sim.api('POST', `${V1}/emv`, { ...base, paymentMethod: '07' }), 10000, /paymentMethod .*"07"/);
    refused(await sim.api('POST', `${V1}/emv`, { ...base, currency: 'eur' }), 10000, /currency/);
    refused(await sim.api('POST', `${V1}/emv`, { ...base, params: '{"aid":' }), 10000, /params is not valid JSON/);
    refused(await sim.api('POST', `${V1}/emv`, { ...base, params: '[1,2]' }), 10000, /params must be a JSON-encoded object/);
    refused(await sim.api('POST', `${V1}/emv`, { ...base, emvName: undefined }), 10000, /emvName required/);
    refused(await sim.api('GET', `${V1}/emv?paymentMethod=Z9`), 10000, /paymentMethod/);
    ok(await sim.api('POST', `${V1}/emv`, { ...base, paymentMethod: 'C16' }));
  });
});
