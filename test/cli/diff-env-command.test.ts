/**
 * `paycfg diff-env A B` end to end: an environments file (paycfg.environments.yaml) in a temporary
 * directory naming two simulators, read through the environments module, each environment's token
 * from its own variable. Exit 0 when the groups do not differ, 2 when they do, 1 on error; the
 * three formats; no secret in anything printed.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import {
  PROCESS_ENV,
  PRODUCTION_ADMIN_PASSWORD,
  PRODUCTION_GROUP_ID,
  SHARED_MANIFEST,
  TEST_ADMIN_PASSWORD,
  TEST_GROUP_ID,
  startTwoEnvironments,
  type TwoEnvironments,
} from '../env-diff/two-environments.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/env-diff.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

type SetUp = TwoEnvironments & { env: Record<string, string> };

let envs: TwoEnvironments | undefined;
afterEach(async () => {
  await envs?.close();
  envs = undefined;
});

/** Two environments, applied, and their environments file as the contract writes it. */
async function setUp(manifests: { test: readonly string[]; production: readonly string[] }): Promise<SetUp> {
  envs = await startTwoEnvironments({ manifests });
  return prepared(envs, manifests);
}

/**
 * The two environments both made of shared/, for the tests that only read them (diff-env sends no
 * write): each apply waits the twin check's settle after the till's create, and need not be paid
 * again for each test.
 */
const SHARED_ONLY = { test: ['shared'], production: ['shared'] };
let shared: Promise<SetUp> | undefined;
const sharedSetUp = (): Promise<SetUp> => (shared ??= startTwoEnvironments({ manifests: SHARED_ONLY }).then((started) => prepared(started, SHARED_ONLY)));
afterAll(async () => {
  await (await shared)?.close();
});

async function prepared(started: TwoEnvironments, manifests: { test: readonly string[]; production: readonly string[] }): Promise<SetUp> {
  const { test, production } = started;
  // Two simulators, two groups: the applies do not wait for each other.
  await Promise.all([test.applyTo(), production.applyTo()]);
  started.write(
    'paycfg.environments.yaml',
    `version: 1
environments:
  test:
    baseUrl: ${test.sim.url}
    group: ${TEST_GROUP_ID}
    token: { env: PAYCFG_TEST_TOKEN }
    manifests: [${manifests.test.join(', ')}]
    values:
      ACQUIRER_HOST: https://acq-test.example.com
      HOST_A_MID: "100200300"
      TILL_TID: "00000001"
      TILL_ADMIN_PASSWORD: { env: TEST_TILL_ADMIN_PASSWORD }
  production:
    baseUrl: ${production.sim.url}
    group: ${PRODUCTION_GROUP_ID}
    token: { env: PAYCFG_PRODUCTION_TOKEN }
    manifests: [${manifests.production.join(', ')}]
    values:
      ACQUIRER_HOST: https://acq.example.com
      HOST_A_MID: "900800700"
      TILL_TID: "00000009"
      TILL_ADMIN_PASSWORD: { env: PRODUCTION_TILL_ADMIN_PASSWORD }
`,
  );
  const env = { ...PROCESS_ENV, PAYCFG_TEST_TOKEN: test.sim.token(TEST_GROUP_ID), PAYCFG_PRODUCTION_TOKEN: production.sim.token(PRODUCTION_GROUP_ID) };
  return Object.assign(started, { env });
}

