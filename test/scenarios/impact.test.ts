/**
 * Impact against a real simulator: history made through POST /_sim/payments, then the exact plan
 * JSON of a money-relevant plan whose changes each say what they reach and the window's payments
 * through them (a profile, a binding, a merchant, a terminal; an EMV config's reach alone),
 * --impact-window 7d leaving an older batch out, and --max-affected-terminals (and
 * safety.maxAffectedTerminals) refusing before any write, naming the changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AffectedTerminalsError, plan } from '../../src/index.js';
import { createClient } from '../../src/library/client.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { edited, maskedPlan, shop, shopsAhead, type Shop } from './settlement-helpers.js';

let sim: TestSimulator;
let shops: ReturnType<typeof shopsAhead>;
beforeAll(async () => {
  sim = await startTestSimulator();
  shops = shopsAhead(sim, ['G-62100001', 'G-62100002', 'G-62100003', 'G-62100004']);
  await shops.ready();
});
afterAll(async () => {
  await sim.close();
});

const DAY = 86_400_000;

/** One change of each kind; host-old's message format re-routes its traffic, so the plan reads settlement data. */
const EVERY_KIND = edited(
  ['params: { aid: A0000000031010 } }', 'params: { aid: A0000000031010, clCVMLimit: 5000 } }'],
  ['  - { profileName: host-old, currency: USD, connMessageFormat: HOSTA_8583,', '  - { profileName: host-old, currency: USD, connMessageFormat: HOSTB_8583,'],
  ['mid: "MID-C1"', 'mid: "MID-C2"'],
  ['contactName: Jane Doe', 'contactName: Jane Roe'],
  ['deviceName: Front till', 'deviceName: Back till'],
);

/** A payment of 12.50 now, and one of 20.00 ten days ago (a batch of its own): both unsettled. */
async function history(s: Shop): Promise<{ recent: string; older: string }> {
  await s.pay(12.5);
  await s.pay(20, new Date(Date.now() - 10 * DAY).toISOString());
  const batches = await s.batches();
  expect(batches.map((b) => [b.paymentAmt, b.state])).toEqual([
    [12.5, 0],
    [20, 0],
  ]);
  return { recent: new Date(batches[0]!.updatedAt).toISOString(), older: new Date(batches[1]!.updatedAt).toISOString() };
}

const VISA = { '01': { allows: [], emvs: ['visa-usd'] } };
const TILL = { deviceAlias: 'till-1', acquirerFields: { 'host-old': { tid: '00001' } }, methods: ['01'] };
const HOST_OLD = { acqType: 'card', currency: 'USD', enablerParams: ['tid'] };

