/**
 * A saved plan's scope (what apply reads, and the moves it re-keys the live group by) is covered by
 * a hash of its own, beside the plan's: a scope edited after the plan was saved is refused as an
 * edit, before any request, rather than as a live group that changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSavedPlan, scopeHash, type SavedPlan } from '../../src/plan/saved-plan.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { edited, workspace, type Workspace } from '../scenarios/safeguards-helpers.js';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

/** A plan saved with a move in its scope: coffee-001 renamed coffee-1. */
async function savedWithMove(groupId: string): Promise<{ ws: Workspace; saved: SavedPlan }> {
  const ws = await workspace(sim, groupId);
  ws.write('paycfg.yaml', `${edited(['providerReference: coffee-001', 'providerReference: coffee-1'])}moved:\n  - { from: merchant/coffee-001, to: merchant/coffee-1 }\n`);
  const planned = await ws.cli(['plan', '-f', 'paycfg.yaml', '--out', 'plan.json']);
  expect(planned.code, planned.err).toBe(0);
  return { ws, saved: JSON.parse(readFileSync(join(ws.dir, 'plan.json'), 'utf8')) as SavedPlan };
}

describe('a saved plan’s scope hash', () => {
  it('is saved beside the plan hash, the hash of the scope as saved', async () => {
    const { saved } = await savedWithMove('G-64000001');
    expect(saved.scope.moved).toEqual([{ kind: 'merchant', from: 'merchant/coffee-001', to: 'merchant/coffee-1' }]);
    expect(saved.scopeHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(saved.scopeHash).toBe(scopeHash(saved.scope));
    expect(parseSavedPlan(saved, 'plan.json')).toBe(saved);
  });

  it('refuses a plan whose move was removed from its scope as edited after it was saved, before any request', async () => {
    const { ws, saved } = await savedWithMove('G-64000002');
    const { moved: _moved, ...scope } = saved.scope;
    writeFileSync(join(ws.dir, 'edited.json'), JSON.stringify({ ...saved, scope }));
    await sim.admin.resetStats();
    const refused = await ws.cli(['apply', 'edited.json']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `edited.json was edited after it was saved: its scope (what apply reads, and the moves it re-keys the live group by) no longer has the hash it was saved with (${saved.scopeHash}). Make a new plan with \`paycfg plan --out\`.`,
    );
    expect(refused.err).not.toContain('changed since');
    expect((await sim.admin.stats()).byRoute).toEqual({});

    // The saved plan itself still applies: one PUT, the move.
    const applied = await ws.cli(['apply', 'plan.json']);
    expect(applied.code, applied.out + applied.err).toBe(0);
  });

  it('refuses any other edit of the scope too (what apply reads), and a scope hash edited to match nothing', () => {
    const saved = {
      kind: 'paycfg-saved-plan',
      formatVersion: 1,
      createdAt: '2026-01-05T10:00:00.000Z',
      manifestFiles: ['paycfg.yaml'],
      plan: { formatVersion: 1, baseUrl: 'http://127.0.0.1:1', group: { groupId: 'G-1', groupName: 'G' }, changes: [], unmanaged: [], blocked: [], sensitive: [] },
      fingerprints: {},
      scope: { merchants: ['merchant/coffee'], managedBindings: [], managedDevices: ['coffee'], bindings: [], midMerchants: [], pruneMerchants: false },
      secrets: [],
    };
    const withHash = { ...saved, scopeHash: scopeHash(saved.scope as SavedPlan['scope']) };
    expect(parseSavedPlan(withHash, 'p.json').scope.managedDevices).toEqual(['coffee']);
    expect(() => parseSavedPlan({ ...withHash, scope: { ...saved.scope, managedDevices: [] } }, 'p.json')).toThrow('p.json was edited after it was saved: its scope');
    expect(() => parseSavedPlan({ ...withHash, scope: { ...saved.scope, pruneMerchants: true } }, 'p.json')).toThrow('p.json was edited after it was saved: its scope');
    expect(() => parseSavedPlan({ ...saved, scopeHash: `sha256:${'0'.repeat(64)}` }, 'p.json')).toThrow('p.json was edited after it was saved: its scope');
    // A plan saved before scope hashes existed is read as it is.
    expect(parseSavedPlan(saved, 'p.json').scopeHash).toBeUndefined();
  });
});