async function cli(argv: string[], options: { env: Record<string, string>; cwd: string }) {
  const io = captureIo({ env: options.env, cwd: options.cwd });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

function secretsOf(env: Record<string, string>): string[] {
  return [TEST_ADMIN_PASSWORD, PRODUCTION_ADMIN_PASSWORD, env['PAYCFG_TEST_TOKEN']!, env['PAYCFG_PRODUCTION_TOKEN']!];
}

describe('paycfg diff-env', () => {
  it('exits 0 when the groups differ only by each environment\'s values, in every format', async () => {
    const { dir, env } = await sharedSetUp();
    const text = await cli(['diff-env', 'test', 'production'], { env, cwd: dir });
    expect(text.err).toBe('');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^paycfg diff-env: test and production\n/);
    expect(text.out).toContain('No difference: test and production hold the same 5 records.');

    const json = await cli(['diff-env', 'test', 'production', '--json'], { env, cwd: dir });
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.out);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(parsed).toMatchObject({ formatVersion: 1, equal: true, a: { name: 'test', group: { groupId: TEST_GROUP_ID } }, b: { name: 'production', group: { groupId: PRODUCTION_GROUP_ID } } });
    expect(parsed.summary.substitutedFields).toBe(5);

    const markdown = await cli(['diff-env', 'test', 'production', '--markdown'], { env, cwd: dir });
    expect(markdown.code).toBe(0);
    expect(markdown.out).toMatch(/^### paycfg diff-env: no difference between `test` and `production`\n/);
    for (const output of [text, json, markdown]) for (const secret of secretsOf(env)) expect(`${output.out}${output.err}`).not.toContain(secret);
  });

  it('exits 2 when they differ, and shows what differs without a secret', async () => {
    const { dir, env, production, write } = await setUp({ test: ['shared', 'test-only'], production: ['shared'] });
    await production.applyTo([write('drifted/paycfg.yaml', SHARED_MANIFEST.replace('clTransLimit: 99999999', 'clTransLimit: 5000000').replace('deviceAdmin: ${TILL_ADMIN_PASSWORD}', 'deviceAdmin: drifted-admin-4471'))]);
    const text = await cli(['diff-env', 'test', 'production', '--no-color'], { env, cwd: dir });
    expect(text.code, text.err).toBe(2);
    expect(text.out).toContain("Only in test (2 records):\n  < merchant/pop-up-001 (test's own: only test's manifests name it)");
    expect(text.out).toContain('      ~ /params/clTransLimit\n          test:       99999999\n          production: 5000000');
    expect(text.out).toContain('      ~ /deviceAdmin\n          test:       (sensitive)\n          production: (sensitive)');
    expect(text.out).toContain("test and production differ: 2 records with 2 values that differ; besides, each holds its own records, as its manifests have them (2 in test, 0 in production).");

    const json = await cli(['diff-env', 'test', 'production', '--json'], { env, cwd: dir });
    expect(json.code).toBe(2);
    const parsed = JSON.parse(json.out);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(parsed.equal).toBe(false);
    for (const output of [text, json]) for (const secret of [...secretsOf(env), 'drifted-admin-4471']) expect(`${output.out}${output.err}`).not.toContain(secret);
  });

  it('finds the environments file through --environments and $PAYCFG_ENVIRONMENTS from anywhere', async () => {
    const { dir, env } = await sharedSetUp();
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    const file = join(dir, 'paycfg.environments.yaml');
    expect((await cli(['diff-env', 'test', 'production', '--environments', file], { env, cwd: elsewhere })).code).toBe(0);
    expect((await cli(['diff-env', 'test', 'production'], { env: { ...env, PAYCFG_ENVIRONMENTS: file }, cwd: elsewhere })).code).toBe(0);
    const none = await cli(['diff-env', 'test', 'production'], { env, cwd: elsewhere });
    expect(none.code).toBe(1);
    expect(none.err).toContain('no environments file');
  });

  it('never reads the environments file as a manifest, though it stands in a directory an environment is made of', async () => {
    const { dir, env } = await setUp({ test: ['.'], production: ['shared'] });
    const { code, out, err } = await cli(['diff-env', 'test', 'production', '--json'], { env, cwd: dir });
    expect(err).toBe('');
    // Test's own merchant (only its manifests name it) and that merchant's automatic binding: no difference.
    expect(code).toBe(0);
    expect(JSON.parse(out).onlyInA.map((record: { address: string; inManifests: unknown; own: boolean }) => [record.address, record.inManifests, record.own])).toEqual([
      ['merchant/pop-up-001', { a: true, b: false }, true],
      ['binding/pop-up-001/host-a/USD', { a: false, b: false }, true],
    ]);
  });

  it('logs each request with its environment under --verbose, and reads each group once', async () => {
    const { dir, env } = await sharedSetUp();
    const { code, err } = await cli(['diff-env', 'test', 'production', '--verbose', '--parallelism', '2'], { env, cwd: dir });
    expect(code).toBe(0);
    const lines = err.trim().split('\n');
    for (const name of ['test', 'production']) {
      const own = lines.filter((line) => line.startsWith(`[${name}] paycfg: `));
      expect(own[0], name).toMatch(new RegExp(`^\\[${name}\\] paycfg: GET /api/v2/current -> 200`));
      expect(own.every((line) => line.includes(': GET ')), name).toBe(true);
      const paths = own.map((line) => line.replace(/ -> .*$/, ''));
      expect(new Set(paths).size, name).toBe(paths.length);
    }
    expect(lines.every((line) => /^\[(test|production)\] paycfg: /.test(line))).toBe(true);
  });

  it('refuses a token of another group, naming the environment, before reading anything else', async () => {
    const { dir, env, production } = await sharedSetUp();
    const { code, out, err } = await cli(['diff-env', 'test', 'production', '--verbose'], { env: { ...env, PAYCFG_PRODUCTION_TOKEN: production.sim.token('G-00000099') }, cwd: dir });
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain(`environment production manages group ${PRODUCTION_GROUP_ID}`);
    expect(err.split('\n').filter((line) => line.startsWith('[production]'))).toEqual([expect.stringContaining('GET /api/v2/current -> 200')]);
  });

  it('refuses an unknown environment, listing the names', async () => {
    const { dir, env } = await sharedSetUp();
    const { code, err } = await cli(['diff-env', 'test', 'staging'], { env, cwd: dir });
    expect(code).toBe(1);
    expect(err).toContain('staging');
    expect(err).toContain('test');
    expect(err).toContain('production');
  });
});

