import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrng } from '../../src/sim/core/prng.js';
import { TranState, type TransactionRecord } from '../../src/sim/core/records.js';
import { SimStore } from '../../src/sim/core/store.js';
import { serviceContext } from '../../src/sim/rules/context.js';
import { defaultGroupSettings } from '../../src/sim/rules/groups.js';
import { batchDetailView, batchListView, failSettlement, joinOpenBatch, settleBatch } from '../../src/sim/rules/settlements.js';
import { transactionListView } from '../../src/sim/rules/transaction-views.js';
import { createPaymentTerminal, type PaymentTerminal } from '../helpers/payment-fixtures.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ok, refused, TestClock, TIMESTAMP } from './fixtures.js';

const SETTLEMENT = '/api/v2/settlement';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

let sim: TestSimulator;
const clock = new TestClock('2026-03-10T12:00:00Z');

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now });
});
afterAll(async () => sim.close());
beforeEach(async () => sim.admin.reset());

async function batches(target: TestSimulator, query = '', prefix = SETTLEMENT): Promise<any> {
  return ok(await target.api('GET', `${prefix}${query}`));
}

async function batchOf(target: TestSimulator, batchNo: string, terminal: PaymentTerminal): Promise<any> {
  const page = await batches(target, '?pageSize=-1');
  const found = page.records.find((b: any) => b.batchNo === batchNo && b.acquirerTid === terminal.tid);
  expect(found, `batch ${batchNo} of ${terminal.terminalId}`).toBeDefined();
  return found;
}

