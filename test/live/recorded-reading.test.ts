/**
 * A live read with the service record's reading (ReadOptions.recorded; src/live/summary-reading.ts):
 * over real HTTP against one simulator per reading, each holding a few small groups. A `binding`
 * record skips the binding lists a group gives no proof for, and still reads them for `mid`; a
 * `profile` record reads as without proof; the records read anyway, and the candidate's, are
 * checked against their summary items, and a group that reads the other way is refused with
 * nothing sent but reads. A group on the legacy API is read as without a record.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { groupClient } from '../../src/backend/configuration-api.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { buildDesiredState } from '../../src/desired/build-desired.js';
import { readAllLive, readLive, readOwner, type LiveRead } from '../../src/live/read-live.js';
import { loadManifest } from '../../src/manifest/index.js';
import { DEFAULT_IMPACT_WINDOW } from '../../src/payments/impact-window.js';
import { ServiceRecordContradictedError } from '../../src/service-record/errors.js';
import type { RecordedReading, SummaryLists } from '../../src/service-record/types.js';
import { planRead } from '../../src/workflow/plan-stages.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const BINDING_RECORDS = 'GET /api/openapi/v1/mchInfo/payment/{mchId}';
const LEGACY_MERCHANT = 'GET /api/v2/mchInfo/{mchId}';
const SOURCE = 'team/paycfg.service.yaml';

const recordOf = (summaryLists: SummaryLists): RecordedReading => ({ summaryLists, source: SOURCE });

interface Shop {
  ref: string;
  /** Method codes bound through host-a (whose profile holds 01 and 02). */
  methods: readonly ('01' | '02')[];
  mid?: string;
}

function manifest(shops: readonly Shop[]): string {
  const emvOf = { '01': 'visa-usd', '02': 'mc-usd' } as const;
  const merchants = shops.map(
    (shop) => `
  - providerReference: ${shop.ref}
    mchName: Shop ${shop.ref}
    currency: USD
    contactName: Jane
    contactEmail: jane@${shop.ref}.example
    bindings:
      - acquirer: host-a
        currency: USD${shop.mid === undefined ? '' : `\n        mid: "${shop.mid}"`}
        methods:${shop.methods.map((code) => `\n          "${code}": { emvs: [${emvOf[code]}], allows: [Sale] }`).join('')}`,
  );
  return `version: 1
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010 }
  - emvName: mc-usd
    paymentMethod: "02"
    currency: USD
    params: { aid: A0000000041010 }
acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: https://host-a.example.com/iso
    notifyUrl: https://pbo.example.com/notify
    methods:
      "01": { emvs: [visa-usd], allows: [Sale] }
      "02": { emvs: [mc-usd], allows: [Sale] }
merchants:${shops.length === 0 ? ' []' : merchants.join('')}
`;
}

const WHOLE: readonly Shop[] = [
  { ref: 'shop-1', methods: ['01', '02'] },
  { ref: 'shop-2', methods: ['01', '02'] },
  { ref: 'shop-3', methods: ['01', '02'], mid: '000000000003' },
];

/** shop-3's binding, with its mid, binds part of host-a. */
const PART_WITH_MID: readonly Shop[] = [...WHOLE.slice(0, 2), { ref: 'shop-3', methods: ['01'], mid: '000000000003' }];

/** shop-2's binding binds part of host-a: under the binding reading its item is a candidate. */
const PART: readonly Shop[] = [WHOLE[0]!, { ref: 'shop-2', methods: ['01'] }, WHOLE[2]!];

async function desiredOf(text: string) {
  return buildDesiredState(await loadManifest(['-'], { env: {}, cwd: process.cwd(), readStdin: async () => text }));
}

function describeReading(summaryLists: SummaryLists, body: (h: Harness) => void): void {
  describe(`acquirers[] lists of the ${summaryLists}`, () => {
    const h = harness(summaryLists);
    body(h);
  });
}

