/**
 * `moved:` against a real simulator: a rename of a profile, a merchant and a device's alias is one
 * PUT of its key field (no DELETE, no POST), the bindings and devices that name it follow without a
 * request of their own, an activated terminal keeps its id and status, the next plan is empty with
 * the entries still in the manifest, a saved plan applies a move, and two live records for one move
 * are refused at plan time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { edited, maskedPlan, workspacesAhead, type Workspace } from './safeguards-helpers.js';

let sim: TestSimulator;
let groups: ReturnType<typeof workspacesAhead>;
beforeAll(async () => {
  sim = await startTestSimulator();
  groups = workspacesAhead(sim, ['G-63000001', 'G-63000002', 'G-63000003', 'G-63000004', 'G-63000005', 'G-63000006', 'G-63000008']);
  await groups.ready();
});
afterAll(async () => {
  await sim.close();
});

async function data(groupId: string, method: string, path: string): Promise<any> {
  const answer = await sim.api(method, path, undefined, groupId);
  if (answer.status !== 200 || answer.body?.code !== 0) throw new Error(`${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** What the group holds that a move must keep: every id, the bindings' profiles and the devices' status. */
async function snapshot(groupId: string): Promise<{ profiles: any[]; merchants: any[]; bindings: Record<string, any[]>; devices: Record<string, any[]> }> {
  const profiles = ((await data(groupId, 'GET', '/api/openapi/v1/acquirer?pageSize=-1')).records as any[]).map((p) => ({ id: p.profileId, name: p.profileName }));
  const merchantRecords = (await data(groupId, 'GET', '/api/openapi/v1/mchInfo?pageSize=-1')).records as any[];
  const merchants = merchantRecords.map((m) => ({ id: m.mchId, ref: m.providerReference, name: m.mchName }));
  const bindings: Record<string, any[]> = {};
  const devices: Record<string, any[]> = {};
  for (const m of merchantRecords) {
    bindings[m.mchId] = ((await data(groupId, 'GET', `/api/openapi/v1/mchInfo/payment/${m.mchId}?pageSize=100`)).records as any[]).map((b) => ({
      profileId: b.acquirerProfileId,
      currency: b.currency,
    }));
    devices[m.mchId] = ((await data(groupId, 'GET', `/api/openapi/v1/device?mchId=${m.mchId}&pageSize=-1`)).records as any[]).map((d) => ({
      id: d.deviceId,
      alias: d.deviceAlias,
      isDevice: d.isDevice ?? false,
      status: d.deviceStatus ?? null,
      extParams: d.extParams ?? null,
    }));
  }
  return { profiles, merchants, bindings, devices };
}

/** The group from BEFORE with coffee-001's till-1 activated: a till in a shop. */
async function shopWithTill(groupId: string): Promise<Workspace & { terminalId: string }> {
  const ws = await groups.take(groupId);
  const [coffee] = ((await data(groupId, 'GET', '/api/openapi/v1/mchInfo?pageSize=-1')).records as any[]).filter((m) => m.providerReference === 'coffee-001');
  const till = ((await data(groupId, 'GET', `/api/openapi/v1/device?mchId=${coffee.mchId}&pageSize=-1`)).records as any[]).find((d) => d.deviceAlias === 'till-1');
  const activated = (await sim.admin.activate(JSON.parse(till.deviceToken).activationCode)) as { deviceId: string };
  return { ...ws, terminalId: activated.deviceId };
}

const RENAMED_PROFILE = edited(
  ['{ profileName: host-a,', '{ profileName: host-a-usd,'],
  ['{ acquirer: host-a,', '{ acquirer: host-a-usd,'],
  ['acquirerFields: { host-a:', 'acquirerFields: { host-a-usd:'],
);

/** Applies the manifest, checking that the only writes sent are the given PUTs. */
async function applyOnly(ws: Workspace, puts: Record<string, number>): Promise<void> {
  await sim.admin.resetStats();
  const applied = await ws.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
  expect(applied.code, applied.out + applied.err).toBe(0);
  const stats = await sim.admin.stats();
  const writes = Object.fromEntries(Object.entries(stats.byRoute).filter(([route]) => !route.startsWith('GET ')));
  expect(writes).toEqual(puts);
}