async function adminRefusal(target: TestSimulator, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${target.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe('settlement batches follow payments', () => {
  it('a payment joins the open batch of its (profile, merchant, terminal, currency); the record carries every field of 2.2', async () => {
    const t = await createPaymentTerminal(sim, { profileName: 'North Acquiring', mchName: 'Bakery' });
    await t.pay(12.5);
    clock.advance(60_000);
    await t.pay(7.25);
    await t.pay(100, { decline: true });
    await t.pay(30, { tranType: 'PRE_AUTH' });
    const page = await batches(sim);
    expect(page).toEqual({ records: [expect.any(Object)], total: 1, size: 10, current: 1, pages: 1 });
    expect(page.records[0]).toEqual({
      batchId: expect.stringMatching(/^\d+$/),
      batchNo: '000001',
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      state: 0,
      currency: 'USD',
      paymentAmt: 19.75,
      paymentCount: 2,
      refundAmt: 0,
      refundCount: 0,
      voidAmt: 0,
      voidCount: 0,
      profileName: 'North Acquiring',
      profileMessage: 'HOSTA_8583',
      acquirerMid: t.mid,
      acquirerTid: t.tid,
      mchName: 'Bakery',
      acquirerRefNo: '',
      acquirerCode: '',
      createdAt: '2026-03-10T12:00:00Z',
      updatedAt: '2026-03-10T12:01:00Z',
    });
    const detail = ok(await sim.api('GET', `${SETTLEMENT}/${page.records[0].batchId}`));
    expect(detail).toEqual({
      ...page.records[0],
      successTime: '',
      transactions: [{ amount: 19.75, transType: 'SALE', count: 2, paymentMethod: 'NETWORK_A' }],
    });
  });

  it('another terminal opens its own batch, numbered per (profile, terminal); a settled batch takes no more payments', async () => {
    const t = await createPaymentTerminal(sim);
    const first = await t.pay(1);
    const other = await createPaymentTerminal(sim, { mchId: t.mchId, currency: 'EUR' });
    const elsewhere = await other.pay(2);
    expect(elsewhere.batchNo).toBe('000001');
    expect((await batches(sim)).total).toBe(2);
    const batch = await batchOf(sim, first.batchNo, t);
    ok(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: batch.batchId }));
    const next = await t.pay(3);
    expect(next.batchNo).toBe('000002');
    expect((await batchOf(sim, '000002', t)).paymentAmt).toBe(3);
    expect((await batchOf(sim, '000001', t)).paymentAmt).toBe(1);
  });

  it('a terminal tid or binding mid changed mid-batch opens a new batch; the old one stays open under the old MID/TID', async () => {
    const t = await createPaymentTerminal(sim);
    const before = await t.pay(1);
    ok(await sim.api('PUT', `/api/openapi/v1/device/${t.terminalId}`, { extParams: JSON.stringify({ acquirers: { [t.profileId]: { tid: 'NEWTID99', mid: t.mid } } }) }));
    const afterTid = await t.pay(2);
    expect([before.acqTid, afterTid.acqTid]).toEqual([t.tid, 'NEWTID99']);
    expect(afterTid.batchNo).not.toBe(before.batchNo);
    ok(
      await sim.api('PUT', `/api/openapi/v1/mchInfo/payment/${t.mchId}`, {
        acquirerProfileId: String(t.profileId),
        currency: 'USD',
        mid: 'NEWMID000001',
        paymentMethods: [{ paymentMethodCode: '01', allows: [], emvs: [{ emvId: t.emvId }] }],
      }),
    );
    const afterMid = await t.pay(4);
    expect(afterMid.acqMid).toBe('NEWMID000001');
    const page = await batches(sim, '?pageSize=-1');
    const view = page.records.map((b: any) => [b.batchNo, b.state, b.acquirerMid, b.acquirerTid, b.paymentAmt]);
    expect(view).toEqual([
      [afterMid.batchNo, 0, 'NEWMID000001', 'NEWTID99', 4],
      [afterTid.batchNo, 0, t.mid, 'NEWTID99', 2],
      [before.batchNo, 0, t.mid, t.tid, 1],
    ]);
    // A refund copies its sale's routing, so it joins a batch under the sale's MID/TID.
    const refundId = ok(
      await sim.api('POST', `/api/v2/order/refund/${before.tranId}`, {
        refundAmount: 1,
        refundReason: 'r',
        adminPwd: Buffer.from(t.deviceAdmin).toString('base64'),
      }),
    ).id;
    const refund = ok(await sim.api('GET', `/api/v2/order/${refundId}`));
    expect(refund.batchNo).toBe(before.batchNo);
  });

  it('a payment backdated before the open batch of its key opens a batch of its own, so a date filter finds it', async () => {
    const t = await createPaymentTerminal(sim);
    const today = await t.pay(1);
    const old = await t.pay(2, { createdAt: '2026-03-01T09:00:00Z' });
    expect(old.batchNo).not.toBe(today.batchNo);
    const onThatDay = await batches(sim, '?createdStart=2026-03-01&createdEnd=2026-03-01');
    expect(onThatDay.records.map((b: any) => [b.batchNo, b.paymentAmt, b.createdAt])).toEqual([[old.batchNo, 2, '2026-03-01T09:00:00Z']]);
    // The backdated batch is the key's open batch from now on; the other stays open, to be settled on its own.
    expect((await t.pay(3)).batchNo).toBe(old.batchNo);
    expect((await batchOf(sim, today.batchNo, t)).state).toBe(0);
  });
});

