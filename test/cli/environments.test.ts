/**
 * Environments over real HTTP: two simulators, test and production, each its own port, secret and
 * group, with a recording proxy in front of each so that every request and body that reached either
 * can be read. The repository is examples/environments, its base URLs and groups pointed at them.
 * Through the CLI: plan and apply with --env against the right service, a token of another group
 * refused after the owner read alone, a saved plan taken to the other environment refused with all
 * three of both sides named, no value of test in any request to production, a repository with
 * environments and no --env refused with its environments, validate of every environment offline,
 * and the journal's run-start naming its environment.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { signSimToken } from '../../src/sim/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { startRewritingProxy, type RewritingProxy } from './helpers/rewriting-proxy.js';

const EXAMPLE = new URL('../../examples/environments', import.meta.url).pathname;
const TEST_GROUP = 'G-00000011';
const PROD_GROUP = 'G-00000012';
/** A group of the production service that is not production's: its token must be refused. */
const STRANGER_GROUP = 'G-00000019';
const TEST_ADMIN = 'test-till-secret-1';
const PROD_ADMIN = 'prod-till-secret-2';
/** What the test environment's values say, which must never reach production. */
const TEST_VALUES = ['acq-test.host-a.example.com', 'pbo-test.example.com', '900000012345', TEST_ADMIN];

let testSim: TestSimulator;
let prodSim: TestSimulator;
let testProxy: RewritingProxy;
let prodProxy: RewritingProxy;

beforeAll(async () => {
  testSim = await startTestSimulator({ jwtSecret: 'test-environment-secret' });
  prodSim = await startTestSimulator({ jwtSecret: 'production-environment-secret' });
  await testSim.admin.createGroup({ groupId: TEST_GROUP, groupName: 'Test PBO' });
  await prodSim.admin.createGroup({ groupId: PROD_GROUP, groupName: 'Production PBO' });
  await prodSim.admin.createGroup({ groupId: STRANGER_GROUP, groupName: 'Another PBO' });
  testProxy = await startRewritingProxy(testSim.url);
  prodProxy = await startRewritingProxy(prodSim.url);
});
afterAll(async () => {
  await Promise.all([testProxy.close(), prodProxy.close()]);
  await Promise.all([testSim.close(), prodSim.close()]);
});

/** examples/environments in a directory of its own, its base URLs the proxies' and its groups the simulators'. */
function repository(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-environments-'));
  cpSync(EXAMPLE, dir, { recursive: true });
  const file = path.join(dir, 'paycfg.environments.yaml');
  const text = readFileSync(file, 'utf8')
    .replace('http://127.0.0.1:8181', testProxy.url)
    .replace('http://127.0.0.1:8182', prodProxy.url)
    .replace('group: G-00000001', `group: ${TEST_GROUP}`)
    .replace('group: G-00000002', `group: ${PROD_GROUP}`);
  writeFileSync(file, text);
  return dir;
}

function secrets(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PAYCFG_TEST_TOKEN: testSim.token(TEST_GROUP),
    PAYCFG_PROD_TOKEN: prodSim.token(PROD_GROUP),
    TEST_TILL_ADMIN_PASSWORD: TEST_ADMIN,
    PROD_TILL_ADMIN_PASSWORD: PROD_ADMIN,
    GITHUB_ACTOR: 'octo-releaser',
    ...overrides,
  };
}

