import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ok, refused, TestClock } from './fixtures.js';
import { ADMIN_PASSWORD, ADMIN_PWD, base64, pay, till, V2 } from './transaction-fixtures.js';

const OTHER_GROUP = 'G-00000002';

let sim: TestSimulator;
const clock = new TestClock('2026-11-25T12:00:00Z');

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now });
});
afterAll(async () => sim.close());
beforeEach(async () => sim.admin.reset());

async function detail(tranId: string, groupId?: string): Promise<any> {
  return ok(await sim.api('GET', `${V2}/order/${tranId}`, undefined, groupId));
}

function voidIt(tranId: string, adminPwd: string = ADMIN_PWD, groupId?: string) {
  return sim.api('POST', `${V2}/order/void/${tranId}`, { adminPwd }, groupId);
}

function refund(tranId: string, refundAmount: number | string, o: { adminPwd?: string; refundReason?: string; groupId?: string } = {}) {
  return sim.api(
    'POST',
    `${V2}/order/refund/${tranId}`,
    { refundAmount, refundReason: o.refundReason ?? 'customer returned the goods', adminPwd: o.adminPwd ?? ADMIN_PWD },
    o.groupId,
  );
}

function capture(tranId: string, body: Record<string, unknown> = {}, groupId?: string) {
  return sim.api('POST', `${V2}/order/capture/${tranId}`, body, groupId);
}

/** The batch a transaction joined, from the admin state (undefined when it joined none). */
async function batchIdOf(tranId: string): Promise<string | undefined> {
  const state = (await sim.admin.state()) as any;
  for (const group of state.groups) {
    const found = group.transactions.find((t: any) => t.tranId === tranId);
    if (found) return found.batchId;
  }
  throw new Error(`transaction ${tranId} is not in the state`);
}

async function batch(batchId: string | undefined): Promise<any> {
  expect(batchId).toBeDefined();
  return ok(await sim.api('GET', `${V2}/settlement/${batchId}`));
}

async function settle(batchId: string | undefined): Promise<void> {
  ok(await sim.api('POST', `${V2}/settlement/settle`, { batchId }));
}

