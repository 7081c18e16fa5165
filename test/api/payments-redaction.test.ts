import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, OutcomeUnknownError, type ApiClient } from '../../src/api/index.js';
import { createClientFromFlags } from '../../src/cli/client-options.js';
import { captureIo } from '../../src/cli/io.js';
import { reportError } from '../../src/cli/main.js';
import { ConfigError } from '../../src/errors.js';
import { signSimToken } from '../../src/sim/index.js';
import { createPaymentTerminal } from '../helpers/payment-fixtures.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { ok, startScriptedPeer, type ReceivedRequest, type ScriptedReply } from './helpers/scripted-peer.js';
import { useSimulator } from './helpers/sim-client.js';

/**
 * The terminal admin password of a void or refund is given plain and sent as its Base64 (`adminPwd`);
 * a legacy device's `extParams.jwtSecret` travels inside a JSON-encoded string. Neither may show in
 * the verbose log, in an error or in what the CLI prints, in plain or Base64 form, even when a
 * careless service echoes the request back in its message (the hostile peer below does).
 */

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJncm91cElkIjoiRy0xMjM0NTY3OCJ9.S3CR3T-s1gnature';
const ADMIN_PASSWORD = 'admin-pass-4711';
const ADMIN_BASE64 = Buffer.from(ADMIN_PASSWORD).toString('base64');
const JWT_SECRET = 'jwt-secret-0815-value';

function assertClean(text: string, where: string): void {
  for (const secret of [ADMIN_PASSWORD, ADMIN_BASE64, ADMIN_BASE64.replace(/=+$/, ''), JWT_SECRET, TOKEN]) {
    expect(text.includes(secret), `${where} contains a secret (${secret.slice(0, 3)}…)`).toBe(false);
  }
}

/** Echoes the body, and the decoded adminPwd, as a careless service might. */
function echoing(request: ReceivedRequest): string {
  let decoded = '';
  try {
    const body = JSON.parse(request.body) as { adminPwd?: string };
    if (typeof body.adminPwd === 'string') decoded = Buffer.from(body.adminPwd, 'base64').toString('utf8');
  } catch {
    // not JSON
  }
  return `${request.body} (password ${decoded})`;
}

let client: ApiClient | undefined;
let closePeer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await client?.close();
  await closePeer?.();
  client = undefined;
  closePeer = undefined;
});

async function peerClient(reply: (request: ReceivedRequest) => ScriptedReply, flags: Record<string, unknown> = {}) {
  const peer = await startScriptedPeer(reply);
  closePeer = () => peer.close();
  const io = captureIo({ env: { PAYCFG_BASE_URL: peer.url, PAYCFG_TOKEN: TOKEN } });
  client = createClientFromFlags({ verbose: true, ...flags }, io);
  return { peer, io, client };
}

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (e: unknown) => e);

