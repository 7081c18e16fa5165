/**
 * The executor hears of an interrupt through a promise that may never settle (a fleet apply's
 * run-wide Ctrl-C signal outlives every target's apply): what it hangs on that promise must not keep
 * the apply's state alive once the apply is over, or a fleet apply holds every target's live state
 * until the run ends.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { setTimeout as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { executePlan } from '../../src/apply/execute-plan.js';
import type { OperationContext } from '../../src/apply/change-operations.js';
import type { Plan } from '../../src/plan/plan.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Applies an empty plan with `interrupted`, and returns a weak reference to the live state it was given. */
async function applied(interrupted: Promise<unknown>): Promise<WeakRef<object>> {
  const live = { records: new Array(1000).fill('live') };
  const context = { client: {}, ids: {}, live, desired: {}, plan: { changes: [] } } as unknown as OperationContext;
  const result = await executePlan(context.plan as Plan, context, { parallelism: 1, interrupted });
  expect(result.done).toBe(0);
  return new WeakRef(live);
}

describe('executePlan and a pending interrupt', () => {
  it('lets go of the apply once it is over, while the interrupt promise lives on', async () => {
    const never = new Promise<unknown>(() => undefined);
    const live = await applied(never);
    await tick(0);
    gc();
    expect(live.deref()).toBeUndefined();
    expect(never).toBeInstanceOf(Promise);
  });
});
