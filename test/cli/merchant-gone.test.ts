/**
 * A merchant update replaces the whole record, from the record as read again right before the PUT.
 * paycfg keeps no merchant record from the plan's read (see LiveAssembler), so a merchant removed
 * between plan and apply must fail that change with a clear message, and write nothing for it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { executePlan } from '../../src/apply/execute-plan.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { LiveStateError } from '../../src/live/errors.js';
import { computePlan } from '../../src/workflow/compute-plan.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const GROUP = 'G-00000001';
const manifest = (name: string): string => `version: 1
merchants:
  - providerReference: solo-001
    mchName: ${name}
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@solo.example
`;
let sim: TestSimulator;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: GROUP });
  env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(GROUP) };
});
afterAll(async () => {
  await sim.close();
});

function manifestFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'paycfg-gone-')), 'manifest.yaml');
  writeFileSync(file, text);
  return file;
}

describe('a merchant update', () => {
  it('fails with a clear message, and sends no PUT, when the merchant is gone since the plan', async () => {
    const io = captureIo({ env });
    expect(await main(['apply', '-f', manifestFile(manifest('Solo')), '--auto-approve'], io), io.err()).toBe(0);

    const client = createApiClient({ baseUrl: sim.url, token: sim.token(GROUP) });
    try {
      const file = manifestFile(manifest('Solo Renamed'));
      const run = await computePlan({ paths: [file], env, cwd: process.cwd(), client, concurrency: 4 });
      expect(run.plan.changes.map((c) => `${c.action} ${c.address}`)).toEqual(['update merchant/solo-001']);

      // Gone behind paycfg's back, between its read and its write.
      const mchId = String(run.plan.changes[0]!.liveId);
      expect((await sim.api('DELETE', `/api/openapi/v1/mchInfo/${mchId}`, undefined, GROUP)).body.code).toBe(0);
      await sim.admin.resetStats();

      const ids = IdRegistry.fromLive(run.live.state);
      const result = await executePlan(run.plan, { client, ids, live: run.live, desired: run.desired, plan: run.plan }, { parallelism: 1 });
      expect(result.failed).toBe(1);
      const error = result.outcomes[0]!.error;
      expect(error).toBeInstanceOf(LiveStateError);
      expect((error as Error).message).toBe(`merchant "solo-001" (${mchId}) is no longer in the service, so it was not updated; make a new plan`);
      const stats = await sim.admin.stats();
      expect(stats.total).toBe(1);
      expect(stats.writes).toBe(0);
    } finally {
      await client.close();
    }
  });
});
