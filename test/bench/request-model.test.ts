/**
 * The lower-bound model of the benchmark names the requests paycfg cannot avoid. This suite runs
 * paycfg against the simulator over real HTTP and checks that it sends exactly those: no more
 * than one read per merchant for each sub-resource list it manages, none where the merchant list
 * already carries what the plan needs, and the writes the model counts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driftGroup } from '../../scripts/bench/drift.js';
import { buildGroupSpec, driftedMerchantIndexes, TILL_ADMIN_VARIABLE, type GroupSize } from '../../scripts/bench/group-shape.js';
import { scenarioPhases, totalRequests, type GroupCounts, type Scenario } from '../../scripts/bench/lower-bound.js';
import { writeManifest } from '../../scripts/bench/write-manifest.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const SIZE: GroupSize = { merchants: 12, bindingsPerMerchant: 2, devicesPerMerchant: 2, profiles: 4, emvConfigs: 8, withMid: false };

let sim: TestSimulator;
let workDir: string;

beforeAll(async () => {
  sim = await startTestSimulator();
  workDir = await mkdtemp(join(tmpdir(), 'paycfg-bench-model-'));
});

afterAll(async () => {
  await sim.close();
  await rm(workDir, { recursive: true, force: true });
});

describe.each([false, true])('requests of each scenario (mid set: %s)', (withMid) => {
  const size = { ...SIZE, withMid };
  const spec = buildGroupSpec(size);
  const groupId = withMid ? 'G-20000002' : 'G-20000001';
  const counts: GroupCounts = { ...size, driftedMerchants: driftedMerchantIndexes(size.merchants).length };
  let dir: string;

  const paycfg = async (argv: string[]): Promise<number> => {
    const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), [TILL_ADMIN_VARIABLE]: 'till-pw-1234', CI: 'true' } });
    const code = await main(argv, io);
    if (code !== 0 && code !== 2) throw new Error(`paycfg ${argv.join(' ')} exited ${code}: ${io.err()}`);
    return code;
  };
  const measured = async (scenario: Scenario, argv: string[]): Promise<{ code: number; byRoute: Record<string, number> }> => {
    await sim.admin.resetStats();
    const code = await paycfg(argv);
    const stats = await sim.admin.stats();
    expect(stats.total, `${scenario}: ${JSON.stringify(stats.byRoute)}`).toBe(totalRequests(scenarioPhases(scenario, counts)));
    return { code, byRoute: stats.byRoute };
  };

  beforeAll(async () => {
    dir = join(workDir, groupId);
    await writeManifest(spec, dir);
  });

  it('applies into an empty group with one create per resource, one binding read-back and one device list per merchant', async () => {
    const { code, byRoute } = await measured('apply-from-empty', ['apply', '-f', dir, '--auto-approve']);
    expect(code).toBe(0);
    expect(byRoute['POST /api/openapi/v1/mchInfo']).toBe(size.merchants);
    expect(byRoute['GET /api/openapi/v1/mchInfo/payment/{mchId}']).toBe(size.merchants);
    expect(byRoute['GET /api/openapi/v1/device']).toBe(size.merchants);
  });

  it('has the chain depth of the plan from empty: its longest dependency path, a merchant create counting its read-back', async () => {
    const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(withMid ? 'G-20000004' : 'G-20000003'), [TILL_ADMIN_VARIABLE]: 'x', CI: 'true' } });
    expect(await main(['plan', '-f', dir, '--json'], io)).toBe(0);
    const plan = JSON.parse(io.out()) as { changes: { address: string; kind: string; action: string; dependsOn: string[] }[] };
    const byAddress = new Map(plan.changes.map((c) => [c.address, c]));
    const memo = new Map<string, number>();
    const longest = (address: string): number => {
      const known = memo.get(address);
      if (known !== undefined) return known;
      const change = byAddress.get(address)!;
      // A merchant create counts its bindings' read-back, a device create its merchant's device list.
      const own = (change.kind === 'merchant' || change.kind === 'device') && change.action === 'create' ? 2 : 1;
      const value = own + Math.max(0, ...change.dependsOn.filter((d) => byAddress.has(d)).map(longest));
      memo.set(address, value);
      return value;
    };
    const deepest = Math.max(...plan.changes.map((c) => longest(c.address)));
    expect(scenarioPhases('apply-from-empty', counts).at(-1)!.depth).toBe(deepest);
  });

  it('plans an unchanged group with one device list and, since every binding binds its whole profile, one binding-record list per merchant', async () => {
    const { code, byRoute } = await measured('plan-unchanged', ['plan', '-f', dir, '--detailed-exitcode']);
    expect(code).toBe(0);
    expect(byRoute['GET /api/openapi/v1/device']).toBe(size.merchants);
    // Nothing proves that the merchant list's summary shows the bindings' own lists (src/live/summary-reading.ts).
    expect(byRoute['GET /api/openapi/v1/mchInfo/payment/{mchId}'] ?? 0).toBe(size.merchants);
    expect(byRoute['GET /api/openapi/v1/mchInfo/{mchId}'] ?? 0).toBe(0);
  });

  it('plans the drift with binding records only for mid and the check of the proof (the drifted binding proves the summary), and applies it with the writes the model counts', async () => {
    expect(await driftGroup(spec, sim.url, sim.token(groupId))).toBe(counts.driftedMerchants);
    const plan = await measured('plan-drift', ['plan', '-f', dir, '--detailed-exitcode']);
    expect(plan.code).toBe(2);
    // The drifted item is checked against its merchant's binding records: one read, or none more when mid has them read anyway.
    expect(plan.byRoute['GET /api/openapi/v1/mchInfo/payment/{mchId}'] ?? 0).toBe(withMid ? size.merchants : 1);
    expect((await measured('apply-drift', ['apply', '-f', dir, '--auto-approve'])).code).toBe(0);
    expect(await paycfg(['plan', '-f', dir, '--detailed-exitcode'])).toBe(0);
  });
});