interface Harness {
  /** A new group on the simulator with `shops` applied (through the CLI, without a record). */
  group(shops: readonly Shop[], api?: 'legacy'): Promise<string>;
  /** A plan of `shops` with the live read given `recorded`: its changes, the binding lists read and the writes sent. */
  plan(groupId: string, shops: readonly Shop[], recorded?: RecordedReading, api?: 'legacy'): Promise<Planned>;
  /** readAllLive (export's read) with `recorded`. */
  exportRead(groupId: string, recorded?: RecordedReading): Promise<{ live: LiveRead; reads: number }>;
  /** Rebinds a merchant behind paycfg's back to `codes` of host-a. */
  rebind(groupId: string, ref: string, codes: readonly ('01' | '02')[]): Promise<void>;
  sim(): TestSimulator;
}

interface Planned {
  live: LiveRead;
  changes: string[];
  reads: number;
}

function harness(summaryLists: SummaryLists): Harness {
  let sim: TestSimulator;
  let groups = 0;
  const dir = mkdtempSync(join(tmpdir(), `paycfg-recorded-${summaryLists}-`));
  beforeAll(async () => {
    sim = await startTestSimulator({ summaryLists });
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const client = (groupId: string, api: 'current' | 'legacy' = 'current') => groupClient(createApiClient({ baseUrl: sim.url, token: sim.token(groupId) }), api);
  const bindingReads = async (): Promise<number> => {
    const stats = await sim.admin.stats();
    expect(stats.writes).toBe(0);
    return (stats.byRoute[BINDING_RECORDS] ?? 0) + (stats.byRoute[LEGACY_MERCHANT] ?? 0);
  };

  return {
    sim: () => sim,
    async group(shops, api) {
      groups += 1;
      const groupId = `G-64${summaryLists === 'binding' ? 1 : 2}${String(groups).padStart(5, '0')}`;
      await sim.admin.createGroup({ groupId, ...(api === 'legacy' ? { apiVersion: 'legacy' as const } : {}) });
      const path = join(dir, `${groupId}.yaml`);
      writeFileSync(path, manifest(shops));
      const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId) }, cwd: dir });
      const code = await main(['apply', '-f', path, '--auto-approve'], io);
      expect(code, `${io.out()}\n${io.err()}`).toBe(0);
      return groupId;
    },
    async plan(groupId, shops, recorded, api) {
      const desired = await desiredOf(manifest(shops));
      const group = client(groupId, api);
      const owner = await readOwner(group, undefined);
      await sim.admin.resetStats();
      const live = await readLive(group, desired, owner, { concurrency: 4, ...(recorded !== undefined ? { recorded } : {}) });
      const reads = await bindingReads();
      const context = { baseUrl: sim.url, group: { groupId, groupName: owner.groupName ?? '' } };
      const { plan } = planRead(desired, { live, context }, { targets: [], window: DEFAULT_IMPACT_WINDOW, now: new Date(), allowUnsettled: false });
      return { live, changes: plan.changes.map((c) => `${c.action} ${c.address}`), reads };
    },
    async exportRead(groupId, recorded) {
      const group = client(groupId);
      const owner = await readOwner(group, undefined);
      await sim.admin.resetStats();
      const live = await readAllLive(group, owner, { concurrency: 4, ...(recorded !== undefined ? { recorded } : {}) });
      return { live, reads: await bindingReads() };
    },
    async rebind(groupId, ref, codes) {
      const merchants = await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId);
      const mchId = String(merchants.body.data.records.find((m: { providerReference: string }) => m.providerReference === ref).mchId);
      const profiles = await sim.api('GET', '/api/openapi/v1/acquirer?pageSize=-1', undefined, groupId);
      const emvs = await sim.api('GET', '/api/openapi/v1/emv?pageSize=-1', undefined, groupId);
      const emvOf = { '01': 'visa-usd', '02': 'mc-usd' } as const;
      const emvId = (code: '01' | '02') => emvs.body.data.records.find((e: { emvName: string }) => e.emvName === emvOf[code]).id;
      const put = await sim.api(
        'PUT',
        `/api/openapi/v1/mchInfo/payment/${mchId}`,
        {
          acquirerProfileId: String(profiles.body.data.records[0].profileId),
          currency: 'USD',
          paymentMethods: codes.map((code) => ({ paymentMethodCode: code, allows: ['Sale'], emvs: [{ emvId: emvId(code) }] })),
        },
        groupId,
      );
      expect(put.body.code).toBe(0);
    },
  };
}

