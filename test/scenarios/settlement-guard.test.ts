/**
 * The settlement guard against a real simulator: history made through POST /_sim/payments, the
 * exact plan JSON of a profile, binding and terminal blocked by an open batch and let through once
 * it is settled, a failed settlement blocking too, --allow-unsettled, a saved plan refused when a
 * batch opened since, the settlement read's failure, and the reads of a plan that needs no
 * settlement data (none).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { BASE, edited, maskedPlan, shopsAhead, type Shop } from './settlement-helpers.js';

let sim: TestSimulator;
let shops: ReturnType<typeof shopsAhead>;
beforeAll(async () => {
  sim = await startTestSimulator();
  shops = shopsAhead(sim, ['G-62000001', 'G-62000002', 'G-62000003', 'G-62000004', 'G-62000005', 'G-62000006', 'G-62000007', 'G-62000008', 'G-62000009', 'G-62000010']);
  await shops.ready();
});
afterAll(async () => {
  await sim.close();
});

const BINDING_OLD = '      - { acquirer: host-old, currency: USD, mid: "MID-C1", methods: { "01": { emvs: [visa-usd] } } }';
const TILL_FIELDS: [string, string] = ['acquirerFields: { host-old: { tid: "00001" } }', 'acquirerFields: { host-a: { tid: "00001" } }'];
/** coffee-001 moves from host-old to host-a; host-old stays. */
const UNBIND = edited([BINDING_OLD, BINDING_OLD.replace('host-old', 'host-a')], TILL_FIELDS);
/** coffee-001 moves to host-a, and host-old is deleted. */
const MIGRATE = `${edited(
  [BINDING_OLD, BINDING_OLD.replace('host-old', 'host-a')],
  TILL_FIELDS,
  ['  - { profileName: host-old, currency: USD, connMessageFormat: HOSTA_8583, enablerParams: [tid], methods: { "01": { emvs: [visa-usd] } } }\n', ''],
)}prune: { acquirerProfiles: true }\n`;
/** till-1 leaves the manifest, and activated terminals that do are decommissioned. */
const DECOMMISSION = `${edited([
  '    devices:\n      - { deviceAlias: till-1, deviceName: Front till, methods: ["01"], acquirerFields: { host-old: { tid: "00001" } } }\n',
  '    devices: []\n',
])}prune: { activatedDevices: decommission }\n`;

const WAY_OUT =
  "settle it (POST /api/v2/settlement/settle {batchId}) or wait for the acquirer's cut-off, then plan again; or run with --allow-unsettled to go ahead and leave it unsettled";

function batchOf(batchId: string, amount: number, state = 0) {
  return { batchId, state, paymentCount: 1, amount, currency: 'USD' };
}

function unsettledEntry(address: string, action: string, verb: string, batchId: string, amount: number, state = 0, disposal?: string) {
  const [kind, ...key] = address.split('/');
  return {
    address,
    kind,
    key: key.join('/'),
    action,
    ...(disposal !== undefined ? { disposal } : {}),
    cause: 'unsettled',
    batches: [batchOf(batchId, amount, state)],
    reason: `1 unsettled settlement batch routes through it: ${verb} may leave that money with no way to the merchant`,
    blockers: [`batch ${batchId} (${state === 2 ? 'settlement failed' : 'open'}): 1 payment, USD ${amount.toFixed(2)}`, WAY_OUT],
  };
}

const dependency = (address: string, kind: string, action: string, on: string) => ({
  address,
  kind,
  key: address.slice(kind.length + 1),
  action,
  cause: 'dependency',
  reason: `it must wait for ${on}, which is blocked`,
  blockers: [on],
});

const traffic = (count: number, amount: number, last: string | null) => ({
  count,
  amounts: count === 0 ? {} : { USD: amount },
  last: last === null ? null : new Date(last).toISOString(),
  window: '30d',
});

const HOST_OLD = {
  acqType: 'card',
  asDefault: false,
  asSettleBlock: false,
  connMessageFormat: 'HOSTA_8583',
  currency: 'USD',
  enablerParams: ['tid'],
  methods: { '01': { allows: [], emvs: ['visa-usd'] } },
};

