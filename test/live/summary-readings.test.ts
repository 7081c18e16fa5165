/**
 * Whose lists a merchant's acquirers[] summary carries (the binding's or the bound profile's) is not
 * said by the reference; paycfg decides per run from what it reads (src/live/summary-reading.ts).
 * Against a simulator speaking each reading: a plan sees a binding that lost a method behind
 * paycfg's back and shows no false drift for a binding of part of its profile, and the binding
 * records it reads are counted for the cases with and without proof of the binding reading.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const BINDING_RECORDS = 'GET /api/openapi/v1/mchInfo/payment/{mchId}';

interface Shop {
  ref: string;
  /** Method codes bound through host-a (whose profile holds 01 and 02); undefined leaves `bindings` out. */
  methods?: readonly ('01' | '02')[];
}

function manifest(shops: readonly Shop[]): string {
  const emvOf = { '01': 'visa-usd', '02': 'mc-usd' } as const;
  const merchants = shops.map((shop) => {
    const bindings =
      shop.methods === undefined
        ? ''
        : shop.methods.length === 0
          ? '\n    bindings: []'
          : `
    bindings:
      - acquirer: host-a
        currency: USD
        methods:${shop.methods.map((code) => `\n          "${code}": { emvs: [${emvOf[code]}] }`).join('')}`;
    return `
  - providerReference: ${shop.ref}
    mchName: Shop ${shop.ref}
    currency: USD
    contactName: Jane
    contactEmail: jane@${shop.ref}.example${bindings}`;
  });
  return `version: 1
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, appVersion: "0002" }
  - emvName: mc-usd
    paymentMethod: "02"
    currency: USD
    params: { aid: A0000000041010, appVersion: "0002" }
acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    methods:
      "01": { emvs: [visa-usd] }
      "02": { emvs: [mc-usd] }
merchants:${merchants.length === 0 ? ' []' : merchants.join('')}
`;
}

