/**
 * The environments file: found where the contract says, loaded into definitions with absolute
 * paths and values as written, and refused with every problem at its file:line:col.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EnvironmentsError,
  findEnvironmentsFile,
  loadEnvironmentsFile,
  selectEnvironment,
} from '../../src/environments/index.js';
import { UsageError } from '../../src/errors.js';
import { formatDiagnostic } from '../../src/manifest/index.js';

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-envfile-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const TWO = `version: 1
environments:
  test:
    baseUrl: http://127.0.0.1:8181/
    group: G-00000001
    token: { env: PAYCFG_TEST_TOKEN }
    manifests: [shared, test]
    journal: journals/test.jsonl
    values:
      HOST: https://acq-test.example.com
      MID: 007
      RATE: 1.50
      LIVE: false
      ADMIN: { env: TEST_ADMIN }
      PASSCODE: { file: secrets/test-passcode }
  production:
    baseUrl: https://pay.example.com
    group: G-00000002
    token: { file: secrets/prod-token }
    manifests: [shared, production/merchants.yaml]
`;

async function problems(text: string, name = 'paycfg.environments.yaml'): Promise<string[]> {
  const dir = workspace({ [name]: text });
  const error = await loadEnvironmentsFile(name, { cwd: dir }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EnvironmentsError);
  return (error as EnvironmentsError).diagnostics.map(formatDiagnostic);
}

describe('loadEnvironmentsFile', () => {
  it('reads each environment in the file\'s order, its paths absolute against the file\'s directory and its values as written', async () => {
    const dir = workspace({ 'repo/paycfg.environments.yaml': TWO });
    const file = await loadEnvironmentsFile('repo/paycfg.environments.yaml', { cwd: dir });
    expect(file.path).toBe(path.join(dir, 'repo/paycfg.environments.yaml'));
    expect(file.name).toBe('repo/paycfg.environments.yaml');
    expect([...file.environments.keys()]).toEqual(['test', 'production']);
    const test = file.environments.get('test')!;
    expect(test).toMatchObject({
      name: 'test',
      // Normalised as the client normalises it: the identity a saved plan records is the one a run compares.
      baseUrl: 'http://127.0.0.1:8181',
      group: 'G-00000001',
      token: { env: 'PAYCFG_TEST_TOKEN' },
      manifests: [path.join(dir, 'repo/shared'), path.join(dir, 'repo/test')],
      journal: path.join(dir, 'repo/journals/test.jsonl'),
    });
    // A number or a boolean is the text written: 007 keeps its zeros, 1.50 its last digit.
    expect(Object.fromEntries(test.values)).toEqual({
      HOST: 'https://acq-test.example.com',
      MID: '007',
      RATE: '1.50',
      LIVE: 'false',
      ADMIN: { env: 'TEST_ADMIN' },
      PASSCODE: { file: path.join(dir, 'repo/secrets/test-passcode') },
    });
    expect(test.positions?.values.get('MID')).toEqual({ file: 'repo/paycfg.environments.yaml', line: 11, col: 12 });
    expect(test.positions?.name).toEqual({ file: 'repo/paycfg.environments.yaml', line: 3, col: 3 });
    const production = file.environments.get('production')!;
    expect(production.token).toEqual({ file: path.join(dir, 'repo/secrets/prod-token') });
    expect(production.values.size).toBe(0);
    expect(production.journal).toBeUndefined();
  });

  it('names every problem of the format at its file:line:col, an unknown key with the key meant', async () => {
    const text = `version: 1
environments:
  test:
    baseUrl: https://x.example.com
    group: G-1
    token: { envv: TOKEN }
    manifests: []
    valuse: {}
    values:
      A: [1]
      B: { file: }
      1X: a
  Prod:
    baseUrl: https://y.example.com
    group: G-00000002
    token: { env: T }
    manifests: [m]
`;
    expect(await problems(text)).toEqual([
      'paycfg.environments.yaml:5:12: environments.test.group: "G-1" is not a group id (G- and 8 digits, e.g. G-00000001)',
      'paycfg.environments.yaml:6:12: environments.test.token: expected { env: NAME } or { file: PATH }, got a mapping of "envv" (did you mean "env"?)',
      'paycfg.environments.yaml:7:16: environments.test.manifests: names no manifest: list its files or directories',
      'paycfg.environments.yaml:8:5: environments.test.valuse: unknown key "valuse" (did you mean "values"?)',
      'paycfg.environments.yaml:10:10: environments.test.values.A: expected text, { env: NAME } or { file: PATH }, got a list',
      'paycfg.environments.yaml:11:18: environments.test.values.B.file: expected a file path, got an empty value',
      'paycfg.environments.yaml:12:7: environments.test.values["1X"]: "1X" is not a value name (letters, digits and _, not starting with a digit)',
      'paycfg.environments.yaml:13:3: environments.Prod: "Prod" is not an environment name (a lowercase letter, then up to 31 lowercase letters, digits, - and _)',
    ]);
  });

  it('refuses a base URL of the wrong form, a manifest path naming the file itself, and two environments of one group at one service', async () => {
    const text = `version: 1
environments:
  test:
    baseUrl: pay.example.com
    group: G-00000001
    token: { env: A }
    manifests: [., paycfg.environments.yaml]
  staging:
    baseUrl: https://pay.example.com
    group: G-00000002
    token: { env: B }
    manifests: [m]
  production:
    baseUrl: https://pay.example.com/
    group: G-00000002
    token: { env: C }
    manifests: [m]
`;
    expect(await problems(text)).toEqual([
      'paycfg.environments.yaml:4:14: environments.test.baseUrl: base URL "pay.example.com" has no scheme; did you mean https://pay.example.com?',
      'paycfg.environments.yaml:7:20: environments.test.manifests[1]: names the environments file itself; list the manifest files and directories',
      'paycfg.environments.yaml:15:12: environments.production.group: environment staging manages group G-00000002 at https://pay.example.com already; each environment is a group of its own',
    ]);
  });

  it('refuses YAML it cannot read, an empty file, a missing file and a format it does not know', async () => {
    expect(await problems('version: 1\nenvironments:\n  test: [\n')).toEqual([expect.stringMatching(/^paycfg\.environments\.yaml:3:9: invalid YAML: this "\[" opens a list that is not closed/)]);
    expect(await problems('')).toEqual([expect.stringContaining('paycfg.environments.yaml:1:1: file is empty')]);
    expect(await problems('version: 2\nenvironments: {}\n')).toEqual([
      'paycfg.environments.yaml:1:10: version: unsupported environments file format version 2; this paycfg reads version 1',
      'paycfg.environments.yaml:2:15: environments: names no environment',
    ]);
    const dir = workspace({});
    const missing = await loadEnvironmentsFile('nowhere.yaml', { cwd: dir }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(EnvironmentsError);
    expect((missing as Error).message).toBe('the environments file nowhere.yaml cannot be read (1 error):\nnowhere.yaml:1:1: no such file');
    expect((missing as EnvironmentsError).exitCode).toBe(1);
  });
});

describe('findEnvironmentsFile', () => {
  it('takes --environments, else $PAYCFG_ENVIRONMENTS, else paycfg.environments.yaml (or .yml) in the working directory', async () => {
    const dir = workspace({ 'paycfg.environments.yml': TWO, 'other.yaml': TWO });
    expect(await findEnvironmentsFile({ cwd: dir, env: {} })).toBe(path.join(dir, 'paycfg.environments.yml'));
    writeFileSync(path.join(dir, 'paycfg.environments.yaml'), TWO);
    expect(await findEnvironmentsFile({ cwd: dir, env: {} })).toBe(path.join(dir, 'paycfg.environments.yaml'));
    expect(await findEnvironmentsFile({ cwd: dir, env: { PAYCFG_ENVIRONMENTS: 'other.yaml' } })).toBe(path.join(dir, 'other.yaml'));
    expect(await findEnvironmentsFile({ cwd: dir, env: { PAYCFG_ENVIRONMENTS: 'other.yaml' }, flag: 'flag.yaml' })).toBe(path.join(dir, 'flag.yaml'));
    expect(await findEnvironmentsFile({ cwd: workspace({}), env: { PAYCFG_ENVIRONMENTS: '' } })).toBeUndefined();
  });
});

describe('selectEnvironment', () => {
  it('lists the environments when none is chosen, and suggests the one meant', async () => {
    const dir = workspace({ 'paycfg.environments.yaml': TWO });
    const file = await loadEnvironmentsFile('paycfg.environments.yaml', { cwd: dir });
    expect(selectEnvironment(file, 'production').name).toBe('production');
    expect(() => selectEnvironment(file, undefined)).toThrow(UsageError);
    expect(() => selectEnvironment(file, undefined)).toThrow(
      'paycfg.environments.yaml describes the environments test, production: choose one with --env NAME (or $PAYCFG_ENV); nothing was read or changed',
    );
    expect(() => selectEnvironment(file, 'tset')).toThrow('paycfg.environments.yaml has no environment "tset" (did you mean "test"?); its environments are test, production');
  });
});