async function cli(argv: string[], cwd: string, env: Record<string, string> = secrets()) {
  const io = captureIo({ env, cwd });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

function records(file: string): Array<Record<string, any>> {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
}

beforeEach(() => {
  testProxy.received.length = 0;
  prodProxy.received.length = 0;
});

describe('plan and apply --env', () => {
  it('plans and applies each environment against its own service and group, with its own values', async () => {
    const dir = repository();
    const plan = await cli(['plan', '--env', 'test'], dir);
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out.split('\n')[0]).toBe(`paycfg plan for environment test: group ${TEST_GROUP} ("Test PBO") at ${testProxy.url}`);
    expect(plan.out).toContain('900000012345');
    expect(testProxy.received.length).toBeGreaterThan(0);
    expect(prodProxy.received).toEqual([]);
    const json = JSON.parse((await cli(['plan', '--env', 'test', '--json'], dir)).out);
    expect(json).toMatchObject({ environment: 'test', baseUrl: testProxy.url, group: { groupId: TEST_GROUP } });
    const markdown = (await cli(['plan', '--env', 'test', '--markdown'], dir)).out;
    expect(markdown).toContain(`Environment \`test\`: group \`${TEST_GROUP}\``);

    const applied = await cli(['apply', '--env', 'test', '--auto-approve'], dir);
    expect(applied.code, applied.err).toBe(0);
    // apply's default journal is the environment's, and its run-start names the environment.
    const journal = records(path.join(dir, 'test.journal.jsonl'));
    expect(journal[0]).toMatchObject({ type: 'run-start', environment: 'test', baseUrl: testProxy.url, group: { groupId: TEST_GROUP } });
    expect(journal[0]!['source'].files.map((f: { path: string }) => f.path)).not.toContain('paycfg.environments.yaml');
    const summary = await cli(['journal', '--env', 'test'], dir);
    expect(summary.code, summary.err).toBe(0);
    expect(summary.out).toContain('  env      test\n');
    expect(summary.out).toContain(`  group    ${TEST_GROUP} "Test PBO"`);
    expect(JSON.parse((await cli(['journal', '--env', 'test', '--json'], dir)).out).runs[0].environment).toBe('test');
    expect(prodProxy.received).toEqual([]);
    const again = await cli(['plan', '--env', 'test', '--detailed-exitcode'], dir);
    expect(again.code, again.out).toBe(0);
  });

  it('sends production none of test\'s values: every request that reached production holds production\'s alone', async () => {
    const dir = repository();
    const env = secrets();
    const applied = await cli(['apply', '--env', 'production', '--auto-approve'], dir, env);
    expect(applied.code, applied.err).toBe(0);
    expect(testProxy.received).toEqual([]);
    const writes = prodProxy.received.filter((request) => request.method !== 'GET');
    expect(writes.length).toBeGreaterThan(3);
    const sent = prodProxy.received.map((request) => `${request.method} ${request.path}\n${request.body}`).join('\n');
    for (const value of TEST_VALUES) expect(sent, value).not.toContain(value);
    // The token sent is production's own.
    expect(new Set(prodProxy.received.map((request) => request.authorization))).toEqual(new Set([`Bearer ${env['PAYCFG_PROD_TOKEN']}`]));
    expect(sent).toContain('acq.host-a.example.com');
    expect(sent).toContain('000000012345');
    expect(sent).toContain('bakery-002');
    const journal = records(path.join(dir, 'production.journal.jsonl'));
    expect(journal[0]).toMatchObject({ type: 'run-start', environment: 'production' });
  });

  it('refuses a token of another group after the owner read alone: plan, drift, export, apply and apply PLANFILE', async () => {
    const dir = repository();
    // A plan saved for production with production's token, applied with another group's.
    expect((await cli(['plan', '--env', 'production', '--out', 'production-plan.json'], dir)).code).toBe(0);
    const env = secrets({ PAYCFG_PROD_TOKEN: prodSim.token(STRANGER_GROUP) });
    const runs = [['plan', '--env', 'production'], ['drift', '--env', 'production'], ['export', '--env', 'production'], ['apply', '--env', 'production', '--auto-approve'], ['apply', 'production-plan.json', '--env', 'production']];
    for (const argv of runs) {
      prodProxy.received.length = 0;
      const run = await cli(argv, dir, env);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.err, argv.join(' ')).toContain(
        `Error: environment production manages group ${PROD_GROUP} at ${prodProxy.url}, but its token belongs to group ${STRANGER_GROUP} ("Another PBO"); nothing else was read, nothing was changed.`,
      );
      expect(prodProxy.received.map((request) => `${request.method} ${request.path}`), argv.join(' ')).toEqual(['GET /api/v2/current']);
    }
    expect(testProxy.received).toEqual([]);
  });
});

