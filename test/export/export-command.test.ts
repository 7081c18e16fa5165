import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { parseYamlData } from '../../src/manifest/read-yaml.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { DEVICE_ADMINS, V1, activate, call, createDevice, populateEverything } from './populate.js';

const FULL = 'G-00000011';
const UNKEYED = 'G-00000012';
const PADDED = 'G-00000014';

/** The variables export names for the devices of `populateEverything`, with their live values. */
const FULL_VARIABLES = {
  PAYCFG_DEVICE_ADMIN_BAR_002_BAR_TILL: DEVICE_ADMINS.bar,
  PAYCFG_DEVICE_ADMIN_CAFE_001_BACK_OFFICE: DEVICE_ADMINS.back,
  PAYCFG_DEVICE_ADMIN_CAFE_001_KIOSK: DEVICE_ADMINS.kiosk,
  PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1: DEVICE_ADMINS.till1,
};

let sim: TestSimulator;
let ids: { activated: string; loggedOut: string };
let work: string;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: FULL, groupName: 'Export PBO', qrEnabled: true });
  await sim.admin.createGroup({ groupId: UNKEYED, groupName: 'Unkeyed PBO' });
  await sim.admin.createGroup({ groupId: PADDED, groupName: 'Padded PBO' });
  ids = await populateEverything(sim, FULL);
  work = mkdtempSync(join(tmpdir(), 'paycfg-export-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

async function cli(argv: string[], group: string, env: Record<string, string> = {}) {
  const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(group), ...env }, cwd: work });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

