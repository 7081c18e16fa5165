/**
 * The action's run step with an environments file, as examples/ci/environments.yml uses it: two
 * simulators stand for test and production (each its own secret and group), the repository is
 * examples/environments, and each environment's token and secret reach paycfg only through the
 * variables its file names.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { createWorkspace, runStep } from './action-runner.js';
import { repoRoot } from './ci-files.js';

const GROUPS = { test: 'G-00000001', production: 'G-00000002' } as const;
let sims: { test: TestSimulator; production: TestSimulator };

beforeAll(async () => {
  sims = { test: await startTestSimulator({ jwtSecret: 'action-test-secret' }), production: await startTestSimulator({ jwtSecret: 'action-production-secret' }) };
  for (const name of ['test', 'production'] as const) await sims[name].admin.createGroup({ groupId: GROUPS[name] });
});
afterAll(async () => {
  await sims.test.close();
  await sims.production.close();
});

/** examples/environments as a repository, its base URLs the simulators', and the job's variables its file reads. */
function setup() {
  const ws = createWorkspace();
  const repo = join(ws.dir, 'repo');
  cpSync(join(repoRoot, 'examples/environments'), repo, { recursive: true });
  const file = join(repo, 'paycfg.environments.yaml');
  const document = parseDocument(readFileSync(file, 'utf8'));
  for (const name of ['test', 'production'] as const) document.setIn(['environments', name, 'baseUrl'], sims[name].url);
  writeFileSync(file, document.toString());
  const env = {
    PAYCFG_TEST_TOKEN: sims.test.token(GROUPS.test),
    PAYCFG_PROD_TOKEN: sims.production.token(GROUPS.production),
    TEST_TILL_ADMIN_PASSWORD: 'test-till-admin',
    PROD_TILL_ADMIN_PASSWORD: 'production-till-admin',
  };
  return { ws, env, base: { 'working-directory': 'repo' } };
}

describe('the action run step with environments', () => {
  it('validates every environment, applies to test, promotes to production with the evidence as summary, applies the promotion plan and summarises the journal', async () => {
    const { ws, env, base } = setup();
    const validate = await runStep(ws, 'run', { ...base, command: 'validate' }, env);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.paycfgArgv).toEqual([['validate']]);
    expect(validate.stdout).toMatch(/environment test: manifest valid[\s\S]*environment production: manifest valid/);

    const test = await runStep(ws, 'run', { ...base, command: 'apply', environment: 'test' }, env);
    expect(test.code, test.stderr).toBe(0);
    expect(test.paycfgArgv).toEqual([['apply', '--auto-approve', '--env', 'test']]);

    const promote = await runStep(ws, 'run', { ...base, command: 'promote', from: 'test', environment: 'production', args: '--allow-unproven --out promotion.json' }, env);
    expect(promote.code, promote.stderr).toBe(0);
    expect(promote.paycfgArgv).toEqual([['promote', '--markdown', '--from', 'test', '--to', 'production', '--allow-unproven', '--out', 'promotion.json']]);
    expect(promote.outputs).toMatchObject({ 'exit-code': '2', 'has-changes': 'true' });
    expect(promote.outputs['markdown']).toContain('live in test since');
    expect(promote.summary).toBe(`${promote.outputs['markdown']}\n`);
    for (const secret of Object.values(env)) expect(promote.stdout + promote.stderr + promote.summary).not.toContain(secret);

    const production = await runStep(ws, 'run', { ...base, command: 'apply', environment: 'production', args: 'promotion.json' }, env);
    expect(production.code, production.stderr).toBe(0);
    expect(production.paycfgArgv).toEqual([['apply', '--auto-approve', '--env', 'production', 'promotion.json']]);

    const journal = await runStep(ws, 'run', { ...base, command: 'journal', environment: 'production' }, env);
    expect(journal.code, journal.stderr).toBe(0);
    expect(journal.paycfgArgv).toEqual([['journal', '--markdown', '--env', 'production']]);
    expect(journal.outputs['markdown']).toMatch(/promot/i);

    const again = await runStep(ws, 'run', { ...base, command: 'promote', from: 'test', environment: 'production' }, env);
    expect(again.outputs).toMatchObject({ 'exit-code': '0', 'has-changes': 'false' });
  });

  it('refuses promote without from or environment, from with another command, and paths, a token or a base URL with an environment, before running paycfg', async () => {
    const { ws, env, base } = setup();
    const noFrom = await runStep(ws, 'run', { ...base, command: 'promote', environment: 'production' }, env);
    expect(noFrom.code).toBe(1);
    expect(noFrom.stdout).toContain('::error::paycfg action: promote needs from (the environment promoted from) and environment (the one promoted to)');
    const fromWithPlan = await runStep(ws, 'run', { ...base, command: 'plan', from: 'test', environment: 'production' }, env);
    expect(fromWithPlan.code).toBe(1);
    expect(fromWithPlan.stdout).toContain("::error::paycfg action: from goes with command promote, not 'plan'");
    const paths = await runStep(ws, 'run', { ...base, command: 'plan', environment: 'test', paths: 'shared' }, env);
    expect(paths.code).toBe(1);
    expect(paths.stdout).toContain('::error::paycfg action: an environment names its own manifests; leave paths empty');
    const token = await runStep(ws, 'run', { ...base, command: 'plan', environment: 'test', token: env.PAYCFG_TEST_TOKEN }, env);
    expect(token.code).toBe(1);
    expect(token.stdout).toContain('::error::paycfg action: an environment names its base URL and where its token comes from');
    expect([...noFrom.paycfgArgv, ...fromWithPlan.paycfgArgv, ...paths.paycfgArgv, ...token.paycfgArgv]).toEqual([]);
  });
});