/** The next plan of the same manifest, `moved:` entries still in it, is empty. */
async function expectNoChanges(ws: Workspace): Promise<void> {
  const again = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json', '--detailed-exitcode']);
  expect(again.code, again.out + again.err).toBe(0);
  expect(JSON.parse(again.out).changes).toEqual([]);
}

describe('moved', () => {
  it('renames a profile with one PUT of profileName: its binding and the activated till follow, untouched', async () => {
    const ws = await shopWithTill('G-63000001');
    const before = await snapshot('G-63000001');
    ws.write('paycfg.yaml', `${RENAMED_PROFILE}moved:\n  - { from: acquirer/host-a, to: acquirer/host-a-usd }\n`);
    const plan = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(plan.code, plan.err).toBe(0);
    const fields = {
      acqType: 'card',
      currency: 'USD',
      connMessageFormat: 'HOSTA_8583',
      enablerParams: ['tid'],
    };
    expect(maskedPlan(plan.out)).toEqual({
      formatVersion: 1,
      baseUrl: '<sim>',
      group: { groupId: 'G-63000001', groupName: 'PBO G-63000001' },
      changes: [
        {
          address: 'acquirer/host-a-usd',
          kind: 'acquirer',
          key: 'host-a-usd',
          movedFrom: 'acquirer/host-a',
          action: 'update',
          liveId: '<id>',
          before: { profileName: 'host-a', ...fields, methods: { '01': { emvs: ['visa-usd'], allows: [] } } },
          after: { profileName: 'host-a-usd', ...fields, methods: { '01': { allows: [], emvs: ['visa-usd'] } } },
          patch: [{ op: 'replace', path: '/profileName', value: 'host-a-usd' }],
          dependsOn: [],
          reason: 'moved from acquirer/host-a',
          notes: [],
          impact: { merchants: 1, terminals: 1 },
        },
      ],
      unmanaged: [],
      unreadDevices: [{ merchant: 'tea-002', cause: 'list-not-managed' }],
      blocked: [],
      summary: { create: 0, update: 1, delete: 0, replace: 0, blocked: 0 },
      sensitive: [],
    });

    await applyOnly(ws, { 'PUT /api/openapi/v1/acquirer/{profileId}': 1 });
    const after = await snapshot('G-63000001');
    expect(after.profiles).toEqual(before.profiles.map((p) => (p.name === 'host-a' ? { ...p, name: 'host-a-usd' } : p)));
    expect(after.merchants).toEqual(before.merchants);
    expect(after.bindings).toEqual(before.bindings);
    expect(after.devices).toEqual(before.devices);
    expect(Object.values(after.devices).flat()).toContainEqual(expect.objectContaining({ id: ws.terminalId, isDevice: true, status: 1 }));
    await expectNoChanges(ws);
  });

  it('renames a merchant with its full-replace PUT carrying the new providerReference: bindings and the activated till stay', async () => {
    const ws = await shopWithTill('G-63000002');
    const before = await snapshot('G-63000002');
    ws.write(
      'paycfg.yaml',
      `${edited(['providerReference: coffee-001', 'providerReference: coffee-1'])}moved:\n  - { from: merchant/coffee-001, to: merchant/coffee-1 }\n`,
    );
    const plan = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(plan.code, plan.err).toBe(0);
    const changes = (maskedPlan(plan.out) as { changes: unknown[] }).changes;
    expect(changes).toEqual([
      expect.objectContaining({
        address: 'merchant/coffee-1',
        movedFrom: 'merchant/coffee-001',
        action: 'update',
        before: expect.objectContaining({ providerReference: 'coffee-001', mchName: 'Coffee' }),
        after: expect.objectContaining({ providerReference: 'coffee-1', mchName: 'Coffee' }),
        patch: [{ op: 'replace', path: '/providerReference', value: 'coffee-1' }],
        reason: 'moved from merchant/coffee-001',
      }),
    ]);
    await applyOnly(ws, { 'PUT /api/openapi/v1/mchInfo/{mchId}': 1 });
    const after = await snapshot('G-63000002');
    expect(after.merchants).toEqual(before.merchants.map((m) => (m.ref === 'coffee-001' ? { ...m, ref: 'coffee-1' } : m)));
    expect(after.bindings).toEqual(before.bindings);
    expect(after.devices).toEqual(before.devices);
    await expectNoChanges(ws);
  });

  it("renames an activated till's alias with one device PUT, with its other field change, keeping its id and status", async () => {
    const ws = await shopWithTill('G-63000003');
    const before = await snapshot('G-63000003');
    ws.write(
      'paycfg.yaml',
      `${edited(['{ deviceAlias: till-1, deviceName: Front till,', '{ deviceAlias: front-till, deviceName: Front till 1,'])}` +
        'moved:\n  - { from: device/coffee-001/till-1, to: device/coffee-001/front-till }\n',
    );
    const plan = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(plan.code, plan.err).toBe(0);
    expect((maskedPlan(plan.out) as { changes: unknown[] }).changes).toEqual([
      expect.objectContaining({
        address: 'device/coffee-001/front-till',
        movedFrom: 'device/coffee-001/till-1',
        action: 'update',
        merchant: 'coffee-001',
        patch: [
          { op: 'replace', path: '/deviceName', value: 'Front till 1' },
          { op: 'replace', path: '/deviceAlias', value: 'front-till' },
        ],
        reason: 'moved from device/coffee-001/till-1, and 1 other field change',
      }),
    ]);
    await applyOnly(ws, { 'PUT /api/openapi/v1/device/{deviceId}': 1 });
    const after = await snapshot('G-63000003');
    const renamed = (d: any) => (d.id === ws.terminalId ? { ...d, alias: 'front-till' } : d);
    expect(after.devices).toEqual(Object.fromEntries(Object.entries(before.devices).map(([id, list]) => [id, list.map(renamed)])));
    expect(Object.values(after.devices).flat()).toContainEqual(expect.objectContaining({ id: ws.terminalId, alias: 'front-till', isDevice: true, status: 1 }));
    expect(after.bindings).toEqual(before.bindings);
    await expectNoChanges(ws);
  });

  it('renames a merchant and one of its devices together, the device written under the old name; a --target on the new address takes the move', async () => {
    const ws = await shopWithTill('G-63000004');
    ws.write(
      'paycfg.yaml',
      `${edited(['providerReference: coffee-001', 'providerReference: coffee-1'], ['{ deviceAlias: till-1,', '{ deviceAlias: front-till,'])}` +
        'moved:\n  - { from: merchant/coffee-001, to: merchant/coffee-1 }\n  - { from: device/coffee-001/till-1, to: device/coffee-1/front-till }\n',
    );
    const plan = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(plan.code, plan.err).toBe(0);
    const changes = JSON.parse(plan.out).changes as { address: string; movedFrom?: string; action: string }[];
    expect(changes.map(({ address, movedFrom, action }) => ({ address, movedFrom, action }))).toEqual([
      { address: 'merchant/coffee-1', movedFrom: 'merchant/coffee-001', action: 'update' },
      { address: 'device/coffee-1/front-till', movedFrom: 'device/coffee-001/till-1', action: 'update' },
    ]);
    // Shown and explained by the address the user wrote and the till was read under, which existed.
    const device = JSON.parse(plan.out).changes[1] as { reason: string };
    expect(device.reason).toBe('moved from device/coffee-001/till-1');
    const text = await ws.cli(['plan', '-f', 'paycfg.yaml', '--no-color']);
    expect(text.out).toContain('# device/coffee-001/till-1 → device/coffee-1/front-till (moved): renamed in place');
    expect(text.out).not.toContain('device/coffee-1/till-1');
    const targeted = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json', '--target', 'device/coffee-1/front-till']);
    expect(targeted.code, targeted.err).toBe(0);
    expect((JSON.parse(targeted.out).changes as { address: string }[]).map((c) => c.address)).toEqual(['device/coffee-1/front-till']);
    await applyOnly(ws, { 'PUT /api/openapi/v1/mchInfo/{mchId}': 1, 'PUT /api/openapi/v1/device/{deviceId}': 1 });
    await expectNoChanges(ws);
  });

  it('is not held back by protect: on the old or the new address (an update), and protect: still guards the renamed record', async () => {
    const ws = await groups.take('G-63000005');
    ws.write('paycfg.yaml', `${RENAMED_PROFILE}moved:\n  - { from: acquirer/host-a, to: acquirer/host-a-usd }\nprotect: [acquirer/host-a, binding/coffee-001/host-a/USD]\n`);
    const plan = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(plan.code, plan.err).toBe(0);
    const json = JSON.parse(plan.out);
    expect(json.changes.map((c: { address: string; action: string }) => `${c.action} ${c.address}`)).toEqual(['update acquirer/host-a-usd']);
    expect(json.warnings).toBeUndefined();
    // The binding that followed the rename is still protected under the name it was read by.
    ws.write(
      'paycfg.yaml',
      `${edited(
        ['{ profileName: host-a,', '{ profileName: host-a-usd,'],
        ['    bindings:\n      - { acquirer: host-a, currency: USD, methods: { "01": { emvs: [visa-usd] } } }\n', '    bindings: []\n'],
        ['{ deviceAlias: till-1, deviceName: Front till, methods: ["01"], acquirerFields: { host-a: { tid: "00001" } } }', '{ deviceAlias: till-1, deviceName: Front till }'],
      )}moved:\n  - { from: acquirer/host-a, to: acquirer/host-a-usd }\nprotect: [binding/coffee-001/host-a/USD]\n`,
    );
    const held = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(held.code, held.out + held.err).toBe(0);
    expect(JSON.parse(held.out).blocked).toEqual([
      expect.objectContaining({ address: 'binding/coffee-001/host-a-usd/USD', action: 'delete', cause: 'protected', pattern: 'binding/coffee-001/host-a/USD' }),
    ]);
  });

  it('refuses at plan time a move whose from and to are both live, naming both; a move with neither creates its to', async () => {
    const ws = await groups.take('G-63000006');
    const hostB = '  - { profileName: host-b, currency: USD, connMessageFormat: HOSTB_8583, methods: { "02": { emvs: [mc-usd] } } }\n';
    const profile = (name: string) => `  - { profileName: ${name}, currency: USD, connMessageFormat: HOSTB_8583, methods: { "02": { emvs: [mc-usd] } } }\n`;

    // Neither live: the move does nothing, and its to is created like any entry.
    ws.write('paycfg.yaml', `${edited([hostB, hostB + profile('host-c')])}moved:\n  - { from: acquirer/gone, to: acquirer/host-c }\n`);
    const created = await ws.cli(['plan', '-f', 'paycfg.yaml', '--json']);
    expect(created.code, created.err).toBe(0);
    expect(JSON.parse(created.out).changes).toEqual([
      expect.objectContaining({ address: 'acquirer/host-c', action: 'create', reason: 'acquirer profile not in the live group' }),
    ]);
    expect(JSON.parse(created.out).changes[0].movedFrom).toBeUndefined();

    // Both live: host-a-usd made beside host-a by another manifest.
    ws.write('two.yaml', edited([hostB, hostB + profile('host-a-usd')]));
    const made = await ws.cli(['apply', '-f', 'two.yaml', '--auto-approve']);
    expect(made.code, made.out + made.err).toBe(0);
    ws.write('paycfg.yaml', `${RENAMED_PROFILE}moved:\n  - { from: acquirer/host-a, to: acquirer/host-a-usd }\n`);
    await sim.admin.resetStats();
    const refused = await ws.cli(['plan', '-f', 'paycfg.yaml']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('moved: acquirer/host-a → acquirer/host-a-usd: both are in the live group (ids ');
    expect(refused.err).toContain('Remove this moved entry to keep acquirer/host-a-usd as it is, or delete or rename one of the two in the service, then plan again.');
    expect((await sim.admin.stats()).writes).toBe(0);
  });

  it('a saved plan with a move applies it with one PUT: apply re-keys the live group as the plan did', async () => {
    const ws = await shopWithTill('G-63000008');
    ws.write('paycfg.yaml', `${edited(['providerReference: coffee-001', 'providerReference: coffee-1'])}moved:\n  - { from: merchant/coffee-001, to: merchant/coffee-1 }\n`);
    const saved = await ws.cli(['plan', '-f', 'paycfg.yaml', '--out', 'plan.json']);
    expect(saved.code, saved.err).toBe(0);
    await sim.admin.resetStats();
    const applied = await ws.cli(['apply', 'plan.json']);
    expect(applied.code, applied.out + applied.err).toBe(0);
    const writes = Object.entries((await sim.admin.stats()).byRoute).filter(([route]) => !route.startsWith('GET '));
    expect(Object.fromEntries(writes)).toEqual({ 'PUT /api/openapi/v1/mchInfo/{mchId}': 1 });
    await expectNoChanges(ws);
  });
});