async function planJson(path: string, group: string, env: Record<string, string>) {
  const { code, out, err } = await cli(['plan', '-f', path, '--json'], group, env);
  expect(code, err).toBe(0);
  return JSON.parse(out) as { changes: { address: string }[]; unmanaged: { address: string }[]; blocked: unknown[] };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function expectNoSecret(...texts: string[]): void {
  for (const text of texts) {
    for (const secret of [...Object.values(DEVICE_ADMINS), 'adm-old-decommissioned', 'merchant-passcode-x1']) expect(text).not.toContain(secret);
  }
}

describe('paycfg export: round trip on a group populated through the API', () => {
  it('leaves the admin passwords out by default: the file plans with no change, no variable set, and stderr says how to manage them', async () => {
    const file = join(work, 'full-default.yaml');
    const exported = await cli(['export', '-o', file], FULL);
    expect(exported.code, exported.err).toBe(0);
    const text = readFileSync(file, 'utf8');
    expectNoSecret(text, exported.err);
    expect(text).not.toMatch(/^\s+deviceAdmin:/m);
    expect(text).toContain("# Secrets are never written here: each device's admin password (deviceAdmin) is left out, so not\n# managed,");
    expect(exported.err).toContain(
      "4 devices' admin passwords left unmanaged (not in the manifest: plan and apply leave them as they are). To manage them, export with --manage-secrets and set " +
        "PAYCFG_DEVICE_ADMIN_BAR_002_BAR_TILL, PAYCFG_DEVICE_ADMIN_CAFE_001_BACK_OFFICE, PAYCFG_DEVICE_ADMIN_CAFE_001_KIOSK, PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1 to each device's live admin password.\n",
    );
    expect(text).toContain('# Admin passwords left unmanaged (4 devices): not in the manifest, so plan and apply leave them as\n# they are.');

    // Absent is not managed: without any variable set, the plan leaves every live password alone.
    const validated = await cli(['validate', '-f', file], FULL);
    expect(validated.code, validated.err).toBe(0);
    const plan = await planJson(file, FULL, {});
    expect(plan.changes).toEqual([]);
    expect(plan.unmanaged).toEqual([]);
    expect(plan.blocked).toEqual([]);
  });

  it('writes one file that validates and plans with no change and nothing unmanaged, with --manage-secrets', async () => {
    const file = join(work, 'full.yaml');
    const exported = await cli(['export', '-o', file, '--manage-secrets'], FULL);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toBe('');
    const text = readFileSync(file, 'utf8');
    expectNoSecret(text, exported.err);

    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=\S+\/schemas\/manifest\.schema\.json$/);
    expect(text).toContain('group: G-00000011');
    expect(text).toContain('deviceAdmin: ${PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1}');
    expect(text).toContain(`# activated terminal ${ids.activated}`);
    expect(text).toContain(`# logged-out terminal ${ids.loggedOut}`);
    expect(text).not.toContain('old-till');
    expect(text).not.toMatch(/^\s+passcode:/m);
    expect(text).toContain('"01": { emvs: [ visa-usd ], allows: [ Sale, Refund ] }');
    expect(text).toContain('methods: [ "01", "02", "A1" ]');
    // Live text holding `${` is escaped, so loading it does not expand anything.
    expect(text).toContain('mchName: Café $${Corner}');
    expect(text).toContain('receiptInfo: "Pay with $$${card} or $${qr}: thank you!"');

    // The variables are listed at the end of the file and on stderr, never their values.
    expect(exported.err).toContain(
      "Secret variables (4): set each to the device's admin password before `paycfg plan`; the first apply sets each device's admin password to what its variable holds",
    );
    const trailer = text.slice(text.indexOf('# Secret variables (4)'));
    for (const name of Object.keys(FULL_VARIABLES)) {
      expect(trailer).toContain(name);
      expect(exported.err).toContain(name);
    }

    const validated = await cli(['validate', '-f', file], FULL, FULL_VARIABLES);
    expect(validated.code, validated.err).toBe(0);
    expect(validated.out).toContain('manifest valid: 1 file, 4 EMV configs, 3 acquirer profiles, 2 merchants (3 bindings, 4 devices)');
    const plan = await planJson(file, FULL, FULL_VARIABLES);
    expect(plan.changes).toEqual([]);
    expect(plan.unmanaged).toEqual([]);
    expect(plan.blocked).toEqual([]);
  });

  it('holds every field of the live records, in the model order', async () => {
    const { out, err } = await cli(['export', '--manage-secrets'], FULL);
    expectNoSecret(out, err);
    const parsed = parseYamlData(out, 'out.yaml');
    expect(parsed.diagnostics).toEqual([]);
    const manifest = parsed.value as any;
    expect(manifest.emvConfigs.map((e: any) => e.emvName)).toEqual(['mc-usd', 'visa-eur', 'visa-eur-debit', 'visa-usd']);
    expect(manifest.emvConfigs[3].params).toEqual({
      aid: 'A0000000031010',
      appVersion: '0002',
      clCVMLimit: '100000',
      clFloorLimit: 0,
      clTransLimit: 99999999,
      defaultDDOL: '9F3704',
    });
    const [hostA, hostB, qr] = manifest.acquirerProfiles;
    expect(Object.keys(hostA)).toEqual([
      'profileName',
      'acqType',
      'currency',
      'connMessageFormat',
      'connUrl',
      'notifyUrl',
      'connExtraParams',
      'enablerMsgFormat',
      'enablerParams',
      'asDefault',
      'asSettleBlock',
      'methods',
    ]);
    expect(hostA.connExtraParams).toEqual({ keepAlive: true, nii: '003', timeoutSeconds: 30 });
    expect(hostA.enablerParams).toEqual(['tid', 'mid']);
    expect(hostB.methods).toEqual({ '01': { emvs: ['visa-eur', 'visa-eur-debit'] } });
    expect(qr).toMatchObject({ profileName: 'qr-wallet', acqType: 'qr', methods: { A1: {}, C12: {} } });

    const [bar, cafe] = manifest.merchants;
    expect(bar).toMatchObject({ providerReference: 'bar-002', bindings: [], devices: [{ deviceAlias: 'bar-till' }] });
    expect(Object.keys(cafe)).toEqual([
      'providerReference',
      'mchName',
      'currency',
      'contactName',
      'contactEmail',
      'mcc',
      'region',
      'timeZone',
      'country',
      'transType',
      'contactPhone',
      'contactAddress',
      'receiptLogo',
      'receiptInfo',
      'state',
      'mdr',
      'merchantType',
      'additionalData',
      'bindings',
      'devices',
    ]);
    expect(cafe.contactAddress).toBe('12 Main Street\nNew York, NY 10001');
    expect(cafe.additionalData).toEqual({ '01': 'code-like key', loyalty: { programme: 'beans', tiers: ['gold', 1, true, null] }, note: '$${not a variable}' });
    expect(cafe.bindings).toEqual([
      {
        acquirer: 'host-a-usd',
        currency: 'USD',
        mid: '000000012345',
        methods: { '01': { emvs: ['visa-usd'], allows: ['Sale'] }, '02': { emvs: ['mc-usd'] } },
      },
      { acquirer: 'host-b-eur', currency: 'EUR', mid: 'EU-778', methods: { '01': { emvs: ['visa-eur', 'visa-eur-debit'] } } },
      { acquirer: 'qr-wallet', currency: 'USD', methods: { A1: {}, C12: {} } },
    ]);
    expect(cafe.devices.map((d: any) => d.deviceAlias)).toEqual(['back-office', 'kiosk', 'till-1']);
    expect(cafe.devices[2]).toEqual({
      deviceAlias: 'till-1',
      deviceName: 'Front till',
      deviceType: 'SMARTPOS',
      operatingMode: 'attended',
      methods: ['01', '02', 'A1'],
      deviceAdmin: '${PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1}',
      acquirerFields: { 'host-a-usd': { mid: '000000012345', tid: '00000001' }, 'host-b-eur': { tid: 'B0000101' } },
      emvParams: {
        netDFloorLimit: '00000100',
        terminalCountryCode: '0840',
        txnCurrencyCode: '0840',
        netDExReaderCapability: 18000,
        netDReaderCapability: 'C3',
        terminalType: '21',
        terminalCapability: 'E0F8C8',
        emvFlags: 'VMAUJDP',
      },
    });
  });

  it('writes a folder like examples/multi-file that validates and plans with no change', async () => {
    const dir = join(work, 'full-dir');
    const exported = await cli(['export', '--out-dir', dir], FULL);
    expect(exported.code, exported.err).toBe(0);
    const files = filesUnder(dir).map((f) => f.slice(dir.length + 1));
    expect(files).toEqual(['acquirer-profiles.yaml', 'emv-configs.yaml', 'merchants/bar-002.yaml', 'merchants/cafe-001.yaml', 'paycfg.yaml']);
    for (const file of filesUnder(dir)) {
      const text = readFileSync(file, 'utf8');
      expectNoSecret(text);
      expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=/);
      expect(text).toMatch(/^version: 1$/m);
    }
    expect(readFileSync(join(dir, 'merchants/cafe-001.yaml'), 'utf8')).toMatch(/^# {3}PAYCFG_DEVICE_ADMIN_CAFE_001_KIOSK +merchant cafe-001, device kiosk$/m);
    expectNoSecret(exported.err);

    const validated = await cli(['validate', '-f', dir], FULL, FULL_VARIABLES);
    expect(validated.code, validated.err).toBe(0);
    const plan = await planJson(dir, FULL, FULL_VARIABLES);
    expect(plan.changes).toEqual([]);
    expect(plan.unmanaged).toEqual([]);
  });

  it('shows the change when a secret variable holds another value than the device', async () => {
    const file = join(work, 'full-secret.yaml');
    expect((await cli(['export', '-o', file, '--manage-secrets'], FULL)).code).toBe(0);
    const plan = await planJson(file, FULL, { ...FULL_VARIABLES, PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1: 'another-password' });
    expect(plan.changes.map((c) => c.address)).toEqual(['device/cafe-001/till-1']);
  });

  it('writes byte-identical output when nothing changed, and sends no write', async () => {
    await sim.admin.resetStats();
    const first = await cli(['export'], FULL);
    const second = await cli(['export'], FULL);
    expect(first.code).toBe(0);
    expect(second.out).toBe(first.out);
    const dirA = join(work, 'stable-a');
    const dirB = join(work, 'stable-b');
    expect((await cli(['export', '--out-dir', dirA], FULL)).code).toBe(0);
    expect((await cli(['export', '--out-dir', dirB], FULL)).code).toBe(0);
    for (const file of filesUnder(dirA)) expect(readFileSync(file.replace(dirA, dirB), 'utf8')).toBe(readFileSync(file, 'utf8'));
    const stats = await sim.admin.stats();
    expect(stats.writes).toBe(0);
    expect(stats.reads).toBeGreaterThan(0);
  });
});

