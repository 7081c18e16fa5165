/**
 * Two live environments of one PBO, for the two-environment export: a test group and a production
 * group, each in its own simulator, filled through the raw API so that paycfg reads state it did
 * not write. What they share differs in the ways real pairs do (acquirer hosts, notify URLs, MIDs
 * and terminal ids, admin passwords); each has records the other lacks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { EnvironmentDefinition, EnvironmentsFile, ResolvedEnvironment, ValueSource } from '../../src/environments/index.js';
import type { TestSimulator } from '../helpers/simulator.js';
import { V1, call, createDevice } from './populate.js';

export const TEST_GROUP_ID = 'G-00000031';
export const PRODUCTION_GROUP_ID = 'G-00000032';

export type Side = 'test' | 'production';

/** The admin passwords the groups' devices hold: none may reach a file. */
export const ADMIN_PASSWORDS = {
  test: { till: 'adm-test-till-5c1', bar: 'adm-test-bar-77d' },
  production: { till: 'adm-prod-till-9e4', bar: 'adm-prod-bar-31a', kiosk: 'adm-prod-kiosk-0b2' },
} as const;

/**
 * Shared by both, differing in values: EMV configs visa-usd and mc-usd; profile host-a-usd (its
 * connUrl and notifyUrl); merchant cafe-001 (its binding's mid, its till's tid and mid and admin
 * password). Shared and equal: merchant shop-002. Test alone: EMV config visa-lab, merchant
 * test-004. Production alone: merchant prod-003. In both but listed otherwise: bistro-005 (production
 * has a second device).
 */
export async function seedEnvironment(sim: TestSimulator, group: string, side: Side): Promise<void> {
  const test = side === 'test';
  const emv = async (emvName: string, paymentMethod: string, params: Record<string, unknown>) =>
    (await call(sim, group, 'POST', `${V1}/emv`, { emvName, paymentMethod, currency: 'USD', params: JSON.stringify(params) })).id as number;
  const visa = await emv('visa-usd', '01', { aid: 'A0000000031010', clTransLimit: 99999999 });
  const mc = await emv('mc-usd', '02', { aid: 'A0000000041010' });
  if (test) await emv('visa-lab', '01', { aid: 'A0000000039999' });
  const hostA = (
    await call(sim, group, 'POST', `${V1}/acquirer`, {
      profileName: 'host-a-usd',
      currency: 'USD',
      acqType: 'card',
      connUrl: test ? 'https://acq-test.example.com/iso' : 'https://acq.example.com/iso',
      notifyUrl: test ? 'https://pbo-test.example.com/notify' : 'https://pbo.example.com/notify',
      connMessageFormat: 'HOSTA_8583',
      enablerParams: 'tid;mid',
      asDefault: true,
      methodList: JSON.stringify({ '01': [], '02': [] }),
      emvList: JSON.stringify({ '01': [visa], '02': [mc] }),
    })
  ).id as number;

  const merchant = async (providerReference: string, mchName: string) =>
    (await call(sim, group, 'POST', `${V1}/mchInfo`, { providerReference, mchName, currency: 'USD', contactName: 'Jane Doe', contactEmail: 'jane@pbo.example', mcc: '5814' }))
      .mchId as string;
  const bind = async (mchId: string, mid: string) =>
    call(sim, group, 'PUT', `${V1}/mchInfo/payment/${mchId}`, {
      acquirerProfileId: String(hostA),
      currency: 'USD',
      mid,
      paymentMethods: [
        { paymentMethodCode: '01', emvs: [{ emvId: visa }] },
        { paymentMethodCode: '02', emvs: [{ emvId: mc }] },
      ],
    });
  const device = async (mchId: string, deviceAlias: string, tid: string, mid: string, deviceAdmin: string) =>
    createDevice(sim, group, { mchId, deviceAlias, methodList: '01,02', deviceAdmin, extParams: { acquirers: { [hostA]: { tid, mid } } } });

  const cafe = await merchant('cafe-001', 'Café Central');
  const cafeMid = test ? '100200300' : '900800700';
  await bind(cafe, cafeMid);
  await device(cafe, 'till-1', test ? 'T0000001' : 'P0000001', cafeMid, ADMIN_PASSWORDS[side].till);

  const shop = await merchant('shop-002', 'Corner Shop');
  await bind(shop, '555000111');

  const bistro = await merchant('bistro-005', 'Bistro');
  await bind(bistro, '777000111');
  await device(bistro, 'bar', 'B0000001', '777000111', ADMIN_PASSWORDS[side].bar);
  if (!test) await device(bistro, 'kiosk', 'B0000002', '777000111', ADMIN_PASSWORDS.production.kiosk);

  if (test) {
    const lab = await merchant('test-004', 'Test Lab');
    await bind(lab, '000000001');
  } else {
    const prod = await merchant('prod-003', 'Airport Store');
    await bind(prod, '300300300');
  }
}

