import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { limitToTargets, parseTargets } from '../../src/plan/targets.js';
import { binding, context, desiredState, device, emv, liveState, merchant, profile } from './states.js';

const full = () =>
  planChanges(
    desiredState(
      [emv('visa'), emv('mc', '02'), profile('p', { '01': ['visa'] }), merchant('m1'), merchant('m2'), binding('m1', 'p', { '01': ['visa'] }), device('m1', 't1'), device('m2', 't2')],
      { managedBindings: ['m1'], managedDevices: ['m1', 'm2'] },
    ),
    liveState([]),
    context,
  );

describe('--target', () => {
  it('keeps the targeted change and everything it depends on, transitively', () => {
    const plan = limitToTargets(full(), ['binding/m1/p/USD']);
    expect(plan.changes.map((c) => c.address)).toEqual(['emv/visa', 'acquirer/p', 'merchant/m1', 'binding/m1/p/USD']);
    expect(plan.summary).toEqual({ create: 4, update: 0, delete: 0, replace: 0 });
  });

  it('takes a merchant with its bindings and devices', () => {
    const plan = limitToTargets(full(), ['merchant/m2']);
    expect(plan.changes.map((c) => c.address)).toEqual(['merchant/m2', 'device/m2/t2']);
  });

  it('leaves the plan as it is without targets, and rejects what is not an address', () => {
    const plan = full();
    expect(limitToTargets(plan, [])).toBe(plan);
    expect(() => parseTargets(['coffee-001'])).toThrow(UsageError);
    expect(() => parseTargets(['shop/x'])).toThrow(/not an address/);
    expect(parseTargets(['emv/visa'])).toEqual(['emv/visa']);
  });
});