describe('GET /api/v2/settlement: filters and pages', () => {
  it('answers newest first, 10 a page by default, with pages and size in both wire styles', async () => {
    for (const style of ['real', 'reference'] as const) {
      const styled = await startTestSimulator({ wireStyle: style, now: clock.now });
      try {
        const t = await createPaymentTerminal(styled);
        const ids: string[] = [];
        for (let i = 0; i < 12; i += 1) {
          await t.pay(i + 1);
          const open = (await batches(styled, '?pageSize=1')).records[0];
          ids.push(open.batchId);
          ok(await styled.api('POST', `${SETTLEMENT}/settle`, { batchId: open.batchId }));
        }
        const newestFirst = [...ids].reverse();
        const first = await batches(styled);
        const second = await batches(styled, '?pageNumber=2');
        const all = await batches(styled, '?pageSize=-1');
        if (style === 'real') {
          expect(Object.keys(first)).toEqual(['records', 'total', 'size', 'current', 'pages']);
        } else {
          expect(Object.keys(first)).toEqual(['total', 'current', 'hasNext', 'pages', 'size', 'records']);
          expect(first.hasNext).toBe(true);
          expect(second.hasNext).toBe(false);
        }
        expect(first).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
        expect(second).toMatchObject({ total: 12, size: 10, current: 2, pages: 2 });
        expect([...first.records, ...second.records].map((b: any) => b.batchId)).toEqual(newestFirst);
        expect(all).toMatchObject({ total: 12, size: -1, current: 1 });
        expect(all.records.map((b: any) => b.batchId)).toEqual(newestFirst);
        expect((await batches(styled, '?pageSize=5&pageNumber=3')).records.map((b: any) => b.batchId)).toEqual(newestFirst.slice(10));
        expect((await styled.api('GET', `${SETTLEMENT}?pageSize=0`)).body).toMatchObject({ code: 10000, msg: 'Parameters Error (pageSize must be -1 or a whole number from 1, got "0")' });
      } finally {
        await styled.close();
      }
    }
  });

  it('filters on createdAt (a date is the whole UTC day) and on batchId', async () => {
    const a = await createPaymentTerminal(sim);
    const b = await createPaymentTerminal(sim);
    const c = await createPaymentTerminal(sim);
    const early = await a.pay(1, { createdAt: '2026-03-01T00:00:00Z' });
    const middle = await b.pay(1, { createdAt: '2026-03-02T23:59:59Z' });
    await c.pay(1, { createdAt: '2026-03-05T10:00:00+02:00' });
    const idOf = async (t: PaymentTerminal, batchNo: string) => (await batchOf(sim, batchNo, t)).batchId as string;
    const [ida, idb, idc] = [await idOf(a, early.batchNo), await idOf(b, middle.batchNo), await idOf(c, '000001')];
    const ids = async (query: string) => (await batches(sim, query)).records.map((r: any) => r.batchId);
    expect(await ids('')).toEqual([idc, idb, ida]);
    expect(await ids('?createdStart=2026-03-01&createdEnd=2026-03-02')).toEqual([idb, ida]);
    expect(await ids('?createdStart=2026-03-02')).toEqual([idc, idb]);
    expect(await ids('?createdEnd=2026-03-01')).toEqual([ida]);
    expect(await ids('?createdStart=2026-03-05T08:00:00Z&createdEnd=2026-03-05T08:00:00Z')).toEqual([idc]);
    expect(await ids('?createdStart=2026-03-05T08:00:01Z')).toEqual([]);
    expect(await ids(`?batchId=${idb}`)).toEqual([idb]);
    expect(await ids('?batchId=1')).toEqual([]);
    // An empty value counts as absent.
    expect(await ids('?createdStart=&batchId=')).toEqual([idc, idb, ida]);
    refused(await sim.api('GET', `${SETTLEMENT}?createdStart=2026-02-30`), 10000, 'Parameters Error (createdStart must be a date yyyy-MM-dd or an ISO 8601 date-time, got "2026-02-30")');
    refused(await sim.api('GET', `${SETTLEMENT}?createdEnd=tomorrow`), 10000, /^Parameters Error \(createdEnd must be a date/);
    refused(await sim.api('GET', `${SETTLEMENT}?createdStart=2026-03-03&createdEnd=2026-03-02`), 10000, 'Parameters Error (createdEnd is before createdStart (2026-03-02 < 2026-03-03))');
    refused(await sim.api('GET', `${SETTLEMENT}?batchId=B-1`), 10000, 'Parameters Error (batchId must be a batch id (digits), got "B-1")');
  });

  it('answers for every group, legacy or current, never 13310; groups see only their own batches', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000002', apiVersion: 'legacy' });
    const legacy = await createPaymentTerminal(sim, { groupId: 'G-00000002' });
    await legacy.pay(4);
    const current = await createPaymentTerminal(sim);
    await current.pay(5);
    const mine = ok(await sim.api('GET', SETTLEMENT));
    const theirs = ok(await sim.api('GET', SETTLEMENT, undefined, 'G-00000002'));
    expect(mine.records.map((b: any) => b.paymentAmt)).toEqual([5]);
    expect(theirs.records.map((b: any) => b.paymentAmt)).toEqual([4]);
    refused(await sim.api('GET', `${SETTLEMENT}/${theirs.records[0].batchId}`), 13000, 'Owner info invalid');
    refused(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: theirs.records[0].batchId }), 13000, 'Owner info invalid');
    expect(ok(await sim.api('GET', `${SETTLEMENT}/999999999`))).toBeNull();
    expect(ok(await sim.api('GET', `${SETTLEMENT}/not-a-batch`))).toBeNull();
  });
});

