import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import { identityOf, type ResolvedEnvironment } from '../../src/environments/index.js';
import { ExportAgainstError } from '../../src/export/against-layout.js';
import { exportAgainst, type AgainstExportRun } from '../../src/export/export-against.js';
import { exportGroup } from '../../src/library/export.js';
import { createClient } from '../../src/library/client.js';
import { GroupMismatchError } from '../../src/live/errors.js';
import { computePlan } from '../../src/workflow/compute-plan.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ADMIN_PASSWORDS, PRODUCTION_GROUP_ID, TEST_GROUP_ID, environmentsYaml, resolvedEnvironments, seedEnvironment, type Side } from './two-environments.js';

let sims: Record<Side, TestSimulator>;
let clients: ApiClient[] = [];

/** What each environment's CI would hold: the admin passwords, under the names export gave their sources. */
const PROCESS_ENV = {
  TEST_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1: ADMIN_PASSWORDS.test.till,
  TEST_PAYCFG_DEVICE_ADMIN_BISTRO_005_BAR: ADMIN_PASSWORDS.test.bar,
  TEST_PAYCFG_DEVICE_ADMIN_TEST_004_NONE: 'unused',
  PRODUCTION_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1: ADMIN_PASSWORDS.production.till,
  PRODUCTION_PAYCFG_DEVICE_ADMIN_BISTRO_005_BAR: ADMIN_PASSWORDS.production.bar,
  PRODUCTION_PAYCFG_DEVICE_ADMIN_BISTRO_005_KIOSK: ADMIN_PASSWORDS.production.kiosk,
};

beforeAll(async () => {
  const test = await startTestSimulator({ jwtSecret: 'two-env-test-secret' });
  const production = await startTestSimulator({ jwtSecret: 'two-env-production-secret' });
  sims = { test, production };
  await test.admin.createGroup({ groupId: TEST_GROUP_ID, groupName: 'PBO (test)' });
  await production.admin.createGroup({ groupId: PRODUCTION_GROUP_ID, groupName: 'PBO' });
  await seedEnvironment(test, TEST_GROUP_ID, 'test');
  await seedEnvironment(production, PRODUCTION_GROUP_ID, 'production');
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await sims.test.close();
  await sims.production.close();
});

function client(side: Side, group: string = side === 'test' ? TEST_GROUP_ID : PRODUCTION_GROUP_ID): ApiClient {
  const made = createClient({ baseUrl: sims[side].url, token: sims[side].token(group) });
  clients.push(made);
  return made;
}

const urls = (): Record<Side, string> => ({ test: sims.test.url, production: sims.production.url });

/** A repository with the environments file and test exported into shared/, as the first step of onboarding does. */
async function repository(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'paycfg-two-env-'));
  writeFileSync(join(root, 'paycfg.environments.yaml'), environmentsYaml(urls()));
  const first = await exportGroup({ client: client('test'), target: { kind: 'directory', path: 'shared', force: false }, manageSecrets: true, cwd: root });
  expect(first.diagnostics).toEqual([]);
  return root;
}

function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[relative(root, join(entry.parentPath, entry.name))] = readFileSync(join(entry.parentPath, entry.name), 'utf8');
  }
  return out;
}

async function againstTest(root: string, options: { dryRun?: boolean; force?: boolean } = {}): Promise<AgainstExportRun> {
  const environments = resolvedEnvironments(root, urls(), PROCESS_ENV);
  return exportAgainst({ to: environments.production, from: environments.test, client: client('production'), concurrency: 4, cwd: root, manageSecrets: true, ...options });
}

async function planOf(root: string, environment: ResolvedEnvironment) {
  const side = environment.definition.name as Side;
  const { plan } = await computePlan({
    paths: environment.definition.manifests,
    env: environment.variables,
    cwd: root,
    client: client(side),
    concurrency: 4,
    environment: identityOf(environment.definition),
  });
  return plan;
}

