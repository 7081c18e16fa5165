/**
 * What the protect and max-deletes scenarios share: a group built through the CLI on a simulator
 * started by the test, the CLI run in a directory of its own, and the plan JSON with the service's
 * volatile ids masked.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { TestSimulator } from '../helpers/simulator.js';

/** Two EMV configs, two profiles, coffee-001 on host-a with a till, tea-002 on host-b. */
export const BEFORE = `version: 1
emvConfigs:
  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: { aid: A0000000031010 } }
  - { emvName: mc-usd, paymentMethod: "02", currency: USD, params: { aid: A0000000041010 } }
acquirerProfiles:
  - { profileName: host-a, currency: USD, connMessageFormat: HOSTA_8583, enablerParams: [tid], methods: { "01": { emvs: [visa-usd] } } }
  - { profileName: host-b, currency: USD, connMessageFormat: HOSTB_8583, methods: { "02": { emvs: [mc-usd] } } }
merchants:
  - providerReference: coffee-001
    mchName: Coffee
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    bindings:
      - { acquirer: host-a, currency: USD, methods: { "01": { emvs: [visa-usd] } } }
    devices:
      - { deviceAlias: till-1, deviceName: Front till, methods: ["01"], acquirerFields: { host-a: { tid: "00001" } } }
  - providerReference: tea-002
    mchName: Tea
    currency: USD
    contactName: Sam Lee
    contactEmail: sam@tea.example
    bindings:
      - { acquirer: host-b, currency: USD, methods: { "02": { emvs: [mc-usd] } } }
`;

export interface Workspace {
  readonly dir: string;
  write(name: string, text: string): void;
  cli(argv: string[]): Promise<{ code: number; out: string; err: string }>;
}

/** A new group on the simulator and a directory to run the CLI in, the group built from BEFORE. */
export async function workspace(sim: TestSimulator, groupId: string): Promise<Workspace> {
  await sim.admin.createGroup({ groupId });
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-safeguards-'));
  const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId) };
  const ws: Workspace = {
    dir,
    write: (name, text) => writeFileSync(join(dir, name), text),
    cli: async (argv) => {
      const io = captureIo({ env, cwd: dir });
      const code = await main(argv, io);
      return { code, out: io.out(), err: io.err() };
    },
  };
  ws.write('before.yaml', BEFORE);
  const built = await ws.cli(['apply', '-f', 'before.yaml', '--auto-approve']);
  if (built.code !== 0) throw new Error(`building the group failed: ${built.err}${built.out}`);
  return ws;
}

/**
 * The groups of a file's tests, each built from BEFORE as `workspace` builds it, all at once before
 * the first test: each build's apply waits the twin check's settle after the till's create, and the
 * waits overlap instead of adding up. Each test still has a group of its own that no other test
 * touches; every build is over before any test starts, so no test's request counts see another's.
 * Call `ready` in beforeAll; `take` hands a test its group, or the error its build ended with.
 */
export function workspacesAhead(sim: TestSimulator, groupIds: readonly string[]): { ready(): Promise<void>; take(groupId: string): Promise<Workspace> } {
  const builds = new Map(groupIds.map((groupId) => [groupId, workspace(sim, groupId)] as const));
  return {
    ready: async () => void (await Promise.allSettled(builds.values())),
    take: (groupId) => builds.get(groupId) ?? Promise.reject(new Error(`no group ${groupId} was built ahead`)),
  };
}

/** BEFORE with some of its text replaced: the manifest a test plans. */
export function edited(...replacements: [string, string][]): string {
  let text = BEFORE;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`BEFORE has no ${JSON.stringify(from)}`);
    text = text.replace(from, to);
  }
  return text;
}

/**
 * The plan JSON with what changes from run to run masked: service ids and the simulator's address.
 * The plan's hash goes (it changes with every id): test/cli/apply-journal.test.ts checks it.
 */
export function maskedPlan(json: string): unknown {
  return JSON.parse(json, (key, value: unknown) => {
    if (key === 'liveId') return '<id>';
    if (key === 'baseUrl') return '<sim>';
    if (key === 'planHash') return undefined;
    return typeof value === 'string' ? value.replace(/\bM\d{10,12}\b/g, 'M<id>').replace(/\bCD-\d{12}\b/g, 'CD-<id>') : value;
  });
}
