import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveState, SecretOrigin } from '../../src/model/state.js';
import type { Move } from '../../src/model/moves.js';
import { applyMoves } from '../../src/plan/moves.js';
import { labelOrigins, originCounts, type WithOrigin } from '../../src/plan/origin.js';
import { planChanges, type PlanContext } from '../../src/plan/plan-changes.js';
import type { Change, Plan } from '../../src/plan/plan.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

/** The plan of `desired` against `live`, labelled against the plan `base` would make there (as computePlan does). */
function labelled(base: DesiredState, desired: DesiredState, liveGroup: LiveState, ctx: PlanContext = context, missingVariables: string[] = []): Plan {
  const basePlan = planChanges(base, liveGroup, context);
  return labelOrigins(planChanges(desired, liveGroup, ctx), { base, desired, basePlan, missingVariables });
}

function origins(plan: Plan): Record<string, string | undefined> {
  return Object.fromEntries(plan.changes.map((c) => [c.address, (c as Change & WithOrigin).origin]));
}

const coffee = (extra: Record<string, unknown> = {}) => merchant('coffee', { mcc: '5814', ...extra });

describe('labelOrigins', () => {
  it('labels a change the manifests agree on, made because the live group was changed outside paycfg, revert', () => {
    const manifest = desiredState([coffee()]);
    const plan = labelled(manifest, manifest, liveState([live(coffee({ contactName: 'Changed by hand' }), 'M1')]));
    expect(origins(plan)).toEqual({ 'merchant/coffee': 'revert' });
  });

  it('labels a change the new manifest brings, the live group as the base wanted it, intended', () => {
    const plan = labelled(desiredState([coffee()]), desiredState([coffee({ mcc: '5812' })]), liveState([live(coffee(), 'M1')]));
    expect(origins(plan)).toEqual({ 'merchant/coffee': 'intended' });
  });

  it('labels a field both manifests changed and the live group changed outside paycfg both', () => {
    const plan = labelled(desiredState([coffee()]), desiredState([coffee({ mcc: '5812' })]), liveState([live(coffee({ mcc: '5999' }), 'M1')]));
    expect(origins(plan)).toEqual({ 'merchant/coffee': 'both' });
  });

  it('labels one change both when the manifest changes one field and the live group drifted on another', () => {
    const plan = labelled(desiredState([coffee()]), desiredState([coffee({ mcc: '5812' })]), liveState([live(coffee({ contactName: 'Changed by hand' }), 'M1')]));
    expect(plan.changes[0]!.patch.map((op) => op.path)).toEqual(['/mcc', '/contactName']);
    expect(origins(plan)).toEqual({ 'merchant/coffee': 'both' });
  });

  it('judges only the fields the change touches: a manifest change the live group already holds does not make a drift intended', () => {
    // mcc was hot-fixed by hand to what the pull request now writes; only contactName is left to change.
    const plan = labelled(desiredState([coffee()]), desiredState([coffee({ mcc: '5812' })]), liveState([live(coffee({ mcc: '5812', contactName: 'Changed by hand' }), 'M1')]));
    expect(plan.changes[0]!.patch.map((op) => op.path)).toEqual(['/contactName']);
    expect(origins(plan)).toEqual({ 'merchant/coffee': 'revert' });
  });

  it('labels a resource new in the manifest intended, and one deleted by hand that both manifests keep revert', () => {
    const base = desiredState([coffee()]);
    const desired = desiredState([coffee(), merchant('tea')]);
    const plan = labelled(base, desired, liveState([]));
    expect(origins(plan)).toEqual({ 'merchant/coffee': 'revert', 'merchant/tea': 'intended' });
  });

  it('labels a delete the new manifest asks for (prune turned on) intended, and a record created by hand that a prune already removed revert', () => {
    const liveGroup = liveState([live(coffee(), 'M1'), live(merchant('stray'), 'M2')]);
    const pruning = desiredState([], { prune: { merchants: true } });
    expect(origins(labelled(desiredState([coffee()]), pruning, liveGroup))).toEqual({ 'merchant/coffee': 'intended', 'merchant/stray': 'intended' });
    const before = desiredState([coffee()], { prune: { merchants: true } });
    expect(origins(labelled(before, desiredState([coffee()], { prune: { merchants: true } }), liveGroup))).toEqual({ 'merchant/stray': 'revert' });
  });

  it('labels a binding made by hand on a merchant whose bindings both manifests manage revert', () => {
    const resources = [emv('visa'), profile('host-a', { '01': ['visa'] }), profile('host-b', { '01': ['visa'] }), coffee(), binding('coffee', 'host-a', { '01': ['visa'] })];
    const manifest = desiredState([...resources], { managedBindings: ['coffee'] });
    const liveGroup = liveState([
      ...resources.map((r, i) => live(r, i + 1)),
      live(binding('coffee', 'host-b', { '01': ['visa'] }), 'B2'),
    ]);
    expect(origins(labelled(manifest, manifest, liveGroup))).toEqual({ 'binding/coffee/host-b/USD': 'revert' });
  });

  it('labels a replacement the manifest brings intended, its delete half and its detach steps with it', () => {
    const base = desiredState([emv('visa'), emv('mc', '02'), profile('host-a', { '01': ['visa'], '02': ['mc'] })]);
    const desired = desiredState([emv('visa', '03'), emv('mc', '02'), profile('host-a', { '03': ['visa'], '02': ['mc'] })]);
    const liveGroup = liveState([live(emv('visa'), 1), live(emv('mc', '02'), 3), live(profile('host-a', { '01': ['visa'], '02': ['mc'] }), 2)]);
    const plan = labelled(base, desired, liveGroup);
    expect(plan.changes.map((c) => c.address)).toEqual(['acquirer/host-a#detach', 'emv/visa#old', 'emv/visa', 'acquirer/host-a']);
    expect(new Set(Object.values(origins(plan)))).toEqual(new Set(['intended']));
  });

  it('labels a replacement the base would make too (the record was recreated by hand) revert, steps included', () => {
    const manifest = desiredState([emv('visa'), emv('mc', '02'), profile('host-a', { '01': ['visa'], '02': ['mc'] })]);
    const liveGroup = liveState([live(emv('visa', '03'), 1), live(emv('mc', '02'), 3), live(profile('host-a', { '01': ['visa'], '02': ['mc'] }), 2)]);
    const plan = labelled(manifest, manifest, liveGroup);
    expect(plan.changes.length).toBeGreaterThan(2);
    expect(new Set(Object.values(origins(plan)))).toEqual(new Set(['revert']));
  });

  describe('values built from variables', () => {
    const admin = (value: string) => device('coffee', 'till-1', { deviceAdmin: value });
    const withSecret = (value: string, origin: SecretOrigin): DesiredState => ({
      ...desiredState([coffee(), admin(value)], { managedDevices: ['coffee'] }),
      sensitive: new Map([['device/coffee/till-1#/deviceAdmin', origin]]),
    });
    const template = (name: string): SecretOrigin => ({ kind: 'template', variables: [name], template: `\${${name}}` });
    const liveGroup = liveState([live(coffee(), 'M1'), live(admin('old-secret'), 'D1')]);

    it('compares them by template: the same template is no manifest change, whatever it holds', () => {
      const plan = labelled(withSecret('new-secret', template('ADMIN')), withSecret('new-secret', template('ADMIN')), liveGroup);
      expect(origins(plan)).toEqual({ 'device/coffee/till-1': 'revert' });
    });

    it('a changed template is a manifest change, and the live value matching the base is no drift', () => {
      const plan = labelled(withSecret('old-secret', template('OLD_ADMIN')), withSecret('new-secret', template('NEW_ADMIN')), liveGroup);
      expect(origins(plan)).toEqual({ 'device/coffee/till-1': 'intended' });
    });

    it('a changed template whose base variable is unset says nothing of drift (its placeholder is no value)', () => {
      const base = withSecret('${OLD_ADMIN}', template('OLD_ADMIN'));
      const desired = withSecret('new-secret', template('NEW_ADMIN'));
      expect(origins(labelled(base, desired, liveGroup, context, []))).toEqual({ 'device/coffee/till-1': 'both' });
      expect(origins(labelled(base, desired, liveGroup, context, ['OLD_ADMIN']))).toEqual({ 'device/coffee/till-1': 'intended' });
    });
  });

  it('labels blocked changes: a protected delete of a record made by hand revert, of one the new manifest drops intended', () => {
    const liveGroup = liveState([live(coffee(), 'M1'), live(merchant('stray'), 'M2')]);
    const prune = { prune: { merchants: true } };
    const protect = { ...context, protect: ['merchant/*'] };
    const plan = labelled(desiredState([coffee()], prune), desiredState([], prune), liveGroup, protect);
    expect(plan.changes).toEqual([]);
    expect(plan.blocked.map((b) => [b.address, (b as typeof b & WithOrigin).origin])).toEqual([
      ['merchant/coffee', 'intended'],
      ['merchant/stray', 'revert'],
    ]);
  });

  it('counts the changes of each origin, a replacement once', () => {
    const base = desiredState([emv('visa'), coffee()]);
    const desired = desiredState([emv('visa', '03'), coffee()]);
    const plan = labelled(base, desired, liveState([live(emv('visa'), 1), live(coffee({ contactName: 'Changed by hand' }), 'M1')]));
    expect(originCounts(plan.changes)).toEqual({ intended: 1, revert: 1, both: 0 });
  });
});