function expectedPlan(groupId: string, payments: { count: number; amounts: Record<string, number>; last: string; window: string }) {
  const reached = { merchants: 1, terminals: 1, payments };
  const update = (address: string, kind: string, before: object, after: object, patch: object[], rest: object = {}, dependsOn: string[] = []) => ({
    address,
    kind,
    key: address.slice(kind.length + 1),
    action: 'update',
    liveId: '<id>',
    ...rest,
    before,
    after,
    patch,
    dependsOn,
    reason: '1 field change',
    notes: [],
  });
  return {
    formatVersion: 1,
    baseUrl: '<sim>',
    group: { groupId, groupName: `PBO ${groupId}` },
    changes: [
      {
        ...update(
          'emv/visa-usd',
          'emv',
          { paymentMethod: '01', currency: 'USD', params: { aid: 'A0000000031010' } },
          { paymentMethod: '01', currency: 'USD', params: { aid: 'A0000000031010', clCVMLimit: 5000 } },
          [{ op: 'add', path: '/params/clCVMLimit', value: 5000 }],
        ),
        // Through host-old and host-a: coffee-001 and tea-002, whose devices the manifest does not manage (unread).
        impact: { merchants: 2, terminals: 1, terminalsKnown: false },
      },
      {
        ...update(
          'acquirer/host-old',
          'acquirer',
          { ...HOST_OLD, connMessageFormat: 'HOSTA_8583', methods: { '01': { emvs: ['visa-usd'], allows: [] } } },
          { ...HOST_OLD, connMessageFormat: 'HOSTB_8583', methods: { '01': { allows: [], emvs: ['visa-usd'] } } },
          [{ op: 'replace', path: '/connMessageFormat', value: 'HOSTB_8583' }],
        ),
        impact: reached,
      },
      {
        ...update(
          'merchant/coffee-001',
          'merchant',
          { mchName: 'Coffee', contactEmail: 'jane@coffee.example', contactName: 'Jane Doe', currency: 'USD' },
          { mchName: 'Coffee', contactEmail: 'jane@coffee.example', contactName: 'Jane Roe', currency: 'USD' },
          [{ op: 'replace', path: '/contactName', value: 'Jane Roe' }],
        ),
        impact: reached,
      },
      {
        ...update(
          'binding/coffee-001/host-old/USD',
          'binding',
          { acquirer: 'host-old', currency: 'USD', methods: VISA, mid: 'MID-C1' },
          { acquirer: 'host-old', currency: 'USD', methods: VISA, mid: 'MID-C2' },
          [{ op: 'replace', path: '/mid', value: 'MID-C2' }],
          { merchant: 'coffee-001' },
          ['acquirer/host-old'],
        ),
        impact: reached,
      },
      {
        ...update(
          'device/coffee-001/till-1',
          'device',
          { ...TILL, deviceName: 'Front till' },
          { ...TILL, deviceName: 'Back till' },
          [{ op: 'replace', path: '/deviceName', value: 'Back till' }],
          { merchant: 'coffee-001' },
          ['acquirer/host-old', 'binding/coffee-001/host-old/USD'],
        ),
        impact: reached,
      },
    ],
    unmanaged: [],
    unreadDevices: [{ merchant: 'tea-002', cause: 'list-not-managed' }],
    blocked: [],
    summary: { create: 0, update: 5, delete: 0, replace: 0, blocked: 0 },
    sensitive: ['device/coffee-001/till-1#/deviceAdmin', 'merchant/coffee-001#/passcode'],
  };
}

