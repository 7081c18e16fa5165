import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentTerminal, type PaymentTerminal } from '../helpers/payment-fixtures.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ok, TestClock, V1 } from './fixtures.js';
import { LEGACY_GROUP, legacyGroup, legacyMerchant, legacyProfile, V2 } from './legacy-fixtures.js';

let sim: TestSimulator;
const clock = new TestClock('2026-03-10T12:00:00Z');

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now, seed: 7 });
});
afterAll(async () => sim.close());
beforeEach(async () => sim.admin.reset());

/** POST /_sim/payments without the admin client, to see the refusal as sent. */
async function rawPayment(target: TestSimulator, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${target.url}/_sim/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function refusedPayment(body: unknown, msg: string | RegExp): Promise<void> {
  const answer = await rawPayment(sim, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.code).toBe(10000);
  if (typeof msg === 'string') expect(answer.body.msg).toBe(msg);
  else expect(answer.body.msg).toMatch(msg);
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'msg']);
}

/** A second terminal of the terminal's merchant, activated, with the given device fields. */
async function otherTerminal(t: PaymentTerminal, fields: Record<string, unknown>): Promise<string> {
  const code = ok(await sim.api('POST', `${V1}/device`, { mchId: t.mchId, ...fields }));
  return ((await sim.admin.activate(code.activationCode)) as { deviceId: string }).deviceId;
}

describe('POST /_sim/payments: the transaction record', () => {
  it('answers every field of 2.1 and the detail, routed through the binding and its profile', async () => {
    const t = await createPaymentTerminal(sim, { notifyUrl: 'https://pbo.example.com/notify' });
    const tx = await t.pay(12.5);
    expect(tx).toEqual({
      tranId: expect.stringMatching(/^\d{12}$/),
      amount: { currency: 'USD', value: 12.5 },
      approvalCode: expect.stringMatching(/^[0-9A-Z]{6}$/),
      batchNo: '000001',
      cvmPerformed: 'NO_CVM',
      appName: 'NETWORK_A',
      linkedTranId: '',
      mchName: t.mchName,
      tsi: 'E800',
      acqTid: t.tid,
      rrn: expect.stringMatching(/^\d{12}$/),
      tc: expect.stringMatching(/^[0-9A-F]{16}$/),
      atc: expect.stringMatching(/^[0-9A-F]{4}$/),
      tvr: '0000000000',
      trace: '000001',
      acqMid: t.mid,
      accountMasked: expect.stringMatching(/^476173\*{6}\d{4}$/),
      sdkId: 'paycfg-sim',
      hostMessageFormat: 'HOSTA_8583',
      aid: t.aid,
      entryMode: 'CONTACTLESS',
      tranStatus: 'APPROVED',
      tranType: 'SALE',
      paymentMethod: 'NETWORK_A',
      createdAt: '2026-03-10T12:00:00Z',
      settleState: 0,
      callbackUrl: 'https://pbo.example.com/notify',
      actions: [],
    });
    // The next payment of the terminal: next id, next trace, same open batch; above the CVM limit a PIN.
    const second = await t.pay(50.01, { paymentMethod: 'NETWORK_A', currency: 'USD' });
    expect(BigInt(second.tranId)).toBe(BigInt(tx.tranId) + 1n);
    expect(second).toMatchObject({ trace: '000002', batchNo: '000001', cvmPerformed: 'ONLINE_PIN', amount: { currency: 'USD', value: 50.01 } });
    expect((await t.pay(50, { paymentMethod: '01' })).cvmPerformed).toBe('NO_CVM');
    // Traces count per terminal.
    const other = await createPaymentTerminal(sim);
    expect((await other.pay(1)).trace).toBe('000001');
  });

  it('keeps amounts exact in the currency\'s own digits (JPY 0, KWD 3)', async () => {
    const yen = await createPaymentTerminal(sim, { currency: 'JPY' });
    expect((await yen.pay(1500)).amount).toEqual({ currency: 'JPY', value: 1500 });
    const dinar = await createPaymentTerminal(sim, { currency: 'KWD' });
    expect((await dinar.pay(1.005)).amount).toEqual({ currency: 'KWD', value: 1.005 });
    expect((await (await createPaymentTerminal(sim)).pay(0.29)).amount.value).toBe(0.29);
  });

  it('a pre-authorisation is approved and joins no batch; a declined payment neither', async () => {
    const t = await createPaymentTerminal(sim);
    const preAuth = await t.pay(80, { tranType: 'PRE_AUTH' });
    expect(preAuth).toMatchObject({ tranType: 'PRE_AUTH', tranStatus: 'APPROVED', batchNo: '', settleState: null });
    const declined = await t.pay(20, { decline: true });
    expect(declined).toMatchObject({ tranType: 'SALE', tranStatus: 'DECLINED', approvalCode: '', batchNo: '', settleState: null, tvr: '0000048000' });
    expect(declined.rrn).toMatch(/^\d{12}$/);
  });

  it('a profile with asSettleBlock keeps its payments out of PBO settlement: no batch', async () => {
    const t = await createPaymentTerminal(sim, { asSettleBlock: true });
    expect(await t.pay(10)).toMatchObject({ tranStatus: 'APPROVED', batchNo: '', settleState: null });
    const state = (await sim.admin.state()) as any;
    expect(state.groups[0].settlementBatches).toEqual([]);
  });

  it('createdAt backdates the payment (any ISO 8601 date-time, kept in UTC seconds)', async () => {
    const t = await createPaymentTerminal(sim);
    expect((await t.pay(1, { createdAt: '2026-03-01T08:30:15.900+01:00' })).createdAt).toBe('2026-03-01T07:30:15Z');
    expect((await t.pay(1, { createdAt: '2025-12-31T23:59:59Z' })).createdAt).toBe('2025-12-31T23:59:59Z');
    await refusedPayment(
      { deviceId: t.terminalId, amount: 1, createdAt: '2026-03-10T12:00:01Z' },
      'Parameters Error (createdAt must not be in the future (2026-03-10T12:00:01Z is after 2026-03-10T12:00:00Z))',
    );
    await refusedPayment(
      { deviceId: t.terminalId, amount: 1, createdAt: '2026-03-01' },
      'Parameters Error (createdAt must be an ISO 8601 date-time such as 2026-11-25T10:15:00Z, got "2026-03-01")',
    );
  });

  it('the reference wire style leaves settleState out for a transaction in no batch', async () => {
    const reference = await startTestSimulator({ wireStyle: 'reference', now: clock.now });
    try {
      const t = await createPaymentTerminal(reference);
      const preAuth = await t.pay(5, { tranType: 'PRE_AUTH' });
      expect(preAuth).not.toHaveProperty('settleState');
      expect(preAuth.batchNo).toBe('');
      expect((await t.pay(5)).settleState).toBe(0);
    } finally {
      await reference.close();
    }
  });

  it('the state dump shows transactions and batches, deviceAdmin still redacted', async () => {
    const t = await createPaymentTerminal(sim);
    const tx = await t.pay(3);
    const state = (await sim.admin.state()) as any;
    expect(state.version).toBe(2);
    expect(state.groups[0].transactions).toEqual([expect.objectContaining({ tranId: tx.tranId, amountMinor: 300, terminalId: t.terminalId })]);
    expect(state.groups[0].settlementBatches).toHaveLength(1);
    expect(state.groups[0].devices[0].deviceAdmin).toBe('***');
  });
});

