/**
 * The planner with a `protect:` list: which changes it holds back, with what cause and pattern, and
 * what it leaves alone (updates, records not live yet, replacements' users). Pure: hand-built states.
 */
import { describe, expect, it } from 'vitest';
import { planChanges } from '../../src/plan/plan-changes.js';
import type { Plan } from '../../src/plan/plan.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

const actions = (plan: Plan) => plan.changes.map((c) => `${c.action} ${c.address}`);
const blocked = (plan: Plan) => plan.blocked.map((b) => `${b.cause} ${b.action} ${b.address}${b.pattern !== undefined ? ` [${b.pattern}]` : ''}`);

describe('planChanges with protect', () => {
  const group = [live(emv('e'), 1), live(profile('p', { '01': ['e'] }), 10), live(profile('q', { '01': ['e'] }), 11)];

  it('blocks a pruned profile that a glob matches, leaves the others, and says how to lift it', () => {
    const desired = desiredState([emv('e')], { prune: { acquirerProfiles: true } });
    const plan = planChanges(desired, liveState(group), { ...context, protect: ['acquirer/q'] });
    expect(actions(plan)).toEqual(['delete acquirer/p']);
    expect(blocked(plan)).toEqual(['protected delete acquirer/q [acquirer/q]']);
    expect(plan.blocked[0]!.reason).toBe(`protected by "acquirer/q" in the manifest's protect: list, which refuses to delete the live record`);
    expect(plan.blocked[0]!.blockers).toEqual([`to delete it, first remove "acquirer/q" from protect: (or narrow it) in a reviewed change of its own, then plan again`]);
    expect(plan.summary).toEqual({ create: 0, update: 0, delete: 1, replace: 0, blocked: 1 });
  });

  it('names the first matching pattern, and blocks what waits for the protected delete', () => {
    const desired = desiredState([], { prune: { acquirerProfiles: true, emvConfigs: true } });
    const plan = planChanges(desired, liveState(group), { ...context, protect: ['acquirer/*', 'acquirer/p'] });
    expect(actions(plan)).toEqual([]);
    expect(blocked(plan)).toEqual(['protected delete acquirer/p [acquirer/*]', 'protected delete acquirer/q [acquirer/*]', 'dependency delete emv/e']);
  });

  it('does not block an update of a protected record', () => {
    const desired = desiredState([emv('e', '01', { aid: 'A0000000041010' }), profile('p', { '01': ['e'] }), profile('q', { '01': ['e'] })]);
    const plan = planChanges(desired, liveState(group), { ...context, protect: ['emv/*', 'acquirer/*'] });
    expect(actions(plan)).toEqual(['update emv/e']);
    expect(plan.blocked).toEqual([]);
  });

  it('blocks a replacement before any user lets go of the record', () => {
    // paymentMethod cannot change: a replacement, whose user p would detach first.
    const liveNow = liveState([live(emv('e'), 1), live(emv('f'), 2), live(profile('p', { '01': ['e', 'f'] }), 10)]);
    const desired = desiredState([emv('e', '02'), emv('f'), profile('p', { '01': ['e', 'f'] })]);
    const unprotected = planChanges(desired, liveNow, context);
    expect(actions(unprotected)).toContain('update acquirer/p#detach');
    const plan = planChanges(desired, liveNow, { ...context, protect: ['emv/e'] });
    expect(actions(plan).filter((a) => a.includes('#detach'))).toEqual([]);
    expect(blocked(plan)[0]).toBe('protected replace emv/e [emv/e]');
    expect(plan.blocked[0]!.reason).toContain('refuses to replace (delete and create again) the live record');
  });

  it("blocks a profile replacement that would delete and bind again a protected binding, before any binding goes", () => {
    const liveNow = liveState([
      live(emv('e'), 1),
      live(profile('p', { '01': ['e'] }), 10),
      live(merchant('m1'), 'M1'),
      live(merchant('m2'), 'M2'),
      live(binding('m1', 'p', { '01': ['e'] }), 'b1'),
      live(binding('m2', 'p', { '01': ['e'] }), 'b2'),
    ]);
    // acqType cannot change: a replacement, which detaches (deletes, then binds again) every binding of p.
    const desired = desiredState(
      [emv('e'), profile('p', { '01': ['e'] }, { acqType: 'card', currency: 'EUR' }), merchant('m1'), merchant('m2'), binding('m1', 'p', { '01': ['e'] }), binding('m2', 'p', { '01': ['e'] })],
      { managedBindings: ['m1', 'm2'] },
    );
    const plan = planChanges(desired, liveNow, { ...context, protect: ['binding/m2/**'] });
    expect(actions(plan).filter((a) => a.startsWith('delete'))).toEqual([]);
    expect(blocked(plan)[0]).toBe('protected replace acquirer/p [binding/m2/**]');
    expect(plan.blocked[0]!.reason).toContain('deletes binding/m2/p/USD and binds it again');
  });

  it('keeps a merchant whose protected terminal it would decommission', () => {
    const liveNow = liveState([live(merchant('m1'), 'M1'), live(device('m1', 't1'), 'T1', { lifecycle: 'active' as const })]);
    const plan = planChanges(desiredState([], { prune: { merchants: true, activatedDevices: 'decommission' } }), liveNow, { ...context, protect: ['device/m1/*'] });
    expect(actions(plan)).toEqual([]);
    expect(blocked(plan)).toEqual(['protected delete device/m1/t1 [device/m1/*]', 'dependency delete merchant/m1']);
  });

  it('warns of a pattern that matches nothing of the manifest or of the live group', () => {
    const plan = planChanges(desiredState([emv('e')]), liveState(group), { ...context, protect: ['acquirer/*', 'merchant/tea-*'] });
    expect(plan.warnings).toEqual([{ message: 'protect: "merchant/tea-*" matches no record of the manifest or of the live group, so it protects nothing; check its spelling' }]);
    expect(planChanges(desiredState([emv('e')]), liveState(group), context).warnings).toBeUndefined();
  });

  it('says nothing of a binding or device pattern that may reach a merchant whose records this run did not read', () => {
    const liveNow = { ...liveState([live(merchant('m1'), 'M1'), live(merchant('m2'), 'M2')]), devicesRead: new Set(['m2']) };
    const warned = (protect: string[]) => (planChanges(desiredState([]), liveNow, { ...context, protect }).warnings ?? []).map((w) => w.message);
    expect(warned(['device/m1/*'])).toEqual([]);
    expect(warned(['device/*/*'])).toEqual([]);
    expect(warned(['device/m2/*'])).toEqual([expect.stringContaining('"device/m2/*" matches no record')]);
    expect(warned(['device/m3/*', 'binding/m2/**'])).toEqual([expect.stringContaining('"device/m3/*" matches no record')]);
  });
});
