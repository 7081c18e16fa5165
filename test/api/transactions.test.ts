import { expect, it } from 'vitest';
import { ApiError, OwnerInfoInvalidError } from '../../src/api/index.js';
import { createPaymentTerminal } from '../helpers/payment-fixtures.js';
import { useWireStyleSimulators } from './helpers/sim-client.js';

/**
 * client.transactions against the simulator, in both wire styles and in strict mode, so that every
 * answer is also checked against schemas/api (transaction, transaction-detail, void-result, id-result).
 */

const h = useWireStyleSimulators();

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (e: unknown) => e);

h.describe('client.transactions', () => {
  it('lists newest first, reads one with its actions, and answers null for an unknown id', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const older = await terminal.pay(10, { createdAt: '2026-01-15T10:00:00Z' });
    const newer = await terminal.pay(12.5);
    const client = h.client();

    const page = await client.transactions.list();
    expect(page.total).toBe(2);
    expect(page.records.map((t) => t.tranId)).toEqual([newer.tranId, older.tranId]);
    expect(client.events.at(-1)?.path).toBe('/api/v2/order?pageSize=20');

    const detail = await client.transactions.get(newer.tranId);
    expect(detail).toMatchObject({
      tranId: newer.tranId,
      amount: { currency: 'USD', value: 12.5 },
      tranType: 'SALE',
      tranStatus: 'APPROVED',
      acqMid: terminal.mid,
      acqTid: terminal.tid,
      aid: terminal.aid,
      settleState: 0,
      actions: [],
    });
    // Masked by the service, and shown as it is.
    expect(detail?.accountMasked).toMatch(/^\d{6}\*{6}\d{4}$/);
    expect(await client.transactions.get('999999999999')).toBeNull();
  });

  it('filters by id, terminal, acquirer reference, state, settle state and creation dates; listAll asks for everything', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const other = await createPaymentTerminal(h.sim);
    const january = await terminal.pay(10, { createdAt: '2026-01-15T10:00:00Z' });
    const declined = await terminal.pay(20, { decline: true });
    const elsewhere = await other.pay(30);
    const client = h.client();
    const ids = async (q: Parameters<typeof client.transactions.listAll>[0]) => (await client.transactions.listAll(q)).map((t) => t.tranId).sort();

    expect(await ids({})).toEqual([january.tranId, declined.tranId, elsewhere.tranId].sort());
    expect(client.events.at(-1)?.path).toBe('/api/v2/order?pageNumber=1&pageSize=-1');
    expect(await ids({ transactionId: january.tranId })).toEqual([january.tranId]);
    expect(await ids({ deviceId: other.terminalId })).toEqual([elsewhere.tranId]);
    expect(await ids({ acquirerRefNo: elsewhere.rrn })).toEqual([elsewhere.tranId]);
    expect(await ids({ state: 3 })).toEqual([declined.tranId]);
    expect(await ids({ state: 2, deviceId: terminal.terminalId })).toEqual([january.tranId]);
    expect(await ids({ settleState: 0 })).toEqual([january.tranId, elsewhere.tranId].sort());
    expect(await ids({ createdStart: '2026-01-15', createdEnd: '2026-01-15' })).toEqual([january.tranId]);
    expect(await ids({ createdStart: '2026-01-16' })).toEqual([declined.tranId, elsewhere.tranId].sort());
    // A declined payment joins no batch: settleState absent (reference) or null (real).
    const [declinedRecord] = await client.transactions.listAll({ transactionId: declined.tranId });
    expect(declinedRecord?.settleState ?? undefined).toBeUndefined();

    const refused = (await failureOf(client.transactions.list({ createdStart: '15/01/2026' }))) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.serviceMessage).toContain('createdStart');
  });

  it('voids an approved sale with the Base64 of the admin password, and refuses a wrong one without echoing it', async () => {
    const terminal = await createPaymentTerminal(h.sim, { deviceAdmin: 'till-admin-7781' });
    const sale = await terminal.pay(12.5);
    const client = h.client();

    const wrong = (await failureOf(client.transactions.void(sale.tranId, { adminPassword: 'not-the-password' }))) as ApiError;
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong.serviceCode).toBe(10000);
    expect(wrong.message).toContain('admin password does not match');
    expect(wrong.message).not.toContain('not-the-password');

    expect(await client.transactions.void(sale.tranId, { adminPassword: terminal.deviceAdmin })).toEqual({
      currency: 'USD',
      state: 4,
      deviceId: terminal.terminalId,
      refundAmount: 12.5,
    });
    const detail = await client.transactions.get(sale.tranId);
    expect(detail?.tranStatus).toBe('VOIDED');
    expect(detail?.actions).toEqual([expect.objectContaining({ actionType: 'VOID', amount: { currency: 'USD', value: 12.5 } })]);
    const again = (await failureOf(client.transactions.void(sale.tranId, { adminPassword: terminal.deviceAdmin }))) as ApiError;
    expect(again).toBeInstanceOf(ApiError);
    expect(client.stats().byMethod['POST']).toBe(3);
  });

  it('refunds part of a sale, links the refund, and refuses more than is left', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const sale = await terminal.pay(20);
    const client = h.client();

    const { id } = await client.transactions.refund(sale.tranId, { amount: 7.5, reason: 'one cup broken', adminPassword: terminal.deviceAdmin });
    const refund = await client.transactions.get(String(id));
    expect(refund).toMatchObject({ tranType: 'REFUND', linkedTranId: sale.tranId, amount: { currency: 'USD', value: 7.5 } });
    const detail = await client.transactions.get(sale.tranId);
    expect(detail?.tranStatus).toBe('APPROVED');
    expect(detail?.actions).toEqual([expect.objectContaining({ actionType: 'REFUND', reason: 'one cup broken', tranId: String(id), amount: { currency: 'USD', value: 7.5 } })]);

    const over = (await failureOf(
      client.transactions.refund(sale.tranId, { amount: 12.51, reason: 'too much', adminPassword: terminal.deviceAdmin }),
    )) as ApiError;
    expect(over).toBeInstanceOf(ApiError);
    expect(over.serviceCode).toBe(10000);
    await client.transactions.refund(sale.tranId, { amount: 12.5, reason: 'the rest', adminPassword: terminal.deviceAdmin });
    expect((await client.transactions.get(sale.tranId))?.tranStatus).toBe('REFUNDED');
  });

  it('captures part of a pre-authorisation (the amount as a decimal string) and refuses more than authorised', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const preAuth = await terminal.pay(50, { tranType: 'PRE_AUTH' });
    const whole = await terminal.pay(8, { tranType: 'PRE_AUTH' });
    const client = h.client();

    const over = (await failureOf(client.transactions.capture(preAuth.tranId, { amount: 50.01 }))) as ApiError;
    expect(over).toBeInstanceOf(ApiError);
    expect(over.serviceCode).toBe(10000);
    await client.transactions.capture(preAuth.tranId, { amount: 42.3 });
    const detail = await client.transactions.get(preAuth.tranId);
    expect(detail).toMatchObject({ tranType: 'PRE_AUTH', amount: { currency: 'USD', value: 50 }, settleState: 0 });
    expect(detail?.actions).toEqual([expect.objectContaining({ actionType: 'CAPTURE', amount: { currency: 'USD', value: 42.3 } })]);

    await client.transactions.capture(whole.tranId);
    expect((await client.transactions.get(whole.tranId))?.actions).toEqual([
      expect.objectContaining({ actionType: 'CAPTURE', amount: { currency: 'USD', value: 8 } }),
    ]);
    const twice = await failureOf(client.transactions.capture(whole.tranId));
    expect(twice).toBeInstanceOf(ApiError);
  });

  it('e-mails a receipt, which the outbox shows', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const sale = await terminal.pay(3);
    const client = h.client();
    await client.transactions.emailReceipt(sale.tranId, 'guest@example.com');
    expect(await h.sim.admin.outbox()).toEqual([expect.objectContaining({ kind: 'receipt', to: 'guest@example.com', tranId: sale.tranId })]);
    const bad = await failureOf(client.transactions.emailReceipt(sale.tranId, 'not-an-address'));
    expect(bad).toBeInstanceOf(ApiError);
  });

  it("raises OwnerInfoInvalidError for another group's transaction, on reads and on a void", async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const sale = await terminal.pay(5);
    const stranger = h.client({ groupId: 'G-00000099' });
    expect(await failureOf(stranger.transactions.get(sale.tranId))).toBeInstanceOf(OwnerInfoInvalidError);
    expect(await failureOf(stranger.transactions.void(sale.tranId, { adminPassword: terminal.deviceAdmin }))).toBeInstanceOf(OwnerInfoInvalidError);
    expect((await stranger.transactions.listAll()).length).toBe(0);
  });
});
