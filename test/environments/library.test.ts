/**
 * The library's environments: plan() and apply() given a ResolvedEnvironment in place of the
 * manifest, variables and client (the client made from its base URL and token, its group checked
 * first), a saved plan that records its environment and is refused in another, and what a plan
 * document says of its environment: hashed, and refused when edited.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, GroupMismatchError, loadEnvironmentsFile, plan, resolveEnvironment, SavedPlanError, type ResolvedEnvironment } from '../../src/index.js';
import { planHash } from '../../src/journal/plan-hash.js';
import { parseSavedPlan } from '../../src/plan/saved-plan.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const EXAMPLE = new URL('../../examples/environments', import.meta.url).pathname;
const TEST_GROUP = 'G-00000021';
const PROD_GROUP = 'G-00000022';
let testSim: TestSimulator;
let prodSim: TestSimulator;

beforeAll(async () => {
  testSim = await startTestSimulator({ jwtSecret: 'library-test-secret' });
  prodSim = await startTestSimulator({ jwtSecret: 'library-prod-secret' });
  await testSim.admin.createGroup({ groupId: TEST_GROUP, groupName: 'Test PBO' });
  await prodSim.admin.createGroup({ groupId: PROD_GROUP, groupName: 'Production PBO' });
});
afterAll(async () => {
  await Promise.all([testSim.close(), prodSim.close()]);
});

async function environments(env: Record<string, string>): Promise<{ dir: string; test: ResolvedEnvironment; production: ResolvedEnvironment }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-library-env-'));
  cpSync(EXAMPLE, dir, { recursive: true });
  const file = path.join(dir, 'paycfg.environments.yaml');
  writeFileSync(
    file,
    readFileSync(file, 'utf8')
      .replace('http://127.0.0.1:8181', testSim.url)
      .replace('http://127.0.0.1:8182', prodSim.url)
      .replace('group: G-00000001', `group: ${TEST_GROUP}`)
      .replace('group: G-00000002', `group: ${PROD_GROUP}`),
  );
  const loaded = await loadEnvironmentsFile(file, { cwd: dir });
  return { dir, test: await resolveEnvironment(loaded, 'test', { env }), production: await resolveEnvironment(loaded, 'production', { env }) };
}

describe('plan() and apply() with an environment', () => {
  it('plans, saves and applies an environment with a client made from its base URL and token, and refuses its saved plan elsewhere', async () => {
    const env = { PAYCFG_TEST_TOKEN: testSim.token(TEST_GROUP), PAYCFG_PROD_TOKEN: prodSim.token(PROD_GROUP), TEST_TILL_ADMIN_PASSWORD: 'lib-test-pw', PROD_TILL_ADMIN_PASSWORD: 'lib-prod-pw' };
    const { dir, test, production } = await environments(env);
    const out = path.join(dir, 'plan.json');
    const planned = await plan({ environment: test, env, cwd: dir, out });
    expect(planned).toMatchObject({ environment: 'test', baseUrl: testSim.url, group: { groupId: TEST_GROUP } });
    expect(planned.changes.length).toBeGreaterThan(0);
    // A value written in the environments file is shown; the till's password, from { env }, is not.
    expect(JSON.stringify(planned)).toContain('acq-test.host-a.example.com');
    expect(JSON.stringify(planned)).not.toContain('lib-test-pw');

    await expect(apply({ savedPlan: out, environment: production, env, cwd: dir })).rejects.toThrow(SavedPlanError);
    expect((await prodSim.admin.stats()).total).toBe(0);
    const report = await apply({ savedPlan: out, environment: test, env, cwd: dir });
    expect(report.failed).toBe(0);
    expect(report.plan.environment).toBe('test');
    const again = await plan({ environment: test, env, cwd: dir });
    expect(again.changes).toEqual([]);
  });

  it('refuses a token of another group before anything else is read', async () => {
    const env = { PAYCFG_PROD_TOKEN: prodSim.token('G-00000029'), TEST_TILL_ADMIN_PASSWORD: 'x', PROD_TILL_ADMIN_PASSWORD: 'y' };
    await prodSim.admin.createGroup({ groupId: 'G-00000029', groupName: 'Stranger' });
    const { production } = await environments(env);
    await prodSim.admin.resetStats();
    const error = await plan({ environment: production, env }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GroupMismatchError);
    expect((error as GroupMismatchError).details).toEqual({ expected: PROD_GROUP, actual: 'G-00000029', environment: 'production' });
    expect((await prodSim.admin.stats()).byRoute).toEqual({ 'GET /api/v2/current': 1 });
  });
});

describe('a plan document\'s environment', () => {
  it('is hashed, and a saved plan whose two mentions of it disagree is refused as edited', async () => {
    const env = { PAYCFG_TEST_TOKEN: testSim.token(TEST_GROUP), TEST_TILL_ADMIN_PASSWORD: 'lib-test-pw', PROD_TILL_ADMIN_PASSWORD: 'y' };
    const { dir, test } = await environments(env);
    const out = path.join(dir, 'plan.json');
    await plan({ environment: test, env, cwd: dir, out });
    const saved = JSON.parse(readFileSync(out, 'utf8'));
    expect(parseSavedPlan(saved, out).environment).toEqual({ name: 'test', baseUrl: testSim.url, groupId: TEST_GROUP });
    const { environment: _name, ...withoutName } = saved.plan;
    expect(planHash(withoutName)).not.toBe(planHash(saved.plan));
    // Moved to production beside the plan, the plan still saying test: edited.
    const moved = { ...saved, environment: { ...saved.environment, name: 'production' } };
    expect(() => parseSavedPlan(moved, out)).toThrow(/was edited after it was saved: the environment it names \(production, group G-00000021 at .*\) is not the one its plan was made for \(test, group G-00000021 at/);
    const dropped = { ...saved };
    delete dropped.environment;
    expect(() => parseSavedPlan(dropped, out)).toThrow(/the environment it names \(none\) is not the one its plan was made for/);
  });
});
