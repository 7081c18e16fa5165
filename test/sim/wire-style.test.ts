import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrng } from '../../src/sim/core/prng.js';
import type { MerchantRecord } from '../../src/sim/core/records.js';
import { SimStore } from '../../src/sim/core/store.js';
import { defaultGroupSettings } from '../../src/sim/rules/groups.js';
import { WIRE_STYLES, type WireStyle } from '../../src/sim/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { bind, createEmv, createMerchant, createProfile, ok, TestClock, V1 } from './fixtures.js';

/**
 * The two wire styles: the same records and rules, worded as the live service does (`real`, the
 * default) or as the reference does (`reference`), where the reference leaves the choice open.
 */

const clock = new TestClock();
const sims = new Map<WireStyle, TestSimulator>();
const style = (name: WireStyle): TestSimulator => sims.get(name) as TestSimulator;
const second = (): number => Math.floor(clock.now().getTime() / 1000);

beforeAll(async () => {
  for (const name of WIRE_STYLES) sims.set(name, await startTestSimulator({ now: clock.now, wireStyle: name }));
});
afterAll(async () => Promise.all([...sims.values()].map((sim) => sim.close())));
beforeEach(async () => Promise.all([...sims.values()].map((sim) => sim.admin.reset())));

describe('wire style', () => {
  it('is real by default and reported by the admin surface', async () => {
    const plain = await startTestSimulator();
    try {
      expect(await plain.admin.settings()).toEqual({ wireStyle: 'real', summaryLists: 'binding' });
    } finally {
      await plain.close();
    }
    expect(await style('reference').admin.settings()).toEqual({ wireStyle: 'reference', summaryLists: 'binding' });
  });

  it('real: error bodies are {code, msg} without data, a missing field named as the service does', async () => {
    const response = await style('real').api('POST', `${V1}/emv`, { paymentMethod: '01', currency: 'EUR', params: '{}' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['code', 'msg']);
    expect(response.body).toEqual({ code: 10000, msg: 'Parameters Error (emvName required)' });
    const unauthorized = await fetch(`${style('real').url}${V1}/emv`);
    expect(Object.keys((await unauthorized.json()) as object)).toEqual(['code', 'msg']);
  });

  it('reference: error bodies in the reference field order with data null', async () => {
    const response = await style('reference').api('POST', `${V1}/emv`, { paymentMethod: '01', currency: 'EUR', params: '{}' });
    expect(Object.keys(response.body)).toEqual(['msg', 'code', 'data']);
    expect(response.body).toEqual({ msg: 'Parameters Error (emvName required)', code: 10000, data: null });
  });

  it.each([
    ['real', ['code', 'msg', 'data'], ['code', 'msg']],
    ['reference', ['msg', 'code', 'data'], ['msg', 'code']],
  ] as const)('%s: success bodies put their keys in the style order and leave data out when nothing is returned', async (name, withData, without) => {
    const sim = style(name);
    const created = await sim.api('POST', `${V1}/emv`, { emvName: 'visa', paymentMethod: '01', currency: 'EUR', params: '{}' });
    expect(Object.keys(created.body)).toEqual(withData);
    const updated = await sim.api('PUT', `${V1}/emv/${created.body.data.id}`, { currency: 'USD', params: '{"a":"1"}' });
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(0);
    expect(Object.keys(updated.body)).toEqual(without);
  });

  it('real: merchant ids are M + the creation second, uuid is the id, and a busy second takes the next free one', async () => {
    const sim = style('real');
    const now = second();
    const burst = [await createMerchant(sim), await createMerchant(sim), await createMerchant(sim)];
    expect(burst.map((m) => m.mchId)).toEqual([`M${now}`, `M${now + 1}`, `M${now + 2}`]);
    expect(burst.every((m) => m.uuid === m.mchId)).toBe(true);
    // A deleted merchant's id is not given again, and ids never go back while the clock catches up.
    ok(await sim.api('DELETE', `${V1}/mchInfo/${burst[2].mchId}`));
    expect((await createMerchant(sim)).mchId).toBe(`M${now + 3}`);
    clock.advance(60_000);
    expect((await createMerchant(sim)).mchId).toBe(`M${second()}`);
    const byUuid = ok(await sim.api('GET', `${V1}/mchInfo?uuid=${burst[1].uuid}`));
    expect(byUuid.records.map((m: { mchId: string }) => m.mchId)).toEqual([burst[1].mchId]);
  });

  it('reference: merchant ids are M + 12 digits with a separate UUID', async () => {
    const merchant = await createMerchant(style('reference'));
    expect(merchant.mchId).toMatch(/^M\d{12}$/);
    expect(merchant.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    ['real', null],
    ['reference', undefined],
  ] as const)('%s: a record answers its unset optional fields as %s; ids keep their record form', async (name, unset) => {
    const sim = style(name);
    const emv = await createEmv(sim, { emvName: 'e1' });
    const profileId = await createProfile(sim, { profileName: 'host', methods: { '01': [emv] } });
    const merchant = await createMerchant(sim);
    ok(await bind(sim, merchant.mchId, profileId, { '01': [emv] }));
    const { id: deviceId } = ok(await sim.api('POST', `${V1}/device`, { mchId: merchant.mchId, deviceAlias: 'till' }));
    const wire = async (path: string): Promise<Record<string, unknown>> => ok(await sim.api('GET', `${V1}${path}`)).records[0];
    const unsetIn = (record: Record<string, unknown>, fields: readonly string[]): void => {
      for (const field of fields) {
        if (unset === null) expect(record, field).toHaveProperty(field, null);
        else expect(record, field).not.toHaveProperty(field);
      }
    };
    const listed = await wire('/mchInfo?pageSize=-1');
    unsetIn(listed, ['contactPhone', 'receiptInfo', 'mdr', 'mcc', 'additionalData']);
    unsetIn(ok(await sim.api('GET', `${V1}/mchInfo/${merchant.mchId}`)), ['contactPhone', 'receiptInfo', 'mdr']);
    const profile = await wire('/acquirer?pageSize=-1');
    unsetIn(profile, ['notifyUrl', 'connExtraParams', 'enablerMsgFormat']);
    expect(profile['profileId']).toBe(profileId);
    const binding = await wire(`/mchInfo/payment/${merchant.mchId}?pageSize=-1`);
    unsetIn(binding, ['mid']);
    expect(binding['acquirerProfileId']).toBe(String(profileId));
    const device = await wire(`/device?mchId=${merchant.mchId}&pageSize=-1`);
    unsetIn(device, ['appVersion', 'activesAt', 'deviceName']);
    unsetIn(ok(await sim.api('GET', `${V1}/device/${deviceId}`)), ['appVersion', 'activesAt']);
    // A pending code has no isDevice at all in either style: the key is there only when true.
    expect(device).not.toHaveProperty('isDevice');
    // Set fields are the same in both styles, and the write-only passcode is never in an answer.
    expect(listed).toMatchObject({ mchName: 'Corner Shop', contactEmail: 'ada@example.com' });
    expect(listed).not.toHaveProperty('passcode');
  });

  it('real: GET /api/v2/current carries messageFormat as a JSON array string, emailSender as a JSON object string, logo only when set', async () => {
    const sim = style('real');
    await sim.admin.createGroup({ groupId: 'G-00000001', messageFormat: 'SVC_ENABLER, HOSTA_8583' });
    const bare = ok(await sim.api('GET', '/api/v2/current'));
    expect(bare).toMatchObject({ messageFormat: '["SVC_ENABLER","HOSTA_8583"]', emailSender: '{}', timeZone: 'UTC' });
    expect(bare).not.toHaveProperty('logo');
    await sim.admin.createGroup({ groupId: 'G-00000001', messageFormat: '["SVC_ENABLER"]', logo: 'https://cdn.example/pbo.png', emailSender: '{"name":"PBO"}' });
    expect(ok(await sim.api('GET', '/api/v2/current'))).toMatchObject({
      messageFormat: '["SVC_ENABLER"]',
      logo: 'https://cdn.example/pbo.png',
      emailSender: '{"name":"PBO"}',
    });
  });

  it('reference: GET /api/v2/current carries every field as the plain setting', async () => {
    const sim = style('reference');
    expect(ok(await sim.api('GET', '/api/v2/current'))).toEqual({
      groupName: 'PBO G-00000001',
      messageFormat: 'HOSTA_8583',
      groupId: 'G-00000001',
      logo: '',
      timeZone: 'UTC',
      emailSender: 'noreply@example.com',
      updatedAt: expect.any(String),
    });
  });
});

describe('real-style merchant ids in the store', () => {
  const merchant = (mchId: string): MerchantRecord => ({
    mchId,
    uuid: mchId,
    groupId: 'G-00000001',
    mchName: 'm',
    currency: 'EUR',
    contactName: 'c',
    contactEmail: 'c@e.co',
    timeZone: 'UTC',
    receiptLogo: 'x',
    state: 1,
    hasKioskTerminal: false,
    createdBy: 'openapi',
    createdAt: '2026-01-15T10:00:00+0000',
    updatedAt: '2026-01-15T10:00:00+0000',
  });

  it('continue after the highest second a restored merchant holds, ignoring 12-digit reference ids', () => {
    const store = new SimStore(createPrng(1));
    store.putGroupSettings(defaultGroupSettings('G-00000001', '2026-01-15T10:00:00+0000'));
    store.restore({
      ...store.snapshot(),
      groups: [{ ...store.snapshot().groups[0], merchants: [merchant('M1800000000'), merchant('M999999999999')] }],
    });
    expect(store.newMerchantIdAt(1_700_000_000)).toBe('M1800000001');
    store.clear();
    expect(store.newMerchantIdAt(1_700_000_000)).toBe('M1700000000');
  });
});
