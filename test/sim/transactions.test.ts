import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ok, refused, TestClock, TIMESTAMP } from './fixtures.js';
import { outbox, pay, till, V2 } from './transaction-fixtures.js';

const OTHER_GROUP = 'G-00000002';
const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Every field of document 2, 2.1, and the two the filters imply. */
const LIST_FIELDS = [
  'tranId', 'amount', 'approvalCode', 'batchNo', 'cvmPerformed', 'appName', 'linkedTranId', 'mchName', 'tsi', 'acqTid',
  'rrn', 'tc', 'atc', 'tvr', 'trace', 'acqMid', 'accountMasked', 'sdkId', 'hostMessageFormat', 'aid', 'entryMode',
  'tranStatus', 'tranType', 'paymentMethod', 'createdAt', 'settleState',
].sort();

let sim: TestSimulator;
const clock = new TestClock('2026-11-25T12:00:00Z');

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now });
});
afterAll(async () => sim.close());
beforeEach(async () => sim.admin.reset());

async function list(query = '', groupId?: string): Promise<any> {
  return ok(await sim.api('GET', `${V2}/order${query}`, undefined, groupId));
}

describe('GET /api/v2/order: the list', () => {
  it('answers every record field of 2.1 plus createdAt and settleState, newest first', async () => {
    const { terminalId, mchId } = await till(sim, { mid: 'MID-777', tid: 'TID-42' });
    const older = await pay(sim, terminalId, { amount: 12.5, createdAt: '2026-11-20T08:00:00Z' });
    const newer = await pay(sim, terminalId, { amount: 80 });
    const page = await list();
    expect(page.records.map((t: any) => t.tranId)).toEqual([newer.tranId, older.tranId]);
    const item = page.records[1];
    expect(Object.keys(item).sort()).toEqual(LIST_FIELDS);
    expect(item).toMatchObject({
      tranId: older.tranId,
      amount: { currency: 'EUR', value: 12.5 },
      tranStatus: 'APPROVED',
      tranType: 'SALE',
      paymentMethod: 'NETWORK_A',
      appName: 'NETWORK_A',
      entryMode: 'CONTACTLESS',
      linkedTranId: '',
      mchName: 'Corner Shop',
      acqMid: 'MID-777',
      acqTid: 'TID-42',
      aid: 'A0000000031010',
      hostMessageFormat: 'HOSTA_8583',
      sdkId: 'paycfg-sim',
      createdAt: '2026-11-20T08:00:00Z',
      settleState: 0,
    });
    expect(item.tranId).toMatch(/^\d{12}$/);
    expect(item.rrn).toMatch(/^\d{12}$/);
    expect(item.trace).toMatch(/^\d{6}$/);
    expect(item.batchNo).toMatch(/^\d{6}$/);
    expect(item.accountMasked).toMatch(/^\d{6}\*{6}\d{4}$/);
    expect(newer.createdAt).toBe('2026-11-25T12:00:00Z');
    expect(mchId).toMatch(/^M/);
  });

  it('pages 10 at a time by default, -1 for all, with pageNumber, in the real wire style', async () => {
    const { terminalId } = await till(sim);
    const made: string[] = [];
    for (let i = 0; i < 12; i += 1) made.push((await pay(sim, terminalId, { amount: i + 1 })).tranId);
    const newestFirst = [...made].reverse();
    const first = await list();
    expect(Object.keys(first)).toEqual(['records', 'total', 'size', 'current', 'pages']);
    expect(first).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
    expect(first.records.map((t: any) => t.tranId)).toEqual(newestFirst.slice(0, 10));
    const second = await list('?pageNumber=2');
    expect(second.records.map((t: any) => t.tranId)).toEqual(newestFirst.slice(10));
    const all = await list('?pageSize=-1');
    expect(all.records.map((t: any) => t.tranId)).toEqual(newestFirst);
    const small = await list('?pageSize=5&pageNumber=3');
    expect(small).toMatchObject({ total: 12, size: 5, current: 3, pages: 3 });
    expect(small.records.map((t: any) => t.tranId)).toEqual(newestFirst.slice(10));
  });

  it('filters on createdStart/createdEnd: a date is a whole UTC day, both ends included; a date-time is exact', async () => {
    const { terminalId } = await till(sim);
    const d23 = await pay(sim, terminalId, { createdAt: '2026-11-23T23:59:59Z' });
    const d24a = await pay(sim, terminalId, { createdAt: '2026-11-24T00:00:00Z' });
    const d24b = await pay(sim, terminalId, { createdAt: '2026-11-24T18:30:00+02:00' });
    const d25 = await pay(sim, terminalId, { createdAt: '2026-11-25T00:00:00Z' });
    const ids = async (query: string): Promise<string[]> => (await list(query)).records.map((t: any) => t.tranId);
    expect(await ids('?createdStart=2026-11-24&createdEnd=2026-11-24')).toEqual([d24b.tranId, d24a.tranId]);
    expect(await ids('?createdStart=2026-11-24')).toEqual([d25.tranId, d24b.tranId, d24a.tranId]);
    expect(await ids('?createdEnd=2026-11-23')).toEqual([d23.tranId]);
    expect(await ids(`?createdStart=${encodeURIComponent('2026-11-24T16:30:00Z')}&createdEnd=${encodeURIComponent('2026-11-25T00:00:00Z')}`)).toEqual([
      d25.tranId,
      d24b.tranId,
    ]);
    expect(d24b.createdAt).toBe('2026-11-24T16:30:00Z');
  });

  it('filters on transactionId, acquirerRefNo (the rrn) and deviceId (the terminal id), exactly', async () => {
    const a = await till(sim, { profileName: 'A' });
    const b = await till(sim, { profileName: 'B' });
    const pa = await pay(sim, a.terminalId);
    const pb1 = await pay(sim, b.terminalId);
    const pb2 = await pay(sim, b.terminalId);
    const ids = async (query: string): Promise<string[]> => (await list(query)).records.map((t: any) => t.tranId);
    expect(await ids(`?transactionId=${pb1.tranId}`)).toEqual([pb1.tranId]);
    expect(await ids(`?acquirerRefNo=${pa.rrn}`)).toEqual([pa.tranId]);
    expect(await ids(`?deviceId=${b.terminalId}`)).toEqual([pb2.tranId, pb1.tranId]);
    expect(await ids(`?deviceId=${b.terminalId}&transactionId=${pa.tranId}`)).toEqual([]);
    expect(await ids(`?acquirerRefNo=${pa.rrn.slice(0, 6)}`)).toEqual([]);
    expect(await ids('?transactionId=100000000999')).toEqual([]);
  });

  it('filters on state (the number of tranStatus) and settleState (the batch\'s; a transaction in no batch has none)', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 10 });
    const declined = await pay(sim, terminalId, { amount: 11, decline: true });
    const preAuth = await pay(sim, terminalId, { amount: 12, tranType: 'PRE_AUTH' });
    expect(declined).toMatchObject({ tranStatus: 'DECLINED' });
    const ids = async (query: string): Promise<string[]> => (await list(query)).records.map((t: any) => t.tranId);
    expect(await ids('?state=2')).toEqual([preAuth.tranId, sale.tranId]);
    expect(await ids('?state=3')).toEqual([declined.tranId]);
    expect(await ids('?state=4')).toEqual([]);
    expect(await ids('?settleState=0')).toEqual([sale.tranId]);
    expect(await ids('?settleState=1')).toEqual([]);
    const all = await list();
    const byId = new Map(all.records.map((t: any) => [t.tranId, t]));
    expect((byId.get(declined.tranId) as any).settleState).toBeNull();
    expect((byId.get(declined.tranId) as any).batchNo).toBe('');

    const batchId = String((await sim.admin.state() as any).groups[0].transactions.find((t: any) => t.tranId === sale.tranId).batchId);
    const failed = await fetch(`${sim.url}/_sim/settlement-failure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ batchId }),
    });
    expect(failed.status).toBe(200);
    expect(await ids('?settleState=2')).toEqual([sale.tranId]);
    expect(await ids('?settleState=0')).toEqual([]);
    expect(await ids('?settleState=2&state=2')).toEqual([sale.tranId]);
  });

  it('refuses a malformed filter or page parameter with a parameter error naming it', async () => {
    const cases: Array<[string, RegExp]> = [
      ['state=8', /^Parameters Error \(state must be a number from 0 to 7/],
      ['state=x', /^Parameters Error \(state must be a number from 0 to 7/],
      ['state=-1', /^Parameters Error \(state /],
      ['settleState=3', /^Parameters Error \(settleState must be a number from 0 to 2/],
      ['createdStart=yesterday', /^Parameters Error \(createdStart must be a date yyyy-MM-dd or an ISO 8601 date-time/],
      ['createdEnd=2026-02-30', /^Parameters Error \(createdEnd /],
      ['createdStart=2026-11-25&createdEnd=2026-11-24', /^Parameters Error \(createdEnd is before createdStart/],
      ['transactionId=abc', /^Parameters Error \(transactionId must be a transaction id \(12 digits\)/],
      ['pageSize=0', /^Parameters Error \(pageSize /],
      ['pageNumber=0', /^Parameters Error \(pageNumber /],
    ];
    for (const [query, msg] of cases) refused(await sim.api('GET', `${V2}/order?${query}`), 10000, msg);
  });

  it('shows each group only its own transactions, and answers a group of either API version (never 13310)', async () => {
    await sim.admin.createGroup({ groupId: OTHER_GROUP, apiVersion: 'legacy' });
    const mine = await till(sim);
    const theirs = await till(sim, { groupId: OTHER_GROUP });
    const p1 = await pay(sim, mine.terminalId);
    const p2 = await pay(sim, theirs.terminalId);
    expect((await list()).records.map((t: any) => t.tranId)).toEqual([p1.tranId]);
    expect((await list('', OTHER_GROUP)).records.map((t: any) => t.tranId)).toEqual([p2.tranId]);
    expect((await list(`?transactionId=${p2.tranId}`)).records).toEqual([]);
    await sim.admin.createGroup({ groupId: OTHER_GROUP, apiVersion: 'v1' });
    expect((await list('', OTHER_GROUP)).total).toBe(1);
  });
});

describe('GET /api/v2/order/{transactionId}: the detail', () => {
  it('adds callbackUrl and the actions to the list record', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 30 });
    const detail = ok(await sim.api('GET', `${V2}/order/${sale.tranId}`));
    expect(Object.keys(detail).sort()).toEqual([...LIST_FIELDS, 'actions', 'callbackUrl'].sort());
    expect(detail).toMatchObject({ tranId: sale.tranId, callbackUrl: 'https://acquirer.example.com/notify', actions: [] });
    // The admin surface's answer is the same detail record.
    expect(detail).toEqual(sale);
    expect(detail.createdAt).toMatch(ISO_Z);
  });

  it('answers code 0 with data null for an unknown id, and 13000 for another group\'s transaction', async () => {
    const response = await sim.api('GET', `${V2}/order/100000000999`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 0, msg: 'SUCCESS', data: null });
    const theirs = await till(sim, { groupId: OTHER_GROUP });
    const payment = await pay(sim, theirs.terminalId);
    refused(await sim.api('GET', `${V2}/order/${payment.tranId}`), 13000, 'Owner info invalid');
    expect(ok(await sim.api('GET', `${V2}/order/${payment.tranId}`, undefined, OTHER_GROUP)).tranId).toBe(payment.tranId);
  });
});

describe('POST /api/v2/order/email/{transactionId}: the receipt', () => {
  it('records the receipt in the outbox and answers the envelope only', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId);
    const declined = await pay(sim, terminalId, { decline: true });
    const response = await sim.api('POST', `${V2}/order/email/${sale.tranId}`, { email: 'ada@example.com' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 0, msg: 'SUCCESS' });
    ok(await sim.api('POST', `${V2}/order/email/${declined.tranId}`, { email: 'bob@example.com' }));
    const receipts = (await outbox(sim)).filter((m) => m.kind === 'receipt');
    expect(receipts).toEqual([
      { kind: 'receipt', groupId: 'G-00000001', to: 'ada@example.com', tranId: sale.tranId, sentAt: expect.stringMatching(TIMESTAMP) },
      { kind: 'receipt', groupId: 'G-00000001', to: 'bob@example.com', tranId: declined.tranId, sentAt: expect.stringMatching(TIMESTAMP) },
    ]);
  });

  it('refuses a missing or malformed address, an unknown transaction and another group\'s, sending nothing', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId);
    refused(await sim.api('POST', `${V2}/order/email/${sale.tranId}`, {}), 10000, 'Parameters Error (email required)');
    refused(await sim.api('POST', `${V2}/order/email/${sale.tranId}`, { email: 'not-an-address' }), 10000, 'Parameters Error (email must be an e-mail address)');
    refused(await sim.api('POST', `${V2}/order/email/${sale.tranId}`), 10000, /^Parameters Error \(request body required/);
    refused(await sim.api('POST', `${V2}/order/email/100000000999`, { email: 'ada@example.com' }), 10000, 'transaction 100000000999 not found');
    const theirs = await till(sim, { groupId: OTHER_GROUP });
    const payment = await pay(sim, theirs.terminalId);
    refused(await sim.api('POST', `${V2}/order/email/${payment.tranId}`, { email: 'ada@example.com' }), 13000, 'Owner info invalid');
    expect((await outbox(sim)).filter((m) => m.kind === 'receipt')).toEqual([]);
  });
});

describe('the reference wire style', () => {
  let refSim: TestSimulator;
  beforeAll(async () => {
    refSim = await startTestSimulator({ now: clock.now, wireStyle: 'reference' });
  });
  afterAll(async () => refSim.close());

  it('pages with total, current, hasNext and leaves a batchless transaction\'s settleState out', async () => {
    const { terminalId } = await till(refSim);
    for (let i = 0; i < 11; i += 1) await pay(refSim, terminalId, { amount: 5 });
    const declined = await pay(refSim, terminalId, { decline: true });
    const page = ok(await refSim.api('GET', `${V2}/order`));
    expect(Object.keys(page)).toEqual(['total', 'current', 'hasNext', 'records']);
    expect(page).toMatchObject({ total: 12, current: 1, hasNext: true });
    expect(page.records).toHaveLength(10);
    expect(page.records[0].tranId).toBe(declined.tranId);
    expect(page.records[0]).not.toHaveProperty('settleState');
    expect(page.records[1].settleState).toBe(0);
    expect(ok(await refSim.api('GET', `${V2}/order?pageNumber=2`))).toMatchObject({ total: 12, current: 2, hasNext: false });
    const missing = await refSim.api('GET', `${V2}/order/100000000999`);
    expect(missing.body).toEqual({ msg: 'SUCCESS', code: 0, data: null });
    const refusal = await refSim.api('POST', `${V2}/order/email/${declined.tranId}`, { email: 'x' });
    expect(refusal.body).toEqual({ msg: 'Parameters Error (email must be an e-mail address)', code: 10000, data: null });
  });
});
