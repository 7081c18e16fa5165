/**
 * Two environments over real HTTP: a simulator each (its own port, secret and group), manifests
 * in a temporary directory, and ResolvedEnvironment objects built by hand, as the environments
 * module would resolve them from paycfg.environments.yaml (the library's diff takes them as they
 * are). `applyTo` fills a group through the library's apply with that environment's values.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ApiClient, RequestLogEvent } from '../../src/api/index.js';
import type { EnvironmentDefinition, EnvironmentsFile, ResolvedEnvironment, ValueSource } from '../../src/environments/types.js';
import { apply } from '../../src/library/apply.js';
import { createClient } from '../../src/library/client.js';
import type { EnvironmentSide } from '../../src/env-diff/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

export const TEST_GROUP_ID = 'G-00000011';
export const PRODUCTION_GROUP_ID = 'G-00000022';

/** The manifest both environments share: every env-specific value a `${NAME}`. */
export const SHARED_MANIFEST = `version: 1
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, clTransLimit: 99999999 }
acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: \${ACQUIRER_HOST}/iso
    notifyUrl: https://pbo.example.com/notify
    enablerParams: [tid, mid]
    asDefault: true
    methods:
      "01": { emvs: [visa-usd] }
merchants:
  - providerReference: coffee-001
    mchName: Coffee Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    bindings:
      - acquirer: host-a
        currency: USD
        mid: \${HOST_A_MID}
        methods:
          "01": { emvs: [visa-usd] }
    devices:
      - deviceAlias: till-1
        deviceName: Front till
        methods: ["01"]
        acquirerFields:
          host-a: { tid: "\${TILL_TID}", mid: "\${HOST_A_MID}" }
        deviceAdmin: \${TILL_ADMIN_PASSWORD}
`;

/** A merchant only the test environment has. */
export const TEST_ONLY_MANIFEST = `version: 1
merchants:
  - providerReference: pop-up-001
    mchName: Pop-up Stand
    currency: USD
    contactName: Sam Tester
    contactEmail: sam@pop-up.example
`;

export const TEST_ADMIN_PASSWORD = 'test-admin-secret-7731';
export const PRODUCTION_ADMIN_PASSWORD = 'prod-admin-secret-5524';

export const TEST_VALUES: Readonly<Record<string, string | ValueSource>> = {
  ACQUIRER_HOST: 'https://acq-test.example.com',
  HOST_A_MID: '100200300',
  TILL_TID: '00000001',
  TILL_ADMIN_PASSWORD: { env: 'TEST_TILL_ADMIN_PASSWORD' },
};
export const PRODUCTION_VALUES: Readonly<Record<string, string | ValueSource>> = {
  ACQUIRER_HOST: 'https://acq.example.com',
  HOST_A_MID: '900800700',
  TILL_TID: '00000009',
  TILL_ADMIN_PASSWORD: { env: 'PRODUCTION_TILL_ADMIN_PASSWORD' },
};
/** The process environment the `{env}` sources are read from. */
export const PROCESS_ENV = { TEST_TILL_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, PRODUCTION_TILL_ADMIN_PASSWORD: PRODUCTION_ADMIN_PASSWORD };

export interface Environment {
  readonly name: string;
  readonly sim: TestSimulator;
  readonly groupId: string;
  readonly resolved: ResolvedEnvironment;
  readonly requests: RequestLogEvent[];
  /** A fresh client with the environment's token; its requests are logged in `requests`. */
  client(): ApiClient;
  /** Applies manifests (default: the environment's own) with the environment's values. */
  applyTo(manifests?: readonly string[]): Promise<void>;
}

export interface TwoEnvironments {
  readonly dir: string;
  readonly test: Environment;
  readonly production: Environment;
  /** Writes a file under the temporary directory; returns its absolute path. */
  write(path: string, text: string): string;
  side(environment: Environment): EnvironmentSide;
  close(): Promise<void>;
}

/**
 * test: manifests shared/ and test-only/; production: shared/ only. Both groups empty until
 * applyTo; `manifests` overrides what each environment is made of.
 */
export async function startTwoEnvironments(
  options: {
    readonly manifests?: { readonly test?: readonly string[]; readonly production?: readonly string[] };
    /** Values added to (or replacing) each environment's. */
    readonly values?: { readonly test?: Readonly<Record<string, string>>; readonly production?: Readonly<Record<string, string>> };
  } = {},
): Promise<TwoEnvironments> {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-env-diff-'));
  const write = (path: string, text: string): string => {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  write('shared/paycfg.yaml', SHARED_MANIFEST);
  write('test-only/paycfg.yaml', TEST_ONLY_MANIFEST);
  const sims = await Promise.all([startTestSimulator({ jwtSecret: 'env-diff-test-secret' }), startTestSimulator({ jwtSecret: 'env-diff-production-secret' })]);
  const clients: ApiClient[] = [];
  const definitions = new Map<string, EnvironmentDefinition>();
  const file: EnvironmentsFile = { path: join(dir, 'paycfg.environments.yaml'), name: 'paycfg.environments.yaml', environments: definitions };
  const environment = async (name: string, sim: TestSimulator, groupId: string, manifests: readonly string[], values: Readonly<Record<string, string | ValueSource>>): Promise<Environment> => {
    await sim.admin.createGroup({ groupId, groupName: `${name} PBO` });
    const definition: EnvironmentDefinition = {
      name,
      baseUrl: sim.url,
      group: groupId,
      token: { env: `PAYCFG_${name.toUpperCase()}_TOKEN` },
      manifests: manifests.map((path) => join(dir, path)),
      values: new Map(Object.entries(values)),
    };
    definitions.set(name, definition);
    const variables = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value : PROCESS_ENV[(value as { env: keyof typeof PROCESS_ENV }).env]]));
    const resolved: ResolvedEnvironment = { definition, file, variables };
    const requests: RequestLogEvent[] = [];
    const client = (): ApiClient => {
      const made = createClient({ baseUrl: sim.url, token: sim.token(groupId), env: {}, onRequest: (event) => requests.push(event) });
      clients.push(made);
      return made;
    };
    return {
      name,
      sim,
      groupId,
      resolved,
      requests,
      client,
      applyTo: async (paths = definition.manifests) => {
        const report = await apply({ manifest: [...paths], client: client(), env: variables, cwd: dir });
        if (report.failed > 0) throw new Error(`apply to ${name} failed: ${JSON.stringify(report)}`);
        requests.length = 0;
      },
    };
  };
  const test = await environment('test', sims[0], TEST_GROUP_ID, options.manifests?.test ?? ['shared', 'test-only'], { ...TEST_VALUES, ...options.values?.test });
  const production = await environment('production', sims[1], PRODUCTION_GROUP_ID, options.manifests?.production ?? ['shared'], { ...PRODUCTION_VALUES, ...options.values?.production });
  return {
    dir,
    test,
    production,
    write,
    side: (environment) => ({ environment: environment.resolved, client: environment.client() }),
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
      await Promise.all(sims.map((sim) => sim.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
