/**
 * An environment's manifests loaded with its values alone: an undeclared name refused naming the
 * environment, a secret written in the environments file refused where it is written, a value
 * written there shown (it is in the repository), one read from { env } or { file } kept secret,
 * and the environments file never read as a manifest.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvironmentManifest, loadEnvironmentsFile, resolveEnvironment, type ResolvedEnvironment } from '../../src/environments/index.js';
import { ManifestError, formatDiagnostic } from '../../src/manifest/index.js';

const MERCHANT = `version: 1
merchants:
  - providerReference: coffee-001
    mchName: Coffee Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    mcc: "5814"
    country: US
    state: 1
    receiptInfo: \${RECEIPT}
    devices:
      - deviceAlias: till-1
        deviceName: Front till
        deviceAdmin: \${ADMIN}
`;

async function environment(values: string, files: Record<string, string> = { 'paycfg.yaml': MERCHANT }, env: Record<string, string> = {}): Promise<ResolvedEnvironment> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-envmanifest-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  // The environments file stands in the manifest directory it names: the collector must skip it.
  writeFileSync(
    path.join(dir, 'paycfg.environments.yaml'),
    `version: 1\nenvironments:\n  test:\n    baseUrl: http://127.0.0.1:8181\n    group: G-00000001\n    token: { env: T }\n    manifests: [.]\n    values:\n${values}`,
  );
  const file = await loadEnvironmentsFile('paycfg.environments.yaml', { cwd: dir });
  return resolveEnvironment(file, 'test', { env, allowMissing: true });
}

async function problems(resolved: ResolvedEnvironment): Promise<string[]> {
  const error = await loadEnvironmentManifest(resolved, { cwd: path.dirname(resolved.file.path) }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ManifestError);
  return (error as ManifestError).diagnostics.map(formatDiagnostic);
}

describe('loadEnvironmentManifest', () => {
  it('loads the manifests of a directory that holds the environments file, without reading it as one', async () => {
    const resolved = await environment('      RECEIPT: Thank you\n      ADMIN: { env: TEST_ADMIN }\n', undefined, { TEST_ADMIN: 'till-pw-1' });
    const loaded = await loadEnvironmentManifest(resolved, { cwd: path.dirname(resolved.file.path) });
    expect(loaded.files).toEqual(['paycfg.yaml']);
    expect(loaded.manifest.merchants[0]?.receiptInfo).toBe('Thank you');
  });

  it('keeps a value read from { env } or { file } secret, and shows one written in the environments file', async () => {
    const resolved = await environment('      RECEIPT: Thank you for your visit\n      ADMIN: { env: TEST_ADMIN }\n', undefined, { TEST_ADMIN: 'till-pw-1' });
    const loaded = await loadEnvironmentManifest(resolved, { cwd: path.dirname(resolved.file.path) });
    expect(loaded.secrets.map((s) => s.path.join('.'))).toEqual(['merchants.0.devices.0.deviceAdmin']);
    expect(loaded.secretValues).toEqual(['till-pw-1']);
    // A receipt text from an { env } source is a secret as any ${VAR} is.
    const fromEnv = await environment('      RECEIPT: { env: TEST_RECEIPT }\n      ADMIN: { env: TEST_ADMIN }\n', undefined, { TEST_ADMIN: 'till-pw-1', TEST_RECEIPT: 'Thanks!' });
    const secret = await loadEnvironmentManifest(fromEnv, { cwd: path.dirname(fromEnv.file.path) });
    expect(secret.secrets.map((s) => s.path.join('.')).sort()).toEqual(['merchants.0.devices.0.deviceAdmin', 'merchants.0.receiptInfo']);
    expect(secret.secretValues).toContain('Thanks!');
  });

  it('refuses a secret field fed by a value written in the environments file, at that value, naming the field and where it is', async () => {
    const resolved = await environment('      RECEIPT: Thank you\n      ADMIN: till-pw-in-the-repo\n');
    expect(await problems(resolved)).toEqual([
      'paycfg.environments.yaml:10:14: environments.test.values.ADMIN: written in the file, but it feeds a secret field (merchants[0].devices[0].deviceAdmin at paycfg.yaml:15:22), and a secret must not be in the repository; give it as { env: NAME } or { file: PATH }',
    ]);
  });

  it('refuses a ${NAME} its environment does not declare, naming the environment, a default notwithstanding', async () => {
    const resolved = await environment('      ADMIN: { env: TEST_ADMIN }\n', { 'paycfg.yaml': MERCHANT.replace('${RECEIPT}', '${RECEIPT:-Thanks}') }, { TEST_ADMIN: 'pw', RECEIPT: 'from the process' });
    expect(await problems(resolved)).toEqual([
      'paycfg.yaml:11:18: merchants[0].receiptInfo: ${RECEIPT} is not declared in the values of environment test (paycfg.environments.yaml); declare it there (a default does not stand in for it)',
    ]);
  });

  it('with allowMissingEnv, takes a value whose source gave nothing as a placeholder', async () => {
    const resolved = await environment('      RECEIPT: Thank you\n      ADMIN: { env: TEST_ADMIN }\n');
    const loaded = await loadEnvironmentManifest(resolved, { cwd: path.dirname(resolved.file.path), allowMissingEnv: true });
    expect(loaded.missingVariables).toEqual(['ADMIN']);
    const strict = await problems(resolved);
    expect(strict).toEqual(['paycfg.yaml:15:22: merchants[0].devices[0].deviceAdmin: environment variable ADMIN is not set; set it']);
  });
});
