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
import { edited, maskedPlan, shop, type Shop } from './settlement-helpers.js';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
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
    blocked: [],
    summary: { create: 0, update: 5, delete: 0, replace: 0, blocked: 0 },
    sensitive: ['device/coffee-001/till-1#/deviceAdmin', 'merchant/coffee-001#/passcode'],
  };
}

describe('impact', () => {
  it('says what each change reaches and the payments of the window through it, in the exact plan JSON; --impact-window 7d leaves the older batch out', async () => {
    const s = await shop(sim, 'G-62100001');
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
    const s = await shop(sim, 'G-62100002');
    s.write('paycfg.yaml', EVERY_KIND);
    await sim.admin.resetStats();
    const refused = await s.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve', '--max-affected-terminals', '0']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('5 changes reach more terminals than --max-affected-terminals 0 allows; nothing was changed:');
    for (const address of ['emv/visa-usd', 'acquirer/host-old', 'merchant/coffee-001', 'binding/coffee-001/host-old/USD', 'device/coffee-001/till-1']) {
      expect(refused.err).toContain(`  - ${address} (update): 1 terminal\n`);
    }
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