describe('saved plans', () => {
  it('applies a plan saved for test in test, with its secrets from test\'s values; refuses it in production, and with no environment, naming all three of both sides', async () => {
    const dir = repository();
    const planFile = path.join(dir, 'test-plan.json');
    // A fresh group of the test service, so that the plan has the till (and its secret) to create.
    await testSim.admin.reset();
    await testSim.admin.createGroup({ groupId: TEST_GROUP, groupName: 'Test PBO' });
    const saved = await cli(['plan', '--env', 'test', '--out', planFile], dir);
    expect(saved.code, saved.err).toBe(0);
    expect(saved.err).toContain(`run \`paycfg apply ${planFile} --env test\` to carry it out`);
    const document = JSON.parse(readFileSync(planFile, 'utf8'));
    expect(document.environment).toEqual({ name: 'test', baseUrl: testProxy.url, groupId: TEST_GROUP });
    expect(document.plan.environment).toBe('test');
    expect(readFileSync(planFile, 'utf8')).not.toContain(TEST_ADMIN);

    prodProxy.received.length = 0;
    const elsewhere = await cli(['apply', planFile, '--env', 'production'], dir);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.err).toContain(
      `the plan was made for environment test (group ${TEST_GROUP} at ${testProxy.url}), but this run is for environment production (group ${PROD_GROUP} at ${prodProxy.url}); nothing was read or changed.`,
    );
    expect(prodProxy.received).toEqual([]);

    // Without an environment (another directory, the service given as ever): refused all the same.
    const outside = mkdtempSync(path.join(tmpdir(), 'paycfg-no-environments-'));
    const bare = await cli(['apply', planFile], outside, { PAYCFG_BASE_URL: testProxy.url, PAYCFG_TOKEN: testSim.token(TEST_GROUP), TILL_ADMIN_PASSWORD: 'x' });
    expect(bare.code).toBe(1);
    expect(bare.err).toContain(`the plan was made for environment test (group ${TEST_GROUP} at ${testProxy.url}), but this run names no environment (--env); nothing was read or changed.`);
    // show refuses it for the other environment as apply does.
    const shown = await cli(['show', planFile, '--env', 'production'], dir);
    expect(shown.code).toBe(1);
    expect((await cli(['show', planFile, '--env', 'test'], dir)).out).toContain(`paycfg plan for environment test: group ${TEST_GROUP}`);

    testProxy.received.length = 0;
    const applied = await cli(['apply', planFile, '--env', 'test'], dir);
    expect(applied.code, applied.err).toBe(0);
    // The till's admin password came from test's own { env } source.
    const state = JSON.stringify(await testSim.admin.state({ secrets: true }));
    expect(state).toContain(TEST_ADMIN);
    expect(state).not.toContain(PROD_ADMIN);
    const journal = records(path.join(dir, 'test.journal.jsonl'));
    expect(journal.at(-1)).toMatchObject({ type: 'run-end', exitCode: 0 });
    expect(journal.filter((record) => record['type'] === 'run-start').at(-1)).toMatchObject({ environment: 'test', source: { kind: 'saved-plan' } });
  });

  it('refuses a plan saved without an environment in a run with one', async () => {
    const dir = repository();
    const outside = mkdtempSync(path.join(tmpdir(), 'paycfg-no-environments-'));
    const manifest = path.join(outside, 'paycfg.yaml');
    writeFileSync(manifest, 'version: 1\nemvConfigs: []\n');
    const planFile = path.join(outside, 'plain-plan.json');
    const saved = await cli(['plan', '-f', manifest, '--out', planFile], outside, { PAYCFG_BASE_URL: testProxy.url, PAYCFG_TOKEN: testSim.token(TEST_GROUP) });
    expect(saved.code, saved.err).toBe(0);
    testProxy.received.length = 0;
    const run = await cli(['apply', planFile, '--env', 'test'], dir);
    expect(run.code).toBe(1);
    expect(run.err).toContain(
      `the plan was made without an environment (for group ${TEST_GROUP} at ${testProxy.url}), but this run is for environment test (group ${TEST_GROUP} at ${testProxy.url}); nothing was read or changed.`,
    );
    expect(testProxy.received).toEqual([]);
  });
});

