/**
 * The reads a plan needs, decided from the manifest and the live records before planning
 * (src/plan/reads-needed.ts): never fewer than the plan uses (each case below checks the plan as
 * well), none where the planner's own rules leave no money-relevant change, and the documented
 * over-approximations, each with the read it makes that the plan does not use.
 */
import { describe, expect, it } from 'vitest';
import { merchantsToCount } from '../../src/impact/compute-impact.js';
import type { DesiredState, LiveState } from '../../src/model/state.js';
import { PlanError } from '../../src/plan/errors.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { readsNeeded } from '../../src/plan/reads-needed.js';
import { isMoneyRelevant } from '../../src/plan/settlement-guard.js';
import { limitToTargets } from '../../src/plan/targets.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

/** The predicate's verdict and the plan's, which is what the run judged before (isMoneyRelevant of the plan it carries out). */
function verdicts(desired: DesiredState, state: LiveState, protect: string[] = [], targets: string[] = []): { reads: boolean; planUses: boolean } {
  const reads = readsNeeded(desired, state, protect).settlement;
  // Without a terminal budget only the kinds that can be money-relevant are diffed: the same verdict.
  expect(readsNeeded(desired, state, protect, false).settlement).toBe(reads);
  const plan = limitToTargets(planChanges(desired, state, { ...context, protect }), targets);
  return { reads, planUses: isMoneyRelevant(plan.changes) };
}

const base = [emv('visa'), profile('host-a', { '01': ['visa'] }), merchant('m1')];
const liveBase = [live(emv('visa'), 1), live(profile('host-a', { '01': ['visa'] }), 2), live(merchant('m1'), 10)];

describe('readsNeeded: exact where the plan reads nothing', () => {
  it('an unchanged group, and changes that re-route nothing, read no settlement batches', () => {
    const bound = binding('m1', 'host-a', { '01': ['visa'] }, { mid: 'MID-1' });
    const state = liveState([...liveBase, live(bound, 20)]);
    expect(verdicts(desiredState([...base, bound]), state)).toEqual({ reads: false, planUses: false });
    const contact = desiredState([emv('visa'), profile('host-a', { '01': ['visa'] }), merchant('m1', { contactName: 'Joe' }), bound]);
    expect(verdicts(contact, state)).toEqual({ reads: false, planUses: false });
    const mid = desiredState([...base, binding('m1', 'host-a', { '01': ['visa'] }, { mid: 'MID-2' })]);
    expect(verdicts(mid, state)).toEqual({ reads: false, planUses: false });
  });

  it('a delete the protect: list holds back reads nothing', () => {
    const state = liveState([...liveBase, live(binding('m1', 'host-a', { '01': ['visa'] }), 20)]);
    const desired = desiredState(base, { managedBindings: ['m1'] });
    expect(verdicts(desired, state, ['binding/m1/host-a/USD'])).toEqual({ reads: false, planUses: false });
    // Without the pattern, the same delete is a guarded change: both read.
    expect(verdicts(desired, state)).toEqual({ reads: true, planUses: true });
  });

  it("a profile's delete or replacement that an unmanaged binding holds reads nothing", () => {
    const unmanaged = live(binding('m1', 'host-a', { '01': ['visa'] }), 20);
    const state = liveState([...liveBase, unmanaged]);
    const pruned = desiredState([emv('visa'), merchant('m1')], { prune: { acquirerProfiles: true } });
    expect(verdicts(pruned, state)).toEqual({ reads: false, planUses: false });
    const replaced = desiredState([emv('visa'), profile('host-a', { '01': ['visa'] }, { currency: 'EUR' }), merchant('m1')]);
    expect(verdicts(replaced, state)).toEqual({ reads: false, planUses: false });
  });

  it("a merchant's delete its activated terminal holds reads nothing, and decommissioning it reads", () => {
    const till = live(device('m1', 'till-1'), 30, { lifecycle: 'active' });
    const state = liveState([live(merchant('m1'), 10), till]);
    expect(verdicts(desiredState([], { prune: { merchants: true } }), state)).toEqual({ reads: false, planUses: false });
    expect(verdicts(desiredState([], { prune: { merchants: true, activatedDevices: 'decommission' } }), state)).toEqual({ reads: true, planUses: true });
  });
});

