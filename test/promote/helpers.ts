/**
 * What the promotion suites share: two simulators standing for a test and a production service
 * (each its own port, signing secret and group), one manifest both environments are made of with
 * each environment's own values, environments built by hand as src/environments would resolve
 * them, and the CLI run against one environment as a person would before environments existed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../src/api/index.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { ResolvedEnvironment } from '../../src/environments/types.js';
import { createClient } from '../../src/library/client.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

/** The group as it stands before the change under promotion: every kind, some records to delete later. */
export const V1 = `version: 1
prune: { emvConfigs: true, acquirerProfiles: true, merchants: true }
emvConfigs:
  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: { aid: A0000000031010, clCVMLimit: 100000 } }
  - { emvName: mc-usd, paymentMethod: "02", currency: USD, params: { aid: A0000000041010 } }
acquirerProfiles:
  - { profileName: host-a, currency: USD, connMessageFormat: HOSTA_8583, connUrl: "\${ACQUIRER_HOST}/iso", enablerParams: [tid], methods: { "01": { emvs: [visa-usd] } } }
  - { profileName: host-b, currency: USD, connMessageFormat: HOSTB_8583, methods: { "02": { emvs: [mc-usd] } } }
merchants:
  - providerReference: coffee-001
    mchName: Coffee
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    bindings:
      - { acquirer: host-a, currency: USD, mid: "\${HOST_A_MID}", methods: { "01": { emvs: [visa-usd] } } }
    devices:
      - { deviceAlias: till-1, deviceName: Front till, methods: ["01"], acquirerFields: { host-a: { tid: "\${TILL_TID}" } }, deviceAdmin: "\${TILL_ADMIN_PASSWORD}" }
  - providerReference: tea-002
    mchName: Tea
    currency: USD
    contactName: Sam Lee
    contactEmail: sam@tea.example
    bindings:
      - { acquirer: host-b, currency: USD, methods: { "02": { emvs: [mc-usd] } } }
    devices:
      - { deviceAlias: till-9, deviceName: Tea till, methods: ["02"] }
  - providerReference: juice-003
    mchName: Juice
    currency: USD
    contactName: Ana Ruiz
    contactEmail: ana@juice.example
`;

/**
 * The change under promotion: of each kind a create, an update and a delete. EMV: visa-eur made,
 * visa-usd's CVM limit raised, mc-usd gone. Profiles: host-c made, host-a's message format changed,
 * host-b gone. Merchants: bean-004 made, coffee-001's contact changed, juice-003 gone. Bindings:
 * bean-004's on host-c made, coffee-001's mid changed (each environment's value changes), tea-002's
 * gone. Devices: till-5 made, till-1 renamed, till-9 gone.
 */
export const V2 = V1.replace('clCVMLimit: 100000', 'clCVMLimit: 200000')
  .replace(
    '  - { emvName: mc-usd, paymentMethod: "02", currency: USD, params: { aid: A0000000041010 } }\n',
    '  - { emvName: visa-eur, paymentMethod: "01", currency: EUR, params: { aid: A0000000031010 } }\n',
  )
  .replace('connMessageFormat: HOSTA_8583', 'connMessageFormat: HOSTC_8583')
  .replace(
    '  - { profileName: host-b, currency: USD, connMessageFormat: HOSTB_8583, methods: { "02": { emvs: [mc-usd] } } }\n',
    '  - { profileName: host-c, currency: USD, connMessageFormat: HOSTB_8583, methods: { "01": { emvs: [visa-usd] } } }\n',
  )
  .replace('contactName: Jane Doe', 'contactName: Jane Roe')
  .replace('deviceName: Front till', 'deviceName: Counter till')
  .replace(
    `    bindings:
      - { acquirer: host-b, currency: USD, methods: { "02": { emvs: [mc-usd] } } }
    devices:
      - { deviceAlias: till-9, deviceName: Tea till, methods: ["02"] }
  - providerReference: juice-003
    mchName: Juice
    currency: USD
    contactName: Ana Ruiz
    contactEmail: ana@juice.example
`,
    `    bindings: []
    devices: []
  - providerReference: bean-004
    mchName: Bean
    currency: USD
    contactName: Lee Park
    contactEmail: lee@bean.example
    bindings:
      - { acquirer: host-c, currency: USD, methods: { "01": { emvs: [visa-usd] } } }
    devices:
      - { deviceAlias: till-5, deviceName: Bean till, methods: ["01"] }
`,
  );