describe('choosing an environment', () => {
  it('refuses every command of a repository with environments and no --env, listing them; validate checks them all instead', async () => {
    const dir = repository();
    for (const argv of [['plan'], ['apply', '--auto-approve'], ['drift'], ['export'], ['show', 'plan.json'], ['journal', 'x.jsonl'], ['plan', '-f', 'shared']]) {
      const run = await cli(argv, dir);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.err, argv.join(' ')).toContain(
        `Error: paycfg ${argv[0]}: paycfg.environments.yaml describes the environments test, production: choose one with --env NAME (or $PAYCFG_ENV); nothing was read or changed`,
      );
    }
    expect(testProxy.received).toEqual([]);
    expect(prodProxy.received).toEqual([]);
    // $PAYCFG_ENV chooses as --env does; --environments (or $PAYCFG_ENVIRONMENTS) names the file from elsewhere.
    expect((await cli(['plan'], dir, secrets({ PAYCFG_ENV: 'test' }))).code).toBe(0);
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'paycfg-elsewhere-'));
    const flagged = await cli(['plan', '--env', 'production', '--environments', path.join(dir, 'paycfg.environments.yaml')], elsewhere);
    expect(flagged.code, flagged.err).toBe(0);
    expect(flagged.out).toContain(`paycfg plan for environment production: group ${PROD_GROUP}`);
    const fromEnv = await cli(['plan', '--env', 'production'], elsewhere, secrets({ PAYCFG_ENVIRONMENTS: path.join(dir, 'paycfg.environments.yaml') }));
    expect(fromEnv.code, fromEnv.err).toBe(0);
  });

  it('refuses --env without an environments file, an unknown environment, and -f, --base-url or --token-file beside --env', async () => {
    const dir = repository();
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'paycfg-elsewhere-'));
    const none = await cli(['plan', '--env', 'test'], elsewhere);
    expect(none.code).toBe(1);
    expect(none.err).toContain('Error: paycfg plan: --env test names environment test, but there is no environments file');
    const unknown = await cli(['plan', '--env', 'prodution'], dir);
    expect(unknown.err).toContain('Error: paycfg plan: paycfg.environments.yaml has no environment "prodution" (did you mean "production"?); its environments are test, production');
    const files = await cli(['apply', '--env', 'test', '-f', 'shared', '--token-file', 'token'], dir);
    expect(files.code).toBe(1);
    expect(files.err).toContain(
      'Error: paycfg apply: -f, --token-file cannot go with an environment: environment test names its manifests and where its token comes from in paycfg.environments.yaml',
    );
    const url = await cli(['drift', '--env', 'test', '--base-url', testProxy.url], dir);
    expect(url.err).toContain('Error: paycfg drift: --base-url cannot go with an environment: environment test names its base URL in paycfg.environments.yaml');
    expect(testProxy.received).toEqual([]);
  });
});

