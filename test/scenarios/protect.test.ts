/**
 * `protect:` against a real simulator: a protected delete or replacement is blocked with its
 * pattern, what waits on it is blocked too, apply never sends it, an update goes through, a pattern
 * that matches nothing is a warning, the lists of several files add up, and validate refuses a
 * malformed pattern at its file:line:col.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { BEFORE, edited, maskedPlan, workspacesAhead } from './safeguards-helpers.js';

let sim: TestSimulator;
let groups: ReturnType<typeof workspacesAhead>;
beforeAll(async () => {
  sim = await startTestSimulator();
  groups = workspacesAhead(sim, ['G-61000001', 'G-61000002', 'G-61000003', 'G-61000004', 'G-61000005', 'G-61000006', 'G-61000007']);
  await groups.ready();
});
afterAll(async () => {
  await sim.close();
});

const HOST_B = '  - { profileName: host-b, currency: USD, connMessageFormat: HOSTB_8583, methods: { "02": { emvs: [mc-usd] } } }\n';
const MC_USD = '  - { emvName: mc-usd, paymentMethod: "02", currency: USD, params: { aid: A0000000041010 } }\n';
const TEA = BEFORE.slice(BEFORE.indexOf('  - providerReference: tea-002'));
/** tea-002, host-b and mc-usd left out, with every prune on: three deletes and a binding's. */
const WITHOUT_B = `${edited([HOST_B, ''], [MC_USD, ''], [TEA, ''])}prune: { emvConfigs: true, acquirerProfiles: true, merchants: true }\n`;

const PROTECT_HINT = (pattern: string, action = 'delete') =>
  `to ${action} it, first remove "${pattern}" from protect: (or narrow it) in a reviewed change of its own, then plan again`;

