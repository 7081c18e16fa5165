import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDesiredState } from '../../src/desired/build-desired.js';
import { ManifestError, formatDiagnostic, loadManifest } from '../../src/manifest/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-typed-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function load(text: string) {
  await writeFile(path.join(dir, 'm.yaml'), text);
  return loadManifest(['m.yaml'], { env: {}, cwd: dir, allowMissingEnv: false });
}

async function errorsOf(text: string): Promise<string[]> {
  const error = await load(text).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ManifestError);
  return (error as ManifestError).diagnostics.map(formatDiagnostic);
}

describe('EMV params in the manifest', () => {
  it('accepts booleans and null beside strings and numbers, and keeps each type into the desired state', async () => {
    const loaded = await load(
      'version: 1\nemvConfigs:\n  - emvName: mc-usd\n    paymentMethod: "02"\n    currency: USD\n' +
        '    params: { aid: A0000000041010, clFloorLimit: 0, isNewCVMRuleForMC: true, quoted: "true", kernel: null }\n',
    );
    expect(loaded.manifest.emvConfigs[0]!.params).toEqual({ aid: 'A0000000041010', clFloorLimit: 0, isNewCVMRuleForMC: true, quoted: 'true', kernel: null });
    const desired = buildDesiredState(loaded);
    expect(desired.resources.get('emv/mc-usd')!.fields).toEqual({
      paymentMethod: '02',
      currency: 'USD',
      params: { aid: 'A0000000041010', clFloorLimit: 0, isNewCVMRuleForMC: true, quoted: 'true', kernel: null },
    });
  });

  it('still refuses a list or a mapping as a parameter value', async () => {
    const errors = await errorsOf('version: 1\nemvConfigs:\n  - { emvName: mc, paymentMethod: "02", currency: USD, params: { aid: [1, 2] } }\n');
    expect(errors).toEqual([expect.stringMatching(/m\.yaml:3:\d+: emvConfigs\[0\]\.params\.aid: EMV parameter values are strings, numbers, booleans or null, got a list/)]);
  });
});

describe("merchant additionalData: paycfg's reserved key", () => {
  it('is refused at the key, naming what it is for', async () => {
    const errors = await errorsOf(
      'version: 1\nmerchants:\n  - providerReference: a\n    mchName: A\n    currency: USD\n    contactName: A\n    contactEmail: a@a.example\n' +
        '    additionalData:\n      tier: gold\n      paycfg.receiptLogo.sha256: abc\n',
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /m\.yaml:10:7: merchants\[0\]\.additionalData(\.|\[")paycfg\.receiptLogo\.sha256("\])?: key "paycfg\.receiptLogo\.sha256" is reserved: paycfg keeps the SHA-256 of an uploaded receiptLogo there/,
      ),
    ]);
  });
});

describe('merchant receiptLogo', () => {
  const merchantWith = (logo: string) =>
    `version: 1\nmerchants:\n  - providerReference: a\n    mchName: A\n    currency: USD\n    contactName: A\n    contactEmail: a@a.example\n    receiptLogo: "${logo}"\n`;
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');

  it.each([`${PNG}`, `data:image/png;base64,${PNG}`, 'https://cdn.example/logo.png'])('accepts a URL or base64 png/jpeg content: %s', async (logo) => {
    await expect(load(merchantWith(logo))).resolves.toBeDefined();
  });

  it.each([
    ['logo.png', 'is neither an http(s) URL nor base64 content'],
    [Buffer.from('hello world!').toString('base64'), 'is base64 content, but not of a png or jpeg image'],
  ])('refuses %j offline, before anything is sent', async (logo, problem) => {
    expect(await errorsOf(merchantWith(logo))).toEqual([expect.stringContaining(`m.yaml:8:18: merchants[0].receiptLogo: ${problem}`)]);
  });
});