describe('labelOrigins without a base plan (the planner refused the base manifest)', () => {
  it('compares the manifests alone: a change they differ on is intended, any other revert', () => {
    const base = desiredState([coffee(), merchant('tea')]);
    const desired = desiredState([coffee(), merchant('tea', { mcc: '5812' })]);
    const liveGroup = liveState([live(coffee({ contactName: 'Changed by hand' }), 'M1'), live(merchant('tea'), 'M2')]);
    const plan = labelOrigins(planChanges(desired, liveGroup, context), { base, desired, basePlan: undefined });
    expect(origins(plan)).toEqual({ 'merchant/coffee': 'revert', 'merchant/tea': 'intended' });
  });
});

describe('labelOrigins with moved: entries', () => {
  /**
   * As computePlan labels a plan: the live group as read, re-keyed by each manifest's own moves, the
   * new manifest planned against its re-keying and the base against the base's.
   */
  function labelledWithMoves(base: DesiredState, desired: DesiredState, asRead: LiveState): Plan {
    const planLive = applyMoves(asRead, desired.moved);
    const baseLive = applyMoves(asRead, base.moved);
    const basePlan = planChanges(base, baseLive, context);
    return labelOrigins(planChanges(desired, planLive, context), { base, desired, basePlan, live: { plan: planLive, base: baseLive } });
  }
  const moving = (state: DesiredState, ...moved: Move[]): DesiredState => ({ ...state, moved });
  const RENAME: Move = { kind: 'acquirer', from: 'acquirer/host-a', to: 'acquirer/host-a-usd' };
  const group = (resources: Parameters<typeof desiredState>[0], prune = {}) => desiredState(resources, { managedBindings: ['coffee'], managedDevices: ['coffee'], prune });
  const world = (name: string, extra: { profile?: Record<string, unknown>; binding?: Record<string, unknown>; device?: Record<string, unknown> } = {}) => [
    emv('visa'),
    profile(name, { '01': ['visa'] }, extra.profile),
    coffee(),
    binding('coffee', name, { '01': ['visa'] }, extra.binding),
    device('coffee', 'till-1', { deviceName: 'Front', acquirerFields: { [name]: { tid: '1' } }, ...extra.device }),
  ];
  /** A binding's methods changed through the API. */
  const BY_HAND = { methods: { '01': { emvs: ['visa'], allows: ['refund'] } } };
  const liveWorld = (extra: Parameters<typeof world>[1] = {}) => liveState(world('host-a', extra).map((r, i) => live(r, i + 1)));

  it('labels a clean rename intended, prune on: the base plans under its own names and sees no drift', () => {
    const prune = { acquirerProfiles: true };
    const plan = labelledWithMoves(group(world('host-a'), prune), moving(group(world('host-a-usd'), prune), RENAME), liveWorld());
    expect(plan.changes.map((c) => [c.address, c.patch.map((op) => op.path)])).toEqual([['acquirer/host-a-usd', ['/profileName']]]);
    expect(origins(plan)).toEqual({ 'acquirer/host-a-usd': 'intended' });
  });

  it('labels a rename of a record changed by hand both: the key field is the manifests\' difference, the other field drift', () => {
    const plan = labelledWithMoves(group(world('host-a')), moving(group(world('host-a-usd')), RENAME), liveWorld({ profile: { connMessageFormat: 'HOSTE_JSON' } }));
    expect(plan.changes.map((c) => [c.address, c.patch.map((op) => op.path)])).toEqual([['acquirer/host-a-usd', ['/profileName', '/connMessageFormat']]]);
    expect(origins(plan)).toEqual({ 'acquirer/host-a-usd': 'both' });
  });

  it('labels a drift of what follows a renamed profile (its binding, its device) revert, under the new names', () => {
    const plan = labelledWithMoves(
      group(world('host-a')),
      moving(group(world('host-a-usd')), RENAME),
      liveWorld({ binding: BY_HAND, device: { deviceName: 'Renamed by hand' } }),
    );
    expect(origins(plan)).toEqual({ 'acquirer/host-a-usd': 'intended', 'binding/coffee/host-a-usd/USD': 'revert', 'device/coffee/till-1': 'revert' });
  });

  it('labels the devices of a renamed merchant by the names both manifests give them: drift revert, a manifest change intended', () => {
    const merchantMove: Move = { kind: 'merchant', from: 'merchant/coffee', to: 'merchant/coffee-001' };
    const renamed = (state: DesiredState, deviceName: string): DesiredState => {
      const resources = [...state.resources.values()].map((r) => {
        if (r.kind === 'merchant') return { ...r, key: 'coffee-001' };
        if (r.kind === 'binding') return { ...r, key: r.key.replace('coffee/', 'coffee-001/'), merchant: 'coffee-001' };
        if (r.kind === 'device') return { ...r, key: 'coffee-001/till-1', merchant: 'coffee-001', fields: { ...r.fields, deviceName } };
        return r;
      });
      return moving(desiredState(resources, { managedBindings: ['coffee-001'], managedDevices: ['coffee-001'] }), merchantMove);
    };
    const base = group(world('host-a'));
    const drifted = liveWorld({ binding: BY_HAND });
    const plan = labelledWithMoves(base, renamed(base, 'Back'), drifted);
    expect(origins(plan)).toEqual({ 'merchant/coffee-001': 'intended', 'binding/coffee-001/host-a/USD': 'revert', 'device/coffee-001/till-1': 'intended' });
  });

  it('matches a move the base makes too (not applied yet) with the base plan\'s, under both re-keyings: a change the manifests agree on', () => {
    const base = moving(group(world('host-a-usd')), RENAME);
    expect(origins(labelledWithMoves(base, base, liveWorld({ binding: BY_HAND })))).toEqual({
      'acquirer/host-a-usd': 'revert',
      'binding/coffee/host-a-usd/USD': 'revert',
    });
    // The new manifest changes the renamed profile further: one change, the manifests differing on one
    // of its fields and the live group from the base on the other, is both.
    const further = moving(group(world('host-a-usd', { profile: { connMessageFormat: 'HOSTC_8583' } })), RENAME);
    const plan = labelledWithMoves(base, further, liveWorld());
    expect(plan.changes.map((c) => [c.address, c.patch.map((op) => op.path)])).toEqual([['acquirer/host-a-usd', ['/profileName', '/connMessageFormat']]]);
    expect(origins(plan)).toEqual({ 'acquirer/host-a-usd': 'both' });
  });
});
