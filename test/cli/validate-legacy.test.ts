/**
 * `paycfg validate --api legacy` as a PBO whose group is not switched yet meets it: what the legacy
 * API cannot express refused at file:line:col, like every manifest error, with the manifest's
 * `api:` taken where the flag does not say otherwise; and still not a request sent, with a service
 * and a token at hand.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const GROUP = 'G-73000001';
let sim: TestSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: GROUP, apiVersion: 'legacy' });
  dir = mkdtempSync(join(tmpdir(), 'paycfg-validate-legacy-'));
  env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(GROUP), SHOP_PASSCODE: 'pass-5521' };
});
afterAll(async () => {
  await sim.close();
});

async function validate(argv: string[], manifest: string) {
  const file = join(dir, 'paycfg.yaml');
  writeFileSync(file, manifest);
  const io = captureIo({ env, cwd: dir });
  const code = await main(['validate', '-f', 'paycfg.yaml', ...argv], io);
  return { code, out: io.out(), err: io.err() };
}

/** Valid for the current API; the legacy API can hold none of what lines 4, 7, 21 and 24 say. */
const MANIFEST = (api = '') => `version: 1
group: ${GROUP}${api}
emvConfigs: [{ emvName: visa-usd, paymentMethod: "01", currency: USD, params: { aid: A0000000031010 } },
  { emvName: visa-eur, paymentMethod: "01", currency: EUR, params: { aid: A0000000031010 } }]
acquirerProfiles:
  - profileName: host-usd
    asSettleBlock: true
    currency: USD
    connMessageFormat: HOSTA_8583
    methods: { "01": { emvs: [visa-usd] } }
  - profileName: host-eur
    currency: EUR
    connMessageFormat: HOSTB_8583
    methods: { "01": { emvs: [visa-eur] } }
merchants:
  - providerReference: shop-1
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    passcode: \${SHOP_PASSCODE}
    bindings:
      - { acquirer: host-usd, currency: USD, methods: { "01": { emvs: [visa-usd] } } }
      - { acquirer: host-eur, currency: EUR, methods: { "01": { emvs: [visa-eur] } } }
`;

const REFUSED = (line: (n: number) => number) => [
  `paycfg.yaml:${line(4)}:55: emvConfigs[1].currency: "EUR" cannot be set through the legacy API, which sets no currency on an EMV config (its EMV configs are USD); write USD, or use the current API (api: current)`,
  `paycfg.yaml:${line(7)}:20: acquirerProfiles[0].asSettleBlock: true cannot be set through the legacy API, which has no settlement block per profile; write false, or use the current API (api: current)`,
  `paycfg.yaml:${line(21)}:5: merchants[0].passcode: the legacy API has no operator passcode for a merchant; remove it, or use the current API (api: current)`,
  `paycfg.yaml:${line(24)}:57: merchants[0].bindings[1].methods["01"]: method 01 is also bound through acquirer profile "host-usd" by bindings[0] (paycfg.yaml:${line(23)}:57): ` +
    'the legacy API binds each method of a merchant to one profile; bind it in one binding only, or use the current API (api: current)',
];

describe('paycfg validate --api legacy', () => {
  it('refuses what the legacy API cannot express at file:line:col, exits 1, and sends no request', async () => {
    const before = (await sim.admin.stats()).total;
    const run = await validate(['--api', 'legacy'], MANIFEST());
    expect(run).toEqual({ code: 1, out: '', err: `${REFUSED((n) => n).join('\n')}\nmanifest invalid: 4 errors in 1 file\n` });
    expect(run.err).not.toContain('pass-5521');
    expect((await sim.admin.stats()).total).toBe(before);
  });

  it('reports them in --json as it reports every manifest error', async () => {
    const run = await validate(['--api=legacy', '--json'], MANIFEST());
    expect(run.code).toBe(1);
    expect(run.err).toBe('');
    const result = JSON.parse(run.out);
    expect(result).toMatchObject({ formatVersion: 1, valid: false, files: ['paycfg.yaml'], counts: null, warnings: [], missingVariables: [] });
    expect(result.errors.map((e: { file: string; line: number; col: number; path: unknown[] }) => [e.file, e.line, e.col, e.path])).toEqual([
      ['paycfg.yaml', 4, 55, ['emvConfigs', 1, 'currency']],
      ['paycfg.yaml', 7, 20, ['acquirerProfiles', 0, 'asSettleBlock']],
      ['paycfg.yaml', 21, 5, ['merchants', 0, 'passcode']],
      ['paycfg.yaml', 24, 57, ['merchants', 0, 'bindings', 1, 'methods', '01']],
    ]);
  });

  it('checks for the current API with --api current, or with no flag and no api: in the manifest', async () => {
    const valid = { code: 0, out: 'manifest valid: 1 file, 2 EMV configs, 2 acquirer profiles, 1 merchant (2 bindings, 0 devices)\n', err: '' };
    expect(await validate(['--api', 'current'], MANIFEST())).toEqual(valid);
    expect(await validate([], MANIFEST())).toEqual(valid);
    expect(await validate(['--api', 'auto'], MANIFEST())).toEqual(valid);
  });

  it("takes the manifest's api: legacy without the flag and with --api auto; --api current overrides it", async () => {
    const pinned = MANIFEST('\napi: legacy');
    const refused = { code: 1, out: '', err: `${REFUSED((n) => n + 1).join('\n')}\nmanifest invalid: 4 errors in 1 file\n` };
    expect(await validate([], pinned)).toEqual(refused);
    expect(await validate(['--api', 'auto'], pinned)).toEqual(refused);
    expect((await validate(['--api', 'current'], pinned)).code).toBe(0);
    // And the other way: the flag pins legacy over the manifest's current.
    expect((await validate(['--api', 'legacy'], MANIFEST('\napi: current'))).code).toBe(1);
  });

  it('passes a manifest the legacy API can hold', async () => {
    const fit = MANIFEST()
      .replace('    asSettleBlock: true\n', '')
      .replace('    passcode: ${SHOP_PASSCODE}\n', '')
      .replace('      - { acquirer: host-eur, currency: EUR, methods: { "01": { emvs: [visa-eur] } } }\n', '')
      // The legacy API's EMV configs are USD: so is the profile that names one.
      .replace('currency: EUR, params', 'currency: USD, params')
      .replace('    currency: EUR\n', '    currency: USD\n');
    expect(await validate(['--api', 'legacy'], fit)).toEqual({
      code: 0,
      out: 'manifest valid: 1 file, 2 EMV configs, 2 acquirer profiles, 1 merchant (1 binding, 0 devices)\n',
      err: '',
    });
  });

  it('refuses a wrong --api value as a usage error, and a wrong api: in the manifest at its position', async () => {
    const flag = await validate(['--api', 'v2'], MANIFEST());
    expect(flag.code).toBe(1);
    expect(flag.out).toBe('');
    expect(flag.err).toContain('paycfg validate: --api must be current, legacy or auto, got "v2"');
    expect(await validate([], MANIFEST('\napi: v2'))).toEqual({
      code: 1,
      out: '',
      err: 'paycfg.yaml:3:6: api: must be "current" or "legacy", got "v2"\nmanifest invalid: 1 error in 1 file\n',
    });
  });
});
