/**
 * What the settlement guard and impact scenarios share: a group whose coffee-001 takes payments
 * through host-old on till-1 (activated), history made through POST /_sim/payments, the batches
 * read back as the service lists them, and the CLI run in a directory of its own.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { TestSimulator } from '../helpers/simulator.js';

/** host-old carries coffee-001's card payments; host-a is where they are to move. tea-002 has no terminal. */
export const BASE = `version: 1
emvConfigs:
  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: { aid: A0000000031010 } }
acquirerProfiles:
  - { profileName: host-old, currency: USD, connMessageFormat: HOSTA_8583, enablerParams: [tid], methods: { "01": { emvs: [visa-usd] } } }
  - { profileName: host-a, currency: USD, connMessageFormat: HOSTA_8583, enablerParams: [tid], methods: { "01": { emvs: [visa-usd] } } }
merchants:
  - providerReference: coffee-001
    mchName: Coffee
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    bindings:
      - { acquirer: host-old, currency: USD, mid: "MID-C1", methods: { "01": { emvs: [visa-usd] } } }
    devices:
      - { deviceAlias: till-1, deviceName: Front till, methods: ["01"], acquirerFields: { host-old: { tid: "00001" } } }
  - providerReference: tea-002
    mchName: Tea
    currency: USD
    contactName: Sam Lee
    contactEmail: sam@tea.example
    bindings:
      - { acquirer: host-a, currency: USD, methods: { "01": { emvs: [visa-usd] } } }
`;

/** BASE with some of its text replaced. */
export function edited(...replacements: [string, string][]): string {
  let text = BASE;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`BASE has no ${JSON.stringify(from)}`);
    text = text.replace(from, to);
  }
  return text;
}

export interface Shop {
  readonly groupId: string;
  readonly dir: string;
  /** till-1's terminal id. */
  readonly terminalId: string;
  write(name: string, text: string): void;
  cli(argv: string[]): Promise<{ code: number; out: string; err: string }>;
  /** A payment on till-1, `createdAt` optional (backdated history). */
  pay(amount: number, createdAt?: string): Promise<void>;
  /** The group's settlement batches as GET /api/v2/settlement lists them, newest first. */
  batches(): Promise<Array<{ batchId: string; state: number; paymentCount: number; paymentAmt: number; createdAt: string; updatedAt: string }>>;
  settle(batchId: string): Promise<void>;
}

async function data(sim: TestSimulator, groupId: string, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await sim.api(method, path, body, groupId);
  if (answer.status !== 200 || answer.body?.code !== 0) throw new Error(`${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** A new group built from BASE (or `manifest`), till-1 activated. */
export async function shop(sim: TestSimulator, groupId: string, manifest = BASE): Promise<Shop> {
  await sim.admin.createGroup({ groupId });
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-settlement-'));
  const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId) };
  const write = (name: string, text: string): void => writeFileSync(join(dir, name), text);
  const cli = async (argv: string[]): Promise<{ code: number; out: string; err: string }> => {
    const io = captureIo({ env, cwd: dir });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  };
  write('base.yaml', manifest);
  const built = await cli(['apply', '-f', 'base.yaml', '--auto-approve']);
  if (built.code !== 0) throw new Error(`building the group failed: ${built.err}${built.out}`);
  const merchants = (await data(sim, groupId, 'GET', '/api/openapi/v1/mchInfo?pageSize=-1')).records as any[];
  const coffee = merchants.find((m) => m.providerReference === 'coffee-001');
  const devices = (await data(sim, groupId, 'GET', `/api/openapi/v1/device?mchId=${coffee.mchId}&pageSize=-1`)).records as any[];
  const till = devices.find((d) => d.deviceAlias === 'till-1');
  const activated = (await sim.admin.activate(JSON.parse(till.deviceToken).activationCode)) as { deviceId: string };
  const terminalId = activated.deviceId;
  return {
    groupId,
    dir,
    terminalId,
    write,
    cli,
    pay: async (amount, createdAt) => {
      await sim.admin.payment({ deviceId: terminalId, amount, ...(createdAt !== undefined ? { createdAt } : {}) });
    },
    batches: async () => (await data(sim, groupId, 'GET', '/api/v2/settlement?pageSize=-1')).records,
    settle: async (batchId) => void (await data(sim, groupId, 'POST', '/api/v2/settlement/settle', { batchId })),
  };
}

/**
 * The shops of a file's tests, each built from BASE as `shop` builds it, all at once before the
 * first test: each build's apply waits the twin check's settle after till-1's create, and the waits
 * overlap instead of adding up. Each test still has a group of its own that no other test touches;
 * every build is over before any test starts, so no test's request counts see another's. Call
 * `ready` in beforeAll; `take` hands a test its shop, or the error its build ended with.
 */
export function shopsAhead(sim: TestSimulator, groupIds: readonly string[]): { ready(): Promise<void>; take(groupId: string): Promise<Shop> } {
  const builds = new Map(groupIds.map((groupId) => [groupId, shop(sim, groupId)] as const));
  return {
    ready: async () => void (await Promise.allSettled(builds.values())),
    take: (groupId) => builds.get(groupId) ?? Promise.reject(new Error(`no shop ${groupId} was built ahead`)),
  };
}

/**
 * The plan JSON with what changes from run to run masked: service ids and the simulator's address.
 * The plan's hash goes (it changes with every id): test/cli/apply-journal.test.ts checks it.
 */
export function maskedPlan(json: string): any {
  return JSON.parse(json, (key, value: unknown) => {
    if (key === 'liveId') return '<id>';
    if (key === 'baseUrl') return '<sim>';
    if (key === 'planHash') return undefined;
    return typeof value === 'string' ? value.replace(/\bM\d{10,12}\b/g, 'M<id>').replace(/\bCD-\d{12}\b/g, 'CD-<id>') : value;
  });
}
