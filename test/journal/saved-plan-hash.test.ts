/**
 * The hash ties the plan approved in review to the run that applied it: the plan `plan({ out })`
 * returns, the copy saved in the file (redacted), and the plan `apply PLANFILE` prepares from that
 * file all hash the same; a plan of the manifest after an edit does not.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planHash } from '../../src/journal/plan-hash.js';
import { prepareSavedApply } from '../../src/library/apply.js';
import { createClient } from '../../src/library/client.js';
import { plan } from '../../src/library/plan.js';
import { readSavedPlan } from '../../src/workflow/saved-plan-file.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

it('a plan, its saved copy and the plan apply PLANFILE prepares from it hash the same', async () => {
  await sim.admin.createGroup({ groupId: 'G-71000001' });
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-hash-'));
  const manifest = readFileSync(new URL('../../examples/basic/paycfg.yaml', import.meta.url), 'utf8').replace(/^group: .*$/m, '');
  writeFileSync(join(dir, 'paycfg.yaml'), manifest);
  const env = { TILL_ADMIN_PASSWORD: 'till-admin-secret-42' };
  const client = createClient({ baseUrl: sim.url, token: sim.token('G-71000001') });
  try {
    const made = await plan({ manifest: 'paycfg.yaml', client, env, cwd: dir, out: 'plan.json' });
    const saved = await readSavedPlan('plan.json', dir);
    expect(readFileSync(join(dir, 'plan.json'), 'utf8')).not.toContain('till-admin-secret-42');
    const prepared = await prepareSavedApply(saved, { client, env });
    expect(planHash(saved.plan)).toBe(planHash(made));
    expect(planHash(prepared.plan)).toBe(planHash(made));
    writeFileSync(join(dir, 'paycfg.yaml'), manifest.replace(/deviceName: [^\n]+/, 'deviceName: Renamed till'));
    expect(planHash(await plan({ manifest: 'paycfg.yaml', client, env, cwd: dir }))).not.toBe(planHash(made));
  } finally {
    await client.close();
  }
});