describe('settling', () => {
  it('settles an open batch: state 1, acquirer reference and code, successTime; then refuses it as settled', async () => {
    const t = await createPaymentTerminal(sim);
    await t.pay(9.99);
    const open = (await batches(sim)).records[0];
    clock.advance(5 * 60_000);
    const answer = ok(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: open.batchId }));
    expect(answer).toEqual({ id: Number(open.batchId) });
    const settled = ok(await sim.api('GET', `${SETTLEMENT}/${open.batchId}`));
    expect(settled).toMatchObject({ state: 1, acquirerRefNo: expect.stringMatching(/^\d{12}$/), acquirerCode: '00', paymentAmt: 9.99, paymentCount: 1 });
    expect(settled.successTime).toMatch(ISO);
    expect(settled.successTime).toBe(settled.updatedAt);
    expect(settled.successTime > settled.createdAt).toBe(true);
    refused(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: open.batchId }), 10000, `batch ${open.batchId} is already settled`);
    // A number is accepted for the batch id.
    refused(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: Number(open.batchId) }), 10000, `batch ${open.batchId} is already settled`);
    refused(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: '42' }), 10000, 'batch 42 not found');
    refused(await sim.api('POST', `${SETTLEMENT}/settle`, {}), 10000, 'Parameters Error (batchId required)');
    refused(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: 'x1' }), 10000, 'Parameters Error (batchId must be a batch id (digits), got "x1")');
  });

  it('a settlement failure leaves the batch unsettled (2, acquirer code 96); new payments open a new batch; a retry settles it', async () => {
    const t = await createPaymentTerminal(sim);
    await t.pay(20);
    const open = (await batches(sim)).records[0];
    const failed = await sim.admin.settlementFailure(open.batchId);
    expect(failed).toMatchObject({ batchId: open.batchId, state: 2, acquirerCode: '96', acquirerRefNo: '', successTime: '', paymentAmt: 20 });
    expect(ok(await sim.api('GET', `${SETTLEMENT}/${open.batchId}`))).toEqual(failed);
    const later = await t.pay(5);
    expect(later.batchNo).toBe('000002');
    expect(later.settleState).toBe(0);
    // A failed batch may fail again; a settled one is refused.
    expect((await sim.admin.settlementFailure(open.batchId)).state).toBe(2);
    ok(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: open.batchId }));
    expect(ok(await sim.api('GET', `${SETTLEMENT}/${open.batchId}`))).toMatchObject({ state: 1, acquirerCode: '00' });
    const refusal = await adminRefusal(sim, '/_sim/settlement-failure', { batchId: open.batchId });
    expect(refusal).toEqual({ status: 400, body: { code: 10000, msg: `batch ${open.batchId} is already settled` } });
    expect(await adminRefusal(sim, '/_sim/settlement-failure', { batchId: '7' })).toEqual({ status: 400, body: { code: 10000, msg: 'batch 7 not found' } });
    expect(await adminRefusal(sim, '/_sim/settlement-failure', {})).toEqual({ status: 400, body: { code: 10000, msg: 'Parameters Error (batchId required)' } });
  });

  it('/api/v2/settle answers as /api/v2/settlement', async () => {
    const t = await createPaymentTerminal(sim);
    await t.pay(1);
    const viaAlias = await batches(sim, '', '/api/v2/settle');
    expect(viaAlias).toEqual(await batches(sim));
    const batchId = viaAlias.records[0].batchId;
    expect(ok(await sim.api('GET', `/api/v2/settle/${batchId}`))).toEqual(ok(await sim.api('GET', `${SETTLEMENT}/${batchId}`)));
    expect(ok(await sim.api('POST', '/api/v2/settle/settle', { batchId }))).toEqual({ id: Number(batchId) });
    ok(await sim.api('POST', '/api/v2/settle/email', { batchIds: [{ batchId }], email: 'ops@example.com', mchId: t.mchId }));
    expect((await sim.admin.outbox()).map((m) => m.kind)).toEqual(['settlement-report']);
  });
});