describe('POST /_sim/payments: refusals name what is missing', () => {
  it('refuses terminals that cannot pay', async () => {
    const t = await createPaymentTerminal(sim);
    await refusedPayment({ deviceId: 'T0000000000', amount: 1 }, 'terminal T0000000000 not found');
    const pending = ok(await sim.api('POST', `${V1}/device`, { mchId: t.mchId }));
    await refusedPayment({ deviceId: pending.id, amount: 1 }, `terminal ${pending.id} is not activated: it is a pending activation code`);
    const loggedOut = await otherTerminal(t, {});
    ok(await sim.api('DELETE', `${V1}/device/${loggedOut}?deviceStatus=2`));
    await refusedPayment({ deviceId: loggedOut, amount: 1 }, `terminal ${loggedOut} is not activated: it is logged out`);
    ok(await sim.api('DELETE', `${V1}/device/${loggedOut}?deviceStatus=3`));
    await refusedPayment({ deviceId: loggedOut, amount: 1 }, `terminal ${loggedOut} is not activated: it is decommissioned`);
  });

  it('refuses an inactive merchant', async () => {
    const t = await createPaymentTerminal(sim);
    ok(await sim.api('PUT', `${V1}/mchInfo/${t.mchId}`, { mchName: t.mchName, currency: 'USD', contactName: 'Ada', contactEmail: 'ada@example.com', state: 0 }));
    await refusedPayment({ deviceId: t.terminalId, amount: 1 }, `merchant ${t.mchId} is inactive (state 0); it cannot take payments`);
  });

  it('refuses what the binding, the terminal or the profile does not route', async () => {
    const t = await createPaymentTerminal(sim);
    await refusedPayment({ deviceId: t.terminalId, amount: 1, currency: 'EUR' }, `no binding of merchant ${t.mchId} for payment method 01 (NETWORK_A) in currency EUR`);
    await refusedPayment(
      { deviceId: t.terminalId, amount: 1, paymentMethod: '02' },
      `payment method 02 (NETWORK_B) is not in the methodList of terminal ${t.terminalId} (01)`,
    );
    // A terminal naming no methods pays with the merchant's first bound method, and only bound ones.
    const anyMethod = await otherTerminal(t, { extParams: { acquirers: { [String(t.profileId)]: { tid: 'TID-ANY', mid: t.mid } } } });
    expect(await sim.admin.payment({ deviceId: anyMethod, amount: 2 })).toMatchObject({ paymentMethod: 'NETWORK_A', acqTid: 'TID-ANY', trace: '000001' });
    await refusedPayment({ deviceId: anyMethod, amount: 1, paymentMethod: 'NETWORK_B' }, `no binding of merchant ${t.mchId} for payment method 02 (NETWORK_B) in currency USD`);
    await refusedPayment({ deviceId: anyMethod, amount: 1, currency: 'GBP' }, `no binding of merchant ${t.mchId} with a payment method in currency GBP`);
    // The group's enablerParams (tid,mid) make the terminal's tid for the profile required.
    const noTid = await otherTerminal(t, {});
    await refusedPayment(
      { deviceId: noTid, amount: 1 },
      `terminal ${noTid} has no tid for acquirer profile ${t.profileName} (${t.profileId}): extParams.acquirers.${t.profileId}.tid is required by its enablerParams`,
    );
  });

  it('follows the profile\'s transaction types: an empty list allows all, a non-empty one only what it names', async () => {
    const saleOnly = await createPaymentTerminal(sim, { allows: ['Sale', 'Refund'] });
    expect((await saleOnly.pay(1)).tranStatus).toBe('APPROVED');
    await refusedPayment(
      { deviceId: saleOnly.terminalId, amount: 1, tranType: 'PRE_AUTH' },
      `acquirer profile ${saleOnly.profileName} (${saleOnly.profileId}) does not allow Pre-Auth for payment method 01: its methodList allows Sale, Refund`,
    );
    const preAuthOnly = await createPaymentTerminal(sim, { allows: ['PRE_AUTH'] });
    expect((await preAuthOnly.pay(1, { tranType: 'PRE_AUTH' })).tranType).toBe('PRE_AUTH');
    await refusedPayment({ deviceId: preAuthOnly.terminalId, amount: 1 }, /does not allow Sale for payment method 01: its methodList allows PRE_AUTH$/);
    const everything = await createPaymentTerminal(sim);
    expect((await everything.pay(1, { tranType: 'PRE_AUTH' })).tranStatus).toBe('APPROVED');
  });

  it('refuses malformed input as parameter errors', async () => {
    const t = await createPaymentTerminal(sim);
    await refusedPayment({ amount: 1 }, 'Parameters Error (deviceId required)');
    await refusedPayment({ deviceId: t.terminalId }, 'Parameters Error (amount required)');
    await refusedPayment({ deviceId: t.terminalId, amount: '12.50' }, 'Parameters Error (amount must be a number)');
    await refusedPayment({ deviceId: t.terminalId, amount: 0 }, 'Parameters Error (amount must be positive)');
    await refusedPayment({ deviceId: t.terminalId, amount: -5 }, 'Parameters Error (amount must be positive)');
    await refusedPayment({ deviceId: t.terminalId, amount: 12.345 }, 'Parameters Error (amount has more decimals than USD allows (2))');
    await refusedPayment({ deviceId: t.terminalId, amount: 1, currency: 'usd' }, 'Parameters Error (currency must be a 3-letter upper-case ISO 4217 code)');
    await refusedPayment(
      { deviceId: t.terminalId, amount: 1, paymentMethod: 'NETWORK_Z' },
      'Parameters Error (paymentMethod has unknown payment method "NETWORK_Z" (a code such as 01 or a name such as NETWORK_A))',
    );
    await refusedPayment({ deviceId: t.terminalId, amount: 1, tranType: 'REFUND' }, 'Parameters Error (tranType must be one of SALE, PRE_AUTH)');
    await refusedPayment({ deviceId: t.terminalId, amount: 1, decline: 'yes' }, 'Parameters Error (decline must be true or false)');
    // Nothing refused used a number up.
    expect((await t.pay(1)).trace).toBe('000001');
  });
});