/** Each environment's values for what differs between them: the acquirer host, the MID, the terminal id, the till's admin password. */
export const TEST_VALUES = { ACQUIRER_HOST: 'https://acq-test.example.com', HOST_A_MID: '000000100200', TILL_TID: '00000001', TILL_ADMIN_PASSWORD: 'test-till-secret' } as const;
export const PRODUCTION_VALUES = { ACQUIRER_HOST: 'https://acq.example.com', HOST_A_MID: '000000900800', TILL_TID: '00000009', TILL_ADMIN_PASSWORD: 'production-till-secret' } as const;

/** The values that feed a secret field (deviceAdmin): an environments file gives them as { env: NAME }. */
const SECRET_VALUES = new Set(['TILL_ADMIN_PASSWORD']);

/** The MID each environment moves to in V2 (a value of the environment, the manifest unchanged). */
export const NEXT_MID = { test: '000000100201', production: '000000900801' } as const;

/** One environment: its simulator, its group, a client with its token, and the CLI run against it. */
export interface Side {
  readonly name: string;
  readonly sim: TestSimulator;
  readonly group: string;
  readonly client: ApiClient;
  readonly token: string;
  /** The environment as src/environments would resolve it, made of the work directory's paycfg.yaml, with these values. */
  environment(values: Readonly<Record<string, string>>, journal?: string): ResolvedEnvironment;
  /** `paycfg <argv>` in the work directory, against this environment's service and group, the values in its environment variables. */
  cli(argv: readonly string[], values: Readonly<Record<string, string>>): Promise<{ code: number; out: string; err: string }>;
}

export interface Pair {
  readonly dir: string;
  readonly test: Side;
  readonly production: Side;
  /** Writes the manifest both environments are made of. */
  writeManifest(text: string): void;
  close(): Promise<void>;
}

/** Two simulators, each with its own signing secret: a token of one is worth nothing at the other. */
export async function startPair(): Promise<{ test: TestSimulator; production: TestSimulator; close(): Promise<void> }> {
  const test = await startTestSimulator({ jwtSecret: 'paycfg-test-environment-secret' });
  const production = await startTestSimulator({ jwtSecret: 'paycfg-production-environment-secret' });
  return { test, production, close: async () => void (await Promise.all([test.close(), production.close()])) };
}

let groups = 0;

/** A fresh group on each simulator, a work directory, and clients for both. */
export async function pairOf(sims: { test: TestSimulator; production: TestSimulator }): Promise<Pair> {
  groups += 1;
  const n = String(groups).padStart(6, '0');
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-promote-'));
  const manifest = join(dir, 'paycfg.yaml');
  const side = async (name: string, sim: TestSimulator, groupId: string): Promise<Side> => {
    await sim.admin.createGroup({ groupId });
    const token = sim.token(groupId);
    return {
      name,
      sim,
      group: groupId,
      token,
      client: createClient({ baseUrl: sim.url, token, env: {} }),
      environment: (values, journal) => {
        const definition = {
          name,
          baseUrl: sim.url,
          group: groupId,
          token: { env: `PAYCFG_${name.toUpperCase()}_TOKEN` },
          manifests: [manifest],
          ...(journal !== undefined ? { journal } : {}),
          // A secret is read from a source, as the environments file must give it; the rest is written in it.
          values: new Map<string, string | { env: string }>(Object.entries(values).map(([key, value]) => [key, SECRET_VALUES.has(key) ? { env: `${name.toUpperCase()}_${key}` } : value])),
        };
        const file = { path: join(dir, 'paycfg.environments.yaml'), name: 'paycfg.environments.yaml', environments: new Map([[name, definition]]) };
        return { definition, file, variables: { ...values } };
      },
      cli: async (argv, values) => {
        const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: token, GITHUB_ACTOR: 'octo-reviewer', ...values }, cwd: dir });
        const code = await main([...argv], io);
        return { code, out: io.out(), err: io.err() };
      },
    };
  };
  const test = await side('test', sims.test, `G-71${n}`);
  const production = await side('production', sims.production, `G-72${n}`);
  return {
    dir,
    test,
    production,
    writeManifest: (text) => writeFileSync(manifest, text),
    close: async () => void (await Promise.all([test.client.close(), production.client.close()])),
  };
}

/** Applies the manifest as it is to one side, failing the test when the apply does not succeed. */
export async function applied(side: Side, values: Readonly<Record<string, string>>, extra: readonly string[] = []): Promise<void> {
  const run = await side.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve', ...extra], values);
  if (run.code !== 0) throw new Error(`apply to ${side.name} failed (${run.code}): ${run.err}${run.out}`);
}

/** The JSON lines of a journal. */
export function journalRecords(file: string): Array<Record<string, any>> {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
}