/** What a refusal must say and carry: the record file, the merchant, the binding, both readings. */
function expectContradicted(error: unknown, recorded: SummaryLists, ref: string): ServiceRecordContradictedError {
  expect(error).toBeInstanceOf(ServiceRecordContradictedError);
  const refused = error as ServiceRecordContradictedError;
  expect(refused.exitCode).toBe(1);
  expect(refused.details).toMatchObject({ serviceRecord: SOURCE, recorded, shows: recorded === 'binding' ? 'profile' : 'binding', providerReference: ref, profile: 'host-a', currency: 'USD' });
  expect(refused.details['mchId']).toMatch(/^M\d+$/);
  for (const said of [SOURCE, `merchant ${ref} (mchId ${String(refused.details['mchId'])})`, 'host-a USD', 'Nothing was planned or changed', 'run again', 'paycfg probe']) {
    expect(refused.message).toContain(said);
  }
  return refused;
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the read was not refused'),
    (error: unknown) => error,
  );
}

describeReading('binding', (h) => {
  it('a binding record skips the binding lists, still reads them for mid, and plans what a plan without a record plans', async () => {
    const groupId = await h.group(WHOLE);
    const without = await h.plan(groupId, WHOLE);
    // No item differs from its profile: without a record, each managed merchant with bindings is read (rule 2).
    expect(without).toMatchObject({ changes: [], reads: 3 });
    expect(without.live.state.bindingAllowsWriteOnly).toBe(true);
    expect(without.live.summaryReading).toEqual({ proof: undefined });

    const recorded = await h.plan(groupId, WHOLE, recordOf('binding'));
    // shop-3's mid is in no summary: its records alone are read.
    expect(recorded).toMatchObject({ changes: [], reads: 1 });
    expect(recorded.live.state.bindingAllowsWriteOnly).toBe(false);
    expect(recorded.live.summaryReading).toEqual({ proof: undefined, recorded: recordOf('binding') });

    // A binding that lost a method behind paycfg's back is seen: its item, a candidate, is checked with its one read.
    await h.rebind(groupId, 'shop-2', ['01']);
    const lost = await h.plan(groupId, WHOLE, recordOf('binding'));
    expect(lost).toMatchObject({ changes: ['update binding/shop-2/host-a/USD'], reads: 2 });
    expect(lost.live.summaryReading.proof).toMatchObject({ binding: 'shop-2/host-a/USD' });
  });

  it('a profile record is contradicted by a binding of part of its profile, whose record holds its item', async () => {
    const groupId = await h.group(PART);
    // Without a record, shop-2's item proves the binding reading: only it and shop-3's mid are read.
    expect(await h.plan(groupId, PART)).toMatchObject({ changes: [], reads: 2 });
    const error = await refusal(h.plan(groupId, PART, recordOf('profile')));
    const refused = expectContradicted(error, 'profile', 'shop-2');
    expect(refused.details).toMatchObject({
      summaryLists: { '01': { emvs: ['visa-usd'], allows: ['Sale'] } },
      bindingLists: { '01': { emvs: ['visa-usd'] } },
      profileLists: { '01': { emvs: ['visa-usd'], allows: ['Sale'] }, '02': { emvs: ['mc-usd'], allows: ['Sale'] } },
    });
    expect(refused.message).toContain('profile host-a holds 01 [visa-usd] allowing Sale, 02 [mc-usd] allowing Sale: the summary carries each binding');
    // The binding record confirms it: the export's read of every record is refused too.
    expectContradicted(await refusal(h.exportRead(groupId, recordOf('profile'))), 'profile', 'shop-2');
    // A binding record agrees, and knows allows.
    const exported = await h.exportRead(groupId, recordOf('binding'));
    expect(exported.reads).toBe(3);
    expect(exported.live.state.bindingAllowsWriteOnly).toBe(false);
  });

  it('a profile record where every binding binds its whole profile reads as without a record: no evidence either way', async () => {
    const groupId = await h.group(WHOLE);
    const recorded = await h.plan(groupId, WHOLE, recordOf('profile'));
    expect(recorded).toMatchObject({ changes: [], reads: 3 });
    expect(recorded.live.state.bindingAllowsWriteOnly).toBe(true);
    expect(recorded.live.summaryReading).toEqual({ proof: undefined, recorded: recordOf('profile') });
  });

  it('a group on the legacy API is read as without a record, whichever it says', async () => {
    // Every binding whole: without proof, each merchant is read; a binding record changes nothing.
    const whole = await h.group(WHOLE.slice(0, 2), 'legacy');
    const without = await h.plan(whole, WHOLE.slice(0, 2), undefined, 'legacy');
    expect(without).toMatchObject({ changes: [], reads: 2 });
    const binding = await h.plan(whole, WHOLE.slice(0, 2), recordOf('binding'), 'legacy');
    expect(binding).toMatchObject({ changes: [], reads: 2 });
    expect(binding.live.summaryReading).toEqual({ proof: undefined });
    expect(binding.live.state.bindingAllowsWriteOnly).toBe(true);
    // A binding of part of its profile: paycfg's own summary of it holds its methods, which is no contradiction of a profile record.
    const part = await h.group([WHOLE[0]!, { ref: 'shop-2', methods: ['01'] }], 'legacy');
    const profile = await h.plan(part, [WHOLE[0]!, { ref: 'shop-2', methods: ['01'] }], recordOf('profile'), 'legacy');
    expect(profile).toMatchObject({ changes: [], reads: 1 });
    expect(profile.live.summaryReading).toEqual({ proof: { mchId: expect.stringMatching(/^M/), binding: 'shop-2/host-a/USD' } });
  });
});

