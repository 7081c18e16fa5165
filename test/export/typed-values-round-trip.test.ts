/**
 * Over HTTP against the simulator: EMV params keep their value types through export, plan and
 * apply, and a base64 receiptLogo is uploaded once per content (no perpetual diff).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { logoFingerprint, RECEIPT_LOGO_FINGERPRINT_KEY } from '../../src/model/receipt-logo.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { V1, call } from './populate.js';

const EMV_GROUP = 'G-00000031';
const LOGO_GROUP = 'G-00000032';
const BARE_GROUP = 'G-00000033';
const KEY = RECEIPT_LOGO_FINGERPRINT_KEY;

/** Two 1×1 PNGs, as base64. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const OTHER_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let sim: TestSimulator;
let work: string;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: EMV_GROUP, groupName: 'Typed params PBO' });
  await sim.admin.createGroup({ groupId: LOGO_GROUP, groupName: 'Logo PBO' });
  await sim.admin.createGroup({ groupId: BARE_GROUP, groupName: 'No additionalData PBO' });
  work = mkdtempSync(join(tmpdir(), 'paycfg-typed-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

async function cli(argv: string[], group: string) {
  const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(group), NO_COLOR: '1' }, cwd: work });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

interface PlanJson {
  changes: { address: string; action: string; patch: { op: string; path: string; value?: unknown }[]; notes: string[] }[];
  summary: Record<string, number>;
}

async function plan(file: string, group: string): Promise<PlanJson> {
  const { code, out, err } = await cli(['plan', '-f', file, '--json'], group);
  expect(code, err).toBe(0);
  return JSON.parse(out) as PlanJson;
}

async function apply(file: string, group: string): Promise<string> {
  const { code, out, err } = await cli(['apply', '-f', file, '--auto-approve'], group);
  expect(code, `${out}\n${err}`).toBe(0);
  return out;
}

async function emvRecord(group: string, emvName: string): Promise<{ params: string }> {
  const page = await call(sim, group, 'GET', `${V1}/emv?emvName=${emvName}&pageSize=-1`);
  const found = (page.records as { emvName: string; params: string }[]).find((e) => e.emvName === emvName);
  if (found === undefined) throw new Error(`no EMV config ${emvName}`);
  return found;
}

async function merchantRecord(group: string, ref: string): Promise<{ mchId: string; receiptLogo: string; additionalData?: Record<string, unknown> }> {
  const page = await call(sim, group, 'GET', `${V1}/mchInfo?pageSize=-1`);
  const found = (page.records as { providerReference?: string }[]).find((m) => m.providerReference === ref);
  if (found === undefined) throw new Error(`no merchant ${ref}`);
  return call(sim, group, 'GET', `${V1}/mchInfo/${(found as { mchId: string }).mchId}`);
}

describe('EMV params with a boolean, end to end', () => {
  it('exports the boolean as a boolean, plans no change, and an edit of another key keeps it a boolean', async () => {
    await call(sim, EMV_GROUP, 'POST', `${V1}/emv`, {
      emvName: 'mc-usd',
      paymentMethod: '02',
      currency: 'USD',
      params: JSON.stringify({ aid: 'A0000000041010', clFloorLimit: 0, isNewCVMRuleForMC: true, appVersion: '0002' }),
    });
    const file = join(work, 'emv.yaml');
    const exported = await cli(['export', '-o', file], EMV_GROUP);
    expect(exported.code, exported.err).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^\s+isNewCVMRuleForMC: true$/m);
    expect(text).toMatch(/^\s+clFloorLimit: 0$/m);

    expect((await plan(file, EMV_GROUP)).changes).toEqual([]);

    writeFileSync(file, text.replace('aid: A0000000041010', 'aid: A0000000041011'));
    const edited = await plan(file, EMV_GROUP);
    expect(edited.changes.map((c) => [c.address, c.action])).toEqual([['emv/mc-usd', 'update']]);
    expect(edited.changes[0]!.patch).toEqual([{ op: 'replace', path: '/params/aid', value: 'A0000000041011' }]);
    await apply(file, EMV_GROUP);

    const params = JSON.parse((await emvRecord(EMV_GROUP, 'mc-usd')).params) as Record<string, unknown>;
    expect(params).toEqual({ aid: 'A0000000041011', appVersion: '0002', clFloorLimit: 0, isNewCVMRuleForMC: true });
    expect((await plan(file, EMV_GROUP)).changes).toEqual([]);
  });

  it('changes a live "true" text into the boolean the manifest holds', async () => {
    await call(sim, EMV_GROUP, 'POST', `${V1}/emv`, {
      emvName: 'mc-eur',
      paymentMethod: '02',
      currency: 'EUR',
      params: JSON.stringify({ aid: 'A0000000041010', isNewCVMRuleForMC: 'true' }),
    });
    const file = join(work, 'emv-eur.yaml');
    writeFileSync(
      file,
      'version: 1\nemvConfigs:\n  - emvName: mc-eur\n    paymentMethod: "02"\n    currency: EUR\n    params: { aid: A0000000041010, isNewCVMRuleForMC: true }\n',
    );
    const before = await plan(file, EMV_GROUP);
    expect(before.changes.map((c) => c.patch)).toEqual([[{ op: 'replace', path: '/params/isNewCVMRuleForMC', value: true }]]);
    await apply(file, EMV_GROUP);
    expect(JSON.parse((await emvRecord(EMV_GROUP, 'mc-eur')).params)).toEqual({ aid: 'A0000000041010', isNewCVMRuleForMC: true });
  });
});

describe('a base64 receiptLogo', () => {
  const manifest = (logo: string, extra = '') =>
    'version: 1\nmerchants:\n  - providerReference: cafe\n    mchName: Cafe\n    currency: USD\n    contactName: Jane\n' +
    `    contactEmail: jane@cafe.example\n    receiptLogo: ${logo}\n${extra}`;

  it('is uploaded on create and when its content changes, and never again otherwise', async () => {
    const file = join(work, 'logo.yaml');
    writeFileSync(file, manifest(PNG));
    const created = await plan(file, LOGO_GROUP);
    expect(created.changes.map((c) => c.action)).toEqual(['create']);
    expect(created.changes[0]!.notes.join('\n')).toContain(`its SHA-256 (${logoFingerprint(PNG).slice(0, 12)}…) is kept in additionalData["${KEY}"]`);
    await apply(file, LOGO_GROUP);

    const first = await merchantRecord(LOGO_GROUP, 'cafe');
    expect(first.receiptLogo).toMatch(/^https:\/\//);
    expect(first.additionalData).toEqual({ [KEY]: logoFingerprint(PNG) });
    expect((await plan(file, LOGO_GROUP)).changes).toEqual([]);

    // The same content written another way (a data URI, wrapped lines) is the same logo.
    writeFileSync(file, manifest(`"data:image/png;base64,${PNG.slice(0, 50)}\\n${PNG.slice(50)}"`));
    expect((await plan(file, LOGO_GROUP)).changes).toEqual([]);

    writeFileSync(file, manifest(OTHER_PNG));
    const changed = await plan(file, LOGO_GROUP);
    expect(changed.changes.map((c) => [c.address, c.action])).toEqual([['merchant/cafe', 'update']]);
    expect(changed.changes[0]!.patch).toEqual([{ op: 'replace', path: '/receiptLogo', value: OTHER_PNG }]);
    expect(changed.changes[0]!.notes).toEqual([
      `receiptLogo: the manifest content's SHA-256 is ${logoFingerprint(OTHER_PNG).slice(0, 12)}… and additionalData["${KEY}"] holds ${logoFingerprint(PNG).slice(0, 12)}…: it is uploaded, and its SHA-256 kept there`,
    ]);
    const text = await cli(['plan', '-f', file], LOGO_GROUP);
    expect(text.out).toContain('note: receiptLogo: the manifest content');
    await apply(file, LOGO_GROUP);

    const second = await merchantRecord(LOGO_GROUP, 'cafe');
    expect(second.receiptLogo).not.toBe(first.receiptLogo);
    expect(second.additionalData).toEqual({ [KEY]: logoFingerprint(OTHER_PNG) });
    expect((await plan(file, LOGO_GROUP)).changes).toEqual([]);
  });

  it("keeps the fingerprint beside the user's additionalData, which compares without it", async () => {
    const file = join(work, 'logo-data.yaml');
    writeFileSync(file, manifest(OTHER_PNG, '    additionalData: { tier: gold }\n'));
    const plain = await plan(file, LOGO_GROUP);
    // The live additionalData holds only the fingerprint: to the user, it is empty.
    expect(plain.changes.map((c) => c.patch)).toEqual([[{ op: 'add', path: '/additionalData/tier', value: 'gold' }]]);
    await apply(file, LOGO_GROUP);
    expect((await merchantRecord(LOGO_GROUP, 'cafe')).additionalData).toEqual({ tier: 'gold', [KEY]: logoFingerprint(OTHER_PNG) });
    expect((await plan(file, LOGO_GROUP)).changes).toEqual([]);

    writeFileSync(file, manifest(OTHER_PNG, '    additionalData: { tier: silver }\n    mchName: Cafe Two\n').replace('    mchName: Cafe\n', ''));
    const edited = await plan(file, LOGO_GROUP);
    expect(edited.changes[0]!.patch).toEqual([
      { op: 'replace', path: '/additionalData/tier', value: 'silver' },
      { op: 'replace', path: '/mchName', value: 'Cafe Two' },
    ]);
    expect(edited.changes[0]!.notes).toEqual([
      `receiptLogo: the manifest content's SHA-256 (${logoFingerprint(OTHER_PNG).slice(0, 12)}…) matches additionalData["${KEY}"], so the logo is not uploaded again`,
    ]);
    const logoBefore = (await merchantRecord(LOGO_GROUP, 'cafe')).receiptLogo;
    await apply(file, LOGO_GROUP);
    const after = await merchantRecord(LOGO_GROUP, 'cafe');
    expect(after.receiptLogo).toBe(logoBefore);
    expect(after.additionalData).toEqual({ tier: 'silver', [KEY]: logoFingerprint(OTHER_PNG) });
    expect((await plan(file, LOGO_GROUP)).changes).toEqual([]);

    const exported = join(work, 'logo-export.yaml');
    expect((await cli(['export', '-o', exported], LOGO_GROUP)).code).toBe(0);
    const text = readFileSync(exported, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).toContain(`receiptLogo: ${logoBefore}`);
    expect((await plan(exported, LOGO_GROUP)).changes).toEqual([]);
  });

  it('is write-only while no merchant record of the group shows paycfg\'s fingerprint, then compared once one does', async () => {
    // Made outside paycfg with a URL logo and no additionalData: the simulator then returns none.
    await call(sim, BARE_GROUP, 'POST', `${V1}/mchInfo`, {
      mchName: 'Cafe', currency: 'USD', contactName: 'Jane', contactEmail: 'jane@cafe.example', providerReference: 'cafe', receiptLogo: 'https://cdn.example/cafe.png',
    });
    const file = join(work, 'bare.yaml');
    writeFileSync(file, manifest(PNG));
    expect((await plan(file, BARE_GROUP)).changes).toEqual([]);

    writeFileSync(file, manifest(PNG).replace('mchName: Cafe', 'mchName: Cafe Two'));
    const renamed = await plan(file, BARE_GROUP);
    expect(renamed.changes.map((c) => c.patch)).toEqual([[{ op: 'replace', path: '/mchName', value: 'Cafe Two' }]]);
    expect(renamed.changes[0]!.notes).toEqual([
      'receiptLogo is uploaded content, and no merchant record of the group shows the SHA-256 paycfg keeps in additionalData: ' +
        'a change of the logo alone cannot be seen. It is sent again with this update',
    ]);
    await apply(file, BARE_GROUP);
    const record = await merchantRecord(BARE_GROUP, 'cafe');
    expect(record.receiptLogo).not.toBe('https://cdn.example/cafe.png');
    expect(record.additionalData).toEqual({ [KEY]: logoFingerprint(PNG) });

    // The service showed it keeps paycfg's fingerprint: from now on the content is compared.
    expect((await plan(file, BARE_GROUP)).changes).toEqual([]);
    writeFileSync(file, manifest(OTHER_PNG).replace('mchName: Cafe', 'mchName: Cafe Two'));
    expect((await plan(file, BARE_GROUP)).changes.map((c) => c.patch)).toEqual([[{ op: 'replace', path: '/receiptLogo', value: OTHER_PNG }]]);
  });
});
