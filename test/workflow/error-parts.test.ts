/**
 * Errors that carry their parts: their message is made once, with the words their caller needs,
 * never rewritten from another message's text. And the settlement guard's warnings found again by
 * their fields (address, cause, batches), not their words.
 */
import { describe, expect, it } from 'vitest';
import { diagnostic } from '../../src/manifest/diagnostics.js';
import { ManifestError } from '../../src/manifest/index.js';
import { planFromDocument } from '../../src/plan/plan-document.js';
import type { Plan } from '../../src/plan/plan.js';
import { MAKE_A_NEW_PLAN, SavedPlanError, SavedPlanStaleError } from '../../src/plan/saved-plan.js';
import { sameUnsettledWarning, unsettledWarning, unsettledWayOut } from '../../src/plan/settlement-guard.js';
import { BaseManifestError } from '../../src/workflow/base-manifest.js';

describe('SavedPlanStaleError', () => {
  const moved = Array.from({ length: 22 }, (_, i) => `merchant/m${String(i).padStart(2, '0')} (changed since)`);

  it('names what moved, at most 20, and ends with its way on', () => {
    const error = new SavedPlanStaleError(moved);
    expect(error).toBeInstanceOf(SavedPlanError);
    expect(error.message.split('\n')).toEqual([
      'the live group changed since the plan was made, so it no longer describes what apply would do. Nothing was changed. Changed since the plan:',
      ...moved.slice(0, 20).map((m) => `  ${m}`),
      '  … and 2 more',
      MAKE_A_NEW_PLAN,
    ]);
    expect(error.details).toEqual({ moved: 22 });
  });

  it('words the same error with another way on, from its parts', () => {
    const error = new SavedPlanStaleError(moved.slice(0, 1));
    const named = error.withWayOn('Make a new plan: paycfg plan -f paycfg.yaml --out plan.json');
    expect(named).toBeInstanceOf(SavedPlanStaleError);
    expect(named.message).toBe(error.message.slice(0, -MAKE_A_NEW_PLAN.length) + 'Make a new plan: paycfg plan -f paycfg.yaml --out plan.json');
    expect(named.moved).toEqual(error.moved);
    expect(named.details).toEqual(error.details);
  });
});

describe('BaseManifestError', () => {
  it('is a ManifestError worded for the base, with the same problems in the same order', () => {
    const problems = [
      diagnostic({ file: 'b.yaml', line: 3, col: 1 }, ['merchants', 0], 'second'),
      diagnostic({ file: 'a.yaml', line: 9, col: 2 }, ['emvConfigs', 1], 'first'),
    ];
    const plain = new ManifestError(problems, ['a.yaml', 'b.yaml']);
    const base = new BaseManifestError('--base-ref origin/main', problems, ['a.yaml', 'b.yaml']);
    expect(base).toBeInstanceOf(ManifestError);
    expect(base.label).toBe('--base-ref origin/main');
    expect(plain.message.startsWith('the manifest is invalid (2 errors):\n')).toBe(true);
    expect(base.message).toBe(`the base manifest (--base-ref origin/main) is invalid${plain.message.slice('the manifest is invalid'.length)}`);
    expect(new BaseManifestError('--base', problems.slice(0, 1), ['b.yaml']).message).toMatch(/^the base manifest \(--base\) is invalid \(1 error\):\n/);
  });
});

describe('the settlement guard', () => {
  const batch = { batchId: '100001', state: 0, paymentCount: 2, amount: 10.3, currency: 'USD' };

  it('words its way out as a sentence of its own where asked, without rewriting it', () => {
    expect(unsettledWayOut(1)).toMatch(/^settle it \(/);
    expect(unsettledWayOut(2, 'apply the saved plan again', true)).toMatch(/^Settle them \(.*then apply the saved plan again; /);
  });

  it('finds its warnings again by address, cause and batches: a saved plan read back knows them', () => {
    const warning = unsettledWarning('acquirer/p', [batch]);
    expect(warning.cause).toBe('unsettled');
    const document = {
      formatVersion: 1,
      baseUrl: 'http://127.0.0.1:1',
      group: { groupId: 'G-00000001', groupName: 'x' },
      changes: [],
      unmanaged: [],
      blocked: [],
      summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 0 },
      sensitive: [],
      // As a saved plan stores them: no cause, the words and the batches.
      warnings: [{ address: warning.address!, message: warning.message, batches: warning.batches! }, { message: 'protect: "x/*" matches no record' }],
    } satisfies Plan;
    const [unsettled, other] = planFromDocument(document).warnings!;
    expect(unsettled!.cause).toBe('unsettled');
    expect(other!.cause).toBeUndefined();
    expect(sameUnsettledWarning(unsettled!, warning)).toBe(true);
    // Its words are not what tells them apart: another state, another record, is another warning.
    expect(sameUnsettledWarning(unsettled!, unsettledWarning('acquirer/p', [{ ...batch, state: 2 }]))).toBe(false);
    expect(sameUnsettledWarning(unsettled!, unsettledWarning('binding/m/p/USD', [batch]))).toBe(false);
    expect(sameUnsettledWarning({ ...unsettled!, message: 'reworded' }, warning)).toBe(true);
    expect(sameUnsettledWarning(other!, other!)).toBe(false);
  });
});