const COFFEE_TILL = { deviceAlias: 'till-1', deviceName: 'Front till', acquirerFields: { 'host-old': { tid: '00001' } }, methods: ['01'] };

/** The changes of UNBIND, once nothing blocks them; `last` is the batch's opening (it is settled). */
function unbindChanges(last: string) {
  return [
    {
      address: 'binding/coffee-001/host-old/USD',
      kind: 'binding',
      key: 'coffee-001/host-old/USD',
      action: 'delete',
      liveId: '<id>',
      merchant: 'coffee-001',
      before: { acquirer: 'host-old', currency: 'USD', methods: { '01': { emvs: ['visa-usd'], allows: [] } }, mid: 'MID-C1' },
      after: null,
      patch: [
        { op: 'remove', path: '/methods' },
        { op: 'remove', path: '/mid' },
        { op: 'remove', path: '/currency' },
        { op: 'remove', path: '/acquirer' },
      ],
      dependsOn: [],
      reason: "not in the merchant's bindings in the manifest",
      notes: [],
      impact: { merchants: 1, terminals: 1, payments: traffic(1, 12.5, last) },
    },
    {
      address: 'binding/coffee-001/host-a/USD',
      kind: 'binding',
      key: 'coffee-001/host-a/USD',
      action: 'create',
      merchant: 'coffee-001',
      before: null,
      after: { acquirer: 'host-a', currency: 'USD', methods: { '01': { allows: [], emvs: ['visa-usd'] } }, mid: 'MID-C1' },
      patch: [
        { op: 'add', path: '/acquirer', value: 'host-a' },
        { op: 'add', path: '/currency', value: 'USD' },
        { op: 'add', path: '/mid', value: 'MID-C1' },
        { op: 'add', path: '/methods', value: { '01': { allows: [], emvs: ['visa-usd'] } } },
      ],
      dependsOn: ['binding/coffee-001/host-old/USD'],
      reason: 'merchant binding not in the live group',
      notes: [],
      impact: { merchants: 1, terminals: 1, payments: traffic(0, 0, null) },
    },
    {
      address: 'device/coffee-001/till-1',
      kind: 'device',
      key: 'coffee-001/till-1',
      action: 'update',
      liveId: '<id>',
      merchant: 'coffee-001',
      before: COFFEE_TILL,
      after: { ...COFFEE_TILL, acquirerFields: { 'host-a': { tid: '00001' } } },
      patch: [
        { op: 'remove', path: '/acquirerFields/host-old' },
        { op: 'add', path: '/acquirerFields/host-a', value: { tid: '00001' } },
      ],
      dependsOn: ['binding/coffee-001/host-a/USD'],
      reason: '2 field changes',
      notes: [],
      impact: { merchants: 1, terminals: 1, payments: traffic(1, 12.5, last) },
    },
  ];
}

function planOf(groupId: string, rest: Record<string, unknown>) {
  return {
    formatVersion: 1,
    baseUrl: '<sim>',
    group: { groupId, groupName: `PBO ${groupId}` },
    changes: [],
    unmanaged: [],
    unreadDevices: [{ merchant: 'tea-002', cause: 'list-not-managed' }],
    blocked: [],
    summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 0 },
    sensitive: [],
    ...rest,
  };
}

async function planJson(s: Shop, file: string, ...flags: string[]): Promise<any> {
  const run = await s.cli(['plan', '-f', file, '--json', ...flags]);
  expect(run.code, run.err).toBe(0);
  return maskedPlan(run.out);
}

