/**
 * The profile list and the merchant list are read at once, so a profile edited between the two
 * reads makes every item of the profile reading differ from the profile as listed: it looks like
 * proof of the binding reading (src/live/summary-reading.ts). paycfg checks such an item against
 * its merchant's binding records before trusting the summary. Here a proxy orders the reads (no
 * timing): the merchant list is answered, the profile is edited, then the profile list is read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startHoldingProxy, type HoldingProxy } from '../helpers/holding-proxy.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const GROUP = 'G-63000001';
const MERCHANT_LIST = /^\/api\/openapi\/v1\/mchInfo(\?|$)/;
const PROFILE_LIST = /^\/api\/openapi\/v1\/acquirer(\?|$)/;
const BINDING_RECORDS = 'GET /api/openapi/v1/mchInfo/payment/{mchId}';

const MANIFEST = `version: 1
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
    methods:
      "01": { emvs: [visa-usd] }
      "02": { emvs: [mc-usd] }
merchants:
  - providerReference: shop-1
    mchName: Shop 1
    currency: USD
    contactName: Jane
    contactEmail: jane@shop-1.example
    bindings:
      - acquirer: host-a
        currency: USD
        methods:
          "01": { emvs: [visa-usd] }
  - providerReference: shop-2
    mchName: Shop 2
    currency: USD
    contactName: Joe
    contactEmail: joe@shop-2.example
    bindings:
      - acquirer: host-a
        currency: USD
        methods:
          "01": { emvs: [visa-usd] }
          "02": { emvs: [mc-usd] }
`;

describe('a profile edited while the plan reads (acquirers[] lists of the profile)', () => {
  let sim: TestSimulator;
  let proxy: HoldingProxy;
  let racing = false;
  let merchantListAnswered: () => void = () => undefined;
  let editProfile: () => Promise<void> = async () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-proof-race-'));
  const path = join(dir, 'manifest.yaml');

  beforeAll(async () => {
    sim = await startTestSimulator({ summaryLists: 'profile' });
    await sim.admin.createGroup({ groupId: GROUP });
    writeFileSync(path, MANIFEST);
    proxy = await startHoldingProxy(sim.url, {
      hold: async (request) => {
        if (!racing || request.method !== 'GET' || !PROFILE_LIST.test(request.path)) return;
        await new Promise<void>((resolve) => (merchantListAnswered = resolve));
        await editProfile();
      },
      rewrite: (request, body) => {
        if (racing && request.method === 'GET' && MERCHANT_LIST.test(request.path)) merchantListAnswered();
        return body;
      },
    });
  });
  afterAll(async () => {
    await proxy.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function paycfg(argv: string[]): Promise<{ code: number; out: string; err: string }> {
    const io = captureIo({ env: { PAYCFG_BASE_URL: proxy.url, PAYCFG_TOKEN: sim.token(GROUP) }, cwd: dir });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  }

  it('does not take the edit for proof: a binding that lost a method is seen, a binding of part of its profile shows no drift', async () => {
    const apply = await paycfg(['apply', '-f', path, '--auto-approve']);
    expect(apply.code, `${apply.out}\n${apply.err}`).toBe(0);

    const merchants = await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, GROUP);
    const shop2 = String(merchants.body.data.records.find((m: { providerReference: string }) => m.providerReference === 'shop-2').mchId);
    const profileId = String((await sim.api('GET', '/api/openapi/v1/acquirer?pageSize=-1', undefined, GROUP)).body.data.records[0].profileId);
    const emvs = await sim.api('GET', '/api/openapi/v1/emv?pageSize=-1', undefined, GROUP);
    const visa = emvs.body.data.records.find((e: { emvName: string }) => e.emvName === 'visa-usd').id;
    // shop-2 loses 02 behind paycfg's back.
    const drop = await sim.api(
      'PUT',
      `/api/openapi/v1/mchInfo/payment/${shop2}`,
      { acquirerProfileId: profileId, currency: 'USD', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: visa }] }] },
      GROUP,
    );
    expect(drop.body.code).toBe(0);

    editProfile = async () => {
      const edit = await sim.api('PUT', `/api/openapi/v1/acquirer/${profileId}`, { methodList: JSON.stringify({ '01': ['Sale'], '02': [] }) }, GROUP);
      expect(edit.body.code).toBe(0);
    };
    racing = true;
    await sim.admin.resetStats();
    const plan = await paycfg(['plan', '-f', path, '--json']);
    racing = false;
    expect(plan.code, plan.err).toBe(0);
    const changes = (JSON.parse(plan.out) as { changes: { action: string; address: string }[] }).changes.map((c) => `${c.action} ${c.address}`);
    // The profile's edit is seen as it is; the items differ from it, but the binding record of the
    // one checked does not hold the item's lists: no proof, so both merchants' records decide.
    expect(changes).toEqual(['update acquirer/host-a', 'update binding/shop-2/host-a/USD']);
    expect((await sim.admin.stats()).byRoute[BINDING_RECORDS]).toBe(2);
  });
});