describe('export --env production --against test: two live environments become one repository', () => {
  let root: string;
  let run: AgainstExportRun;
  let before: Record<string, string>;

  beforeAll(async () => {
    root = await repository();
    before = snapshot(root);
    run = await againstTest(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('plans with no change in each environment, each with its own values, against its own group', async () => {
    expect(run.diagnostics).toEqual([]);
    const environments = resolvedEnvironments(root, urls(), PROCESS_ENV);
    for (const side of ['test', 'production'] as const) {
      const plan = await planOf(root, environments[side]);
      expect(plan.changes.map((change) => `${change.action} ${change.address}`), side).toEqual([]);
      expect(plan.blocked, side).toEqual([]);
      expect(plan.unmanaged.map((record) => record.address), side).toEqual([]);
    }
  });

  it('writes what differs as values of each environment, and the shared entries once with ${NAME} in their place', () => {
    const acquirers = readFileSync(join(root, 'shared', 'acquirer-profiles.yaml'), 'utf8');
    expect(acquirers).toContain('connUrl: ${ACQUIRER_HOST_A_USD_CONN_URL}');
    expect(acquirers).toContain('notifyUrl: ${ACQUIRER_HOST_A_USD_NOTIFY_URL}');
    const cafe = readFileSync(join(root, 'shared', 'merchants', 'cafe-001.yaml'), 'utf8');
    expect(cafe).toContain('mid: ${BINDING_CAFE_001_HOST_A_USD_USD_MID}');
    // Inside a flow mapping a reference is quoted, or its braces would end the mapping.
    expect(cafe).toContain('host-a-usd: { mid: "${DEVICE_CAFE_001_TILL_1_ACQUIRER_FIELDS_HOST_A_USD_MID}", tid: "${DEVICE_CAFE_001_TILL_1_ACQUIRER_FIELDS_HOST_A_USD_TID}" }');
    expect(cafe).toContain('deviceAdmin: ${PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1}');
    // Equal in both: untouched, byte for byte.
    expect(readFileSync(join(root, 'shared', 'merchants', 'shop-002.yaml'), 'utf8')).toBe(before[join('shared', 'merchants', 'shop-002.yaml')]);

    const environments = readFileSync(join(root, 'paycfg.environments.yaml'), 'utf8');
    expect(environments).toContain('# Two environments of one PBO: what both have is in shared/, what each has alone in its own folder.');
    expect(environments).toContain('    token: { env: PAYCFG_TEST_TOKEN } # never the token itself');
    expect(environments).toContain('    # production is applied only after test');
    const values = resolvedEnvironments(root, urls(), {});
    expect(values.test.variables).toMatchObject({
      ACQUIRER_HOST_A_USD_CONN_URL: 'https://acq-test.example.com/iso',
      ACQUIRER_HOST_A_USD_NOTIFY_URL: 'https://pbo-test.example.com/notify',
      BINDING_CAFE_001_HOST_A_USD_USD_MID: '100200300',
      DEVICE_CAFE_001_TILL_1_ACQUIRER_FIELDS_HOST_A_USD_TID: 'T0000001',
    });
    expect(values.production.variables).toMatchObject({
      ACQUIRER_HOST_A_USD_CONN_URL: 'https://acq.example.com/iso',
      BINDING_CAFE_001_HOST_A_USD_USD_MID: '900800700',
      DEVICE_CAFE_001_TILL_1_ACQUIRER_FIELDS_HOST_A_USD_MID: '900800700',
    });
    // A MID stays text: quoted, or YAML would read a number.
    expect(environments).toContain('BINDING_CAFE_001_HOST_A_USD_USD_MID: "900800700"');
    // Secrets: a source per environment, never a value.
    expect(values.test.definition.values.get('PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1')).toEqual({ env: 'TEST_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1' });
    expect(values.production.definition.values.get('PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1')).toEqual({ env: 'PRODUCTION_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1' });
    for (const text of Object.values(snapshot(root))) {
      for (const password of [...Object.values(ADMIN_PASSWORDS.test), ...Object.values(ADMIN_PASSWORDS.production)]) expect(text).not.toContain(password);
    }
  });

  it("moves what test has alone into test's own folder, and writes production's own records into production's", () => {
    expect(existsSync(join(root, 'shared', 'merchants', 'test-004.yaml'))).toBe(false);
    // The file moves whole, comments and all (its modeline points at the schema from the same depth).
    expect(readFileSync(join(root, 'test', 'merchants', 'test-004.yaml'), 'utf8')).toBe(before[join('shared', 'merchants', 'test-004.yaml')]);
    expect(readFileSync(join(root, 'test', 'emv-configs.yaml'), 'utf8')).toContain('emvName: visa-lab');
    expect(readFileSync(join(root, 'shared', 'emv-configs.yaml'), 'utf8')).not.toContain('visa-lab');
    expect(readFileSync(join(root, 'production', 'merchants', 'prod-003.yaml'), 'utf8')).toContain('providerReference: prod-003');
    // bistro-005: production lists a device test lacks, and a merchant's devices are listed whole: each has its own.
    expect(existsSync(join(root, 'shared', 'merchants', 'bistro-005.yaml'))).toBe(false);
    expect(readFileSync(join(root, 'test', 'merchants', 'bistro-005.yaml'), 'utf8')).not.toContain('kiosk');
    expect(readFileSync(join(root, 'production', 'merchants', 'bistro-005.yaml'), 'utf8')).toContain('deviceAlias: kiosk');

    // Each group is named in its own manifest only.
    expect(readFileSync(join(root, 'shared', 'paycfg.yaml'), 'utf8')).not.toMatch(/^group:/m);
    expect(readFileSync(join(root, 'test', 'paycfg.yaml'), 'utf8')).toMatch(new RegExp(`^group: ${TEST_GROUP_ID}$`, 'm'));
    expect(readFileSync(join(root, 'production', 'paycfg.yaml'), 'utf8')).toMatch(new RegExp(`^group: ${PRODUCTION_GROUP_ID}$`, 'm'));

    expect(run.shared).toEqual(['emv/mc-usd', 'emv/visa-usd', 'acquirer/host-a-usd', 'merchant/cafe-001', 'merchant/shop-002']);
    expect(run.moved.map((record) => [record.address, record.reason])).toEqual([
      ['emv/visa-lab', 'production has no emv/visa-lab'],
      ['merchant/bistro-005', 'only production has device/bistro-005/kiosk, and merchant/bistro-005 lists its devices whole'],
      ['merchant/test-004', 'production has no merchant/test-004'],
    ]);
    expect(run.own.map((record) => record.address)).toEqual(['merchant/bistro-005', 'merchant/prod-003']);
    expect(run.templated.map((field) => field.name)).toEqual([
      'ACQUIRER_HOST_A_USD_CONN_URL',
      'ACQUIRER_HOST_A_USD_NOTIFY_URL',
      'BINDING_CAFE_001_HOST_A_USD_USD_MID',
      'DEVICE_CAFE_001_TILL_1_ACQUIRER_FIELDS_HOST_A_USD_MID',
      'DEVICE_CAFE_001_TILL_1_ACQUIRER_FIELDS_HOST_A_USD_TID',
    ]);
    expect(run.removed.map((path) => relative(root, path))).toEqual([join('shared', 'merchants', 'bistro-005.yaml'), join('shared', 'merchants', 'test-004.yaml')]);
  });

  it('with dryRun writes nothing and says the same', async () => {
    const again = await repository();
    try {
      const untouched = snapshot(again);
      const dry = await againstTest(again, { dryRun: true });
      expect(snapshot(again)).toEqual(untouched);
      expect(dry.dryRun).toBe(true);
      const relativeTo = (base: string, paths: readonly string[]) => paths.map((path) => relative(base, path));
      expect(relativeTo(again, dry.written)).toEqual(relativeTo(root, run.written));
      expect(relativeTo(again, dry.removed)).toEqual(relativeTo(root, run.removed));
      expect(dry.values).toEqual(run.values);
      expect(dry.moved.map((record) => record.address)).toEqual(run.moved.map((record) => record.address));
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it("refuses to write over production's own manifest without force, before reading the service", async () => {
    await expect(againstTest(root)).rejects.toThrow(ExportAgainstError);
    await expect(againstTest(root)).rejects.toThrow(/the own manifest of production, is not empty/);
  });

  it('with force, run again on its own output, changes nothing: what each environment has alone is where it was', async () => {
    const done = snapshot(root);
    const again = await againstTest(root, { force: true });
    expect(snapshot(root)).toEqual(done);
    expect(again.templated).toEqual([]);
    expect(again.moved).toEqual([]);
    expect(again.values).toEqual([]);
    expect(again.own.map((record) => [record.address, record.reason])).toEqual([
      ['merchant/bistro-005', 'test has its own merchant/bistro-005 too'],
      ['merchant/prod-003', 'only production has it'],
    ]);
    expect(again.written.map((path) => relative(root, path)).every((path) => path.startsWith('production'))).toBe(true);
  });

  it('with force, names a manifest file of its own directory it did not write, which production reads too', async () => {
    writeFileSync(join(root, 'production', 'merchants', 'left-over.yaml'), 'version: 1\n');
    try {
      const again = await againstTest(root, { force: true });
      expect(again.notices).toContain(`${join(root, 'production')} also holds another manifest file that production's manifests read too: merchants/left-over.yaml`);
    } finally {
      rmSync(join(root, 'production', 'merchants', 'left-over.yaml'));
    }
  });
});

describe('export --against with a file per part: shared.yaml, test.yaml, production.yaml', () => {
  it('appends what test has alone to test.yaml, writes production.yaml, and both plan with no change', async () => {
    const root = mkdtempSync(join(tmpdir(), 'paycfg-two-env-files-'));
    try {
      writeFileSync(join(root, 'paycfg.environments.yaml'), environmentsYaml(urls(), 'files'));
      const first = await exportGroup({ client: client('test'), target: { kind: 'file', path: 'shared.yaml' }, manageSecrets: true, cwd: root });
      expect(first.diagnostics).toEqual([]);
      const environments = resolvedEnvironments(root, urls(), PROCESS_ENV, 'files');
      const run = await exportAgainst({ to: environments.production, from: environments.test, client: client('production'), concurrency: 4, cwd: root, manageSecrets: true });
      expect(run.diagnostics).toEqual([]);
      expect(run.moved.map((record) => [record.address, relative(root, record.to)])).toEqual([
        ['emv/visa-lab', 'test.yaml'],
        ['merchant/bistro-005', 'test.yaml'],
        ['merchant/test-004', 'test.yaml'],
      ]);
      expect(run.removed).toEqual([]);
      const test = readFileSync(join(root, 'test.yaml'), 'utf8');
      expect(test).toMatch(new RegExp(`^version: 1\ngroup: ${TEST_GROUP_ID}\nemvConfigs:\n {2}- emvName: visa-lab\n`, 'm'));
      expect(test).toContain('providerReference: test-004');
      const shared = readFileSync(join(root, 'shared.yaml'), 'utf8');
      expect(shared).not.toContain('test-004');
      expect(shared).not.toMatch(/^group:/m);
      expect(readFileSync(join(root, 'production.yaml'), 'utf8')).toContain('providerReference: prod-003');

      const written = resolvedEnvironments(root, urls(), PROCESS_ENV, 'files');
      for (const side of ['test', 'production'] as const) {
        const plan = await planOf(root, written[side]);
        expect(plan.changes.map((change) => `${change.action} ${change.address}`), side).toEqual([]);
        expect(plan.unmanaged.map((record) => record.address), side).toEqual([]);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('export --against: refusals', () => {
  it("refuses a token of another group than the environment's, before any other read", async () => {
    const root = await repository();
    try {
      const environments = resolvedEnvironments(root, urls(), PROCESS_ENV);
      const wrong = client('production', 'G-00000099');
      await sims.production.admin.createGroup({ groupId: 'G-00000099', groupName: 'Other' });
      const error = await exportAgainst({ to: environments.production, from: environments.test, client: wrong, concurrency: 4, cwd: root }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GroupMismatchError);
      expect((error as Error).message).toContain(`environment production manages group ${PRODUCTION_GROUP_ID} at ${sims.production.url}, but its token belongs to group G-00000099`);
      expect(existsSync(join(root, 'production'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses environments that do not have exactly one manifest path of their own', async () => {
    const root = await repository();
    try {
      const environments = resolvedEnvironments(root, urls(), PROCESS_ENV);
      const production = environments.production;
      const two = { ...production, definition: { ...production.definition, manifests: [join(root, 'shared'), join(root, 'production'), join(root, 'more')] } };
      await expect(exportAgainst({ to: two, from: environments.test, client: client('production'), concurrency: 4, cwd: root })).rejects.toThrow(
        `environment production must list exactly one manifest path that test does not (its own manifest, where what is its alone is written); it lists 2: ${join(root, 'production')}, ${join(root, 'more')}.`,
      );
      const none = { ...production, definition: { ...production.definition, manifests: [join(root, 'shared'), join(root, 'test')] } };
      await expect(exportAgainst({ to: none, from: environments.test, client: client('production'), concurrency: 4, cwd: root })).rejects.toThrow(/it lists none/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