describe('the settlement guard', () => {
  it('blocks a profile delete (and the binding delete before it) while a batch is open, and lets them through once it is settled', async () => {
    const s = await shops.take('G-62000001');
    await s.pay(12.5);
    s.write('paycfg.yaml', MIGRATE);
    const [batch] = await s.batches();
    expect(batch).toMatchObject({ state: 0, paymentCount: 1, paymentAmt: 12.5 });

    expect(await planJson(s, 'paycfg.yaml')).toEqual(
      planOf('G-62000001', {
        blocked: [
          unsettledEntry('acquirer/host-old', 'delete', 'deleting it', batch!.batchId, 12.5),
          dependency('binding/coffee-001/host-a/USD', 'binding', 'create', 'binding/coffee-001/host-old/USD'),
          unsettledEntry('binding/coffee-001/host-old/USD', 'delete', 'deleting it', batch!.batchId, 12.5),
          dependency('device/coffee-001/till-1', 'device', 'update', 'binding/coffee-001/host-a/USD'),
        ],
        summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 4 },
      }),
    );
    // apply never tries them.
    await sim.admin.resetStats();
    const applied = await s.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
    expect(applied.code).toBe(1);
    expect(applied.out).toContain('Apply incomplete: 0 done, 0 failed, 0 skipped, 4 blocked.');
    expect((await sim.admin.stats()).writes).toBe(0);

    await s.settle(batch!.batchId);
    const [settled] = await s.batches();
    expect(settled!.state).toBe(1);
    const [bindingDelete, bindingCreate, deviceUpdate] = unbindChanges(settled!.createdAt);
    expect(await planJson(s, 'paycfg.yaml')).toEqual(
      planOf('G-62000001', {
        changes: [
          bindingDelete,
          bindingCreate,
          deviceUpdate,
          {
            address: 'acquirer/host-old',
            kind: 'acquirer',
            key: 'host-old',
            action: 'delete',
            liveId: '<id>',
            before: HOST_OLD,
            after: null,
            patch: ['methods', 'asSettleBlock', 'asDefault', 'enablerParams', 'connMessageFormat', 'acqType', 'currency'].map((field) => ({ op: 'remove', path: `/${field}` })),
            dependsOn: ['binding/coffee-001/host-old/USD', 'device/coffee-001/till-1'],
            reason: 'not in the manifest, and prune.acquirerProfiles is on',
            notes: [],
            impact: { merchants: 1, terminals: 1, payments: traffic(1, 12.5, settled!.createdAt) },
          },
        ],
        summary: { create: 1, update: 1, delete: 2, replace: 0, blocked: 0 },
        sensitive: ['device/coffee-001/till-1#/deviceAdmin'],
      }),
    );
    const done = await s.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
    expect(done.code, done.out + done.err).toBe(0);
  });

  it('blocks a binding delete while a batch is open, and what waits on it', async () => {
    const s = await shops.take('G-62000002');
    await s.pay(7.25);
    s.write('paycfg.yaml', UNBIND);
    const [batch] = await s.batches();
    expect(await planJson(s, 'paycfg.yaml')).toEqual(
      planOf('G-62000002', {
        blocked: [
          dependency('binding/coffee-001/host-a/USD', 'binding', 'create', 'binding/coffee-001/host-old/USD'),
          unsettledEntry('binding/coffee-001/host-old/USD', 'delete', 'deleting it', batch!.batchId, 7.25),
          dependency('device/coffee-001/till-1', 'device', 'update', 'binding/coffee-001/host-a/USD'),
        ],
        summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 3 },
      }),
    );
    await s.settle(batch!.batchId);
    const [settled] = await s.batches();
    const changes = unbindChanges(settled!.createdAt).map((c) => (c.impact.payments.count === 0 ? c : { ...c, impact: { ...c.impact, payments: traffic(1, 7.25, settled!.createdAt) } }));
    expect(await planJson(s, 'paycfg.yaml')).toEqual(
      planOf('G-62000002', { changes, summary: { create: 1, update: 1, delete: 1, replace: 0, blocked: 0 }, sensitive: ['device/coffee-001/till-1#/deviceAdmin'] }),
    );
  });

  it('blocks a terminal decommission while a batch is open, and a failed settlement blocks it too', async () => {
    const s = await shops.take('G-62000003');
    await s.pay(3);
    s.write('paycfg.yaml', DECOMMISSION);
    const [batch] = await s.batches();
    const blocked = (state: number) =>
      planOf('G-62000003', {
        blocked: [unsettledEntry('device/coffee-001/till-1', 'delete', 'decommissioning it', batch!.batchId, 3, state, 'decommission')],
        summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 1 },
      });
    expect(await planJson(s, 'paycfg.yaml')).toEqual(blocked(0));
    // Said as what it would do, not as a delete: in the plan and in apply's summary.
    const shown = await s.cli(['plan', '-f', 'paycfg.yaml', '--no-color']);
    expect(shown.out).toContain('Blocked: 1 change apply will not try (unsettled settlement batches route through it):\n  ! device/coffee-001/till-1 (decommission): ');
    const incomplete = await s.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
    expect(incomplete.code).toBe(1);
    expect(incomplete.out).toContain('1 change was blocked and not attempted:\n  ! device/coffee-001/till-1 (decommission): ');

    await sim.admin.settlementFailure(batch!.batchId);
    expect(await planJson(s, 'paycfg.yaml')).toEqual(blocked(2));
    const text = await s.cli(['plan', '-f', 'paycfg.yaml', '--no-color']);
    expect(text.out).toContain(`- batch ${batch!.batchId} (settlement failed): 1 payment, USD 3.00`);

    await s.settle(batch!.batchId);
    const plan = await planJson(s, 'paycfg.yaml');
    expect(plan.blocked).toEqual([]);
    expect(plan.changes.map((c: any) => [c.address, c.disposal])).toEqual([['device/coffee-001/till-1', 'decommission']]);
  });

  it('--allow-unsettled lets the change through with a warning listing the batches, and apply carries it out', async () => {
    const s = await shops.take('G-62000004');
    await s.pay(3);
    s.write('paycfg.yaml', DECOMMISSION);
    const [batch] = await s.batches();
    const plan = await planJson(s, 'paycfg.yaml', '--allow-unsettled');
    expect(plan.blocked).toEqual([]);
    expect(plan.changes.map((c: any) => [c.address, c.disposal, c.impact])).toEqual([
      ['device/coffee-001/till-1', 'decommission', { merchants: 1, terminals: 1, payments: traffic(1, 3, batch!.updatedAt) }],
    ]);
    expect(plan.warnings).toEqual([
      {
        address: 'device/coffee-001/till-1',
        message: `--allow-unsettled: 1 unsettled settlement batch routes through device/coffee-001/till-1, and the change goes ahead: batch ${batch!.batchId} (open): 1 payment, USD 3.00`,
        batches: [batchOf(batch!.batchId, 3)],
      },
    ]);

    const applied = await s.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve', '--allow-unsettled']);
    expect(applied.code, applied.out + applied.err).toBe(0);
    expect(applied.out).toContain('Apply complete: 1 done');
    // The terminal is gone; its batch stays open, as the reviewer accepted.
    expect((await s.batches())[0]!.state).toBe(0);
    expect((await planJson(s, 'paycfg.yaml')).changes).toEqual([]);
  });

  it('apply PLANFILE reads the batches again: refused when one opened since the plan, before any write; --allow-unsettled takes it', async () => {
    const s = await shops.take('G-62000005');
    s.write('paycfg.yaml', DECOMMISSION);
    const saved = await s.cli(['plan', '-f', 'paycfg.yaml', '--out', 'plan.json']);
    expect(saved.code, saved.err).toBe(0);
    await s.pay(42.1);
    const [batch] = await s.batches();

    await sim.admin.resetStats();
    const refused = await s.cli(['apply', 'plan.json']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('unsettled settlement batches now route through a change of the saved plan (money has moved since it was made); nothing was changed:');
    expect(refused.err).toContain(`  - device/coffee-001/till-1 (decommission): batch ${batch!.batchId} (open): 1 payment, USD 42.10`);
    expect(refused.err).toContain('then apply the saved plan again; or run with --allow-unsettled');
    const stats = await sim.admin.stats();
    expect(stats.writes).toBe(0);
    expect(stats.byRoute['GET /api/v2/settlement']).toBe(1);

    const json = await s.cli(['apply', 'plan.json', '--json']);
    expect(JSON.parse(json.out).error).toMatchObject({ code: 'SAVED_PLAN_UNSETTLED', changes: { 'device/coffee-001/till-1': [batch!.batchId] } });

    const allowed = await s.cli(['apply', 'plan.json', '--allow-unsettled']);
    expect(allowed.code, allowed.out + allowed.err).toBe(0);
    expect(allowed.out).toContain('Apply complete: 1 done');
  });

  it('a saved plan whose guarded change still has no unsettled batch applies, after one settlement read', async () => {
    const s = await shops.take('G-62000006');
    await s.pay(5);
    const [batch] = await s.batches();
    await s.settle(batch!.batchId);
    s.write('paycfg.yaml', DECOMMISSION);
    expect((await s.cli(['plan', '-f', 'paycfg.yaml', '--out', 'plan.json'])).code).toBe(0);
    await sim.admin.resetStats();
    const applied = await s.cli(['apply', 'plan.json']);
    expect(applied.code, applied.out + applied.err).toBe(0);
    expect((await sim.admin.stats()).byRoute['GET /api/v2/settlement']).toBe(1);
  });

  it('a plan that deletes, replaces and re-routes nothing reads no settlement data: the same reads before and after payments', async () => {
    const s = await shops.take('G-62000007');
    const readsOf = async (file: string): Promise<Record<string, number>> => {
      await sim.admin.resetStats();
      const run = await s.cli(['plan', '-f', file, '--json']);
      expect(run.code, run.err).toBe(0);
      return (await sim.admin.stats()).byRoute;
    };
    s.write('contact.yaml', BASE.replace('contactName: Jane Doe', 'contactName: Jane Roe'));
    const noOpBefore = await readsOf('base.yaml');
    const contactBefore = await readsOf('contact.yaml');
    await s.pay(9.99);
    await s.pay(1.01);
    const noOpAfter = await readsOf('base.yaml');
    const contactAfter = await readsOf('contact.yaml');
    // What a plan of this group sends, whatever money moved: the owner and the legacy read that says which API the
    // group is on (the manifest pins none), the three group lists, both merchants' binding records (coffee-001's mid;
    // live/summary-reading.ts for the rest) and coffee-001's devices (managed).
    const today = {
      'GET /api/v2/current': 1,
      'GET /api/v2/mchInfo': 1,
      'GET /api/openapi/v1/emv': 1,
      'GET /api/openapi/v1/acquirer': 1,
      'GET /api/openapi/v1/mchInfo': 1,
      'GET /api/openapi/v1/mchInfo/payment/{mchId}': 2,
      'GET /api/openapi/v1/device': 1,
    };
    expect(noOpBefore).toEqual(today);
    expect(contactBefore).toEqual(today);
    expect(noOpAfter).toEqual(today);
    expect(contactAfter).toEqual(today);
    for (const reads of [noOpBefore, noOpAfter, contactBefore, contactAfter]) {
      expect(Object.keys(reads).filter((route) => route.includes('/api/v2/settlement'))).toEqual([]);
    }
    // The contact update is planned (so the comparison is of a plan with a change), with its reach and no traffic.
    const contact = await planJson(s, 'contact.yaml');
    expect(contact.changes.map((c: any) => [c.address, c.impact])).toEqual([['merchant/coffee-001', { merchants: 1, terminals: 1 }]]);
    // A money-relevant plan reads the batches exactly once.
    s.write('paycfg.yaml', DECOMMISSION);
    expect((await readsOf('paycfg.yaml'))['GET /api/v2/settlement']).toBe(1);
  });

  it('a plan that needs the batches and cannot read them fails, naming the endpoint, and is not made', async () => {
    const s = await shops.take('G-62000008');
    s.write('paycfg.yaml', DECOMMISSION);
    // A gateway in front of the service that refuses this token the settlement endpoint.
    const proxy: Server = createServer(async (req, res) => {
      if (req.url?.startsWith('/api/v2/settlement')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 13000, msg: 'Owner info invalid', data: null }));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await fetch(`${sim.url}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k === 'authorization' || k === 'content-type')) as Record<string, string>,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const run = await s.cli(['plan', '-f', 'paycfg.yaml', '--json', '--base-url', url, '--out', 'plan.json']);
      expect(run.code).toBe(1);
      const error = JSON.parse(run.out).error;
      expect(error.code).toBe('SETTLEMENT_READ');
      expect(error.message).toContain("cannot read the group's settlement batches (GET /api/v2/settlement?createdStart=");
      expect(error.message).toContain('paycfg makes no such plan without knowing which batches are still unsettled');
      expect(s.dir).toBeDefined();
      const saved = await s.cli(['apply', 'plan.json']);
      expect(saved.err).toContain('plan.json: no such file');
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('a profile renamed by a kept moved: entry is still guarded by a batch opened under its old name: plan, and apply PLANFILE', async () => {
    const s = await shops.take('G-62000009');
    await s.pay(5);
    const renamed = `${BASE.replace(/host-old/g, 'host-new')}moved:\n  - { from: acquirer/host-old, to: acquirer/host-new }\n`;
    s.write('renamed.yaml', renamed);
    const rename = await s.cli(['apply', '-f', 'renamed.yaml', '--auto-approve']);
    expect(rename.code, rename.out + rename.err).toBe(0);
    const [batch] = await s.batches();
    expect([batch!.state, (batch as { profileName?: string }).profileName]).toEqual([0, 'host-old']);

    // host-new's currency changes (a replacement); the moved: entry stays, as it may after the apply.
    s.write('paycfg.yaml', renamed.replace('profileName: host-new, currency: USD', 'profileName: host-new, currency: EUR'));
    const blocked = await planJson(s, 'paycfg.yaml');
    expect(blocked.changes).toEqual([]);
    expect(blocked.blocked).toEqual([unsettledEntry('acquirer/host-new', 'replace', 'replacing (deleting) it', batch!.batchId, 5)]);

    // Saved with --allow-unsettled, which a saved plan does not keep: apply PLANFILE reads the batches again and refuses it.
    const saved = await s.cli(['plan', '-f', 'paycfg.yaml', '--allow-unsettled', '--out', 'plan.json']);
    expect(saved.code, saved.out + saved.err).toBe(0);
    await sim.admin.resetStats();
    const refused = await s.cli(['apply', 'plan.json', '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.out).error).toMatchObject({ code: 'SAVED_PLAN_UNSETTLED', changes: { 'acquirer/host-new': [batch!.batchId] } });
    expect((await sim.admin.stats()).writes).toBe(0);
  });

  it('a profile renamed without a kept moved: entry: a batch under its old name still blocks the decommission of its terminal, with a warning', async () => {
    const s = await shops.take('G-62000010');
    await s.pay(5);
    const renamed = `${BASE.replace(/host-old/g, 'host-new')}moved:\n  - { from: acquirer/host-old, to: acquirer/host-new }\n`;
    s.write('renamed.yaml', renamed);
    expect((await s.cli(['apply', '-f', 'renamed.yaml', '--auto-approve'])).code).toBe(0);
    const [batch] = await s.batches();
    // The moved: entry left the manifest, and the till is retired: the batch names no live profile, but its terminal's tid.
    const retired = renamed
      .slice(0, renamed.indexOf('moved:'))
      .replace(/\n {4}devices:\n.*\n/, '\n    devices: []\n')
      .concat('prune:\n  activatedDevices: decommission\n');
    s.write('paycfg.yaml', retired);
    const plan = await planJson(s, 'paycfg.yaml');
    expect(plan.blocked.map((b: { address: string; cause: string }) => [b.address, b.cause])).toEqual([['device/coffee-001/till-1', 'unsettled']]);
    expect(plan.warnings.map((w: { message: string }) => w.message)).toContainEqual(
      expect.stringContaining(`settlement batch ${batch!.batchId} names acquirer profile "host-old", which no live profile has`),
    );
  });
});
