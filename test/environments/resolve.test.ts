/**
 * An environment made concrete: its values read from their sources (its own and no other's), its
 * token, and its client, which reads nothing of PAYCFG_BASE_URL or PAYCFG_TOKEN.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EnvironmentsError,
  environmentClient,
  loadEnvironmentsFile,
  readEnvironmentToken,
  resolveEnvironment,
  type EnvironmentsFile,
} from '../../src/environments/index.js';
import { ConfigError } from '../../src/errors.js';
import { formatDiagnostic } from '../../src/manifest/index.js';

const FILE = `version: 1
environments:
  test:
    baseUrl: http://127.0.0.1:8181
    group: G-00000001
    token: { env: PAYCFG_TEST_TOKEN }
    manifests: [m]
    values:
      HOST: https://acq-test.example.com
      ADMIN: { env: TEST_ADMIN }
      PASSCODE: { file: secrets/test-passcode }
  production:
    baseUrl: http://127.0.0.1:8182
    group: G-00000002
    token: { file: secrets/prod-token }
    manifests: [m]
    values:
      HOST: https://acq.example.com
      ADMIN: { env: PROD_ADMIN }
`;

async function load(files: Record<string, string> = {}): Promise<{ dir: string; file: EnvironmentsFile }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-resolve-'));
  mkdirSync(path.join(dir, 'secrets'));
  writeFileSync(path.join(dir, 'paycfg.environments.yaml'), FILE);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return { dir, file: await loadEnvironmentsFile('paycfg.environments.yaml', { cwd: dir }) };
}

/** A process environment that records every name read from it. */
function recordingEnv(values: Record<string, string>): { env: Record<string, string | undefined>; read: string[] } {
  const read: string[] = [];
  const env = new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') read.push(name);
      return target[name as string];
    },
  }) as Record<string, string | undefined>;
  return { env, read };
}

describe('resolveEnvironment', () => {
  it('reads its values from their sources, a file without its trailing newline, and no variable of another environment', async () => {
    const { file } = await load({ 'secrets/test-passcode': '4821\n' });
    const { env, read } = recordingEnv({ TEST_ADMIN: 'test-admin-pw', PROD_ADMIN: 'prod-admin-pw', PAYCFG_TOKEN: 'x' });
    const resolved = await resolveEnvironment(file, 'test', { env });
    expect(resolved.variables).toEqual({ HOST: 'https://acq-test.example.com', ADMIN: 'test-admin-pw', PASSCODE: '4821' });
    expect(resolved.definition.name).toBe('test');
    expect(read).toEqual(['TEST_ADMIN']);
  });

  it('refuses a source that gives nothing at the value\'s place in the file, unless missing values are allowed', async () => {
    const { file } = await load({ 'secrets/test-passcode': '\n' });
    const error = await resolveEnvironment(file, 'test', { env: { TEST_ADMIN: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EnvironmentsError);
    expect((error as EnvironmentsError).message.split('\n')).toEqual([
      'the values of environment test cannot all be read (2 errors):',
      'paycfg.environments.yaml:10:14: environments.test.values.ADMIN: environment variable TEST_ADMIN is set but empty (a CI secret that is not defined arrives empty)',
      `paycfg.environments.yaml:11:17: environments.test.values.PASSCODE: the file ${path.join(path.dirname(file.path), 'secrets/test-passcode')} is empty`,
    ]);
    const lenient = await resolveEnvironment(file, 'test', { env: {}, allowMissing: true });
    expect(lenient.variables).toEqual({ HOST: 'https://acq-test.example.com' });
    const unset = await resolveEnvironment(file, 'production', { env: {} }).catch((e: unknown) => e);
    expect((unset as EnvironmentsError).diagnostics.map(formatDiagnostic)).toEqual([
      'paycfg.environments.yaml:19:14: environments.production.values.ADMIN: environment variable PROD_ADMIN is not set',
    ]);
  });
});

describe('readEnvironmentToken and environmentClient', () => {
  it('reads the token from the environment\'s own source, and connects to its base URL whatever PAYCFG_BASE_URL and PAYCFG_TOKEN say', async () => {
    const { file } = await load({ 'secrets/prod-token': 'Bearer prod-token-123\n' });
    const production = file.environments.get('production')!;
    expect(await readEnvironmentToken(production, { env: {} })).toBe('prod-token-123');
    const resolved = await resolveEnvironment(file, 'production', { env: { PROD_ADMIN: 'pw' } });
    const client = await environmentClient(resolved, { env: { PAYCFG_BASE_URL: 'http://127.0.0.1:9999', PAYCFG_TOKEN: 'other-token' } });
    try {
      expect(client.baseUrl).toBe('http://127.0.0.1:8182');
    } finally {
      await client.close();
    }
  });

  it('refuses a token source that gives nothing, naming the environment, its group and its service', async () => {
    const { file } = await load();
    const test = file.environments.get('test')!;
    const error = await readEnvironmentToken(test, { env: { PAYCFG_TOKEN: 'not-this-one' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'environment test takes its token from $PAYCFG_TEST_TOKEN: environment variable PAYCFG_TEST_TOKEN is not set. Give it a token of group G-00000001 at http://127.0.0.1:8181; nothing was read or changed',
    );
    await expect(readEnvironmentToken(file.environments.get('production')!, { env: {} })).rejects.toThrow(/takes its token from the file .*prod-token: cannot read the file .* \(no such file\)/);
  });
});