describe('POST /api/v2/settlement/email', () => {
  it('validates and records the report in the outbox', async () => {
    const t = await createPaymentTerminal(sim);
    await t.pay(1);
    const first = (await batches(sim)).records[0].batchId as string;
    ok(await sim.api('POST', `${SETTLEMENT}/settle`, { batchId: first }));
    await t.pay(2);
    const second = (await batches(sim)).records[0].batchId as string;
    const answer = await sim.api('POST', `${SETTLEMENT}/email`, { batchIds: JSON.stringify([{ batchId: first }, { batchId: second }]), email: 'owner@example.com', mchId: t.mchId });
    expect(answer.body).toEqual({ code: 0, msg: 'SUCCESS' });
    ok(await sim.api('POST', `${SETTLEMENT}/email`, { batchIds: [{ batchId: Number(second) }], email: 'other@example.com', mchId: t.mchId }));
    expect(await sim.admin.outbox()).toEqual([
      { kind: 'settlement-report', groupId: 'G-00000001', to: 'owner@example.com', mchId: t.mchId, batchIds: [first, second], sentAt: expect.stringMatching(TIMESTAMP) },
      { kind: 'settlement-report', groupId: 'G-00000001', to: 'other@example.com', mchId: t.mchId, batchIds: [second], sentAt: expect.stringMatching(TIMESTAMP) },
    ]);
  });

  it('refuses a bad address, a malformed list, and batches that are not the merchant\'s', async () => {
    const t = await createPaymentTerminal(sim);
    await t.pay(1);
    const batchId = (await batches(sim)).records[0].batchId as string;
    const other = await createPaymentTerminal(sim);
    const send = (body: Record<string, unknown>) => sim.api('POST', `${SETTLEMENT}/email`, { batchIds: JSON.stringify([{ batchId }]), email: 'a@example.com', mchId: t.mchId, ...body });
    refused(await send({ email: 'not-an-address' }), 10000, 'Parameters Error (email must be an e-mail address)');
    refused(await send({ email: undefined }), 10000, 'Parameters Error (email required)');
    refused(await send({ batchIds: '[{"batchId":' }), 10000, 'Parameters Error (batchIds must be a JSON array of {"batchId": "…"} objects)');
    refused(await send({ batchIds: '[]' }), 10000, 'Parameters Error (batchIds must have at least 1 item(s))');
    refused(await send({ batchIds: JSON.stringify([{ id: batchId }]) }), 10000, 'Parameters Error (batchIds[0].batchId required)');
    refused(await send({ mchId: undefined }), 10000, 'Parameters Error (mchId required)');
    refused(await send({ mchId: other.mchId }), 10000, `batch ${batchId} belongs to merchant ${t.mchId}, not ${other.mchId}`);
    refused(await send({ mchId: 'M000000000000' }), 10000, 'merchant M000000000000 not found');
    refused(await send({ batchIds: JSON.stringify([{ batchId: '5' }]) }), 10000, 'batch 5 not found');
    expect(await sim.admin.outbox()).toEqual([]);
  });
});

