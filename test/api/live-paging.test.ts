import { afterEach, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { createPaymentTerminal, type PaymentTerminal } from '../helpers/payment-fixtures.js';
import { startScriptedPeer, type ScriptedPeer } from './helpers/scripted-peer.js';
import { useSimulator } from './helpers/sim-client.js';

/**
 * transactions.listAll and settlements.listAll while payments keep arriving. Both lists are newest
 * first: a payment between two pages pushes every older record a place back, so the next page
 * starts with one already read. The walker skips it and still returns every record the list held
 * when the walk began (paginate.ts, growsAtFront). A proxy in front of the simulator makes the
 * payment before page 2 is answered, so the interleaving is the same on every run.
 */

const h = useSimulator();
const closing: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(closing.splice(0).map((c) => c.close()));
});

/** A client behind a proxy that runs `before` once, just before the simulator answers page 2 of a list. */
async function clientPayingBeforePage2(before: () => Promise<unknown>): Promise<{ client: ApiClient; peer: ScriptedPeer }> {
  let done = false;
  const peer = await startScriptedPeer(async (request) => {
    if (!done && /[?&]pageNumber=2(&|$)/.test(request.url)) {
      done = true;
      await before();
    }
    const answer = await h.sim.api(request.method, request.url, request.body === '' ? undefined : JSON.parse(request.body));
    return { status: answer.status, body: answer.body };
  });
  const client = createApiClient({ baseUrl: peer.url, token: h.sim.token(), strictApi: true });
  closing.push(client, peer);
  return { client, peer };
}

async function payments(terminal: PaymentTerminal, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await terminal.pay(1 + i)).tranId);
  return ids;
}

it('transactions.listAll under a page cap returns every transaction although a payment arrives between page 1 and page 2', async () => {
  const terminal = await createPaymentTerminal(h.sim);
  const before = await payments(terminal, 5);
  await h.sim.admin.faults({ maxPageSize: 2 });
  let late = '';
  const { client, peer } = await clientPayingBeforePage2(async () => {
    late = (await terminal.pay(99)).tranId;
  });

  const all = await client.transactions.listAll();
  const ids = all.map((t) => t.tranId);
  // Each once, and every one the list held when the walk began; the late one arrived at the front.
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(expect.arrayContaining(before));
  expect(ids).not.toContain(late);
  expect(ids).toEqual([...before].reverse());
  // Page 2 repeated the last record of page 1; page 3 reached the list's end, and nothing more was asked.
  expect(peer.received.map((r) => r.url)).toEqual([
    '/api/v2/order?pageNumber=1&pageSize=-1',
    '/api/v2/order?pageNumber=2&pageSize=2',
    '/api/v2/order?pageNumber=3&pageSize=2',
    '/api/v2/order?pageNumber=4&pageSize=2',
  ]);
});

it('transactions.listAll under a page cap with no traffic asks for exactly the pages total needs', async () => {
  const terminal = await createPaymentTerminal(h.sim);
  const ids = await payments(terminal, 5);
  await h.sim.admin.faults({ maxPageSize: 2 });
  const client = h.client();
  client.events.length = 0;

  expect((await client.transactions.listAll()).map((t) => t.tranId)).toEqual([...ids].reverse());
  expect(client.events.map((e) => e.path)).toEqual([
    '/api/v2/order?pageNumber=1&pageSize=-1',
    '/api/v2/order?pageNumber=2&pageSize=2',
    '/api/v2/order?pageNumber=3&pageSize=2',
  ]);
});

it('settlements.listAll under a page cap returns every batch although a new batch opens between page 1 and page 2', async () => {
  const terminals: PaymentTerminal[] = [];
  for (let i = 0; i < 4; i += 1) terminals.push(await createPaymentTerminal(h.sim));
  for (const terminal of terminals) await terminal.pay(5);
  const client0 = h.client();
  const before = (await client0.settlements.listAll()).map((b) => b.batchId);
  expect(before).toHaveLength(4);
  await h.sim.admin.faults({ maxPageSize: 3 });
  const another = await createPaymentTerminal(h.sim);
  const { client } = await clientPayingBeforePage2(() => another.pay(7));

  const ids = (await client.settlements.listAll()).map((b) => b.batchId);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(before);
});

it('the live probe: a payment made while listAll walks never makes it fail', async () => {
  const terminal = await createPaymentTerminal(h.sim);
  const before = await payments(terminal, 5);
  await h.sim.admin.faults({ maxPageSize: 2 });
  let paid: Promise<unknown> | undefined;
  const client = h.client({
    onRequest: (e) => {
      if (paid === undefined && e.path.includes('pageNumber=1')) paid = terminal.pay(99);
    },
  });

  const ids = (await client.transactions.listAll()).map((t) => t.tranId);
  await paid;
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(expect.arrayContaining(before));

  // A payment between two single-page reads shifts page 2 by one record: the case the walker absorbs.
  const p1 = await client.transactions.list({ pageNumber: 1, pageSize: 2 });
  await terminal.pay(50);
  const p2 = await client.transactions.list({ pageNumber: 2, pageSize: 2 });
  expect(p2.records[0]?.tranId).toBe(p1.records[1]?.tranId);
});