describe('paycfg export: what cannot be keyed', () => {
  let kioskMchId: string;
  let pendingCode: string;
  let terminal: string;

  beforeAll(async () => {
    const g = UNKEYED;
    const profile = await call(sim, g, 'POST', `${V1}/emv`, { emvName: 'visa', paymentMethod: '01', currency: 'USD', params: '{"aid":"A0000000031010"}' });
    const host = await call(sim, g, 'POST', `${V1}/acquirer`, {
      profileName: 'host',
      currency: 'USD',
      connMessageFormat: 'HOSTA_8583',
      enablerParams: 'tid',
      asDefault: true,
      methodList: '{"01":[]}',
      emvList: JSON.stringify({ '01': [profile.id] }),
    });
    // A merchant without providerReference, with a binding (automatic) and a device.
    const kiosk = await call(sim, g, 'POST', `${V1}/mchInfo`, { mchName: 'Corner Kiosk', currency: 'USD', contactName: 'K', contactEmail: 'k@kiosk.example' });
    kioskMchId = kiosk.mchId;
    await createDevice(sim, g, { mchId: kioskMchId, deviceAlias: 'kiosk-till', deviceAdmin: 'adm-unkeyed-till', extParams: { acquirers: { [host.id]: { tid: 'K1' } } } });
    // A keyed merchant whose only terminal has no alias: its devices stay managed.
    const shop = await call(sim, g, 'POST', `${V1}/mchInfo`, { mchName: 'Shop', currency: 'USD', contactName: 'S', contactEmail: 's@shop.example', providerReference: 'shop-1' });
    const noAlias = await createDevice(sim, g, { mchId: shop.mchId, deviceName: 'Old terminal', deviceAdmin: 'adm-aliasless-terminal' });
    terminal = await activate(sim, noAlias.activationCode);
    await createDevice(sim, g, { mchId: shop.mchId, deviceAlias: 'till', deviceAdmin: 'adm-shop-till' });
    // A keyed merchant with a pending code without alias: a managed list would delete it.
    const market = await call(sim, g, 'POST', `${V1}/mchInfo`, { mchName: 'Market', currency: 'USD', contactName: 'M', contactEmail: 'm@market.example', providerReference: 'market-1' });
    const pending = await createDevice(sim, g, { mchId: market.mchId });
    pendingCode = pending.id;
    await createDevice(sim, g, { mchId: market.mchId, deviceAlias: 'stall' });
  });

  const secrets = ['adm-unkeyed-till', 'adm-aliasless-terminal', 'adm-shop-till'];

  it('reports them on stderr, writes them commented out, and plan shows no change', async () => {
    await sim.admin.resetStats();
    const file = join(work, 'unkeyed.yaml');
    const { code, err } = await cli(['export', '-o', file], UNKEYED);
    expect(code, err).toBe(0);
    expect((await sim.admin.stats()).writes).toBe(0);
    const text = readFileSync(file, 'utf8');
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(err).not.toContain(secret);
    }
    expect(err).toContain(`warning: merchant ${kioskMchId} ("Corner Kiosk") has no providerReference: written commented out`);
    expect(err).toContain(`warning: device ${terminal} of merchant shop-1 (activated terminal) has no deviceAlias: written commented out`);
    expect(err).toContain(`warning: merchant/market-1: devices written commented out (not managed): pending activation code ${pendingCode} has no usable deviceAlias`);
    expect(err).toContain('1 merchant and 2 devices written commented out');

    expect(text).toContain(`  # Not exported: merchant ${kioskMchId} ("Corner Kiosk") has no providerReference`);
    expect(text).toContain(`  #   PUT /api/openapi/v1/mchInfo/${kioskMchId}`);
    expect(text).toContain('  # - providerReference: ""');
    expect(text).toContain(`      # Not exported: activated terminal ${terminal} has no deviceAlias`);
    expect(text).toContain(`      #   PUT /api/openapi/v1/device/${terminal}   {"deviceAlias": "<alias>"}`);
    expect(text).toContain('    # devices: not managed, because pending activation code');
    // Inside the commented-out list, the entry without alias takes a second `# `.
    expect(text).toMatch(/\n {4}# devices:\n {4}# {3}- deviceAlias: stall\n/);
    expect(text).toContain(`\n    #   # Not exported: pending activation code ${pendingCode} has no deviceAlias`);
    expect(text).toContain('\n    #   # - deviceAlias: ""\n');

    const env = { PAYCFG_DEVICE_ADMIN_SHOP_1_TILL: 'adm-shop-till' };
    expect((await cli(['validate', '-f', file], UNKEYED, env)).code).toBe(0);
    const plan = await planJson(file, UNKEYED, env);
    expect(plan.changes).toEqual([]);
    // The activated terminal without alias and the merchant without reference are live and not in
    // the manifest: listed by id, never removed.
    expect(plan.unmanaged.map((u) => u.address)).toEqual([`device/shop-1/~${terminal}`, `merchant/~${kioskMchId}`]);
  });

  it('proposes references with --assign-references, still commented out, and writes nothing to the service', async () => {
    await sim.admin.resetStats();
    const { code, out, err } = await cli(['export', '--assign-references'], UNKEYED);
    expect(code, err).toBe(0);
    expect((await sim.admin.stats()).writes).toBe(0);
    const proposal = `corner-kiosk-${kioskMchId.slice(-4)}`;
    expect(err).toContain(`with the proposed providerReference ${proposal}`);
    expect(out).toContain(`  # First set providerReference to ${proposal} on the live merchant, in the portal or with`);
    expect(out).toContain(`  # - providerReference: ${proposal}`);
    expect(out).toContain(`PAYCFG_DEVICE_ADMIN_${proposal.toUpperCase().replaceAll('-', '_')}_KIOSK_TILL`);
    for (const secret of secrets) expect(out + err).not.toContain(secret);
  });

  it('writes the commented-out merchant into a file of its own with --out-dir', async () => {
    const dir = join(work, 'unkeyed-dir');
    const { code, err } = await cli(['export', '--out-dir', dir, '--assign-references'], UNKEYED);
    expect(code, err).toBe(0);
    const proposal = `corner-kiosk-${kioskMchId.slice(-4)}`;
    const text = readFileSync(join(dir, 'merchants', `${proposal}.yaml`), 'utf8');
    expect(text).toMatch(/^version: 1\n# merchants:\n/m);
    for (const file of filesUnder(dir)) for (const secret of secrets) expect(readFileSync(file, 'utf8')).not.toContain(secret);
    for (const secret of secrets) expect(err).not.toContain(secret);
    expect((await cli(['validate', '-f', dir], UNKEYED, { PAYCFG_DEVICE_ADMIN_SHOP_1_TILL: 'x' })).code).toBe(0);
  });

  it('exports the merchant once the proposed reference is set on it', async () => {
    const proposal = `corner-kiosk-${kioskMchId.slice(-4)}`;
    const live = await call(sim, UNKEYED, 'GET', `${V1}/mchInfo/${kioskMchId}`);
    await call(sim, UNKEYED, 'PUT', `${V1}/mchInfo/${kioskMchId}`, { ...live, providerReference: proposal });
    const { code, out } = await cli(['export', '--manage-secrets'], UNKEYED);
    expect(code).toBe(0);
    expect(out).toContain(`  - providerReference: ${proposal}\n    mchName: Corner Kiosk`);
    expect(out).toContain(`deviceAdmin: \${PAYCFG_DEVICE_ADMIN_${proposal.toUpperCase().replaceAll('-', '_')}_KIOSK_TILL}`);
  });
});

describe('paycfg export: live state the manifest format cannot fully express', () => {
  const DRIFTED = 'G-00000013';

  beforeAll(async () => {
    const g = DRIFTED;
    await sim.admin.createGroup({ groupId: g, groupName: 'Drifted PBO' });
    const visa = await call(sim, g, 'POST', `${V1}/emv`, { emvName: 'visa', paymentMethod: '01', currency: 'USD', params: '{"aid":"A0000000031010","contactless":true}' });
    const mc = await call(sim, g, 'POST', `${V1}/emv`, { emvName: 'mc', paymentMethod: '02', currency: 'USD', params: '{"aid":"A0000000041010"}' });
    const host = await call(sim, g, 'POST', `${V1}/acquirer`, {
      profileName: 'host',
      currency: 'USD',
      connMessageFormat: 'HOSTA_8583',
      notifyUrl: 'ftp://notify.example',
      enablerParams: 'tid',
      methodList: '{"01":[],"02":[]}',
      emvList: JSON.stringify({ '01': [visa.id], '02': [mc.id] }),
    });
    const binding = (methods: string[]) => ({
      acquirerProfileId: String(host.id),
      currency: 'USD',
      paymentMethods: methods.map((code) => ({ paymentMethodCode: code, emvs: [{ emvId: code === '01' ? visa.id : mc.id }] })),
    });
    // Merchant a: a device for 01 and 02, then its binding shrinks to 01; the profile later wants a mid field too.
    const a = await call(sim, g, 'POST', `${V1}/mchInfo`, {
      mchName: 'A', currency: 'USD', contactName: 'A', contactEmail: 'a@a.example', providerReference: 'a', country: 'XX', additionalData: { constructor: 'x' },
    });
    await call(sim, g, 'POST', `${V1}/mchInfo/payment/${a.mchId}`, binding(['01', '02']));
    await createDevice(sim, g, {
      mchId: a.mchId, deviceAlias: 'till', methodList: '01,02', extParams: { acquirers: { [host.id]: { tid: 'T1' } } }, emvParams: { terminalCapability: 'not-hex' },
    });
    const spaced = await createDevice(sim, g, { mchId: a.mchId, deviceAlias: 'till ', methodList: '01' });
    await activate(sim, spaced.activationCode);
    await call(sim, g, 'PUT', `${V1}/mchInfo/payment/${a.mchId}`, binding(['01']));
    // Merchant b keeps routing 02 through the profile, which then drops the method.
    const b = await call(sim, g, 'POST', `${V1}/mchInfo`, { mchName: 'B', currency: 'USD', contactName: 'B', contactEmail: 'b@b.example', providerReference: 'b' });
    await call(sim, g, 'POST', `${V1}/mchInfo/payment/${b.mchId}`, binding(['01', '02']));
    await call(sim, g, 'PUT', `${V1}/acquirer/${host.id}`, { enablerParams: 'tid,mid', methodList: '{"01":[]}', emvList: JSON.stringify({ '01': [visa.id] }) });
  });

  it('leaves out or comments out what it must, says so, and plan still shows no change', async () => {
    const file = join(work, 'drifted.yaml');
    const { code, err } = await cli(['export', '-o', file], DRIFTED);
    expect(code, err).toBe(0);
    expect(err.split('\n').filter((line) => line.startsWith('warning: ')).sort()).toEqual([
      'warning: acquirer/host: notifyUrl left out: the manifest format does not accept its live value (not managed, so plan never changes it)',
      expect.stringMatching(/^warning: device T\d+ of merchant a \(activated terminal\) has the deviceAlias "till ", which cannot be a manifest key/),
      'warning: device/a/till: acquirerFields left out (not managed): the fields for host (tid) differ from its enablerParams (tid, mid)',
      'warning: device/a/till: emvParams.terminalCapability left out: the manifest format does not accept its live value (not managed)',
      'warning: device/a/till: methods left out (not managed): method 02 is not bound for the merchant',
      'warning: merchant/a: additionalData left out: the manifest format does not accept its live value (not managed, so plan never changes it)',
      'warning: merchant/a: country left out: the manifest format does not accept its live value (not managed, so plan never changes it)',
      'warning: merchant/b: bindings written commented out (not managed): the binding to host in USD routes method 02, which the profile does not have',
    ]);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^\s+contactless: true$/m);
    expect((await cli(['validate', '-f', file], DRIFTED)).code).toBe(0);
    const plan = await planJson(file, DRIFTED, {});
    expect(plan.changes).toEqual([]);
    // Merchant b's bindings, written commented out, are not managed: the plan lists them as such.
    expect(plan.unmanaged.map((u) => u.address)).toEqual(['binding/b/host/USD', expect.stringMatching(/^device\/a\/till $/)]);
  });
});

