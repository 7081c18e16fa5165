/**
 * Over HTTP against the simulator (issue 18, point 6): a group holding every shape the live service
 * is known to send (null optional fields, integer and string ids, EMV params with a boolean, a
 * number, a string and a null, an uploaded base64 receiptLogo and the default one, real merchant
 * ids, bindings of part and of the whole of a profile, a pending and an activated device, the
 * owner's JSON-encoded messageFormat and emailSender) is exported, then validates and plans with no
 * change, with and without --strict-api: under both wire styles and both readings of the merchant
 * summary's lists.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { SimulatorOptions } from '../../src/sim/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { V1, activate, call, createDevice } from './populate.js';

const GROUP = 'G-00000041';

/** A 1×1 PNG, as base64. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const SETUPS: readonly (readonly [string, SimulatorOptions])[] = [
  ['real style, binding lists', { wireStyle: 'real', summaryLists: 'binding' }],
  ['real style, profile lists', { wireStyle: 'real', summaryLists: 'profile' }],
  ['reference style, binding lists', { wireStyle: 'reference', summaryLists: 'binding' }],
  ['reference style, profile lists', { wireStyle: 'reference', summaryLists: 'profile' }],
];

/** Fills the group through the raw API; answers the wire records it is then read back as. */
async function populate(sim: TestSimulator): Promise<void> {
  const emv = async (emvName: string, paymentMethod: string, params: Record<string, unknown>) =>
    (await call(sim, GROUP, 'POST', `${V1}/emv`, { emvName, paymentMethod, currency: 'USD', params: JSON.stringify(params) })).id as number;
  const visa = await emv('visa-usd', '01', { aid: 'A0000000031010', clFloorLimit: 0, clTransLimit: 99999999, clCVMLimit: '100000' });
  // As a real Mastercard config: a boolean beside strings and numbers, and a null.
  const mc = await emv('mc-usd', '02', { aid: 'A0000000041010', isNewCVMRuleForMC: true, clFloorLimit: 5000, defaultTDOL: '9F02065F2A02', kernelId: null });

  const profile = async (body: Record<string, unknown>) => (await call(sim, GROUP, 'POST', `${V1}/acquirer`, body)).id as number;
  // The default card profile, with notifyUrl, connExtraParams and enablerMsgFormat unset.
  const hostA = await profile({
    profileName: 'host-a',
    currency: 'USD',
    connMessageFormat: 'HOSTA_8583',
    asDefault: true,
    methodList: JSON.stringify({ '01': ['Sale', 'Refund'], '02': [] }),
    emvList: JSON.stringify({ '01': [visa], '02': [mc] }),
  });
  await profile({
    profileName: 'host-b',
    currency: 'EUR',
    connUrl: 'https://host-b.example.com/iso',
    connExtraParams: JSON.stringify({ nii: '003', keepAlive: true }),
    connMessageFormat: 'SVC_ENABLER',
    enablerMsgFormat: 'ENABLER_V2',
    enablerParams: 'tid',
    methodList: JSON.stringify({ '02': [] }),
    emvList: JSON.stringify({ '02': [mc] }),
  });

  // Bound to the whole of host-a by the service on create; its logo uploaded as base64 content.
  const cafe = await call(sim, GROUP, 'POST', `${V1}/mchInfo`, {
    mchName: 'Cafe',
    currency: 'USD',
    contactName: 'Jane Doe',
    contactEmail: 'jane@cafe.example',
    providerReference: 'cafe',
    receiptLogo: PNG,
  });
  // No logo (the service fills its default URL), and a binding of part of host-a, with a mid.
  const bar = await call(sim, GROUP, 'POST', `${V1}/mchInfo`, {
    mchName: 'Bar',
    currency: 'USD',
    contactName: 'Bo',
    contactEmail: 'bo@bar.example',
    providerReference: 'bar',
    mcc: '5813',
  });
  await call(sim, GROUP, 'PUT', `${V1}/mchInfo/payment/${bar.mchId}`, {
    acquirerProfileId: String(hostA),
    currency: 'USD',
    mid: '000000012345',
    paymentMethods: [{ paymentMethodCode: '01', allows: ['Sale', 'Refund'], emvs: [{ emvId: visa }] }],
  });

  await createDevice(sim, GROUP, { mchId: cafe.mchId, deviceAlias: 'till-pending', methodList: '01' });
  const kiosk = await createDevice(sim, GROUP, { mchId: cafe.mchId, deviceAlias: 'kiosk', deviceName: 'Kiosk', emvParams: { terminalType: '25' } });
  await activate(sim, kiosk.activationCode);
  await createDevice(sim, GROUP, { mchId: bar.mchId, deviceAlias: 'bar-till' });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

describe.each(SETUPS)('export, then plan, of every real wire shape (%s)', (_name, options) => {
  let sim: TestSimulator;
  let work: string;

  beforeAll(async () => {
    sim = await startTestSimulator(options);
    await sim.admin.createGroup({ groupId: GROUP, groupName: 'Wire shapes PBO', messageFormat: '["SVC_ENABLER","HOSTA_8583"]', emailSender: '{"name":"PBO"}' });
    await populate(sim);
    work = mkdtempSync(join(tmpdir(), 'paycfg-wire-shapes-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function cli(argv: string[]) {
    const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(GROUP), NO_COLOR: '1' }, cwd: work });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  }

  it('the group holds the shapes (records as the service words them)', async () => {
    const merchants = (await call(sim, GROUP, 'GET', `${V1}/mchInfo?pageSize=-1`)).records as Record<string, unknown>[];
    const cafe = merchants.find((m) => m['providerReference'] === 'cafe') as Record<string, unknown>;
    const bar = merchants.find((m) => m['providerReference'] === 'bar') as Record<string, unknown>;
    expect(cafe['receiptLogo']).toMatch(/^https:\/\//);
    expect(bar['receiptLogo']).toMatch(/^https:\/\//);
    expect(cafe['receiptLogo']).not.toBe(bar['receiptLogo']);
    const profiles = (await call(sim, GROUP, 'GET', `${V1}/acquirer?pageSize=-1`)).records as Record<string, unknown>[];
    expect(profiles.every((p) => Number.isInteger(p['profileId']))).toBe(true);
    const bindings = (await call(sim, GROUP, 'GET', `${V1}/mchInfo/payment/${String(bar['mchId'])}?pageSize=-1`)).records as Record<string, unknown>[];
    expect(typeof bindings[0]?.['acquirerProfileId']).toBe('string');
    if (options.wireStyle === 'real') {
      expect(cafe['mchId']).toMatch(/^M\d{10}$/);
      expect(cafe['uuid']).toBe(cafe['mchId']);
      for (const field of ['contactPhone', 'receiptInfo', 'mdr']) expect(cafe).toHaveProperty(field, null);
      expect(profiles.find((p) => p['profileName'] === 'host-a')).toMatchObject({ notifyUrl: null, connExtraParams: null, enablerMsgFormat: null });
      expect(((await call(sim, GROUP, 'GET', '/api/v2/current')) as { messageFormat: string }).messageFormat).toBe('["SVC_ENABLER","HOSTA_8583"]');
    } else {
      expect(cafe).not.toHaveProperty('contactPhone');
    }
  });

  it('exports a folder that validates and plans with no change, with and without --strict-api', async () => {
    const dir = join(work, 'exported');
    const exported = await cli(['export', '--out-dir', dir]);
    expect(exported.code, exported.err).toBe(0);
    const texts = filesUnder(dir).map((file) => readFileSync(file, 'utf8'));
    const all = texts.join('\n');
    // The boolean stays a boolean and the null a null; no unset field is written as null.
    expect(all).toMatch(/^\s+isNewCVMRuleForMC: true$/m);
    expect(all.split('\n').filter((line) => /:\s*null\s*$/.test(line)).map((line) => line.trim())).toEqual(['kernelId: null']);
    for (const field of ['contactPhone', 'receiptInfo', 'mdr', 'notifyUrl', 'appVersion', 'activesAt']) expect(all).not.toContain(`${field}:`);

    const validated = await cli(['validate', '-f', dir]);
    expect(validated.code, validated.err).toBe(0);
    for (const strict of [[], ['--strict-api']]) {
      const planned = await cli(['plan', '-f', dir, '--detailed-exitcode', ...strict]);
      expect(planned.code, `${planned.out}\n${planned.err}`).toBe(0);
      expect(planned.out).toContain('No changes');
    }
  });

  it('plans a field the manifest sets where the service answers null as a change, and applies it once', async () => {
    const dir = join(work, 'edited');
    cpSync(join(work, 'exported'), dir, { recursive: true });
    const edit = (file: string, from: string, to: string): void => {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text).toContain(from);
      writeFileSync(join(dir, file), text.replace(from, to));
    };
    edit('merchants/cafe.yaml', '    contactEmail: jane@cafe.example\n', '    contactEmail: jane@cafe.example\n    contactPhone: "+1 555 0100"\n');
    edit('merchants/cafe.yaml', '        currency: USD\n        methods:', '        currency: USD\n        mid: "000000067890"\n        methods:');
    edit('acquirer-profiles.yaml', '    connMessageFormat: HOSTA_8583\n', '    connMessageFormat: HOSTA_8583\n    notifyUrl: https://pbo.example.com/notify\n');
    const planned = await cli(['plan', '-f', dir, '--json', '--strict-api']);
    expect(planned.code, planned.err).toBe(0);
    const changes = (JSON.parse(planned.out) as { changes: { address: string; action: string; patch: unknown[] }[] }).changes;
    expect(changes.map((c) => [c.address, c.action, c.patch])).toEqual([
      ['acquirer/host-a', 'update', [{ op: 'add', path: '/notifyUrl', value: 'https://pbo.example.com/notify' }]],
      ['merchant/cafe', 'update', [{ op: 'add', path: '/contactPhone', value: '+1 555 0100' }]],
      ['binding/cafe/host-a/USD', 'update', [{ op: 'add', path: '/mid', value: '000000067890' }]],
    ]);
    const applied = await cli(['apply', '-f', dir, '--auto-approve', '--strict-api']);
    expect(applied.code, `${applied.out}\n${applied.err}`).toBe(0);
    const again = await cli(['plan', '-f', dir, '--detailed-exitcode', '--strict-api']);
    expect(again.code, `${again.out}\n${again.err}`).toBe(0);
    expect(again.out).toContain('No changes');
  });
});