describe('readsNeeded: reads where the plan uses the batches', () => {
  it("a binding's methods, a profile's route, a replacement, a terminal logged out", () => {
    const bound = binding('m1', 'host-a', { '01': ['visa'] });
    const state = liveState([...liveBase, live(bound, 20), live(device('m1', 'till-1'), 30, { lifecycle: 'active' })]);
    const methods = desiredState([...base, binding('m1', 'host-a', { '01': ['visa'], '02': ['visa'] })]);
    expect(verdicts(methods, state)).toEqual({ reads: true, planUses: true });
    const route = desiredState([emv('visa'), profile('host-a', { '01': ['visa'] }, { connMessageFormat: 'HOSTB_8583' }), merchant('m1'), bound]);
    expect(verdicts(route, state)).toEqual({ reads: true, planUses: true });
    const replaced = desiredState([emv('visa'), profile('host-a', { '01': ['visa'] }, { currency: 'EUR' }), merchant('m1'), bound]);
    expect(verdicts(replaced, state)).toEqual({ reads: true, planUses: true });
    const logout = desiredState([...base, bound], { managedDevices: ['m1'], prune: { activatedDevices: 'logout' } });
    expect(verdicts(logout, state)).toEqual({ reads: true, planUses: true });
  });

  it("an EMV config's replacement reads for the methods it puts back on a managed binding", () => {
    const bound = binding('m1', 'host-a', { '01': ['visa'] });
    const state = liveState([live(emv('visa'), 1), live(emv('mc'), 4), live(profile('host-a', { '01': ['visa', 'mc'] }), 2), live(merchant('m1'), 10), live(bound, 20)]);
    const desired = desiredState([emv('visa', '02'), emv('mc'), profile('host-a', { '01': ['visa', 'mc'] }), merchant('m1'), bound]);
    expect(verdicts(desired, state)).toEqual({ reads: true, planUses: true });
  });
});

describe('readsNeeded: the over-approximations, each an extra read', () => {
  const bound = binding('m1', 'host-a', { '01': ['visa'] });

  it('--target: the candidates are the whole group\'s', () => {
    const state = liveState([...liveBase, live(merchant('m2'), 11), live(bound, 20)]);
    const desired = desiredState([...base, merchant('m2', { contactName: 'Joe' })], { managedBindings: ['m1'] });
    expect(verdicts(desired, state, [], ['merchant/m2'])).toEqual({ reads: true, planUses: false });
  });

  it('a change that waits for a blocked one (cause dependency)', () => {
    // The profile's delete waits for its binding's, which protect: holds back.
    const state = liveState([...liveBase, live(bound, 20)]);
    const desired = desiredState([emv('visa'), merchant('m1')], { managedBindings: ['m1'], prune: { acquirerProfiles: true } });
    expect(verdicts(desired, state, ['binding/m1/host-a/USD'])).toEqual({ reads: true, planUses: false });
    expect(planChanges(desired, state, { ...context, protect: ['binding/m1/host-a/USD'] }).blocked.map((b) => `${b.cause} ${b.address}`)).toEqual([
      'dependency acquirer/host-a',
      'protected binding/m1/host-a/USD',
    ]);
  });

  it("a profile's delete that a record the manifest manages still names (in use)", () => {
    const state = liveState([...liveBase, live(bound, 20)]);
    const desired = desiredState([emv('visa'), merchant('m1'), bound], { prune: { acquirerProfiles: true } });
    expect(verdicts(desired, state)).toEqual({ reads: true, planUses: false });
    expect(planChanges(desired, state, context).blocked.map((b) => `${b.cause} ${b.address}`)).toEqual(['in-use acquirer/host-a']);
  });

  it("an EMV config's replacement whose binding drops the config: the reattach puts back no method", () => {
    const state = liveState([live(emv('visa'), 1), live(emv('mc'), 4), live(profile('host-a', { '01': ['visa', 'mc'] }), 2), live(merchant('m1'), 10), live(binding('m1', 'host-a', { '01': ['visa', 'mc'] }), 21)]);
    const desired = desiredState([emv('visa', '02'), emv('mc'), profile('host-a', { '01': ['visa', 'mc'] }), merchant('m1'), binding('m1', 'host-a', { '01': ['mc'] })]);
    expect(verdicts(desired, state)).toEqual({ reads: true, planUses: false });
  });

  it("an EMV config's replacement the planner refuses (a profile uses it for every method): read, then the PlanError", () => {
    const state = liveState([...liveBase, live(bound, 20)]);
    const desired = desiredState([emv('visa', '02'), profile('host-a', { '01': ['visa'] }), merchant('m1'), bound]);
    expect(readsNeeded(desired, state).settlement).toBe(true);
    expect(() => planChanges(desired, state, context)).toThrow(PlanError);
  });
});

describe('readsNeeded: the terminals a budget counts', () => {
  it('the candidates reach every unread merchant the plan\'s changes reach', () => {
    const state = liveState([...liveBase, live(merchant('m2'), 11), live(binding('m1', 'host-a', { '01': ['visa'] }), 20), live(binding('m2', 'host-a', { '01': ['visa'] }), 21)]);
    const desired = desiredState([emv('visa'), profile('host-a', { '01': ['visa'] }, { connMessageFormat: 'HOSTB_8583' }), merchant('m1'), merchant('m2')]);
    const plan = planChanges(desired, state, context);
    const counted = merchantsToCount(readsNeeded(desired, state).candidates, state, 100);
    expect(merchantsToCount(plan.changes, state, 100)).toEqual(['10', '11']);
    expect(counted).toEqual(['10', '11']);
    // A group without changes counts nothing.
    const unchanged = desiredState([emv('visa'), profile('host-a', { '01': ['visa'] }), merchant('m1'), merchant('m2')]);
    expect(readsNeeded(unchanged, state).candidates).toEqual([]);
  });
});