describe('paycfg export: output handling', () => {
  it('refuses a non-empty directory unless --force, and then names the other manifest files', async () => {
    const dir = join(work, 'busy');
    mkdirSync(join(dir, 'merchants'), { recursive: true });
    writeFileSync(join(dir, 'merchants', 'hand-written.yaml'), 'version: 1\n');
    const refused = await cli(['export', '--out-dir', dir], FULL);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${dir} is not empty`);
    expect(filesUnder(dir)).toEqual([join(dir, 'merchants', 'hand-written.yaml')]);

    const forced = await cli(['export', '--out-dir', dir, '--force'], FULL);
    expect(forced.code, forced.err).toBe(0);
    expect(forced.err).toContain('also holds 1 other manifest file that `paycfg plan -f');
    expect(forced.err).toContain('merchants/hand-written.yaml');
    expect(readFileSync(join(dir, 'merchants', 'hand-written.yaml'), 'utf8')).toBe('version: 1\n');
    expect(readFileSync(join(dir, 'paycfg.yaml'), 'utf8')).toContain('group: G-00000011');
  });

  it('writes -o relative to the working directory, and says where a file cannot go', async () => {
    expect((await cli(['export', '-o', 'relative.yaml'], FULL)).code).toBe(0);
    expect(readFileSync(join(work, 'relative.yaml'), 'utf8')).toContain('group: G-00000011');
    const missing = await cli(['export', '-o', join(work, 'no-such-dir', 'm.yaml')], FULL);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain(`Error: cannot write ${join(work, 'no-such-dir', 'm.yaml')}: no such directory`);
  });

  it('refuses an existing -o file without --force, replaces it with --force, and leaves no temporary file behind', async () => {
    const dir = mkdtempSync(join(work, 'o-'));
    const file = join(dir, 'm.yaml');
    writeFileSync(file, 'old content\n');
    const refused = await cli(['export', '-o', file], FULL);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${file} already exists; export does not replace a file. Pass --force to replace it`);
    expect(readFileSync(file, 'utf8')).toBe('old content\n');
    expect((await cli(['export', '-o', file, '--force'], FULL)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^# yaml-language-server/);
    expect(readdirSync(dir)).toEqual(['m.yaml']);
  });

  it('says which flags do not go together', async () => {
    expect((await cli(['export', '-o', 'a.yaml', '--out-dir', 'b'], FULL)).err).toContain('choose one of -o and --out-dir');
    expect((await cli(['export', 'extra'], FULL)).err).toContain('unexpected argument "extra"');
    expect((await cli(['export', '--parallelism', '0'], FULL)).err).toContain('--parallelism must be a whole number');
  });

  it('lists itself in the help', async () => {
    const io = captureIo();
    await main(['--help'], io);
    expect(io.out()).toMatch(/export\s+Write a manifest from the live group/);
  });
});

describe('paycfg export: a reference the manifest cannot hold', () => {
  it('writes the merchant commented out with the devices read for it, once, and nothing is sent twice', async () => {
    // Not empty, so the planner's reader read its lists; not a key the model accepts, so export re-uses them.
    const padded = await call(sim, PADDED, 'POST', `${V1}/mchInfo`, { mchName: 'Padded', currency: 'USD', contactName: 'P', contactEmail: 'p@padded.example', providerReference: ' padded-1 ' });
    await createDevice(sim, PADDED, { mchId: padded.mchId, deviceAlias: 'padded-till', deviceAdmin: 'adm-padded-till' });
    await sim.admin.resetStats();
    const file = join(work, 'padded.yaml');
    const { code, err } = await cli(['export', '-o', file], PADDED);
    expect(code, err).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(err).toContain(`merchant ${padded.mchId} ("Padded")`);
    expect(text).toMatch(/\n *# .*- deviceAlias: padded-till\n/);
    expect(text).not.toContain('adm-padded-till');
    const stats = await sim.admin.stats();
    expect(stats.writes).toBe(0);
    // The device list was read once, by the reader, not again for the commented-out entry.
    expect(stats.byRoute['GET /api/openapi/v1/device']).toBe(1);
  });
});