describe('the admin password of a void or refund', () => {
  it('is sent as its Base64, and the plain password goes nowhere but into that encoding', async () => {
    const { peer, client: c } = await peerClient((request) =>
      request.url.startsWith('/api/v2/order/void/')
        ? ok({ currency: 'USD', state: 4, deviceId: 'T0000000001', refundAmount: 12.5 })
        : ok({ id: 100000000002 }),
    );
    expect(await c.transactions.void('100000000001', { adminPassword: ADMIN_PASSWORD })).toEqual({
      currency: 'USD',
      state: 4,
      deviceId: 'T0000000001',
      refundAmount: 12.5,
    });
    expect(await c.transactions.refund('100000000001', { amount: 2.5, reason: 'broken cup', adminPassword: ADMIN_PASSWORD })).toEqual({
      id: 100000000002,
    });
    expect(peer.received.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['POST', '/api/v2/order/void/100000000001', { adminPwd: ADMIN_BASE64 }],
      ['POST', '/api/v2/order/refund/100000000001', { refundAmount: 2.5, refundReason: 'broken cup', adminPwd: ADMIN_BASE64 }],
    ]);
    expect(peer.received.some((r) => r.body.includes(ADMIN_PASSWORD))).toBe(false);
  });

  it('is scrubbed, plain and Base64, from a refusal that echoes it, from its JSON and from the CLI output', async () => {
    const { peer, io, client: c } = await peerClient((request) => ({ body: { code: 10000, msg: `refused ${echoing(request)}` } }));
    const printed = captureIo();
    const errors = [
      await failureOf(c.transactions.void('1', { adminPassword: ADMIN_PASSWORD })),
      await failureOf(c.transactions.refund('1', { amount: 1, reason: 'r', adminPassword: ADMIN_PASSWORD })),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      const e = error as ApiError;
      expect(e.serviceMessage).toContain('refused');
      expect(e.serviceMessage).toContain('[redacted]');
      for (const text of [String(e), e.stack ?? '', JSON.stringify(e), inspect(e, { depth: 10, showHidden: true })]) assertClean(text, 'error');
      reportError(e, printed);
    }
    assertClean(printed.err(), 'CLI error output');
    assertClean(io.err(), 'verbose log');
    expect(io.err()).toContain('paycfg: POST /api/v2/order/void/1 -> 200 code 10000');
    // The peer did receive the Base64 and did echo both forms: the checks are not vacuous.
    expect(peer.received[0]?.body).toContain(ADMIN_BASE64);
    expect(echoing(peer.received[0] as ReceivedRequest)).toContain(ADMIN_PASSWORD);
  });

  it('is refused before anything is sent when empty', async () => {
    const { peer, client: c } = await peerClient(() => ok());
    const error = await failureOf(c.transactions.void('1', { adminPassword: '' }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(peer.received).toHaveLength(0);
  });
});

describe('a legacy device jwtSecret inside a JSON-encoded extParams', () => {
  it('is sent JSON-encoded and scrubbed from a message that echoes it', async () => {
    const { peer, io, client: c } = await peerClient((request) => ({ body: { code: 10000, msg: `bad device ${request.body}` } }));
    const error = await failureOf(
      c.legacy.devices.create({ mchId: 'M1', activateCodeAlias: 'till', deviceType: 'COTS', extParams: { acqTid: 'T1', jwtSecret: JWT_SECRET } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(JSON.parse(peer.received[0]?.body ?? '')).toMatchObject({ extParams: JSON.stringify({ acqTid: 'T1', jwtSecret: JWT_SECRET }) });
    const e = error as ApiError;
    expect(e.serviceMessage).toContain('acqTid');
    for (const text of [String(e), JSON.stringify(e), inspect(e, { depth: 10 })]) assertClean(text, 'legacy device error');
    assertClean(io.err(), 'verbose log');
  });
});

describe('payment POSTs whose answer is lost', () => {
  const operations: Array<[string, (c: ApiClient) => Promise<unknown>, string, string]> = [
    ['void', (c) => c.transactions.void('100000000001', { adminPassword: ADMIN_PASSWORD }), '/api/v2/order/void/100000000001', 'Check GET /api/v2/order/100000000001 (tranStatus VOIDED, a VOID action) before trying again'],
    [
      'refund',
      (c) => c.transactions.refund('100000000001', { amount: 1, reason: 'r', adminPassword: ADMIN_PASSWORD }),
      '/api/v2/order/refund/100000000001',
      "Check GET /api/v2/order/100000000001 (the sale's actions: a REFUND action of this amount) before trying again: a refund sent again refunds again",
    ],
    ['capture', (c) => c.transactions.capture('100000000001', { amount: 5 }), '/api/v2/order/capture/100000000001', 'Check GET /api/v2/order/100000000001 (a CAPTURE action) before trying again'],
    ['settle', (c) => c.settlements.settle('4711'), '/api/v2/settlement/settle', 'Check GET /api/v2/settlement/4711 (state 1: settled) before trying again'],
    ['receipt', (c) => c.transactions.emailReceipt('100000000001', 'a@example.com'), '/api/v2/order/email/100000000001', 'at worst sends the mail twice'],
    ['report', (c) => c.settlements.email({ batchIds: ['4711'], email: 'a@example.com', mchId: 'M1' }), '/api/v2/settlement/email', 'at worst sends the mail twice'],
  ];

  it.each(operations)('%s: sent once, OutcomeUnknownError saying what to check', async (_name, run, path, check) => {
    for (const reply of [{ drop: true } as const, { status: 502, body: '<html>bad gateway</html>' }, { body: { code: 10001, msg: 'System Error' } }]) {
      const { peer, io, client: c } = await peerClient(() => reply);
      const error = await failureOf(run(c));
      expect(error, JSON.stringify(reply)).toBeInstanceOf(OutcomeUnknownError);
      const e = error as OutcomeUnknownError;
      expect(e.message).toContain(`POST ${path}: `);
      expect(e.message).toContain('may or may not have carried it out, so it was not repeated');
      expect(e.message).toContain(check);
      expect(e.message).not.toContain('Read the record back');
      expect(e.details).toMatchObject({ check: expect.stringContaining(check) });
      expect(peer.received).toHaveLength(1);
      assertClean(`${String(e)} ${JSON.stringify(e)} ${io.err()}`, 'outcome unknown');
      await client?.close();
      await closePeer?.();
      client = undefined;
      closePeer = undefined;
    }
  });

  it('keeps the advice for creates: read the record back', async () => {
    const { client: c } = await peerClient(() => ({ drop: true }));
    const error = (await failureOf(c.legacy.merchants.create({ mchName: 'Shop' }))) as OutcomeUnknownError;
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.message).toContain('Read the record back by its name or reference before trying again');
    expect(error.check).toBeUndefined();
  });
});

describe('request bodies as the reference documents them', () => {
  it('sends a capture amount as a decimal string, and none for the whole authorised amount', async () => {
    const { peer, client: c } = await peerClient(() => ok({}));
    await c.transactions.capture('1', { amount: 12.5 });
    await c.transactions.capture('1', { amount: '7.05' });
    await c.transactions.capture('1');
    expect(peer.received.map((r) => JSON.parse(r.body))).toEqual([{ amount: '12.5' }, { amount: '7.05' }, {}]);
    for (const amount of [-1, 0, 1e21, Number.NaN, Number.POSITIVE_INFINITY, '1,5', '', 0.1 + 0.2, '1.00001']) {
      expect(await failureOf(c.transactions.capture('1', { amount })), String(amount)).toBeInstanceOf(ConfigError);
    }
    expect(peer.received).toHaveLength(3);
  });

  it('checks a refund amount as a capture amount before sending it, and sends it as a number', async () => {
    const { peer, client: c } = await peerClient(() => ok({ id: 100000000002 }));
    await c.transactions.refund('1', { amount: 12.5, reason: 'r', adminPassword: 'pw' });
    await c.transactions.refund('1', { amount: 0.0001, reason: 'r', adminPassword: 'pw' });
    expect(peer.received.map((r) => JSON.parse(r.body).refundAmount)).toEqual([12.5, 0.0001]);
    for (const amount of [0.1 + 0.2, -1, 0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, 1.00001]) {
      const error = await failureOf(c.transactions.refund('1', { amount, reason: 'r', adminPassword: 'pw' }));
      expect(error, String(amount)).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^refund: the amount /);
    }
    expect(peer.received).toHaveLength(2);
  });

  it('sends the batch ids of a settlement report as a JSON-encoded array of {batchId}', async () => {
    const { peer, client: c } = await peerClient(() => ok());
    await c.settlements.email({ batchIds: ['11', '12'], email: 'ops@example.com', mchId: 'M1' });
    expect(JSON.parse(peer.received[0]?.body ?? '')).toEqual({
      batchIds: '[{"batchId":"11"},{"batchId":"12"}]',
      email: 'ops@example.com',
      mchId: 'M1',
    });
  });
});

const sim = useSimulator({ jwtSecret: 'payments-redaction-secret' });

describe('payment POSTs against the simulator, their answers dropped', () => {
  it('each is sent once, carried out, and told as an unknown outcome with what to check; the admin password shows nowhere', async () => {
    const terminal = await createPaymentTerminal(sim.sim, { deviceAdmin: ADMIN_PASSWORD });
    const sale = await terminal.pay(20);
    const refundable = await terminal.pay(30);
    const preAuth = await terminal.pay(40, { tranType: 'PRE_AUTH' });
    const token = signSimToken({ groupId: TEST_GROUP, secret: 'payments-redaction-secret' });
    const io = captureIo({ env: { PAYCFG_BASE_URL: sim.sim.url, PAYCFG_TOKEN: token } });
    client = createClientFromFlags({ verbose: true, 'strict-api': true }, io);
    const c = client;
    const [batch] = await c.settlements.listAll();
    const batchId = batch?.batchId ?? '';

    const operations: Array<[string, () => Promise<unknown>, string, () => Promise<void>]> = [
      ['void', () => c.transactions.void(sale.tranId, { adminPassword: ADMIN_PASSWORD }), `Check GET /api/v2/order/${sale.tranId} (tranStatus VOIDED`, async () => {
        expect((await c.transactions.get(sale.tranId))?.tranStatus).toBe('VOIDED');
      }],
      ['refund', () => c.transactions.refund(refundable.tranId, { amount: 5, reason: 'r', adminPassword: ADMIN_PASSWORD }), `Check GET /api/v2/order/${refundable.tranId} (the sale's actions`, async () => {
        expect((await c.transactions.get(refundable.tranId))?.actions?.map((a) => a.actionType)).toEqual(['REFUND']);
      }],
      ['capture', () => c.transactions.capture(preAuth.tranId, { amount: 12 }), `Check GET /api/v2/order/${preAuth.tranId} (a CAPTURE action)`, async () => {
        expect((await c.transactions.get(preAuth.tranId))?.actions?.map((a) => a.actionType)).toEqual(['CAPTURE']);
      }],
      ['receipt', () => c.transactions.emailReceipt(sale.tranId, 'guest@example.com'), 'at worst sends the mail twice', async () => {
        expect((await sim.sim.admin.outbox()).filter((m) => m.kind === 'receipt')).toHaveLength(1);
      }],
      ['report', () => c.settlements.email({ batchIds: [batchId], email: 'ops@example.com', mchId: terminal.mchId }), 'at worst sends the mail twice', async () => {
        expect((await sim.sim.admin.outbox()).filter((m) => m.kind === 'settlement-report')).toHaveLength(1);
      }],
      ['settle', () => c.settlements.settle(batchId), `Check GET /api/v2/settlement/${batchId} (state 1: settled)`, async () => {
        expect((await c.settlements.get(batchId))?.state).toBe(1);
      }],
    ];

    for (const [name, run, check, carriedOut] of operations) {
      await sim.sim.admin.faults({ dropRate: 1, faultMethods: ['POST'] });
      await sim.sim.admin.resetStats();
      const before = c.stats();
      const error = await failureOf(run());
      await sim.sim.admin.faults({ dropRate: 0 });
      expect(error, name).toBeInstanceOf(OutcomeUnknownError);
      const e = error as OutcomeUnknownError;
      expect(e.message, name).toContain('the request was sent but');
      expect(e.message, name).toContain(check);
      // Sent once: the simulator received it once, and the client neither retried nor sent another POST.
      const stats = await sim.sim.admin.stats();
      expect(stats.dropped, name).toBe(1);
      expect(Object.entries(stats.byRoute).filter(([route]) => route.startsWith('POST ')).map(([, n]) => n), name).toEqual([1]);
      expect(c.stats().retries - before.retries, name).toBe(0);
      // The drop came after the write: what the message says to check shows it was done.
      await carriedOut();
      for (const text of [String(e), e.stack ?? '', JSON.stringify(e), inspect(e, { depth: 10 })]) assertClean(text, `${name} error`);
    }
    assertClean(io.err(), 'verbose log');
    expect(io.err()).toContain(`paycfg: POST /api/v2/order/void/${sale.tranId} -> no answer network-error`);
  });
});