describe('validate', () => {
  it('plans with --base-ref an environment whose manifests are the folder that holds the environments file, never reading it as a manifest', async () => {
    const dir = repository();
    // The test environment made of the whole folder (shared/ and test/ are in it, production/ too: it is a folder of its own here).
    const file = path.join(dir, 'paycfg.environments.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('manifests: [shared, test]', 'manifests: [shared, test, paycfg.environments.yaml]'));
    const refused = await cli(['validate', '--env', 'test'], dir);
    expect(refused.code).toBe(1);
    writeFileSync(file, readFileSync(file, 'utf8').replace('manifests: [shared, test, paycfg.environments.yaml]', 'manifests: [.]'));
    rmSync(path.join(dir, 'production'), { recursive: true });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe', env: { ...process.env, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com' } });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    const planned = await cli(['plan', '--env', 'test', '--base-ref', 'HEAD'], dir);
    expect(planned.err).not.toContain('paycfg.environments.yaml:');
    expect(planned.code, planned.err).toBe(0);
  });

  it("names the environment's token source when the service refuses its token", async () => {
    const dir = repository();
    const foreign = signSimToken({ groupId: PROD_GROUP, secret: 'another-service-secret' });
    const run = await cli(['plan', '--env', 'production'], dir, secrets({ PAYCFG_PROD_TOKEN: foreign }));
    expect(run.code).toBe(1);
    expect(run.err).toContain('Check that $PAYCFG_PROD_TOKEN (the token of environment production, as paycfg.environments.yaml says) holds the whole token');
    expect(run.err).not.toContain('--token-file');
    expect(run.err).not.toContain(foreign);
  });

  it('checks every environment offline, each with its own values, and says how each fared', async () => {
    const dir = repository();
    const all = await cli(['validate'], dir, secrets({ PAYCFG_TEST_TOKEN: '', PAYCFG_PROD_TOKEN: '' }));
    expect(all.code, all.err).toBe(0);
    expect(all.out).toBe(
      'environment test: manifest valid: 5 files, 2 EMV configs, 1 acquirer profile, 2 merchants (1 binding, 1 device)\n' +
        'environment production: manifest valid: 5 files, 2 EMV configs, 1 acquirer profile, 2 merchants (2 bindings, 1 device)\n',
    );
    // Without its secrets, each unset { env } is a placeholder with --allow-missing-env, and an error without.
    const bare = await cli(['validate', '--allow-missing-env'], dir, {});
    expect(bare.code, bare.err).toBe(0);
    expect(bare.out).toContain('environment production: manifest valid: 5 files, 2 EMV configs, 1 acquirer profile, 2 merchants (2 bindings, 1 device); 1 value not set, checked as placeholders: TILL_ADMIN_PASSWORD ($PROD_TILL_ADMIN_PASSWORD)');
    const strict = await cli(['validate'], dir, {});
    expect(strict.code).toBe(1);
    expect(strict.err).toContain('paycfg.environments.yaml:33:28: environments.production.values.TILL_ADMIN_PASSWORD: environment variable PROD_TILL_ADMIN_PASSWORD is not set\n');
    expect(strict.err).toContain('environment test: values cannot be read: 1 error in 1 file\n');
    expect(testProxy.received).toEqual([]);
    expect(prodProxy.received).toEqual([]);
  });

  it('refuses a name one environment does not declare, in that environment alone, and a secret written in the environments file where it is written', async () => {
    const dir = repository();
    const file = path.join(dir, 'paycfg.environments.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      text
        .replace('      COFFEE_MID: "000000012345"\n', '')
        .replace('TILL_ADMIN_PASSWORD: { env: TEST_TILL_ADMIN_PASSWORD }', 'TILL_ADMIN_PASSWORD: written-in-the-repo'),
    );
    const run = await cli(['validate', '--json'], dir);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.out);
    expect(result.valid).toBe(false);
    const [test, production] = result.environments;
    expect(test.errors.map((e: { file: string; line: number; message: string }) => `${e.file}:${e.line}: ${e.message}`)).toEqual([
      expect.stringMatching(/^paycfg\.environments\.yaml:22: environments\.test\.values\.TILL_ADMIN_PASSWORD: written in the file, but it feeds a secret field \(merchants\[0\]\.devices\[0\]\.deviceAdmin at shared\/merchants\/coffee-001\.yaml:\d+:\d+\)/),
    ]);
    expect(production.errors.map((e: { message: string }) => e.message)).toEqual([
      'merchants[0].bindings[0].mid: ${COFFEE_MID} is not declared in the values of environment production (paycfg.environments.yaml); declare it there (a default does not stand in for it)',
      'merchants[0].devices[0].acquirerFields["host-a-usd"].mid: ${COFFEE_MID} is not declared in the values of environment production (paycfg.environments.yaml); declare it there (a default does not stand in for it)',
    ]);
    const one = await cli(['validate', '--env', 'test'], dir);
    expect(one.code).toBe(1);
    expect(one.err).toMatch(/environment test: manifest invalid: 1 error in 1 file\n$/);
    expect(one.err).not.toContain('production');
  });
});
