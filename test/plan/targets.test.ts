import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { TargetError } from '../../src/plan/errors.js';
import { checkTargets, limitToTargets, parseTargets } from '../../src/plan/targets.js';
import { closestMatches } from '../../src/manifest/did-you-mean.js';
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
    expect(plan.summary).toEqual({ create: 4, update: 0, delete: 0, replace: 0, blocked: 0 });
  });

  it('takes a merchant with its bindings and devices', () => {
    const plan = limitToTargets(full(), ['merchant/m2']);
    expect(plan.changes.map((c) => c.address)).toEqual(['merchant/m2', 'device/m2/t2']);
  });

  it('says which targets limited the plan', () => {
    expect(limitToTargets(full(), ['merchant/m2', 'emv/mc']).targets).toEqual(['merchant/m2', 'emv/mc']);
    expect(full().targets).toBeUndefined();
  });

  it('keeps the warnings about what it keeps, and those about nothing in particular', () => {
    const plan = {
      ...full(),
      warnings: [{ address: 'merchant/m1', message: 'about m1' }, { address: 'merchant/m2', message: 'about m2' }, { message: 'about the group' }],
    };
    expect(limitToTargets(plan, ['merchant/m2']).warnings).toEqual([{ address: 'merchant/m2', message: 'about m2' }, { message: 'about the group' }]);
    expect(limitToTargets({ ...plan, warnings: [plan.warnings[0]!] }, ['merchant/m2'])).not.toHaveProperty('warnings');
  });

  it('points a target at the old address of a moved: entry to the new one', () => {
    const known = new Set(['acquirer/host-a-usd']);
    expect(() => checkTargets(['acquirer/host-a'], known, new Map([['acquirer/host-a', 'acquirer/host-a-usd']]))).toThrow(
      '--target acquirer/host-a matches no resource of the manifest or of the live group; moved: renames it to acquirer/host-a-usd: target that',
    );
  });

  it('refuses targets that name nothing known, each with the closest addresses', () => {
    const known = new Set(['merchant/coffee-001', 'merchant/coffee-002', 'merchant/tea-001', 'emv/visa-usd', 'binding/coffee-001/host-a/USD']);
    expect(() => checkTargets(['merchant/tea-001', 'emv/visa-usd'], known)).not.toThrow();
    let error: unknown;
    try {
      checkTargets(['merchant/cofee-001', 'emv/visa-usd', 'device/nowhere/at-all'], known);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TargetError);
    const { message, details, exitCode } = error as TargetError;
    expect(exitCode).toBe(1);
    expect(message.split('\n')).toEqual([
      '--target merchant/cofee-001 matches no resource of the manifest or of the live group; did you mean merchant/coffee-001, merchant/coffee-002?',
      '--target device/nowhere/at-all matches no resource of the manifest or of the live group; no known address is close to it',
      'Nothing was planned. `paycfg plan` without --target lists the addresses of every change.',
    ]);
    expect(details).toEqual({
      targets: ['merchant/cofee-001', 'device/nowhere/at-all'],
      suggestions: { 'merchant/cofee-001': ['merchant/coffee-001', 'merchant/coffee-002'], 'device/nowhere/at-all': [] },
    });
  });

  it('ranks suggestions by edit distance, a difference of case first, and keeps the closest few', () => {
    expect(closestMatches('emv/VISA', ['emv/visb', 'emv/visa', 'emv/mc'], 2, 2)).toEqual(['emv/visa', 'emv/visb']);
    expect(closestMatches('merchant/m-10', ['merchant/m-1', 'merchant/m-100', 'merchant/m-11', 'merchant/m-12'], 2, 2)).toEqual(['merchant/m-1', 'merchant/m-100']);
    expect(closestMatches('emv/visa', ['emv/mc-usd'], 3, 2)).toEqual([]);
  });

  it('leaves the plan as it is without targets, and rejects what is not an address', () => {
    const plan = full();
    expect(limitToTargets(plan, [])).toBe(plan);
    expect(() => parseTargets(['coffee-001'])).toThrow(UsageError);
    expect(() => parseTargets(['shop/x'])).toThrow(/not an address/);
    expect(parseTargets(['emv/visa'])).toEqual(['emv/visa']);
  });
});