describe('POST /_sim/payments in a group that only uses the legacy API', () => {
  /** A legacy merchant (currency USD) bound to a EUR profile, and a terminal created and activated through /api/v2. */
  async function legacyTill(device: { methodList?: unknown; extParams?: unknown }, merchantExtParams?: unknown, enablerParams?: string) {
    if (enablerParams === undefined) await legacyGroup(sim);
    else await sim.admin.createGroup({ groupId: LEGACY_GROUP, apiVersion: 'legacy', enablerParams });
    const { profileId } = await legacyProfile(sim, { profileName: 'Legacy EUR', codes: ['01'], currency: 'EUR' });
    const merchant = await legacyMerchant(sim, {
      supportedPaymentMethods: [{ paymentMethod: '01', profileId }],
      ...(merchantExtParams !== undefined ? { extParams: merchantExtParams } : {}),
    });
    const code = ok(
      await sim.api('POST', `${V2}/device`, {
        mchId: merchant.mchId,
        activateCodeAlias: 'till',
        deviceAdmin: 'pw12',
        ...(device.methodList !== undefined ? { methodList: JSON.stringify(device.methodList) } : {}),
        ...(device.extParams !== undefined ? { extParams: JSON.stringify(device.extParams) } : {}),
      }),
    );
    const { deviceId } = (await sim.admin.activate(code.activationCode)) as { deviceId: string };
    return { deviceId, mchId: merchant.mchId as string, profileId };
  }

  it('defaults to the one currency the merchant has bound when its own has no binding', async () => {
    const { deviceId } = await legacyTill({ methodList: { all: { tid: 'TALL', mid: 'MALL' } } });
    const paid = await sim.admin.payment({ deviceId, amount: 3 });
    expect(paid).toMatchObject({ amount: { currency: 'EUR', value: 3 }, tranStatus: 'APPROVED' });
  });

  it('takes the MID from the terminal\'s mid for the profile when the binding has none', async () => {
    const { deviceId } = await legacyTill({ methodList: { all: { tid: 'TALL', mid: 'MALL' } } });
    const paid = await sim.admin.payment({ deviceId, amount: 3 });
    expect(paid).toMatchObject({ acqMid: 'MALL', acqTid: 'TALL' });
    const [batch] = ok(await sim.api('GET', `${V2}/settlement`)).records;
    expect(batch).toMatchObject({ acquirerMid: 'MALL', acquirerTid: 'TALL' });
  });

  it('then from the merchant\'s legacy extParams.acqMid (a group whose terminals need no mid)', async () => {
    const { deviceId } = await legacyTill({ extParams: { acqTid: 'FLAT' } }, { acqMid: 'MERCHANTMID1', acqTid: 'MERCHANTTID' }, 'tid');
    expect(await sim.admin.payment({ deviceId, amount: 3 })).toMatchObject({ acqMid: 'MERCHANTMID1', acqTid: 'FLAT' });
  });

  it('refuses a suspended terminal, saying it is suspended', async () => {
    const { deviceId } = await legacyTill({ methodList: { all: { tid: 'TALL', mid: 'MALL' } } });
    ok(await sim.api('DELETE', `${V2}/device/${deviceId}?deviceStatus=0`));
    await refusedPayment({ deviceId, amount: 1 }, `terminal ${deviceId} is not activated: it is suspended (it logs in again with its activation code)`);
  });
});

describe('POST /_sim/payments: --seed reproduces a run', () => {
  async function run(seed: number): Promise<unknown[]> {
    const runClock = new TestClock('2026-03-10T12:00:00Z');
    const seeded = await startTestSimulator({ seed, now: runClock.now });
    try {
      const t = await createPaymentTerminal(seeded, { profileName: 'Seeded', mchName: 'Seeded shop' });
      const generated = [];
      for (const amount of [1, 2.5, 70]) {
        const { tranId, approvalCode, rrn, tc, atc, accountMasked, trace } = await t.pay(amount);
        generated.push({ tranId, approvalCode, rrn, tc, atc, accountMasked, trace });
      }
      return generated;
    } finally {
      await seeded.close();
    }
  }

  it('the same seed gives the same values; another seed other ones', async () => {
    const first = await run(1234);
    expect(await run(1234)).toEqual(first);
    const other = await run(4321);
    expect(other.map((g: any) => g.rrn)).not.toEqual(first.map((g: any) => g.rrn));
  });
});
