import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, ConfigError, createClient, ManifestError, plan, renderPlanJson, SavedPlanStaleError, type ApiClient } from '../../src/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const BASIC = resolve(import.meta.dirname, '../../examples/basic');
const env = { TILL_ADMIN_PASSWORD: 'library-admin-pw' };

describe('the library entry (src/index.ts)', () => {
  let sim: TestSimulator;
  let client: ApiClient;
  let dir: string;

  beforeEach(async () => {
    sim = await startTestSimulator();
    client = createClient({ baseUrl: sim.url, token: sim.token(), env: {} });
    dir = await mkdtemp(join(tmpdir(), 'paycfg-library-'));
  });
  afterEach(async () => {
    await client.close();
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('plan returns the plan as plan --json prints it, secrets shown as (sensitive)', async () => {
    const planned = await plan({ manifest: BASIC, client, env });
    expect(planned).toEqual(JSON.parse(renderPlanJson(planned)));
    expect(planned.summary.create).toBeGreaterThan(0);
    expect(JSON.stringify(planned)).not.toContain('library-admin-pw');
  });

  it('apply makes the live group match: the next plan has no changes', async () => {
    const report = await apply({ manifest: [BASIC], client, env });
    expect(report).toMatchObject({ failed: 0, skipped: 0, notStarted: 0 });
    expect(report.done).toBe(report.plan.changes.length);
    const again = await plan({ manifest: BASIC, client, env });
    expect(again.changes).toEqual([]);
  });

  it('a plan saved with out is applied with savedPlan, and refused once the group moved', async () => {
    const file = join(dir, 'plan.json');
    await plan({ manifest: BASIC, client, env, out: file });
    expect((await apply({ savedPlan: file, client, env })).failed).toBe(0);
    await expect(apply({ savedPlan: file, client, env })).rejects.toBeInstanceOf(SavedPlanStaleError);
  });

  it('throws the typed errors the CLI maps to exit codes', async () => {
    await expect(plan({ manifest: BASIC, client, env: {} })).rejects.toBeInstanceOf(ManifestError);
    expect(() => createClient({ env: {} })).toThrow(ConfigError);
  });

  it('an aborted signal starts no change', async () => {
    const report = await apply({ manifest: BASIC, client, env, signal: AbortSignal.abort() });
    expect(report.done).toBe(0);
    expect(report.notStarted).toBe(report.plan.changes.length);
  });
});