describe('the state file keeps transactions, batches, counters and the outbox', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'paycfg-money-state-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a restart keeps everything and numbers continue', async () => {
    const statePath = join(dir, 'state.json');
    const first = await startTestSimulator({ statePath, now: clock.now });
    const t = await createPaymentTerminal(first);
    const sale = await t.pay(10);
    const batchId = (await batches(first)).records[0].batchId as string;
    await first.admin.settlementFailure(batchId);
    await t.pay(11, { tranType: 'PRE_AUTH' });
    ok(await first.api('POST', `${SETTLEMENT}/email`, { batchIds: [{ batchId }], email: 'x@example.com', mchId: t.mchId }));
    const before = await first.admin.state({ secrets: true });
    await first.close();
    expect(JSON.parse(await readFile(statePath, 'utf8'))).toMatchObject({ version: 2, moneyCounters: { traces: { [t.terminalId]: 2 } } });

    const second = await startTestSimulator({ statePath, now: clock.now });
    try {
      expect(await second.admin.state({ secrets: true })).toEqual(before);
      const next = await second.admin.payment({ deviceId: t.terminalId, amount: 1 });
      expect(BigInt(next.tranId)).toBe(BigInt(sale.tranId) + 2n);
      expect(next).toMatchObject({ trace: '000003', batchNo: '000002' });
      expect(ok(await second.api('GET', `${SETTLEMENT}/${batchId}`))).toMatchObject({ state: 2, paymentAmt: 10 });
      expect((await second.admin.outbox())[0]).toMatchObject({ kind: 'settlement-report', batchIds: [batchId] });
    } finally {
      await second.close();
    }
  });

  it('a version 1 file (no transactions, mails without kind) still loads', async () => {
    const statePath = join(dir, 'v1.json');
    const v1 = {
      format: 'paycfg-sim-state',
      version: 1,
      nextNumericId: 1001,
      groups: [{ settings: defaultGroupSettings('G-00000001', '2026-01-01T00:00:00+0000'), emvConfigs: [], acquirerProfiles: [], merchants: [], bindings: [], devices: [] }],
      outbox: [{ groupId: 'G-00000001', to: 'a@example.com', deviceId: 'CD-123456789012', activationCode: '123456789012', sentAt: '2026-01-01T00:00:00+0000' }],
    };
    await writeFile(statePath, JSON.stringify(v1));
    const loaded = await startTestSimulator({ statePath, now: clock.now });
    try {
      expect(await loaded.admin.outbox()).toEqual([{ kind: 'activation-code', ...v1.outbox[0] }]);
      const state = (await loaded.admin.state()) as any;
      expect(state).toMatchObject({ version: 2, groups: [{ transactions: [], settlementBatches: [] }] });
      const t = await createPaymentTerminal(loaded);
      expect((await t.pay(1)).tranId).toBe('100000000001');
    } finally {
      await loaded.close();
    }
  });

  it('refuses a file whose transaction names a batch it does not hold', async () => {
    const statePath = join(dir, 'broken.json');
    const first = await startTestSimulator({ statePath, now: clock.now });
    const t = await createPaymentTerminal(first);
    await t.pay(1);
    await first.close();
    const saved = JSON.parse(await readFile(statePath, 'utf8'));
    saved.groups[0].settlementBatches = [];
    await writeFile(statePath, JSON.stringify(saved));
    await expect(startTestSimulator({ statePath })).rejects.toThrow(/transaction \d{12} names batch \d+, which group G-00000001 does not have/);
  });
});