describeReading('profile', (h) => {
  it('a binding record is contradicted by a binding with mid that binds part of its profile', async () => {
    const groupId = await h.group(PART_WITH_MID);
    // Without a record: no item differs from its profile, each merchant is read, no false drift for shop-3.
    expect(await h.plan(groupId, PART_WITH_MID)).toMatchObject({ changes: [], reads: 3 });
    const refused = expectContradicted(await refusal(h.plan(groupId, PART_WITH_MID, recordOf('binding'))), 'binding', 'shop-3');
    expect(refused.details).toMatchObject({
      summaryLists: { '01': { emvs: ['visa-usd'] }, '02': { emvs: ['mc-usd'] } },
      bindingLists: { '01': { emvs: ['visa-usd'] } },
    });
    expect(refused.message).toContain('the summary lists its binding to host-a USD as 01 [visa-usd], 02 [mc-usd], but its binding record binds 01 [visa-usd]');
    expectContradicted(await refusal(h.exportRead(groupId, recordOf('binding'))), 'binding', 'shop-3');
  });

  it('a profile record plans as a plan without one; export agrees and leaves allows unknown', async () => {
    const groupId = await h.group(PART_WITH_MID);
    const without = await h.plan(groupId, PART_WITH_MID);
    const recorded = await h.plan(groupId, PART_WITH_MID, recordOf('profile'));
    expect(recorded).toMatchObject({ changes: without.changes, reads: without.reads });
    expect(recorded.live.state.bindingAllowsWriteOnly).toBe(true);
    expect(recorded.live.summaryReading).toEqual({ proof: undefined, recorded: recordOf('profile') });
    const exported = await h.exportRead(groupId, recordOf('profile'));
    expect(exported.reads).toBe(3);
    expect(exported.live.state.bindingAllowsWriteOnly).toBe(true);
  });

  it('a binding record where every binding binds its whole profile and none sets mid reads no binding list: it cannot see a lost method', async () => {
    const shops = WHOLE.slice(0, 2);
    const groupId = await h.group(shops);
    await h.rebind(groupId, 'shop-2', ['01']);
    // Without a record, the read shows the lost method.
    expect(await h.plan(groupId, shops)).toMatchObject({ changes: ['update binding/shop-2/host-a/USD'], reads: 2 });
    // A wrong binding record trusts the summary (the profile's lists): what the record cannot see, it does not read.
    expect(await h.plan(groupId, shops, recordOf('binding'))).toMatchObject({ changes: [], reads: 0 });
  });
});
