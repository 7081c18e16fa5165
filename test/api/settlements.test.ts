import { expect, it } from 'vitest';
import { ApiError, OwnerInfoInvalidError, type ApiClient } from '../../src/api/index.js';
import { createPaymentTerminal, type PaymentTerminal } from '../helpers/payment-fixtures.js';
import { useWireStyleSimulators } from './helpers/sim-client.js';

/**
 * client.settlements against the simulator, in both wire styles and in strict mode (schemas
 * settlement-batch, settlement-batch-detail, id-result checked on every answer).
 */

const h = useWireStyleSimulators();

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (e: unknown) => e);

async function onlyBatch(client: ApiClient) {
  const batches = await client.settlements.listAll();
  expect(batches).toHaveLength(1);
  return batches[0]!;
}

/** Pays, then settles the batch the payment opened: one settled batch per round. */
async function settledBatches(client: ApiClient, terminal: PaymentTerminal, rounds: number): Promise<string[]> {
  const ids: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    await terminal.pay(round + 1);
    const open = (await client.settlements.listAll()).filter((b) => b.state === 0);
    expect(open).toHaveLength(1);
    ids.push(open[0]!.batchId);
    await client.settlements.settle(open[0]!.batchId);
  }
  return ids;
}

h.describe('client.settlements', () => {
  it('lists the batch a payment opened and reads its detail; null for an unknown batch', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    await terminal.pay(12.5);
    await terminal.pay(7.5);
    const client = h.client();

    const batch = await onlyBatch(client);
    expect(batch).toMatchObject({
      currency: 'USD',
      state: 0,
      profileName: terminal.profileName,
      acquirerMid: terminal.mid,
      acquirerTid: terminal.tid,
      mchName: terminal.mchName,
      paymentCount: 2,
      paymentAmt: 20,
      refundCount: 0,
      voidCount: 0,
      acquirerRefNo: '',
    });
    expect(client.events.at(-1)?.path).toBe('/api/v2/settlement?pageNumber=1&pageSize=-1');
    const page = await client.settlements.list();
    expect(page).toMatchObject({ total: 1, current: 1, size: 20, pages: 1 });
    expect(client.events.at(-1)?.path).toBe('/api/v2/settlement?pageSize=20');

    const detail = await client.settlements.get(batch.batchId);
    expect(detail).toMatchObject({ batchId: batch.batchId, successTime: '' });
    expect(detail?.transactions).toEqual([{ amount: 20, transType: 'SALE', count: 2, paymentMethod: 'NETWORK_A' }]);
    expect(await client.settlements.get('999999999')).toBeNull();
    expect((await client.settlements.listAll({ batchId: batch.batchId })).map((b) => b.batchId)).toEqual([batch.batchId]);
    expect(await client.settlements.listAll({ createdStart: '2099-01-01' })).toEqual([]);
  });

  it('follows refunds and voids in the counts and amounts', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const sale = await terminal.pay(30);
    const voided = await terminal.pay(5);
    const client = h.client();
    await client.transactions.refund(sale.tranId, { amount: 10, reason: 'r', adminPassword: terminal.deviceAdmin });
    await client.transactions.void(voided.tranId, { adminPassword: terminal.deviceAdmin });
    expect(await onlyBatch(client)).toMatchObject({ paymentCount: 1, paymentAmt: 30, refundCount: 1, refundAmt: 10, voidCount: 1, voidAmt: 5 });
  });

  it('settles an open batch: the batch and its transactions become SETTLED; a settled batch is refused', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const sale = await terminal.pay(12.5);
    const client = h.client();
    const { batchId } = await onlyBatch(client);

    expect(await client.settlements.settle(batchId)).toEqual({ id: Number(batchId) });
    const detail = await client.settlements.get(batchId);
    expect(detail).toMatchObject({ state: 1, acquirerCode: '00', acquirerRefNo: expect.stringMatching(/^\d{12}$/) });
    expect(detail?.successTime).not.toBe('');
    expect((await client.transactions.get(sale.tranId))?.settleState).toBe(1);

    const again = (await failureOf(client.settlements.settle(batchId))) as ApiError;
    expect(again).toBeInstanceOf(ApiError);
    expect(again.serviceMessage).toContain('already settled');
  });

  it('shows a failed settlement (state 2, SETTLE_FAILED), which a later settle completes', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const sale = await terminal.pay(12.5);
    const client = h.client();
    const { batchId } = await onlyBatch(client);

    await h.sim.admin.settlementFailure(batchId);
    expect(await client.settlements.get(batchId)).toMatchObject({ state: 2, acquirerCode: '96' });
    expect((await client.transactions.get(sale.tranId))?.settleState).toBe(2);
    // A new payment opens a new batch meanwhile.
    await terminal.pay(1);
    expect((await client.settlements.listAll()).map((b) => b.state).sort()).toEqual([0, 2]);

    await client.settlements.settle(batchId);
    expect((await client.settlements.get(batchId))?.state).toBe(1);
    expect((await client.transactions.get(sale.tranId))?.settleState).toBe(1);
  });

  it('e-mails a settlement report of the merchant\'s batches, recorded in the outbox', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    await terminal.pay(2);
    const client = h.client();
    const { batchId } = await onlyBatch(client);
    await client.settlements.email({ batchIds: [batchId], email: 'accounts@example.com', mchId: terminal.mchId });
    expect(await h.sim.admin.outbox()).toEqual([
      expect.objectContaining({ kind: 'settlement-report', to: 'accounts@example.com', mchId: terminal.mchId, batchIds: [batchId] }),
    ]);
    const other = await createPaymentTerminal(h.sim);
    const refused = await failureOf(client.settlements.email({ batchIds: [batchId], email: 'accounts@example.com', mchId: other.mchId }));
    expect(refused).toBeInstanceOf(ApiError);
  });

  it("raises OwnerInfoInvalidError for another group's batch", async () => {
    const terminal = await createPaymentTerminal(h.sim);
    await terminal.pay(2);
    const { batchId } = await onlyBatch(h.client());
    const stranger = h.client({ groupId: 'G-00000099' });
    expect(await failureOf(stranger.settlements.get(batchId))).toBeInstanceOf(OwnerInfoInvalidError);
    expect(await failureOf(stranger.settlements.settle(batchId))).toBeInstanceOf(OwnerInfoInvalidError);
  });

  it('walks every batch by pages when the service caps the page size (--max-page-size)', async () => {
    const terminal = await createPaymentTerminal(h.sim);
    const client = h.client();
    const ids = await settledBatches(client, terminal, 5);
    await h.sim.admin.faults({ maxPageSize: 2 });
    client.events.length = 0;

    const all = await client.settlements.listAll();
    expect(all.map((b) => b.batchId).sort()).toEqual([...ids].sort());
    expect(client.events.map((e) => e.path)).toEqual([
      '/api/v2/settlement?pageNumber=1&pageSize=-1',
      '/api/v2/settlement?pageNumber=2&pageSize=2',
      '/api/v2/settlement?pageNumber=3&pageSize=2',
    ]);
    expect(await client.settlements.list({ pageNumber: 3, pageSize: 2 })).toMatchObject({ total: 5, current: 3, size: 2, pages: 3 });
  });
});