describe('impact', () => {
  it('says what each change reaches and the payments of the window through it, in the exact plan JSON; --impact-window 7d leaves the older batch out', async () => {
    const s = await shops.take('G-62100001');
    const { recent } = await history(s);
    s.write('paycfg.yaml', EVERY_KIND);
    const thirty = await s.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(thirty.code, thirty.err).toBe(0);
    const json = maskedPlan(thirty.out);
    expect(json).toEqual(expectedPlan('G-62100001', { count: 2, amounts: { USD: 32.5 }, last: recent, window: '30d' }));

    const seven = await s.cli(['plan', '-f', 'paycfg.yaml', '--json', '--impact-window', '7d']);
    expect(maskedPlan(seven.out)).toEqual(expectedPlan('G-62100001', { count: 1, amounts: { USD: 12.5 }, last: recent, window: '7d' }));
    const hours = await s.cli(['plan', '-f', 'paycfg.yaml', '--json', '--impact-window', '240h']);
    expect(maskedPlan(hours.out).changes[1].impact.payments).toEqual({ count: 1, amounts: { USD: 12.5 }, last: recent, window: '240h' });

    // The same through the library, and a malformed window named as the flag or the option.
    const client = createClient({ baseUrl: sim.url, token: sim.token('G-62100001') });
    try {
      const shown = await plan({ manifest: 'paycfg.yaml', cwd: s.dir, client, impactWindow: '7d' });
      expect(shown.changes[1]!.impact).toEqual({ merchants: 1, terminals: 1, payments: { count: 1, amounts: { USD: 12.5 }, last: recent, window: '7d' } });
      await expect(plan({ manifest: 'paycfg.yaml', cwd: s.dir, client, impactWindow: '2w' })).rejects.toThrow('impactWindow must be a number of days (7d) or hours (36h)');
    } finally {
      await client.close();
    }
    const bad = await s.cli(['plan', '-f', 'paycfg.yaml', '--impact-window', '400d']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('paycfg plan: --impact-window must be a number of days (7d) or hours (36h), from 1d (24h) to 366d, got "400d"');
  });

  it('--max-affected-terminals refuses a plan with a change that reaches more terminals, before any write, naming each; safety.maxAffectedTerminals too, the flag winning', async () => {
    const s = await shops.take('G-62100002');
    s.write('paycfg.yaml', EVERY_KIND);
    await sim.admin.resetStats();
    const refused = await s.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve', '--max-affected-terminals', '0']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('5 changes reach more terminals than --max-affected-terminals 0 allows; nothing was changed:');
    for (const address of ['acquirer/host-old', 'merchant/coffee-001', 'binding/coffee-001/host-old/USD', 'device/coffee-001/till-1']) {
      expect(refused.err).toContain(`  - ${address} (update): 1 terminal\n`);
    }
    // Over the limit already on the terminals it knows (tea-002's devices unread): not read for, and said as a floor.
    expect(refused.err).toContain('  - emv/visa-usd (update): at least 1 terminal\n');
    expect(refused.err).toContain('If that is meant, run again with --max-affected-terminals 1.');
    expect((await sim.admin.stats()).writes).toBe(0);

    const json = await s.cli(['plan', '-f', 'paycfg.yaml', '--json', '--max-affected-terminals', '0', '--out', 'plan.json']);
    expect(JSON.parse(json.out).error).toMatchObject({ code: 'AFFECTED_TERMINALS', limit: 0, source: 'flag' });
    expect((await s.cli(['apply', 'plan.json'])).err).toContain('plan.json: no such file');
    expect((await s.cli(['plan', '-f', 'paycfg.yaml', '--max-affected-terminals', '1'])).code).toBe(0);

    // In the manifest; the flag overrides it for one run; a saved plan keeps it for apply PLANFILE.
    s.write('safe.yaml', `${EVERY_KIND}safety: { maxAffectedTerminals: 0 }\n`);
    const standing = await s.cli(['plan', '-f', 'safe.yaml']);
    expect(standing.code).toBe(1);
    expect(standing.err).toContain('than safety.maxAffectedTerminals: 0 in the manifest allows');
    const saved = await s.cli(['plan', '-f', 'safe.yaml', '--max-affected-terminals', '5', '--out', 'safe.plan']);
    expect(saved.code, saved.err).toBe(0);
    await sim.admin.resetStats();
    const kept = await s.cli(['apply', 'safe.plan']);
    expect(kept.code).toBe(1);
    expect(kept.err).toContain("than the saved plan's safety.maxAffectedTerminals: 0 (from its manifest) allows");
    expect((await sim.admin.stats()).total).toBe(0);
    const overridden = await s.cli(['apply', 'safe.plan', '--max-affected-terminals', '1']);
    expect(overridden.code, overridden.out + overridden.err).toBe(0);

    // The library takes the option as the CLI takes the flag.
    const client = createClient({ baseUrl: sim.url, token: sim.token('G-62100002') });
    try {
      s.write('contact.yaml', EVERY_KIND.replace('contactName: Jane Roe', 'contactName: Jane Poe'));
      await expect(plan({ manifest: 'contact.yaml', cwd: s.dir, client, maxAffectedTerminals: 0 })).rejects.toBeInstanceOf(AffectedTerminalsError);
      await expect(plan({ manifest: 'contact.yaml', cwd: s.dir, client, maxAffectedTerminals: -1 })).rejects.toThrow('maxAffectedTerminals must be a whole number');
    } finally {
      await client.close();
    }
  });
});

/** BASE without coffee-001's devices: the manifest does not manage them, so a plan reads none. */
const UNMANAGED_DEVICES = edited(['    devices:\n      - { deviceAlias: till-1, deviceName: Front till, methods: ["01"], acquirerFields: { host-old: { tid: "00001" } } }\n', '']);
const EMV_CHANGE = UNMANAGED_DEVICES.replace('params: { aid: A0000000031010 } }', 'params: { aid: A0000000031010, clCVMLimit: 5000 } }');

describe('the terminal budget counts the terminals the manifest does not manage', () => {
  it('reads the devices of the merchants a change reaches (one list each) only when a budget is set, refuses over it, and refuses a saved plan made without one', async () => {
    const s = await shops.take('G-62100003');
    s.write('emv.yaml', EMV_CHANGE);
    const readsOf = async (argv: string[]): Promise<{ run: { code: number; out: string; err: string }; reads: Record<string, number> }> => {
      await sim.admin.resetStats();
      const run = await s.cli(argv);
      return { run, reads: (await sim.admin.stats()).byRoute };
    };

    // Without a budget: coffee-001's terminal is not read, and not counted.
    const plain = await readsOf(['plan', '-f', 'emv.yaml', '--json']);
    expect(plain.run.code, plain.run.err).toBe(0);
    expect(JSON.parse(plain.run.out).changes.map((c: any) => [c.address, c.impact])).toEqual([['emv/visa-usd', { merchants: 2, terminals: 0, terminalsKnown: false }]]);
    expect(plain.reads['GET /api/openapi/v1/device']).toBeUndefined();
    // The plan says whose devices it left unread, and does not count them.
    expect(JSON.parse(plain.run.out).unreadDevices).toEqual([
      { merchant: 'coffee-001', cause: 'list-not-managed' },
      { merchant: 'tea-002', cause: 'list-not-managed' },
    ]);

    // With one: both merchants' device lists are read once each, and the count is real.
    const within = await readsOf(['plan', '-f', 'emv.yaml', '--json', '--max-affected-terminals', '1']);
    expect(within.run.code, within.run.err).toBe(0);
    expect(JSON.parse(within.run.out).changes.map((c: any) => [c.address, c.impact])).toEqual([['emv/visa-usd', { merchants: 2, terminals: 1 }]]);
    expect(within.reads).toEqual({ ...plain.reads, 'GET /api/openapi/v1/device': 2 });
    // Counted for the budget, each unread merchant's terminals are said.
    expect(JSON.parse(within.run.out).unreadDevices).toEqual([
      { merchant: 'coffee-001', cause: 'list-not-managed', terminals: 1 },
      { merchant: 'tea-002', cause: 'list-not-managed', terminals: 0 },
    ]);
    const text = await s.cli(['plan', '-f', 'emv.yaml', '--max-affected-terminals', '1']);
    expect(text.out).toContain(
      '\n  merchant/coffee-001: its devices (1 terminal counted, not listed) are not managed: its entry in the manifest has no devices: (devices: [] would delete them, an activated terminal only under prune.activatedDevices)\n',
    );

    const refused = await readsOf(['apply', '-f', 'emv.yaml', '--auto-approve', '--max-affected-terminals', '0']);
    expect(refused.run.code).toBe(1);
    expect(refused.run.err).toContain('a change reaches more terminals than --max-affected-terminals 0 allows; nothing was changed:\n  - emv/visa-usd (update): 1 terminal\n');
    expect(Object.keys(refused.reads).filter((route) => !route.startsWith('GET '))).toEqual([]);

    s.write('safe.yaml', `${EMV_CHANGE}safety: { maxAffectedTerminals: 0 }\n`);
    const standing = await s.cli(['plan', '-f', 'safe.yaml']);
    expect(standing.code).toBe(1);
    expect(standing.err).toContain('  - emv/visa-usd (update): 1 terminal\n');

    // A saved plan made without a budget did not count them: apply PLANFILE with one refuses it, before any request.
    expect((await s.cli(['plan', '-f', 'emv.yaml', '--out', 'plan.json'])).code).toBe(0);
    const stale = await readsOf(['apply', 'plan.json', '--max-affected-terminals', '5']);
    expect(stale.run.code).toBe(1);
    expect(stale.run.err).toContain('--max-affected-terminals 5 cannot be checked: the plan did not count every terminal a change reaches');
    expect(stale.run.err).toContain('  - emv/visa-usd (update): at least 0 terminals, the rest unknown\n');
    expect(stale.reads).toEqual({});
    // Made with the budget, it counted them, and applies.
    expect((await s.cli(['plan', '-f', 'emv.yaml', '--out', 'counted.json', '--max-affected-terminals', '5'])).code).toBe(0);
    const applied = await s.cli(['apply', 'counted.json', '--max-affected-terminals', '5']);
    expect(applied.code, applied.out + applied.err).toBe(0);
  });
});

/** host-old's message format changes: a re-route, so the plan reads the batches, and guards nothing. */
const REROUTE = edited(['  - { profileName: host-old, currency: USD, connMessageFormat: HOSTA_8583,', '  - { profileName: host-old, currency: USD, connMessageFormat: HOSTB_8583,']);

describe('traffic: which batches are in the window, and when the last payment was', () => {
  it('a settled batch counts when it opened in the window and is dated by its opening; an open one by its latest payment', async () => {
    const s = await shops.take('G-62100004');
    s.write('paycfg.yaml', REROUTE);
    const hostOld = async (window: string): Promise<unknown> => {
      const run = await s.cli(['plan', '-f', 'paycfg.yaml', '--json', '--impact-window', window]);
      expect(run.code, run.err).toBe(0);
      return JSON.parse(run.out).changes.find((c: any) => c.address === 'acquirer/host-old').impact.payments;
    };
    // 99.00 sixty days ago, settled today; 4.00 two days ago, settled today.
    await s.pay(99, new Date(Date.now() - 60 * DAY).toISOString());
    await s.settle((await s.batches())[0]!.batchId);
    await s.pay(4, new Date(Date.now() - 2 * DAY).toISOString());
    await s.settle((await s.batches())[0]!.batchId);
    const [recent, old] = await s.batches();
    expect([recent!.state, old!.state, recent!.paymentAmt, old!.paymentAmt]).toEqual([1, 1, 4, 99]);
    const opened = new Date(recent!.createdAt).toISOString();
    expect(await hostOld('7d')).toEqual({ count: 1, amounts: { USD: 4 }, last: opened, window: '7d' });
    expect(await hostOld('90d')).toEqual({ count: 2, amounts: { USD: 103 }, last: opened, window: '90d' });

    // An open batch opened a day ago that took a payment since: dated by that payment.
    await s.pay(7, new Date(Date.now() - DAY).toISOString());
    await s.pay(5);
    const [open] = await s.batches();
    expect([open!.state, open!.paymentCount]).toEqual([0, 2]);
    expect(await hostOld('7d')).toEqual({ count: 3, amounts: { USD: 16 }, last: new Date(open!.updatedAt).toISOString(), window: '7d' });
  });

  it('sums each currency apart: a USD and a EUR binding of one profile', async () => {
    // The EUR binding names an EUR config (a binding naming another currency's config is a payment rule's error).
    const twoCurrencies = edited(
      [
        '      - { acquirer: host-old, currency: USD, mid: "MID-C1", methods: { "01": { emvs: [visa-usd] } } }\n',
        '      - { acquirer: host-old, currency: USD, mid: "MID-C1", methods: { "01": { emvs: [visa-usd] } } }\n      - { acquirer: host-old, currency: EUR, mid: "MID-C1E", methods: { "01": { emvs: [visa-eur] } } }\n',
      ],
      [
        '  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: { aid: A0000000031010 } }\n',
        '  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: { aid: A0000000031010 } }\n  - { emvName: visa-eur, paymentMethod: "01", currency: EUR, params: { aid: A0000000031010 } }\n',
      ],
    );
    const s = await shop(sim, 'G-62100005', twoCurrencies);
    await s.pay(12.5);
    await sim.admin.payment({ deviceId: s.terminalId, amount: 8.4, currency: 'EUR' });
    await sim.admin.payment({ deviceId: s.terminalId, amount: 0.15, currency: 'EUR' });
    s.write('paycfg.yaml', twoCurrencies.replace('connMessageFormat: HOSTA_8583, enablerParams: [tid], methods: { "01": { emvs: [visa-usd] } } }\n  - { profileName: host-a', 'connMessageFormat: HOSTB_8583, enablerParams: [tid], methods: { "01": { emvs: [visa-usd] } } }\n  - { profileName: host-a').replace('mid: "MID-C1E"', 'mid: "MID-C2E"').replace('deviceName: Front till', 'deviceName: Back till'));
    const run = await s.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(run.code, run.err).toBe(0);
    const last = new Date(Math.max(...(await s.batches()).map((b) => Date.parse(b.updatedAt)))).toISOString();
    expect(JSON.parse(run.out).changes.map((c: any) => [c.address, c.impact])).toEqual([
      ['acquirer/host-old', { merchants: 1, terminals: 1, payments: { count: 3, amounts: { EUR: 8.55, USD: 12.5 }, last, window: '30d' } }],
      ['binding/coffee-001/host-old/EUR', { merchants: 1, terminals: 1, payments: { count: 2, amounts: { EUR: 8.55 }, last, window: '30d' } }],
      ['device/coffee-001/till-1', { merchants: 1, terminals: 1, payments: { count: 3, amounts: { EUR: 8.55, USD: 12.5 }, last, window: '30d' } }],
    ]);
  });
});
