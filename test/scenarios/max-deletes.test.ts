/**
 * The delete budget against a real simulator: `--max-deletes N` and `safety.maxDeletes` refuse a
 * plan with more deletes (replacements counted) in plan and in apply, before any write, listing
 * them; the flag wins over the manifest; 0 allows none; a saved plan keeps the manifest's budget and
 * `apply PLANFILE` checks it, or its own flag.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply } from '../../src/library/apply.js';
import { createClient } from '../../src/library/client.js';
import { plan } from '../../src/library/plan.js';
import { DeleteBudgetError } from '../../src/plan/delete-budget.js';
import { UsageError } from '../../src/errors.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { BEFORE, edited, workspacesAhead } from './safeguards-helpers.js';

let sim: TestSimulator;
let groups: ReturnType<typeof workspacesAhead>;
beforeAll(async () => {
  sim = await startTestSimulator();
  groups = workspacesAhead(sim, ['G-62000001', 'G-62000002', 'G-62000003', 'G-62000004', 'G-62000005', 'G-62000006']);
  await groups.ready();
});
afterAll(async () => {
  await sim.close();
});

const TEA = BEFORE.slice(BEFORE.indexOf('  - providerReference: tea-002'));
/** tea-002 left out with prune.merchants: its binding and itself, two deletes. */
const WITHOUT_TEA = `${edited([TEA, ''])}prune: { merchants: true }\n`;
const TEA_DELETES = '  - binding/tea-002/host-b/USD (delete)\n  - merchant/tea-002 (delete)\n';
const CHECK = 'Check that the manifest is complete (every file given with -f, no entry left out by mistake).';

async function merchants(groupId: string): Promise<string[]> {
  const records = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId)).body.data.records;
  return records.map((m: { providerReference: string }) => m.providerReference).sort();
}