describe('protect', () => {
  it('blocks a protected profile delete and the EMV delete that waits on it, in the exact plan JSON', async () => {
    const ws = await groups.take('G-61000001');
    ws.write('paycfg.yaml', `${WITHOUT_B}protect: [acquirer/host-b]\n`);
    const plan = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(plan.code).toBe(0);
    expect(maskedPlan(plan.out)).toEqual({
      formatVersion: 1,
      baseUrl: '<sim>',
      group: { groupId: 'G-61000001', groupName: 'PBO G-61000001' },
      changes: [
        {
          address: 'binding/tea-002/host-b/USD',
          kind: 'binding',
          key: 'tea-002/host-b/USD',
          action: 'delete',
          liveId: '<id>',
          merchant: 'tea-002',
          before: { acquirer: 'host-b', currency: 'USD', methods: { '02': { emvs: ['mc-usd'], allows: [] } } },
          after: null,
          patch: [
            { op: 'remove', path: '/methods' },
            { op: 'remove', path: '/currency' },
            { op: 'remove', path: '/acquirer' },
          ],
          dependsOn: [],
          impact: { merchants: 1, terminals: 0, payments: { count: 0, amounts: {}, last: null, window: '30d' } },
          reason: 'its merchant is deleted, and the service refuses that while a binding exists',
          notes: [],
        },
        {
          address: 'merchant/tea-002',
          kind: 'merchant',
          key: 'tea-002',
          action: 'delete',
          liveId: '<id>',
          before: {
            mchName: 'Tea',
            contactEmail: 'sam@tea.example',
            contactName: 'Sam Lee',
            currency: 'USD',
            receiptLogo: 'https://static.example.com/receipt/default-logo.png',
            state: 1,
            timeZone: 'UTC',
          },
          after: null,
          patch: [
            { op: 'remove', path: '/state' },
            { op: 'remove', path: '/receiptLogo' },
            { op: 'remove', path: '/timeZone' },
            { op: 'remove', path: '/contactEmail' },
            { op: 'remove', path: '/contactName' },
            { op: 'remove', path: '/currency' },
            { op: 'remove', path: '/mchName' },
          ],
          dependsOn: ['binding/tea-002/host-b/USD'],
          impact: { merchants: 1, terminals: 0, payments: { count: 0, amounts: {}, last: null, window: '30d' } },
          reason: 'not in the manifest, and prune.merchants is on',
          notes: [],
        },
      ],
      unmanaged: [],
      blocked: [
        {
          address: 'acquirer/host-b',
          kind: 'acquirer',
          key: 'host-b',
          action: 'delete',
          cause: 'protected',
          pattern: 'acquirer/host-b',
          reason: `protected by "acquirer/host-b" in the manifest's protect: list, which refuses to delete the live record`,
          blockers: [PROTECT_HINT('acquirer/host-b')],
        },
        {
          address: 'emv/mc-usd',
          kind: 'emv',
          key: 'mc-usd',
          action: 'delete',
          cause: 'dependency',
          reason: 'it must wait for acquirer/host-b, which is blocked',
          blockers: ['acquirer/host-b'],
        },
      ],
      summary: { create: 0, update: 0, delete: 2, replace: 0, blocked: 2 },
      sensitive: ['merchant/tea-002#/passcode'],
    });

    // Text and Markdown show the reason with its pattern and the way out.
    const text = await ws.cli(['plan', '-f', 'paycfg.yaml', '--no-color']);
    expect(text.out).toContain(`Blocked: 2 changes apply will not try (the manifest's protect: list keeps them):`);
    expect(text.out).toContain(`! acquirer/host-b (delete): protected by "acquirer/host-b" in the manifest's protect: list`);
    expect(text.out).toContain(`      - ${PROTECT_HINT('acquirer/host-b')}`);
    const markdown = await ws.cli(['plan', '-f', 'paycfg.yaml', '--markdown']);
    expect(markdown.out).toContain(`**Blocked (2)**: apply will not try these (the manifest's protect: list keeps them).`);
    expect(markdown.out).toContain('- `acquirer/host-b` (delete): protected by "acquirer/host-b" in the manifest\'s protect: list');
    expect((await ws.cli(['plan', '-f', 'paycfg.yaml', '--detailed-exitcode'])).code).toBe(2);
  });

  it('never sends the protected DELETE: apply does the rest and ends incomplete, the profile still live', async () => {
    const ws = await groups.take('G-61000002');
    ws.write('paycfg.yaml', `${WITHOUT_B}protect: [acquirer/*]\n`);
    await sim.admin.resetStats();
    const applied = await ws.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve', '--no-color']);
    expect(applied.code).toBe(1);
    expect(applied.out).toContain('Apply incomplete: 2 done, 0 failed, 0 skipped, 2 blocked.');
    expect(applied.out).toContain(`  ! acquirer/host-b: ${PROTECT_HINT('acquirer/*')}`);
    const deletes = Object.entries((await sim.admin.stats()).byRoute).filter(([route]) => route.startsWith('DELETE '));
    expect(deletes.reduce((sum, [, count]) => sum + count, 0)).toBe(2);
    expect(deletes.filter(([route]) => /acquirer|emv/.test(route))).toEqual([]);
    const profiles = (await sim.api('GET', '/api/openapi/v1/acquirer?pageSize=-1', undefined, 'G-61000002')).body.data.records;
    expect(profiles.map((p: { profileName: string }) => p.profileName).sort()).toEqual(['host-a', 'host-b']);
    // Still blocked, and nothing else to do: the plan converges on what protect: allows.
    const again = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(JSON.parse(again.out).changes).toEqual([]);
    expect(JSON.parse(again.out).blocked.map((b: { address: string; cause: string }) => `${b.cause} ${b.address}`)).toEqual(['protected acquirer/host-b', 'dependency emv/mc-usd']);
  });

  it('blocks a protected replacement, and no binding lets go of the profile', async () => {
    const ws = await groups.take('G-61000003');
    const eur = edited([HOST_B, HOST_B.replace('currency: USD', 'currency: EUR')]);
    ws.write('open.yaml', eur);
    const unprotected = JSON.parse((await ws.cli(['plan', '-f', 'open.yaml', '--json'])).out);
    expect(unprotected.changes.map((c: { address: string }) => c.address)).toContain('binding/tea-002/host-b/USD#detach');
    ws.write('paycfg.yaml', `${eur}protect: [acquirer/*]\n`);
    const plan = maskedPlan((await ws.cli(['plan', '-f', 'paycfg.yaml', '--json'])).out) as Record<string, unknown>;
    expect(plan['changes']).toEqual([]);
    expect(plan['blocked']).toEqual([
      {
        address: 'acquirer/host-b',
        kind: 'acquirer',
        key: 'host-b',
        action: 'replace',
        cause: 'protected',
        pattern: 'acquirer/*',
        reason: `protected by "acquirer/*" in the manifest's protect: list, which refuses to replace (delete and create again) the live record`,
        blockers: [PROTECT_HINT('acquirer/*', 'replace')],
      },
    ]);
    expect(plan['summary']).toEqual({ create: 0, update: 0, delete: 0, replace: 0, blocked: 1 });
  });

  it('blocks the delete of a terminal a glob over devices matches', async () => {
    const ws = await groups.take('G-61000004');
    const TILL = '    devices:\n      - { deviceAlias: till-1, deviceName: Front till, methods: ["01"], acquirerFields: { host-a: { tid: "00001" } } }\n';
    const noTill = edited([TILL, '    devices: []\n']);
    ws.write('open.yaml', noTill);
    expect(JSON.parse((await ws.cli(['plan', '-f', 'open.yaml', '--json'])).out).changes.map((c: { address: string }) => c.address)).toEqual(['device/coffee-001/till-1']);
    ws.write('paycfg.yaml', `${noTill}protect: ["device/coffee-001/*"]\n`);
    const plan = maskedPlan((await ws.cli(['plan', '-f', 'paycfg.yaml', '--json'])).out) as Record<string, unknown>;
    expect(plan['changes']).toEqual([]);
    expect(plan['blocked']).toEqual([
      {
        address: 'device/coffee-001/till-1',
        kind: 'device',
        key: 'coffee-001/till-1',
        action: 'delete',
        disposal: 'delete',
        cause: 'protected',
        pattern: 'device/coffee-001/*',
        reason: `protected by "device/coffee-001/*" in the manifest's protect: list, which refuses to delete the live record`,
        blockers: [PROTECT_HINT('device/coffee-001/*')],
      },
    ]);
  });

  it('warns of a pattern that matches nothing, and lets an update of a protected record through', async () => {
    const ws = await groups.take('G-61000005');
    ws.write('paycfg.yaml', `${edited(['mchName: Coffee', 'mchName: Coffee House'])}protect: ["merchant/*", "device/latte-*/*"]\n`);
    const plan = maskedPlan((await ws.cli(['plan', '-f', 'paycfg.yaml', '--json'])).out) as Record<string, any>;
    expect(plan['changes'].map((c: { action: string; address: string }) => `${c.action} ${c.address}`)).toEqual(['update merchant/coffee-001']);
    expect(plan['blocked']).toEqual([]);
    expect(plan['warnings']).toEqual([
      { message: 'protect: "device/latte-*/*" matches no record of the manifest or of the live group, so it protects nothing; check its spelling' },
    ]);
    const text = await ws.cli(['plan', '-f', 'paycfg.yaml', '--no-color']);
    expect(text.out).toContain('Warning: protect: "device/latte-*/*" matches no record of the manifest or of the live group');
    const applied = await ws.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
    expect(applied.code).toBe(0);
  });

  it('adds up the protect: lists of several files', async () => {
    const ws = await groups.take('G-61000006');
    ws.write('paycfg.yaml', `${WITHOUT_B}protect: [acquirer/host-b]\n`);
    ws.write('protect.yaml', 'version: 1\nprotect: [emv/mc-usd, acquirer/host-b]\n');
    const plan = JSON.parse((await ws.cli(['plan', '-f', 'paycfg.yaml', '-f', 'protect.yaml', '--json'])).out);
    expect(plan.blocked.map((b: { cause: string; address: string; pattern?: string }) => `${b.cause} ${b.address} ${b.pattern}`)).toEqual([
      'protected acquirer/host-b acquirer/host-b',
      'protected emv/mc-usd emv/mc-usd',
    ]);
  });

  it('validate refuses a malformed protect entry at its file:line:col, and reads a good list', async () => {
    const ws = await groups.take('G-61000007');
    ws.write('bad.yaml', 'version: 1\nprotect:\n  - acquirer/*\n  - device/*\n  - coffee-001\n  - acquirer/*\nsafety: { maxDeletes: -1 }\n');
    const bad = await ws.cli(['validate', '-f', 'bad.yaml']);
    expect(bad.code).toBe(1);
    expect(bad.err).toBe(
      [
        `bad.yaml:4:5: protect[1]: "device/*" can match no device: a device's key is <providerReference>/<deviceAlias> (2 parts); write device/*/* for every device, or e.g. device/coffee-001/*`,
        'bad.yaml:5:5: protect[2]: "coffee-001" does not start with a kind: write <kind>/<key or glob> with kind emv, acquirer, merchant, binding or device, e.g. acquirer/* or device/coffee-001/*',
        'bad.yaml:6:5: protect[3]: "acquirer/*" is listed twice',
        'bad.yaml:7:23: safety.maxDeletes: must be 0 or more, got -1',
        'manifest invalid: 4 errors in 1 file',
        '',
      ].join('\n'),
    );
    ws.write('good.yaml', `${BEFORE}protect: ["acquirer/*", "binding/**", "device/coffee-001/*"]\nsafety: { maxDeletes: 0 }\n`);
    expect((await ws.cli(['validate', '-f', 'good.yaml'])).code).toBe(0);
  });
});