describe('paycfg diff-env: its command line', () => {
  const cwd = process.cwd();
  it('needs two different environment names, and one format', async () => {
    const one = await cli(['diff-env', 'test'], { env: {}, cwd });
    expect(one.code).toBe(1);
    expect(one.err).toContain('paycfg diff-env: name the two environments to compare, e.g. `paycfg diff-env test production`');
    const twice = await cli(['diff-env', 'test', 'test'], { env: {}, cwd });
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('paycfg diff-env: test is named twice; name two environments to compare');
    const three = await cli(['diff-env', 'a', 'b', 'c'], { env: {}, cwd });
    expect(three.code).toBe(1);
    expect(three.err).toContain('unexpected argument "c"');
    const both = await cli(['diff-env', 'a', 'b', '--json', '--markdown'], { env: {}, cwd });
    expect(both.code).toBe(1);
    expect(JSON.parse(both.out)).toEqual({ error: { code: 'USAGE', message: 'paycfg diff-env: choose one of --json and --markdown' } });
  });

  it('documents its flags, environment variables and exit codes', async () => {
    const { code, out } = await cli(['diff-env', '--help'], { env: {}, cwd });
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage: paycfg diff-env A B \[flags\]\n/);
    for (const flag of ['--json', '--markdown', '--environments FILE', '--parallelism N', '--verbose', '--no-color']) expect(out).toContain(flag);
    expect(out).toMatch(/\n {2}PAYCFG_ENVIRONMENTS +\S/);
    for (const exit of ['0', '1', '2']) expect(out.slice(out.indexOf('Exit codes:'))).toMatch(new RegExp(`\\n  ${exit} +\\S`));
  });
});