describe('--max-deletes and safety.maxDeletes', () => {
  it('plan refuses more deletes than --max-deletes, listing them, and takes as many as it allows', async () => {
    const ws = await groups.take('G-62000001');
    ws.write('paycfg.yaml', WITHOUT_TEA);
    const refused = await ws.cli(['plan', '-f', 'paycfg.yaml', '--max-deletes', '1', '--out', 'plan.json']);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toBe(
      `Error: the plan deletes 2 live records and --max-deletes 1 allows 1; nothing was changed. Deletes:\n${TEA_DELETES}` +
        `${CHECK} If they are all meant, run again with --max-deletes 2.\n`,
    );
    expect(() => readFileSync(join(ws.dir, 'plan.json'))).toThrow();
    const json = await ws.cli(['plan', '-f', 'paycfg.yaml', '--max-deletes', '1', '--json']);
    expect(json.code).toBe(1);
    const { error } = JSON.parse(json.out);
    expect({ code: error.code, limit: error.limit, source: error.source, deletes: error.deletes }).toEqual({
      code: 'DELETE_BUDGET',
      limit: 1,
      source: 'flag',
      deletes: ['binding/tea-002/host-b/USD', 'merchant/tea-002'],
    });
    expect((await ws.cli(['plan', '-f', 'paycfg.yaml', '--max-deletes', '2'])).code).toBe(0);
    const bad = await ws.cli(['plan', '-f', 'paycfg.yaml', '--max-deletes', '-1']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--max-deletes must be a whole number from 0');
  });

  it('--max-deletes 0 allows no delete, and a plan without one goes through', async () => {
    const ws = await groups.take('G-62000002');
    ws.write('paycfg.yaml', WITHOUT_TEA);
    const refused = await ws.cli(['plan', '-f', 'paycfg.yaml', '--max-deletes', '0']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('the plan deletes 2 live records and --max-deletes 0 allows no delete; nothing was changed.');
    ws.write('same.yaml', BEFORE);
    expect((await ws.cli(['plan', '-f', 'same.yaml', '--max-deletes', '0'])).code).toBe(0);
  });

  it('counts a replacement, and the binding it deletes and binds again', async () => {
    const ws = await groups.take('G-62000003');
    const HOST_B = '  - { profileName: host-b, currency: USD, connMessageFormat: HOSTB_8583, methods: { "02": { emvs: [mc-usd] } } }\n';
    ws.write('paycfg.yaml', edited([HOST_B, HOST_B.replace('currency: USD', 'currency: EUR')]));
    const refused = await ws.cli(['plan', '-f', 'paycfg.yaml', '--max-deletes', '1']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'the plan deletes 2 live records and --max-deletes 1 allows 1; nothing was changed. Deletes:\n' +
        '  - binding/tea-002/host-b/USD#detach (delete, bound again after its profile is replaced)\n' +
        '  - acquirer/host-b (replace: delete, then create again)\n',
    );
    expect((await ws.cli(['plan', '-f', 'paycfg.yaml', '--max-deletes', '2'])).code).toBe(0);
  });

  it('apply refuses before any write, with the flag and with safety.maxDeletes; the flag wins over the manifest', async () => {
    const ws = await groups.take('G-62000004');
    ws.write('paycfg.yaml', WITHOUT_TEA);
    await sim.admin.resetStats();
    const byFlag = await ws.cli(['apply', '-f', 'paycfg.yaml', '--auto-approve', '--max-deletes', '1']);
    expect(byFlag.code).toBe(1);
    expect(byFlag.err).toContain(`--max-deletes 1 allows 1; nothing was changed. Deletes:\n${TEA_DELETES}`);

    ws.write('guarded.yaml', `${WITHOUT_TEA}safety: { maxDeletes: 1 }\n`);
    const byManifest = await ws.cli(['apply', '-f', 'guarded.yaml', '--auto-approve']);
    expect(byManifest.code).toBe(1);
    expect(byManifest.err).toBe(
      `Error: the plan deletes 2 live records and safety.maxDeletes: 1 in the manifest allows 1; nothing was changed. Deletes:\n${TEA_DELETES}` +
        `${CHECK} If they are all meant, run again with --max-deletes 2 (it overrides safety.maxDeletes for one run), or raise safety.maxDeletes in a reviewed change.\n`,
    );
    expect((await ws.cli(['plan', '-f', 'guarded.yaml'])).code).toBe(1);
    expect((await sim.admin.stats()).writes).toBe(0);
    expect(await merchants('G-62000004')).toEqual(['coffee-001', 'tea-002']);

    // The flag wins, either way: a lower one refuses what the manifest allows.
    ws.write('roomy.yaml', `${WITHOUT_TEA}safety: { maxDeletes: 5 }\n`);
    expect((await ws.cli(['plan', '-f', 'roomy.yaml', '--max-deletes', '0'])).code).toBe(1);
    const overridden = await ws.cli(['apply', '-f', 'guarded.yaml', '--auto-approve', '--max-deletes', '2']);
    expect(overridden.code).toBe(0);
    expect(await merchants('G-62000004')).toEqual(['coffee-001']);
  });

  it('a saved plan keeps the manifest budget for apply PLANFILE, which its own --max-deletes overrides', async () => {
    const ws = await groups.take('G-62000005');
    ws.write('guarded.yaml', `${WITHOUT_TEA}safety: { maxDeletes: 1 }\n`);
    // An override is for the run it is given to: the saved plan keeps the manifest's 1.
    expect((await ws.cli(['plan', '-f', 'guarded.yaml', '--max-deletes', '2', '--out', 'plan.json'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(ws.dir, 'plan.json'), 'utf8')).safety).toEqual({ maxDeletes: 1 });
    await sim.admin.resetStats();
    const refused = await ws.cli(['apply', 'plan.json']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`the plan deletes 2 live records and the saved plan's safety.maxDeletes: 1 (from its manifest) allows 1; nothing was changed. Deletes:\n${TEA_DELETES}`);
    expect((await sim.admin.stats()).total).toBe(0);

    ws.write('open.yaml', WITHOUT_TEA);
    expect((await ws.cli(['plan', '-f', 'open.yaml', '--out', 'open.json'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(ws.dir, 'open.json'), 'utf8')).safety).toBeUndefined();
    const byFlag = await ws.cli(['apply', 'open.json', '--max-deletes', '0']);
    expect(byFlag.code).toBe(1);
    expect(byFlag.err).toContain('--max-deletes 0 allows no delete; nothing was changed.');
    expect(await merchants('G-62000005')).toEqual(['coffee-001', 'tea-002']);

    const applied = await ws.cli(['apply', 'plan.json', '--max-deletes', '2']);
    expect(applied.code).toBe(0);
    expect(await merchants('G-62000005')).toEqual(['coffee-001']);
  });

  it('the library takes maxDeletes as the CLI takes the flag', async () => {
    const ws = await groups.take('G-62000006');
    ws.write('paycfg.yaml', `${WITHOUT_TEA}safety: { maxDeletes: 1 }\n`);
    const client = createClient({ baseUrl: sim.url, token: sim.token('G-62000006'), env: {} });
    try {
      await expect(plan({ manifest: 'paycfg.yaml', client, cwd: ws.dir, env: {} })).rejects.toBeInstanceOf(DeleteBudgetError);
      await expect(plan({ manifest: 'paycfg.yaml', client, cwd: ws.dir, env: {}, maxDeletes: 1.5 })).rejects.toBeInstanceOf(UsageError);
      expect((await plan({ manifest: 'paycfg.yaml', client, cwd: ws.dir, env: {}, maxDeletes: 2 })).summary.delete).toBe(2);
      expect((await plan({ manifest: 'paycfg.yaml', client, cwd: ws.dir, env: {}, maxDeletes: 2, out: 'plan.json' })).summary.delete).toBe(2);
      await expect(apply({ savedPlan: 'plan.json', client, cwd: ws.dir, env: {} })).rejects.toBeInstanceOf(DeleteBudgetError);
      const report = await apply({ manifest: 'paycfg.yaml', client, cwd: ws.dir, env: {}, maxDeletes: 2 });
      expect(report.done).toBe(2);
    } finally {
      await client.close();
    }
  });
});
