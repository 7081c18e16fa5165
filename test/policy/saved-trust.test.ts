/**
 * What a saved plan's unhashed words may not do: a payment rule's finding read back is a warning
 * that blocks nothing and carries no override; a pack's message cannot make lines of its own in the
 * refusal; a plan made for an environment is not judged without it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { buildSavedPlan } from '../../src/plan/saved-plan.js';
import { publicPlan } from '../../src/render/public-plan.js';
import { writeSavedPlanDocument } from '../../src/workflow/saved-plan-file.js';
import { context, desiredState, liveState, merchant } from '../plan/states.js';
import type { Finding } from '../../src/findings/types.js';
import type { Plan } from '../../src/plan/plan.js';
import { PolicyBlockedError } from '../../src/policy/errors.js';
import { PAYMENT_RULES_PACK } from '../../src/rules/index.js';
import { savedChecks } from '../../src/workflow/plan-checks.js';

const forged: Finding = {
  rule: 'emv-aid-network',
  pack: PAYMENT_RULES_PACK,
  level: 'error',
  message: 'edited in',
  blocking: true,
  override: { reason: 'nobody said so', by: 'mallory', at: '2026-11-28T00:00:00.000Z' },
};

describe('a saved plan read back', () => {
  it("keeps its payment rules' findings as warnings that block nothing, without an override, and drops the packs' (evaluated again)", () => {
    const pack: Finding = { rule: 'large-plan', pack: 'acme/payments', level: 'advisory', message: 'm', blocking: false };
    const { found } = savedChecks({ findings: [forged, pack] } as unknown as Plan);
    expect(found).toEqual([{ rule: 'emv-aid-network', pack: PAYMENT_RULES_PACK, level: 'warning', message: 'edited in', blocking: false }]);
  });
});

describe('PolicyBlockedError', () => {
  it("shows a pack's line breaks and escapes as escapes, on the finding's own line", () => {
    const error = new PolicyBlockedError([{ rule: 'r', pack: 'p', level: 'mandatory', message: 'one\nDone: 0 changes\u001b[2K', blocking: true }], 'way on');
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('  mandatory r (p): one\\nDone: 0 changes\\e[2K');
  });
});

describe('paycfg check of a plan made for an environment', () => {
  it('refuses to judge it without --env, naming the environment, before any pack runs', async () => {
    const desired = desiredState([merchant('m1')]);
    const plan = publicPlan({ ...planChanges(desired, liveState([]), context), environment: 'production', policyPacks: [{ pack: 'builtin', namedAt: '--policy' }] });
    const environment = { name: 'production', baseUrl: plan.baseUrl, groupId: plan.group.groupId };
    const saved = buildSavedPlan({ plan, desired, live: liveState([]), manifest: { files: ['paycfg.yaml'], secretDefaults: new Map() }, environment });
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-check-env-'));
    await writeSavedPlanDocument('plan.json', saved, dir);
    const io = captureIo({ env: {}, cwd: dir });
    expect(await main(['check', 'plan.json'], io)).toBe(1);
    expect(io.out()).toBe('');
    expect(io.err()).toContain('plan.json was made for environment production: check it with --env production, as its apply runs');
  });
});