async function failSettlement(batchId: string | undefined): Promise<void> {
  const response = await fetch(`${sim.url}/_sim/settlement-failure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ batchId }),
  });
  expect(response.status).toBe(200);
}

function counts(b: any): Record<string, number> {
  const { paymentCount, paymentAmt, refundCount, refundAmt, voidCount, voidAmt } = b;
  return { paymentCount, paymentAmt, refundCount, refundAmt, voidCount, voidAmt };
}

describe('void', () => {
  it('voids an APPROVED sale of an open batch: VOIDED, a VOID action, the batch counts it as a void', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 42.5 });
    const other = await pay(sim, terminalId, { amount: 10 });
    const answer = ok(await voidIt(sale.tranId));
    expect(answer).toEqual({ currency: 'EUR', state: 4, deviceId: terminalId, refundAmount: 42.5 });
    const voided = await detail(sale.tranId);
    expect(voided.tranStatus).toBe('VOIDED');
    expect(voided.amount).toEqual({ currency: 'EUR', value: 42.5 });
    expect(voided.actions).toEqual([
      {
        tranId: sale.tranId,
        actionType: 'VOID',
        reason: '',
        trace: expect.stringMatching(/^\d{6}$/),
        actionStatus: 'SUCCESS',
        hostRespCode: '00',
        actionId: expect.any(String),
        amount: { currency: 'EUR', value: 42.5 },
      },
    ]);
    expect(voided.actions[0].trace).not.toBe(other.trace);
    expect(counts(await batch(await batchIdOf(sale.tranId)))).toEqual({
      paymentCount: 1,
      paymentAmt: 10,
      refundCount: 0,
      refundAmt: 0,
      voidCount: 1,
      voidAmt: 42.5,
    });
    expect(ok(await sim.api('GET', `${V2}/order?state=4`)).records.map((t: any) => t.tranId)).toEqual([sale.tranId]);
  });

  it('voids a sale whose settlement failed, and refuses a settled one (refund it instead)', async () => {
    const { terminalId } = await till(sim);
    const failedSale = await pay(sim, terminalId, { amount: 5 });
    await failSettlement(await batchIdOf(failedSale.tranId));
    expect(ok(await voidIt(failedSale.tranId)).state).toBe(4);

    const settledSale = await pay(sim, terminalId, { amount: 6 });
    const batchId = await batchIdOf(settledSale.tranId);
    expect(batchId).not.toBe(await batchIdOf(failedSale.tranId));
    await settle(batchId);
    refused(await voidIt(settledSale.tranId), 10000, `transaction ${settledSale.tranId} is settled (batch ${batchId}) and can no longer be voided; refund it instead`);
    expect((await detail(settledSale.tranId)).tranStatus).toBe('APPROVED');
  });

  it('refuses a declined or already voided transaction, saying why', async () => {
    const { terminalId } = await till(sim);
    const declined = await pay(sim, terminalId, { decline: true });
    refused(await voidIt(declined.tranId), 10000, `transaction ${declined.tranId} is DECLINED; only an APPROVED sale, pre-authorisation or refund can be voided`);
    const sale = await pay(sim, terminalId);
    ok(await voidIt(sale.tranId));
    refused(await voidIt(sale.tranId), 10000, `transaction ${sale.tranId} is already voided`);
  });

  it('voids an uncaptured pre-authorisation (releasing the hold) and a captured one (the captured amount)', async () => {
    const { terminalId } = await till(sim);
    const hold = await pay(sim, terminalId, { amount: 100, tranType: 'PRE_AUTH' });
    expect(ok(await voidIt(hold.tranId))).toEqual({ currency: 'EUR', state: 4, deviceId: terminalId, refundAmount: 100 });
    expect(await batchIdOf(hold.tranId)).toBeUndefined();
    refused(await capture(hold.tranId), 10000, `pre-authorisation ${hold.tranId} is VOIDED; only an APPROVED pre-authorisation can be captured`);

    const captured = await pay(sim, terminalId, { amount: 100, tranType: 'PRE_AUTH' });
    ok(await capture(captured.tranId, { amount: '60' }));
    expect(ok(await voidIt(captured.tranId)).refundAmount).toBe(60);
    expect(counts(await batch(await batchIdOf(captured.tranId)))).toMatchObject({ paymentCount: 0, voidCount: 1, voidAmt: 60 });
  });

  it('refuses to void a sale with refunds that are not voided; voiding the refund gives its amount back to the sale', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 30 });
    const r1 = ok(await refund(sale.tranId, 10)).id as number;
    const r2 = ok(await refund(sale.tranId, 20)).id as number;
    expect((await detail(sale.tranId)).tranStatus).toBe('REFUNDED');
    refused(await voidIt(sale.tranId), 10000, `transaction ${sale.tranId} has refunds that are not voided (${r1}, ${r2}); void them first`);

    expect(ok(await voidIt(String(r2)))).toEqual({ currency: 'EUR', state: 4, deviceId: terminalId, refundAmount: 20 });
    expect((await detail(sale.tranId)).tranStatus).toBe('APPROVED');
    expect((await detail(String(r2))).actions.map((a: any) => a.actionType)).toEqual(['VOID']);
    refused(await voidIt(sale.tranId), 10000, new RegExp(`has refunds that are not voided \\(${r1}\\)`));
    // The voided refund's 20 can be refunded again; the live one still counts.
    refused(await refund(sale.tranId, 20.01), 10000, /is more than the 20\.00 EUR left to refund/);
    ok(await voidIt(String(r1)));
    const answer = ok(await voidIt(sale.tranId));
    expect(answer.refundAmount).toBe(30);
    expect(counts(await batch(await batchIdOf(sale.tranId)))).toEqual({
      paymentCount: 0,
      paymentAmt: 0,
      refundCount: 0,
      refundAmt: 0,
      voidCount: 3,
      voidAmt: 60,
    });
  });

  it('voiding a refund moves the updatedAt of the sale\'s batch too, when that is another batch', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 30 });
    const saleBatch = await batchIdOf(sale.tranId);
    await settle(saleBatch);
    const refundId = String(ok(await refund(sale.tranId, 30)).id);
    expect(await batchIdOf(refundId)).not.toBe(saleBatch);
    clock.advance(3_600_000);
    ok(await voidIt(refundId));
    const now = clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect((await batch(saleBatch)).updatedAt).toBe(now);
    expect((await batch(await batchIdOf(refundId))).updatedAt).toBe(now);
  });

  it('refuses a settled refund', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 30 });
    const refundId = String(ok(await refund(sale.tranId, 10)).id);
    const batchId = await batchIdOf(refundId);
    await settle(batchId);
    refused(await voidIt(refundId), 10000, `transaction ${refundId} is settled (batch ${batchId}) and can no longer be voided`);
  });
});

describe('the admin password (adminPwd)', () => {
  it('must be the Base64 of the terminal\'s deviceAdmin: the plain form, a wrong one, a missing one are refused, never echoed', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 9 });
    const plain = await voidIt(sale.tranId, ADMIN_PASSWORD);
    refused(plain, 10000, "adminPwd must be the Base64 encoding of the terminal's admin password");
    refused(await voidIt(sale.tranId, 'not base64!'), 10000, "adminPwd must be the Base64 encoding of the terminal's admin password");
    const wrong = await voidIt(sale.tranId, base64('guess'));
    refused(wrong, 10000, `admin password does not match terminal ${terminalId}`);
    refused(await refund(sale.tranId, 1, { adminPwd: base64('guess') }), 10000, `admin password does not match terminal ${terminalId}`);
    refused(await refund(sale.tranId, 1, { adminPwd: ADMIN_PASSWORD }), 10000, /Base64/);
    refused(await sim.api('POST', `${V2}/order/void/${sale.tranId}`, {}), 10000, 'Parameters Error (adminPwd required)');
    refused(await sim.api('POST', `${V2}/order/void/${sale.tranId}`, { adminPwd: '' }), 10000, 'Parameters Error (adminPwd must not be empty)');
    for (const response of [plain, wrong]) {
      expect(JSON.stringify(response.body)).not.toContain(ADMIN_PASSWORD);
      expect(JSON.stringify(response.body)).not.toContain(ADMIN_PWD);
    }
    expect((await detail(sale.tranId)).tranStatus).toBe('APPROVED');
  });

  it('a plain password that happens to be valid Base64 is still the plain form', async () => {
    const { terminalId } = await till(sim, { deviceAdmin: 'admin123' });
    const sale = await pay(sim, terminalId);
    refused(await voidIt(sale.tranId, 'admin123'), 10000, "adminPwd must be the Base64 encoding of the terminal's admin password");
    expect(ok(await voidIt(sale.tranId, base64('admin123'))).state).toBe(4);
  });

  it('refuses a terminal without an admin password', async () => {
    const { terminalId } = await till(sim, { deviceAdmin: null });
    const sale = await pay(sim, terminalId);
    refused(await voidIt(sale.tranId, base64('anything')), 10000, `terminal ${terminalId} has no admin password (deviceAdmin); set one on the device first`);
  });
});

describe('refund', () => {
  it('refunds part of a sale: a REFUND transaction linked to it, in the open batch, and a REFUND action on the sale', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 50 });
    const answer = ok(await refund(sale.tranId, 12.25, { refundReason: 'damaged' }));
    expect(Object.keys(answer)).toEqual(['id']);
    expect(typeof answer.id).toBe('number');
    const refundId = String(answer.id);
    expect(refundId).toMatch(/^\d{12}$/);
    const record = await detail(refundId);
    expect(record).toMatchObject({
      tranId: refundId,
      tranType: 'REFUND',
      tranStatus: 'APPROVED',
      linkedTranId: sale.tranId,
      amount: { currency: 'EUR', value: 12.25 },
      accountMasked: sale.accountMasked,
      acqMid: sale.acqMid,
      acqTid: sale.acqTid,
      batchNo: sale.batchNo,
      settleState: 0,
      actions: [],
    });
    expect(record.rrn).not.toBe(sale.rrn);
    expect(record.trace).not.toBe(sale.trace);
    const after = await detail(sale.tranId);
    expect(after.tranStatus).toBe('APPROVED');
    expect(after.actions).toEqual([
      {
        tranId: refundId,
        actionType: 'REFUND',
        reason: 'damaged',
        trace: record.trace,
        actionStatus: 'SUCCESS',
        hostRespCode: '00',
        actionId: expect.any(String),
        amount: { currency: 'EUR', value: 12.25 },
      },
    ]);
    expect(await batchIdOf(refundId)).toBe(await batchIdOf(sale.tranId));
    expect(counts(await batch(await batchIdOf(sale.tranId)))).toEqual({
      paymentCount: 1,
      paymentAmt: 50,
      refundCount: 1,
      refundAmt: 12.25,
      voidCount: 0,
      voidAmt: 0,
    });
  });

  it('never lets the refunds exceed the sale; refunded in full the sale is REFUNDED', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 20 });
    ok(await refund(sale.tranId, '7.50'));
    refused(
      await refund(sale.tranId, 12.51),
      10000,
      `refundAmount 12.51 EUR is more than the 12.50 EUR left to refund on transaction ${sale.tranId} (20.00 EUR, of which 7.50 EUR refunded)`,
    );
    ok(await refund(sale.tranId, 12.5));
    expect((await detail(sale.tranId)).tranStatus).toBe('REFUNDED');
    refused(await refund(sale.tranId, 0.01), 10000, `transaction ${sale.tranId} is already refunded in full`);
    expect(ok(await sim.api('GET', `${V2}/order?state=5`)).records.map((t: any) => t.tranId)).toEqual([sale.tranId]);
  });

  it('checks the amount: positive, a number or decimal string, no more decimals than the currency has', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 20 });
    refused(await refund(sale.tranId, 0), 10000, 'Parameters Error (refundAmount must be positive)');
    refused(await refund(sale.tranId, -1), 10000, 'Parameters Error (refundAmount must be positive)');
    refused(await refund(sale.tranId, 1.005), 10000, 'Parameters Error (refundAmount has more decimals than EUR allows (2))');
    refused(await refund(sale.tranId, 'ten'), 10000, /^Parameters Error \(refundAmount must be a decimal number/);
    refused(await sim.api('POST', `${V2}/order/refund/${sale.tranId}`, { refundReason: 'x', adminPwd: ADMIN_PWD }), 10000, 'Parameters Error (refundAmount required)');
    refused(await sim.api('POST', `${V2}/order/refund/${sale.tranId}`, { refundAmount: 1, adminPwd: ADMIN_PWD }), 10000, 'Parameters Error (refundReason required)');
    refused(await sim.api('POST', `${V2}/order/refund/${sale.tranId}`, { refundAmount: 1, refundReason: 'x' }), 10000, 'Parameters Error (adminPwd required)');
    refused(await sim.api('POST', `${V2}/order/refund/${sale.tranId}`, { refundAmount: true, refundReason: 'x', adminPwd: ADMIN_PWD }), 10000, 'Parameters Error (refundAmount must be a number or a decimal string)');

    const yen = await till(sim, { currency: 'JPY', profileName: 'Yen acquirer' });
    const yenSale = await pay(sim, yen.terminalId, { amount: 1500, currency: 'JPY' });
    refused(await refund(yenSale.tranId, 10.5), 10000, 'Parameters Error (refundAmount has more decimals than JPY allows (0))');
    expect((await detail(String(ok(await refund(yenSale.tranId, 500)).id))).amount).toEqual({ currency: 'JPY', value: 500 });
  });

  it('refunds a settled sale into the open batch, a new one when the sale\'s has settled', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 20 });
    const first = await batchIdOf(sale.tranId);
    await settle(first);
    const refundId = String(ok(await refund(sale.tranId, 5)).id);
    const second = await batchIdOf(refundId);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(counts(await batch(second))).toMatchObject({ paymentCount: 0, refundCount: 1, refundAmt: 5 });
    expect(counts(await batch(first))).toMatchObject({ paymentCount: 1, refundCount: 0 });
    expect((await detail(refundId)).settleState).toBe(0);
    expect((await detail(sale.tranId)).settleState).toBe(1);
  });

  it('refuses a refund, a declined or voided sale and an uncaptured pre-authorisation, saying why', async () => {
    const { terminalId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 20 });
    const refundId = String(ok(await refund(sale.tranId, 5)).id);
    refused(await refund(refundId, 1), 10000, `transaction ${refundId} is a refund; only a sale or a captured pre-authorisation can be refunded`);
    const declined = await pay(sim, terminalId, { decline: true });
    refused(await refund(declined.tranId, 1), 10000, `transaction ${declined.tranId} is DECLINED; only an APPROVED sale or captured pre-authorisation can be refunded`);
    const voided = await pay(sim, terminalId);
    ok(await voidIt(voided.tranId));
    refused(await refund(voided.tranId, 1), 10000, `transaction ${voided.tranId} is VOIDED; only an APPROVED sale or captured pre-authorisation can be refunded`);
    const hold = await pay(sim, terminalId, { amount: 80, tranType: 'PRE_AUTH' });
    refused(await refund(hold.tranId, 1), 10000, `pre-authorisation ${hold.tranId} is not captured; capture it first, or void it to release the hold`);
    ok(await capture(hold.tranId, { amount: 30 }));
    refused(await refund(hold.tranId, 30.01), 10000, /is more than the 30\.00 EUR left to refund/);
    ok(await refund(hold.tranId, 30));
    expect((await detail(hold.tranId)).tranStatus).toBe('REFUNDED');
  });
});

describe('capture', () => {
  it('captures the whole authorised amount when none is given: a CAPTURE action, the batch counts a payment', async () => {
    const { terminalId } = await till(sim);
    const hold = await pay(sim, terminalId, { amount: 75, tranType: 'PRE_AUTH' });
    expect(hold.settleState).toBeNull();
    const response = await capture(hold.tranId);
    expect(response.body).toEqual({ code: 0, msg: 'SUCCESS', data: {} });
    const after = await detail(hold.tranId);
    expect(after).toMatchObject({ tranStatus: 'APPROVED', tranType: 'PRE_AUTH', amount: { currency: 'EUR', value: 75 }, settleState: 0 });
    expect(after.actions).toEqual([
      expect.objectContaining({ tranId: hold.tranId, actionType: 'CAPTURE', actionStatus: 'SUCCESS', hostRespCode: '00', amount: { currency: 'EUR', value: 75 } }),
    ]);
    expect(counts(await batch(await batchIdOf(hold.tranId)))).toMatchObject({ paymentCount: 1, paymentAmt: 75 });
  });

  it('captures part of it (a decimal string or a number): the authorised amount stays, the batch counts the captured one', async () => {
    const { terminalId } = await till(sim);
    const a = await pay(sim, terminalId, { amount: 75, tranType: 'PRE_AUTH' });
    const b = await pay(sim, terminalId, { amount: 40, tranType: 'PRE_AUTH' });
    ok(await capture(a.tranId, { amount: '60.25' }));
    ok(await capture(b.tranId, { amount: 12 }));
    const after = await detail(a.tranId);
    expect(after.amount).toEqual({ currency: 'EUR', value: 75 });
    expect(after.actions.map((x: any) => x.amount)).toEqual([{ currency: 'EUR', value: 60.25 }]);
    expect(counts(await batch(await batchIdOf(a.tranId)))).toMatchObject({ paymentCount: 2, paymentAmt: 72.25 });
  });

  it('refuses more than authorised, a second capture, a sale, a declined pre-authorisation and a bad amount', async () => {
    const { terminalId } = await till(sim);
    const hold = await pay(sim, terminalId, { amount: 20, tranType: 'PRE_AUTH' });
    refused(await capture(hold.tranId, { amount: '20.01' }), 10000, `amount 20.01 EUR is more than the 20.00 EUR authorised by pre-authorisation ${hold.tranId}`);
    refused(await capture(hold.tranId, { amount: '0' }), 10000, 'Parameters Error (amount must be positive)');
    refused(await capture(hold.tranId, { amount: '1.001' }), 10000, 'Parameters Error (amount has more decimals than EUR allows (2))');
    refused(await capture(hold.tranId, { amount: 'all' }), 10000, /^Parameters Error \(amount must be a decimal number/);
    refused(await sim.api('POST', `${V2}/order/capture/${hold.tranId}`, '[1]'), 10000, /^Parameters Error \(request body must be a JSON object/);
    // No body at all: the reference's only field is optional, so this captures the whole amount.
    ok(await sim.api('POST', `${V2}/order/capture/${hold.tranId}`));
    refused(await capture(hold.tranId, { amount: '20.00' }), 10000, `pre-authorisation ${hold.tranId} is already captured (20.00 EUR)`);
    const sale = await pay(sim, terminalId);
    refused(await capture(sale.tranId), 10000, `transaction ${sale.tranId} is a SALE; only a pre-authorisation can be captured`);
    const declined = await pay(sim, terminalId, { tranType: 'PRE_AUTH', decline: true });
    refused(await capture(declined.tranId), 10000, `pre-authorisation ${declined.tranId} is DECLINED; only an APPROVED pre-authorisation can be captured`);
  });
});

describe('the transaction types a profile allows', () => {
  it('a non-empty list allows only what it names: void, refund and (partial) capture each need their type', async () => {
    const restricted = await till(sim, { types: ['Sale', 'Pre-Auth'], profileName: 'Sale only' });
    const sale = await pay(sim, restricted.terminalId);
    refused(await voidIt(sale.tranId), 10000, `acquirer profile Sale only (${restricted.profileId}) does not support a void for NETWORK_A: its methodList allows Sale, Pre-Auth for 01`);
    refused(await refund(sale.tranId, 1), 10000, /does not support a refund for NETWORK_A/);
    const hold = await pay(sim, restricted.terminalId, { tranType: 'PRE_AUTH', amount: 10 });
    refused(await capture(hold.tranId, { amount: 5 }), 10000, /does not support a partial capture for NETWORK_A/);
    refused(await capture(hold.tranId), 10000, /does not support a capture for NETWORK_A/);
    // The types come before the amount's limit: more than authorised is still refused for the type.
    refused(await capture(hold.tranId, { amount: 11 }), 10000, /does not support a capture for NETWORK_A/);

    const capable = await till(sim, { types: ['Sale', 'PRE_AUTH', 'capture', 'Void', 'Refund'], profileName: 'Full service' });
    const hold2 = await pay(sim, capable.terminalId, { tranType: 'PRE_AUTH', amount: 10 });
    ok(await capture(hold2.tranId, { amount: 5 }));
    ok(await refund(hold2.tranId, 1));
  });
});

describe('transactions in no batch', () => {
  it('a profile with asSettleBlock: its sales join no batch, count as not settled (voidable), and so do their refunds and captures', async () => {
    const { terminalId } = await till(sim, { asSettleBlock: true });
    const sale = await pay(sim, terminalId, { amount: 20 });
    expect(sale.settleState).toBeNull();
    expect(await batchIdOf(sale.tranId)).toBeUndefined();
    const refundId = String(ok(await refund(sale.tranId, 5)).id);
    expect(await batchIdOf(refundId)).toBeUndefined();
    expect((await detail(refundId)).batchNo).toBe('');
    ok(await voidIt(refundId));
    expect(ok(await voidIt(sale.tranId)).refundAmount).toBe(20);
    const hold = await pay(sim, terminalId, { amount: 9, tranType: 'PRE_AUTH' });
    ok(await capture(hold.tranId));
    expect(await batchIdOf(hold.tranId)).toBeUndefined();
  });

  it('refuses every action once the transaction\'s acquirer profile is deleted: there is no acquirer to send it to', async () => {
    const { terminalId, mchId, profileId } = await till(sim);
    const sale = await pay(sim, terminalId, { amount: 20 });
    const hold = await pay(sim, terminalId, { amount: 20, tranType: 'PRE_AUTH' });
    ok(await sim.api('DELETE', `/api/openapi/v1/mchInfo/payment/${mchId}?acquirerProfileId=${profileId}&currency=EUR`));
    ok(await sim.api('DELETE', `/api/openapi/v1/acquirer/${profileId}`));
    refused(await voidIt(sale.tranId), 10000, `acquirer profile ${profileId} of transaction ${sale.tranId} no longer exists, so a void cannot be sent to it`);
    refused(await refund(sale.tranId, 1), 10000, /no longer exists, so a refund cannot be sent to it/);
    refused(await capture(hold.tranId, { amount: 1 }), 10000, /no longer exists, so a partial capture cannot be sent to it/);
    expect((await detail(sale.tranId)).tranStatus).toBe('APPROVED');
  });
});

describe('ownership', () => {
  it('another group\'s transaction is 13000 and an unknown one is not found, for every action', async () => {
    const theirs = await till(sim, { groupId: OTHER_GROUP });
    const sale = await pay(sim, theirs.terminalId);
    refused(await voidIt(sale.tranId), 13000, 'Owner info invalid');
    refused(await refund(sale.tranId, 1), 13000, 'Owner info invalid');
    refused(await capture(sale.tranId), 13000, 'Owner info invalid');
    refused(await voidIt('100000000999'), 10000, 'transaction 100000000999 not found');
    refused(await refund('100000000999', 1), 10000, 'transaction 100000000999 not found');
    refused(await capture('100000000999'), 10000, 'transaction 100000000999 not found');
    expect((await detail(sale.tranId, OTHER_GROUP)).tranStatus).toBe('APPROVED');
  });

  it('answers a legacy group too (never 13310)', async () => {
    await sim.admin.createGroup({ groupId: OTHER_GROUP, apiVersion: 'legacy' });
    const legacy = await till(sim, { groupId: OTHER_GROUP });
    const sale = await pay(sim, legacy.terminalId, { amount: 8 });
    expect(ok(await refund(sale.tranId, 3, { groupId: OTHER_GROUP })).id).toEqual(expect.any(Number));
    const hold = await pay(sim, legacy.terminalId, { amount: 8, tranType: 'PRE_AUTH' });
    ok(await capture(hold.tranId, {}, OTHER_GROUP));
    expect(ok(await voidIt(hold.tranId, ADMIN_PWD, OTHER_GROUP)).state).toBe(4);
  });
});

describe('the reference wire style', () => {
  let refSim: TestSimulator;
  beforeAll(async () => {
    refSim = await startTestSimulator({ now: clock.now, wireStyle: 'reference' });
  });
  afterAll(async () => refSim.close());

  it('answers the same data, and refusals with data null', async () => {
    const { terminalId } = await till(refSim);
    const sale = await pay(refSim, terminalId, { amount: 10 });
    const refunded = await refSim.api('POST', `${V2}/order/refund/${sale.tranId}`, { refundAmount: 4, refundReason: 'x', adminPwd: ADMIN_PWD });
    expect(refunded.body).toEqual({ msg: 'SUCCESS', code: 0, data: { id: expect.any(Number) } });
    const voided = await refSim.api('POST', `${V2}/order/void/${refunded.body.data.id}`, { adminPwd: ADMIN_PWD });
    expect(voided.body).toEqual({ msg: 'SUCCESS', code: 0, data: { currency: 'EUR', state: 4, deviceId: terminalId, refundAmount: 4 } });
    const hold = await pay(refSim, terminalId, { amount: 10, tranType: 'PRE_AUTH' });
    expect(hold).not.toHaveProperty('settleState');
    expect((await refSim.api('POST', `${V2}/order/capture/${hold.tranId}`, { amount: '10' })).body).toEqual({ msg: 'SUCCESS', code: 0, data: {} });
    const refusal = await refSim.api('POST', `${V2}/order/void/${sale.tranId}`, { adminPwd: ADMIN_PASSWORD });
    expect(refusal.body).toEqual({ msg: "adminPwd must be the Base64 encoding of the terminal's admin password", code: 10000, data: null });
  });
});