/** How the repository is laid out: a folder per part (shared/, test/, production/), or a file per part (shared.yaml, test.yaml, production.yaml). */
export type Layout = 'folders' | 'files';

function manifestsOf(side: Side, layout: Layout): [string, string] {
  return layout === 'folders' ? ['shared', side] : ['shared.yaml', `${side}.yaml`];
}

/** The environments file the tests write: test and production over a shared part, each with its own manifest. */
export function environmentsYaml(urls: Record<Side, string>, layout: Layout = 'folders'): string {
  return [
    '# Two environments of one PBO: what both have is in shared/, what each has alone in its own folder.',
    'version: 1',
    'environments:',
    '  test:',
    `    baseUrl: ${urls.test}`,
    `    group: ${TEST_GROUP_ID}`,
    '    token: { env: PAYCFG_TEST_TOKEN }   # never the token itself',
    `    manifests: [${manifestsOf('test', layout).join(', ')}]`,
    '  production:',
    `    baseUrl: ${urls.production}`,
    `    group: ${PRODUCTION_GROUP_ID}`,
    '    token: { env: PAYCFG_PRODUCTION_TOKEN }',
    `    manifests: [${manifestsOf('production', layout).join(', ')}]`,
    '    # production is applied only after test',
    '',
  ].join('\n');
}

/**
 * The environments file as the environments module would load it, made by hand (the module is
 * another branch's), with the values read from the file as it is now: a literal as it is, an
 * `{env}` source from `processEnv`.
 */
export function resolvedEnvironments(
  root: string,
  urls: Record<Side, string>,
  processEnv: Readonly<Record<string, string>>,
  layout: Layout = 'folders',
): Record<Side, ResolvedEnvironment> {
  const path = join(root, 'paycfg.environments.yaml');
  const data = parse(readFileSync(path, 'utf8')) as { environments: Record<Side, { values?: Record<string, string | number | ValueSource> | null }> };
  const definitions = new Map<string, EnvironmentDefinition>();
  const variables: Record<string, Record<string, string>> = {};
  for (const side of ['test', 'production'] as const) {
    const written = data.environments[side].values ?? {};
    const values = new Map<string, string | ValueSource>();
    const resolved: Record<string, string> = {};
    for (const [name, value] of Object.entries(written)) {
      if (typeof value === 'object') {
        values.set(name, value);
        const read = 'env' in value ? processEnv[value.env] : readFileSync(join(root, value.file), 'utf8').replace(/\n$/, '');
        if (read !== undefined) resolved[name] = read;
      } else {
        values.set(name, String(value));
        resolved[name] = String(value);
      }
    }
    definitions.set(side, {
      name: side,
      baseUrl: urls[side],
      group: side === 'test' ? TEST_GROUP_ID : PRODUCTION_GROUP_ID,
      token: { env: side === 'test' ? 'PAYCFG_TEST_TOKEN' : 'PAYCFG_PRODUCTION_TOKEN' },
      manifests: manifestsOf(side, layout).map((path) => join(root, path)),
      values,
    });
    variables[side] = resolved;
  }
  const file: EnvironmentsFile = { path, name: 'paycfg.environments.yaml', environments: definitions };
  return {
    test: { definition: definitions.get('test')!, file, variables: variables['test']! },
    production: { definition: definitions.get('production')!, file, variables: variables['production']! },
  };
}
