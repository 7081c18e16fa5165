/**
 * Onboarding two live environments through the command line, with a real paycfg.environments.yaml:
 * export test into shared/, export production against test, then validate and plan both. Goes
 * through the environments module (findEnvironmentsFile, loadEnvironmentsFile, resolveEnvironment,
 * environmentClient) and `--env`, which are built on another branch: until that branch is merged
 * this file fails at its first command.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ADMIN_PASSWORDS, PRODUCTION_GROUP_ID, TEST_GROUP_ID, environmentsYaml, seedEnvironment, type Side } from '../export/two-environments.js';

let sims: Record<Side, TestSimulator>;
let root: string;

beforeAll(async () => {
  const test = await startTestSimulator({ jwtSecret: 'cli-two-env-test' });
  const production = await startTestSimulator({ jwtSecret: 'cli-two-env-production' });
  sims = { test, production };
  await test.admin.createGroup({ groupId: TEST_GROUP_ID, groupName: 'PBO (test)' });
  await production.admin.createGroup({ groupId: PRODUCTION_GROUP_ID, groupName: 'PBO' });
  await seedEnvironment(test, TEST_GROUP_ID, 'test');
  await seedEnvironment(production, PRODUCTION_GROUP_ID, 'production');
  root = mkdtempSync(join(tmpdir(), 'paycfg-cli-two-env-'));
  writeFileSync(join(root, 'paycfg.environments.yaml'), environmentsYaml({ test: test.url, production: production.url }));
});
afterAll(async () => {
  await sims.test.close();
  await sims.production.close();
  rmSync(root, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = captureIo({
    env: {
      PAYCFG_TEST_TOKEN: sims.test.token(TEST_GROUP_ID),
      PAYCFG_PRODUCTION_TOKEN: sims.production.token(PRODUCTION_GROUP_ID),
      // Where export --against declares test's secrets, and where a plain export --env test may have.
      TEST_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1: ADMIN_PASSWORDS.test.till,
      PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1: ADMIN_PASSWORDS.test.till,
      PAYCFG_DEVICE_ADMIN_BISTRO_005_BAR: ADMIN_PASSWORDS.test.bar,
      TEST_PAYCFG_DEVICE_ADMIN_BISTRO_005_BAR: ADMIN_PASSWORDS.test.bar,
      PRODUCTION_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1: ADMIN_PASSWORDS.production.till,
      PRODUCTION_PAYCFG_DEVICE_ADMIN_BISTRO_005_BAR: ADMIN_PASSWORDS.production.bar,
      PRODUCTION_PAYCFG_DEVICE_ADMIN_BISTRO_005_KIOSK: ADMIN_PASSWORDS.production.kiosk,
    },
    cwd: root,
  });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

function files(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[relative(root, join(entry.parentPath, entry.name))] = readFileSync(join(entry.parentPath, entry.name), 'utf8');
  }
  return out;
}

describe('paycfg export --env production --against test', () => {
  it('exports test into shared/, then production against it; validate and plan of both show no change', async () => {
    const first = await cli(['export', '--env', 'test', '--out-dir', 'shared', '--manage-secrets']);
    expect(first.code, first.err).toBe(0);

    const before = files();
    const dry = await cli(['export', '--env', 'production', '--against', 'test', '--manage-secrets', '--dry-run']);
    expect(dry.code, dry.err).toBe(0);
    expect(files()).toEqual(before);
    expect(dry.out).toContain(`Would export production (group ${PRODUCTION_GROUP_ID}) against test's manifests: 5 entries shared (5 fields now a value of each environment)`);
    expect(dry.out).toContain('  acquirer/host-a-usd connUrl: ${ACQUIRER_HOST_A_USD_CONN_URL}');
    expect(dry.out).toContain('  merchant/prod-003: only production has it');
    expect(dry.out).toContain(`  merchant/test-004: production has no merchant/test-004 (${join('shared', 'merchants', 'test-004.yaml')} -> ${join('test', 'merchants', 'test-004.yaml')})`);
    expect(dry.out).toContain('  production: PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1 from $PRODUCTION_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1');
    expect(dry.out).toContain('Nothing was written (--dry-run).');

    const run = await cli(['export', '--env', 'production', '--against', 'test', '--manage-secrets']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(`Exported production (group ${PRODUCTION_GROUP_ID}) against test's manifests`);
    expect(existsSync(join(root, 'production', 'merchants', 'prod-003.yaml'))).toBe(true);
    for (const text of Object.values(files())) {
      for (const password of [...Object.values(ADMIN_PASSWORDS.test), ...Object.values(ADMIN_PASSWORDS.production)]) expect(text).not.toContain(password);
    }

    const validated = await cli(['validate']);
    expect(validated.code, validated.err).toBe(0);
    for (const environment of ['test', 'production']) {
      const plan = await cli(['plan', '--env', environment, '--detailed-exitcode']);
      expect(plan.code, `${environment}: ${plan.out}${plan.err}`).toBe(0);
    }
  });

  it('refuses --against without --env, naming what it needs', async () => {
    const { code, err } = await cli(['export', '--against', 'test']);
    expect(code).toBe(1);
    expect(err).toContain('--against test needs --env NAME (or PAYCFG_ENV)');
  });
});
