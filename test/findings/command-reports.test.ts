/**
 * --sarif and --junit as a user meets them: validate, plan and check write the run's findings, each
 * report valid against its schema, also when the findings fail the run; plan over real HTTP.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { junitSchemaErrors, sarifSchemaErrors } from './schemas.js';

const basic = readFileSync(new URL('../../examples/basic/paycfg.yaml', import.meta.url), 'utf8').replace(/^group: .*$/m, '');
const emvChanges = new URL('../fixtures/policy/emv-changes.js', import.meta.url).pathname;
let sim: TestSimulator;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

/** A checkout (a `.git` directory) holding the manifest; the run's working directory is its root. */
function checkout(manifest: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-command-reports-'));
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, 'packs'));
  copyFileSync(emvChanges, join(dir, 'packs', 'emv-changes.mjs'));
  writeFileSync(join(dir, 'paycfg.yaml'), manifest);
  return dir;
}

async function cli(argv: string[], env: Record<string, string>, cwd: string) {
  const io = captureIo({ env, cwd });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

function reports(dir: string): { log: Log; junit: string } {
  const log = JSON.parse(readFileSync(join(dir, 'findings.sarif'), 'utf8')) as Log;
  const junit = readFileSync(join(dir, 'findings.xml'), 'utf8');
  return { log, junit };
}

const FLAGS = ['--sarif', 'findings.sarif', '--junit', 'findings.xml'];
const VARIABLES = { TILL_ADMIN_PASSWORD: 'till-secret-9' };

describe('validate --sarif --junit', () => {
  it('writes a refusing payment rule as an error on its manifest line, and exits 1 as before', async () => {
    const dir = checkout(basic.replace(/clCVMLimit: \d+/, 'clCVMLimit: 999999999'));
    const run = await cli(['validate', '-f', 'paycfg.yaml', ...FLAGS], VARIABLES, dir);
    expect(run.code).toBe(1);
    expect(run.err).toContain('[emv-contactless-limits]');
    const { log, junit } = reports(dir);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(await junitSchemaErrors(junit)).toEqual([]);
    const [result] = log.runs[0]!.results!;
    expect(result).toMatchObject({ ruleId: 'emv-contactless-limits', level: 'error' });
    const line = basic.split('\n').findIndex((text) => text.includes('clCVMLimit')) + 1;
    expect(result!.locations![0]!.physicalLocation).toMatchObject({ artifactLocation: { uri: 'paycfg.yaml' }, region: { startLine: line } });
    expect(junit).toContain('<failure');
    expect(junit).toContain('emv-contactless-limits');
  });

  it('writes a valid manifest as rules that all passed', async () => {
    const dir = checkout(basic);
    const run = await cli(['validate', '-f', 'paycfg.yaml', ...FLAGS], VARIABLES, dir);
    expect(run.code, run.err).toBe(0);
    const { log, junit } = reports(dir);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(await junitSchemaErrors(junit)).toEqual([]);
    expect(log.runs[0]!.results).toEqual([]);
    expect(log.runs[0]!.tool.driver.rules!.map((rule) => rule.id)).toContain('emv-aid-network');
    expect(junit).not.toContain('<failure');
  });
});

describe('plan and check --sarif --junit', () => {
  it("plan writes the packs' findings on their manifest entries; check of the saved plan writes them again", async () => {
    const groupId = 'G-73000001';
    await sim.admin.createGroup({ groupId });
    const env = { ...VARIABLES, PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId) };
    const dir = checkout(`${basic}\npolicies:\n  - pack: ./packs/emv-changes.mjs\n    levels: { emv-change-review: mandatory }\n`);
    const plan = await cli(['plan', '-f', 'paycfg.yaml', '-o', 'plan.json', ...FLAGS], env, dir);
    expect(plan.code, plan.err).toBe(0);
    let { log, junit } = reports(dir);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(await junitSchemaErrors(junit)).toEqual([]);
    const results = log.runs[0]!.results!;
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((result) => [result.ruleId, result.level].join(' ')))).toEqual(new Set(['test/emv-changes/emv-change-review error']));
    expect(results.every((result) => result.locations?.[0]?.physicalLocation?.artifactLocation?.uri === 'paycfg.yaml')).toBe(true);
    expect(junit).toContain('<failure');

    const check = await cli(['check', 'plan.json', '-f', 'paycfg.yaml', '--sarif', 'check.sarif', '--junit', 'check.xml'], VARIABLES, dir);
    expect(check.code).toBe(1);
    log = JSON.parse(readFileSync(join(dir, 'check.sarif'), 'utf8')) as Log;
    junit = readFileSync(join(dir, 'check.xml'), 'utf8');
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(await junitSchemaErrors(junit)).toEqual([]);
    expect(log.runs[0]!.results!.map((result) => result.ruleId)).toEqual(results.map((result) => result.ruleId));
  });

  it('plan refused by a payment rule still writes the reports, before any request', async () => {
    const groupId = 'G-73000002';
    await sim.admin.createGroup({ groupId });
    const env = { ...VARIABLES, PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId) };
    const dir = checkout(basic.replace(/aid: A0000000031010/, 'aid: A0000000041010'));
    await sim.admin.resetStats();
    const plan = await cli(['plan', '-f', 'paycfg.yaml', ...FLAGS], env, dir);
    expect(plan.code).toBe(1);
    expect(plan.err).toContain('[emv-aid-network]');
    expect((await sim.admin.stats()).total).toBe(0);
    const { log } = reports(dir);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0]!.results!.map((result) => result.ruleId)).toEqual(['emv-aid-network']);
  });
});