describe('batch counts and amounts follow the batch\'s transactions (rules, without HTTP)', () => {
  function setup() {
    const store = new SimStore(createPrng(1));
    const group = store.putGroupSettings(defaultGroupSettings('G-00000009', '2026-03-10T12:00:00+0000'));
    const ctx = serviceContext(store, group, () => new Date('2026-03-10T12:00:00Z'), { wireStyle: 'real', summaryLists: 'binding' });
    let n = 0;
    const put = (fields: Partial<TransactionRecord>): TransactionRecord => {
      n += 1;
      const record: TransactionRecord = {
        tranId: String(100000000000 + n),
        groupId: 'G-00000009',
        mchId: 'M1',
        mchName: 'Shop',
        terminalId: 'T0000000001',
        deviceCode: '000000000001',
        profileId: 1001,
        currency: 'USD',
        paymentMethod: '01',
        tranType: 'SALE',
        state: TranState.APPROVED,
        amountMinor: 1000,
        approvalCode: 'A1B2C3',
        rrn: '000000000001',
        trace: String(n).padStart(6, '0'),
        accountMasked: '476173******0001',
        acqMid: 'MID',
        acqTid: 'TID',
        aid: 'A0000000031010',
        appName: 'NETWORK_A',
        entryMode: 'CONTACTLESS',
        cvmPerformed: 'NO_CVM',
        tsi: 'E800',
        tvr: '0000000000',
        tc: '0000000000000000',
        atc: '0001',
        hostMessageFormat: 'HOSTA_8583',
        callbackUrl: '',
        actions: [],
        createdAt: '2026-03-10T12:00:00Z',
        updatedAt: '2026-03-10T12:00:00Z',
        ...fields,
      };
      const batch = joinOpenBatch(ctx, record, record.createdAt);
      if (batch) record.batchId = batch.batchId;
      store.putTransaction(record);
      return record;
    };
    return { store, ctx, put };
  }

  it('payments are approved or refunded sales and captured pre-authorisations; refunds approved refunds; voids the voided', () => {
    const { store, ctx, put } = setup();
    const sale = put({ amountMinor: 1000, state: TranState.REFUNDED });
    put({ amountMinor: 250, tranType: 'REFUND', linkedTranId: sale.tranId });
    put({ amountMinor: 750, tranType: 'REFUND', linkedTranId: sale.tranId });
    put({ amountMinor: 300, tranType: 'REFUND', state: TranState.VOIDED, linkedTranId: sale.tranId });
    put({ amountMinor: 5000, tranType: 'PRE_AUTH', capturedMinor: 4000 });
    put({ amountMinor: 199, state: TranState.VOIDED });
    put({ amountMinor: 99, paymentMethod: '02', appName: 'NETWORK_B' });
    const batchId = store.transactionsOfBatch(sale.batchId as string)[0]?.batchId as string;
    const batch = store.batch(batchId)!;
    expect(batchListView(store, batch)).toMatchObject({ paymentAmt: 50.99, paymentCount: 3, refundAmt: 10, refundCount: 2, voidAmt: 4.99, voidCount: 2 });
    expect(batchDetailView(store, batch).transactions).toEqual([
      { amount: 10, transType: 'SALE', count: 1, paymentMethod: 'NETWORK_A' },
      { amount: 0.99, transType: 'SALE', count: 1, paymentMethod: 'NETWORK_B' },
      { amount: 40, transType: 'PRE_AUTH', count: 1, paymentMethod: 'NETWORK_A' },
      { amount: 10, transType: 'REFUND', count: 2, paymentMethod: 'NETWORK_A' },
      { amount: 4.99, transType: 'VOID', count: 2, paymentMethod: 'NETWORK_A' },
    ]);
    // The transactions' settleState is the batch's.
    expect(transactionListView(store, sale).settleState).toBe(0);
    failSettlement(ctx, batchId);
    expect(transactionListView(store, sale).settleState).toBe(2);
    settleBatch(ctx, batchId);
    expect(transactionListView(store, sale).settleState).toBe(1);
    expect(store.openBatch({ profileId: 1001, mchId: 'M1', terminalId: 'T0000000001', currency: 'USD', acquirerMid: 'MID', acquirerTid: 'TID' })).toBeUndefined();
  });

  it('the batch key is (profile, merchant, terminal, currency, acquirer MID, acquirer TID)', () => {
    const { store, put } = setup();
    const base = put({});
    const keys = [{ profileId: 1002 }, { mchId: 'M2' }, { terminalId: 'T0000000002' }, { currency: 'EUR' }, { acqMid: 'MID2' }, { acqTid: 'TID2' }];
    const batchIds = new Set([base.batchId, ...keys.map((fields) => put(fields).batchId)]);
    expect(batchIds.size).toBe(7);
    expect(put({}).batchId).toBe(base.batchId);
    expect(store.transactionsOfBatch(base.batchId as string)).toHaveLength(2);
  });

  it('a transaction older than its key\'s open batch opens a batch of its own, which later ones join', () => {
    const { store, put } = setup();
    const today = put({ createdAt: '2026-03-10T12:00:00Z' });
    const yesterday = put({ createdAt: '2026-03-09T08:00:00Z' });
    expect(yesterday.batchId).not.toBe(today.batchId);
    expect(store.batch(yesterday.batchId as string)).toMatchObject({ state: 0, createdAt: '2026-03-09T08:00:00Z' });
    // Both stay open; the newer opener is the key's open batch from now on.
    expect(store.batch(today.batchId as string)?.state).toBe(0);
    expect(put({ createdAt: '2026-03-10T12:05:00Z' }).batchId).toBe(yesterday.batchId);
    expect(put({ createdAt: '2026-03-09T08:00:00Z' }).batchId).toBe(yesterday.batchId);
  });
});