describe.each(['binding', 'profile'] as const)('acquirers[] lists of the %s', (summaryLists) => {
  let sim: TestSimulator;
  let groups = 0;
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-summary-'));

  beforeAll(async () => {
    sim = await startTestSimulator({ summaryLists });
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function freshGroup(): Promise<{ groupId: string; run: (argv: string[]) => Promise<{ code: number; out: string; err: string }> }> {
    groups += 1;
    const groupId = `G-6${summaryLists === 'binding' ? 1 : 2}${String(groups).padStart(6, '0')}`;
    await sim.admin.createGroup({ groupId });
    const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId) };
    return {
      groupId,
      run: async (argv) => {
        const io = captureIo({ env, cwd: dir });
        const code = await main(argv, io);
        return { code, out: io.out(), err: io.err() };
      },
    };
  }

  function write(name: string, shops: readonly Shop[]): string {
    const path = join(dir, `${summaryLists}-${name}.yaml`);
    writeFileSync(path, manifest(shops));
    return path;
  }

  async function planned(run: (argv: string[]) => Promise<{ code: number; out: string; err: string }>, path: string) {
    await sim.admin.resetStats();
    const plan = await run(['plan', '-f', path, '--json']);
    expect(plan.code, plan.err).toBe(0);
    const reads = (await sim.admin.stats()).byRoute[BINDING_RECORDS] ?? 0;
    const parsed = (JSON.parse(plan.out) as { changes: { action: string; address: string; notes: string[] }[] }).changes;
    const changes = parsed.map((c) => `${c.action} ${c.address}`);
    return { changes, reads, notes: parsed.flatMap((c) => c.notes) };
  }

  it('sees a binding that lost a method behind paycfg’s back', async () => {
    const { groupId, run } = await freshGroup();
    const path = write('lost', [{ ref: 'shop-1', methods: ['01', '02'] }]);
    const apply = await run(['apply', '-f', path, '--auto-approve']);
    expect(apply.code, `${apply.out}\n${apply.err}`).toBe(0);
    expect((await planned(run, path)).changes).toEqual([]);

    const merchants = await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId);
    const mchId = String(merchants.body.data.records[0].mchId);
    const profiles = await sim.api('GET', '/api/openapi/v1/acquirer?pageSize=-1', undefined, groupId);
    const emvs = await sim.api('GET', '/api/openapi/v1/emv?pageSize=-1', undefined, groupId);
    const visa = emvs.body.data.records.find((e: { emvName: string }) => e.emvName === 'visa-usd').id;
    const drop = await sim.api(
      'PUT',
      `/api/openapi/v1/mchInfo/payment/${mchId}`,
      {
        acquirerProfileId: String(profiles.body.data.records[0].profileId),
        currency: 'USD',
        paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: visa }] }],
      },
      groupId,
    );
    expect(drop.body.code).toBe(0);

    const lost = await planned(run, path);
    expect(lost.changes).toEqual(['update binding/shop-1/host-a/USD']);
    // Under the binding reading the item that lost 02 is proof (its record confirms it). Under the
    // profile reading there is none and allows are write-only for the run, but this binding has no
    // allows, in the manifest or live: nothing to say about them (scenario 024 has the note).
    expect(lost.notes).toEqual([]);
    const again = await run(['apply', '-f', path, '--auto-approve']);
    expect(again.code, `${again.out}\n${again.err}`).toBe(0);
    expect((await planned(run, path)).changes).toEqual([]);
  });

  it('without proof of the binding reading, reads the binding records of each managed merchant with bindings', async () => {
    const { run } = await freshGroup();
    // shop-3's bindings are not managed, shop-4 has none: neither is read.
    const path = write('whole', [
      { ref: 'shop-1', methods: ['01', '02'] },
      { ref: 'shop-2', methods: ['01', '02'] },
      { ref: 'shop-3' },
      { ref: 'shop-4', methods: [] },
    ]);
    const apply = await run(['apply', '-f', path, '--auto-approve']);
    expect(apply.code, `${apply.out}\n${apply.err}`).toBe(0);
    expect(await planned(run, path)).toMatchObject({ changes: [], reads: 2 });
  });

  it('reads binding records only with proof missing: a binding of part of its profile is proof under the binding reading', async () => {
    const { run } = await freshGroup();
    const path = write('subset', [
      { ref: 'shop-1', methods: ['01', '02'] },
      { ref: 'shop-2', methods: ['01', '02'] },
      { ref: 'shop-3', methods: ['01'] },
    ]);
    const apply = await run(['apply', '-f', path, '--auto-approve']);
    expect(apply.code, `${apply.out}\n${apply.err}`).toBe(0);
    // No false drift for shop-3 under either reading. Under the binding reading shop-3's item is proof,
    // once its binding record confirms it (one read); the profile reading gives none, so all three are read.
    expect(await planned(run, path)).toMatchObject({ changes: [], reads: summaryLists === 'binding' ? 1 : 3 });
  });

  it('an EMV config that may go is held only by the bindings that use it, also outside the manifest', async () => {
    const { run } = await freshGroup();
    const apply = await run(['apply', '-f', write('outside-before', [{ ref: 'shop-1', methods: ['01'] }]), '--auto-approve']);
    expect(apply.code, `${apply.out}\n${apply.err}`).toBe(0);
    // shop-1 leaves the manifest (prune.merchants is off) and binds visa-usd only: mc-usd can go.
    const path = join(dir, `${summaryLists}-outside.yaml`);
    writeFileSync(
      path,
      manifest([])
        .replace('version: 1', 'version: 1\nprune: { emvConfigs: true }')
        .replace(/  - emvName: mc-usd\n(    .*\n){3}/, '')
        .replace('      "02": { emvs: [mc-usd] }\n', ''),
    );
    const plan = await planned(run, path);
    expect(plan.changes).toEqual(['update acquirer/host-a', 'delete emv/mc-usd']);
    // shop-1's item (part of host-a) is proof under the binding reading once its records confirm it: one read either way.
    expect(plan.reads).toBe(1);
  });

  it('sees a binding’s allows changed behind paycfg’s back only with proof of the binding reading', async () => {
    const { groupId, run } = await freshGroup();
    // shop-1's allows differ from host-a's; shop-2 binds part of host-a, which is proof under the binding reading.
    const path = write('allows', []);
    const shops: Shop[] = [
      { ref: 'shop-1', methods: ['01', '02'] },
      { ref: 'shop-2', methods: ['01'] },
    ];
    writeFileSync(path, manifest(shops).replace('\n          "02": { emvs: [mc-usd] }', '\n          "02": { emvs: [mc-usd], allows: [Sale] }'));
    const apply = await run(['apply', '-f', path, '--auto-approve']);
    expect(apply.code, `${apply.out}\n${apply.err}`).toBe(0);
    expect((await planned(run, path)).changes).toEqual([]);

    const merchants = await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId);
    const mchId = String(merchants.body.data.records.find((m: { providerReference: string }) => m.providerReference === 'shop-1').mchId);
    const profiles = await sim.api('GET', '/api/openapi/v1/acquirer?pageSize=-1', undefined, groupId);
    const emvs = await sim.api('GET', '/api/openapi/v1/emv?pageSize=-1', undefined, groupId);
    const emvId = (name: string) => emvs.body.data.records.find((e: { emvName: string }) => e.emvName === name).id;
    const cleared = await sim.api(
      'PUT',
      `/api/openapi/v1/mchInfo/payment/${mchId}`,
      {
        acquirerProfileId: String(profiles.body.data.records[0].profileId),
        currency: 'USD',
        paymentMethods: [
          { paymentMethodCode: '01', allows: [], emvs: [{ emvId: emvId('visa-usd') }] },
          { paymentMethodCode: '02', allows: [], emvs: [{ emvId: emvId('mc-usd') }] },
        ],
      },
      groupId,
    );
    expect(cleared.body.code).toBe(0);

    if (summaryLists === 'profile') {
      // No item ever differs from its profile: allows cannot be read, so they are not compared (both merchants' records are read).
      expect(await planned(run, path)).toMatchObject({ changes: [], reads: 2 });
      return;
    }
    // shop-2's item, confirmed by its binding record (the one read), proves the summary: shop-1's allows are its own.
    const seen = await planned(run, path);
    expect(seen).toMatchObject({ changes: ['update binding/shop-1/host-a/USD'], reads: 1, notes: [] });
    const again = await run(['apply', '-f', path, '--auto-approve']);
    expect(again.code, `${again.out}\n${again.err}`).toBe(0);
    expect((await planned(run, path)).changes).toEqual([]);
  });
});
