import { describe, expect, it } from 'vitest';
import { PlanError } from '../../src/plan/errors.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import type { Plan } from '../../src/plan/plan.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

const actions = (plan: Plan) => plan.changes.map((c) => `${c.action} ${c.address}`);
const change = (plan: Plan, address: string) => {
  const found = plan.changes.find((c) => c.address === address);
  if (found === undefined) throw new Error(`no change ${address} in ${actions(plan).join(', ')}`);
  return found;
};
const before = (plan: Plan, first: string, second: string) => {
  const order = plan.changes.map((c) => c.address);
  expect(order.indexOf(first), `${first} in plan`).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(second), `${second} in plan`).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(first)).toBeLessThan(order.indexOf(second));
};

describe('planChanges', () => {
  it('creates everything top-down on an empty group, with dependency edges', () => {
    const desired = desiredState(
      [emv('visa'), profile('host-a', { '01': ['visa'] }), merchant('m1'), binding('m1', 'host-a', { '01': ['visa'] }), device('m1', 'till-1', { methods: ['01'] })],
      { managedBindings: ['m1'], managedDevices: ['m1'] },
    );
    const plan = planChanges(desired, liveState([]), context);
    expect(actions(plan)).toEqual([
      'create emv/visa',
      'create acquirer/host-a',
      'create merchant/m1',
      'create binding/m1/host-a/USD',
      'create device/m1/till-1',
    ]);
    expect(change(plan, 'acquirer/host-a').dependsOn).toEqual(['emv/visa']);
    expect(change(plan, 'binding/m1/host-a/USD').dependsOn).toEqual(['acquirer/host-a', 'emv/visa', 'merchant/m1']);
    expect(change(plan, 'device/m1/till-1').dependsOn).toEqual(['binding/m1/host-a/USD', 'merchant/m1']);
    expect(change(plan, 'merchant/m1').dependsOn).toEqual([]);
    expect(plan.summary).toEqual({ create: 5, update: 0, delete: 0, replace: 0, blocked: 0 });
  });

  it('finds nothing to do when live matches, ignoring unmanaged fields, key order and 0 vs "0" in EMV params', () => {
    const desired = desiredState([emv('visa', '01', { clFloorLimit: 0, aid: 'A1' }), merchant('m1')]);
    const liveState_ = liveState([
      live(emv('visa', '01', { aid: 'A1', clFloorLimit: '0' }), 1001),
      live(merchant('m1', { timeZone: 'UTC', receiptLogo: 'https://x' }), 'M1'),
    ]);
    const plan = planChanges(desired, liveState_, context);
    expect(plan.changes).toEqual([]);
    expect(plan.unmanaged).toEqual([]);
  });

  it('updates only the managed fields that differ, with a JSON patch', () => {
    const desired = desiredState([merchant('m1', { mchName: 'New name' })]);
    const plan = planChanges(desired, liveState([live(merchant('m1', { mchName: 'Old', mcc: '5814' }), 'M1')]), context);
    const c = change(plan, 'merchant/m1');
    expect(c.action).toBe('update');
    expect(c.patch).toEqual([{ op: 'replace', path: '/mchName', value: 'New name' }]);
    expect(c.liveId).toBe('M1');
  });

  it('replaces an EMV config whose paymentMethod changes, detaching and re-attaching its users', () => {
    const desired = desiredState(
      [emv('e1', '02'), emv('e2', '01'), profile('p', { '01': ['e2'], '02': ['e1'] }), merchant('m1'), binding('m1', 'p', { '02': ['e1'] })],
      { managedBindings: ['m1'] },
    );
    const liveNow = liveState([
      live(emv('e1', '01'), 1),
      live(emv('e2', '01'), 2),
      live(profile('p', { '01': ['e1', 'e2'] }), 10),
      live(merchant('m1'), 'M1'),
      live(binding('m1', 'p', { '01': ['e1'] }), '10'),
    ]);
    const plan = planChanges(desired, liveNow, context);
    expect(change(plan, 'emv/e1').action).toBe('replace');
    before(plan, 'acquirer/p#detach', 'emv/e1#old');
    before(plan, 'binding/m1/p/USD#detach', 'emv/e1#old');
    before(plan, 'emv/e1#old', 'emv/e1');
    before(plan, 'emv/e1', 'acquirer/p');
    before(plan, 'emv/e1', 'binding/m1/p/USD');
    expect(change(plan, 'acquirer/p#detach').after).toEqual({ methods: { '01': { emvs: ['e2'], allows: [] } } });
    expect(plan.summary.replace).toBe(1);
  });

  it('refuses to replace an EMV config that is the only one of a card profile method set', () => {
    const desired = desiredState([emv('e1', '02'), profile('p', { '02': ['e1'] })]);
    const liveNow = liveState([live(emv('e1', '01'), 1), live(profile('p', { '01': ['e1'] }), 10)]);
    expect(() => planChanges(desired, liveNow, context)).toThrow(PlanError);
  });

  it('replaces a profile whose currency changes: unbinds, deletes, recreates, rebinds, re-points devices', () => {
    const p2 = profile('p', { '01': ['e'] }, { currency: 'EUR' });
    const desired = desiredState(
      [emv('e'), p2, merchant('m1'), binding('m1', 'p', { '01': ['e'] }), device('m1', 't1', { acquirerFields: { p: { tid: '1' } } })],
      { managedBindings: ['m1'], managedDevices: ['m1'] },
    );
    const liveNow = liveState([
      live(emv('e'), 1),
      live(profile('p', { '01': ['e'] }), 10),
      live(merchant('m1'), 'M1'),
      live(binding('m1', 'p', { '01': ['e'] }), '10'),
      live(device('m1', 't1', { acquirerFields: { p: { tid: '1' } } }), 'CD-1', { lifecycle: 'pending' }),
    ]);
    const plan = planChanges(desired, liveNow, context);
    before(plan, 'binding/m1/p/USD#detach', 'acquirer/p#old');
    before(plan, 'acquirer/p#old', 'acquirer/p');
    before(plan, 'acquirer/p', 'binding/m1/p/USD');
    before(plan, 'binding/m1/p/USD', 'device/m1/t1');
    expect(change(plan, 'binding/m1/p/USD').action).toBe('create');
    expect(change(plan, 'device/m1/t1').action).toBe('update');
  });

  it('shrinks the old binding before the new one takes over a moving method', () => {
    const desired = desiredState(
      [emv('e'), profile('a', { '01': ['e'], '02': ['e'] }), profile('b', { '01': ['e'] }), merchant('m1'), binding('m1', 'a', { '02': ['e'] }), binding('m1', 'b', { '01': ['e'] })],
      { managedBindings: ['m1'] },
    );
    const liveNow = liveState([
      live(emv('e'), 1),
      live(profile('a', { '01': ['e'], '02': ['e'] }), 10),
      live(profile('b', { '01': ['e'] }), 11),
      live(merchant('m1'), 'M1'),
      live(binding('m1', 'a', { '01': ['e'], '02': ['e'] }), '10'),
    ]);
    const plan = planChanges(desired, liveNow, context);
    expect(actions(plan)).toEqual(['update binding/m1/a/USD', 'create binding/m1/b/USD']);
    expect(change(plan, 'binding/m1/b/USD').dependsOn).toEqual(['binding/m1/a/USD']);
  });

  it('predicts the asDefault handover instead of writing it twice', () => {
    const desired = desiredState([emv('e'), profile('a', { '01': ['e'] }, { asDefault: false }), profile('b', { '01': ['e'] }, { asDefault: true })]);
    const liveNow = liveState([live(emv('e'), 1), live(profile('a', { '01': ['e'] }, { asDefault: true }), 10), live(profile('b', { '01': ['e'] }, { asDefault: false }), 11)]);
    const plan = planChanges(desired, liveNow, context);
    expect(actions(plan)).toEqual(['update acquirer/b']);
    expect(change(plan, 'acquirer/b').patch).toEqual([{ op: 'replace', path: '/asDefault', value: true }]);
  });

  it('predicts the automatic binding of a new merchant and removes it when the manifest wants none', () => {
    const desired = desiredState([emv('e'), profile('d', { '01': ['e'] }, { asDefault: true }), merchant('m1')], { managedBindings: ['m1'] });
    const liveNow = liveState([live(emv('e'), 1), live(profile('d', { '01': ['e'] }, { asDefault: true }), 10)]);
    const plan = planChanges(desired, liveNow, context);
    expect(actions(plan)).toEqual(['create merchant/m1', 'delete binding/m1/d/USD']);
    expect(change(plan, 'binding/m1/d/USD').predicted).toBe(true);
    expect(change(plan, 'merchant/m1').notes.join()).toContain('default card profile "d"');
  });

  it('expects the automatic binding when the manifest wants exactly that', () => {
    const desired = desiredState([emv('e'), profile('d', { '01': ['e'] }, { asDefault: true }), merchant('m1'), binding('m1', 'd', { '01': ['e'] })], { managedBindings: ['m1'] });
    const liveNow = liveState([live(emv('e'), 1), live(profile('d', { '01': ['e'] }, { asDefault: true }), 10)]);
    expect(actions(planChanges(desired, liveNow, context))).toEqual(['create merchant/m1']);
  });

  it('deletes bottom-up under prune, and lists unmanaged resources without it', () => {
    const liveNow = liveState([
      live(emv('e'), 1),
      live(profile('p', { '01': ['e'] }), 10),
      live(merchant('m1'), 'M1'),
      live(binding('m1', 'p', { '01': ['e'] }), '10'),
      live(device('m1', 't1'), 'CD-1', { lifecycle: 'pending' }),
    ]);
    const pruned = planChanges(desiredState([], { prune: { emvConfigs: true, acquirerProfiles: true, merchants: true } }), liveNow, context);
    expect(actions(pruned)).toEqual([
      'delete device/m1/t1',
      'delete binding/m1/p/USD',
      'delete merchant/m1',
      'delete acquirer/p',
      'delete emv/e',
    ]);
    expect(change(pruned, 'emv/e').dependsOn).toEqual(['acquirer/p', 'binding/m1/p/USD']);
    expect(change(pruned, 'merchant/m1').dependsOn).toEqual(['binding/m1/p/USD', 'device/m1/t1']);

    const kept = planChanges(desiredState([]), { ...liveNow, devicesRead: new Set(['m1']) }, context);
    expect(kept.changes).toEqual([]);
    // A merchant left out is not managed, and neither are its binding and its device: each is listed.
    expect(kept.unmanaged).toEqual([
      { address: 'acquirer/p', kind: 'acquirer', key: 'p', liveId: 10 },
      { address: 'binding/m1/p/USD', kind: 'binding', key: 'm1/p/USD', liveId: '10', merchant: 'm1', cause: 'merchant-not-managed' },
      { address: 'device/m1/t1', kind: 'device', key: 'm1/t1', liveId: 'CD-1', merchant: 'm1', cause: 'merchant-not-managed' },
      { address: 'emv/e', kind: 'emv', key: 'e', liveId: 1 },
      { address: 'merchant/m1', kind: 'merchant', key: 'm1', liveId: 'M1', name: 'm1' },
    ]);
    expect(kept.unreadDevices).toBeUndefined();
  });

  it('lists the bindings and devices of a merchant whose entry has no bindings: or devices: key, and whose devices it did not read', () => {
    const liveNow = liveState([
      live(emv('e'), 1),
      live(profile('p', { '01': ['e'] }), 10),
      live(merchant('m1'), 'M1'),
      live(binding('m1', 'p', { '01': ['e'] }), '10'),
      live(device('m1', 't1'), 'T1', { lifecycle: 'active' }),
      live(merchant('m2'), 'M2'),
      live(binding('m2', 'p', { '01': ['e'] }), '11'),
    ]);
    const desired = desiredState([emv('e'), profile('p', { '01': ['e'] }), merchant('m1')]);
    // m1's devices were read (as drift reads them), m2's were not: m2 is not in the manifest.
    const plan = planChanges(desired, { ...liveNow, devicesRead: new Set(['m1']) }, context);
    expect(plan.changes).toEqual([]);
    expect(plan.unmanaged).toEqual([
      { address: 'binding/m1/p/USD', kind: 'binding', key: 'm1/p/USD', liveId: '10', merchant: 'm1', cause: 'list-not-managed' },
      { address: 'binding/m2/p/USD', kind: 'binding', key: 'm2/p/USD', liveId: '11', merchant: 'm2', cause: 'merchant-not-managed' },
      { address: 'device/m1/t1', kind: 'device', key: 'm1/t1', liveId: 'T1', merchant: 'm1', cause: 'list-not-managed' },
      { address: 'merchant/m2', kind: 'merchant', key: 'm2', liveId: 'M2', name: 'm2' },
    ]);
    expect(plan.unreadDevices).toEqual([{ merchant: 'm2', cause: 'merchant-not-managed' }]);
    // Managed lists (even empty ones) leave nothing unmanaged: their records are planned.
    const managed = planChanges(desiredState([emv('e'), profile('p', { '01': ['e'] }), merchant('m1')], { managedBindings: ['m1'], managedDevices: ['m1'] }), { ...liveNow, devicesRead: new Set(['m1']) }, context);
    expect(managed.unmanaged.filter((u) => u.merchant === 'm1')).toEqual([]);
    expect(actions(managed)).toContain('delete binding/m1/p/USD');
  });

  it('blocks a profile delete held by a merchant outside the manifest, and what waits on it', () => {
    const liveNow = liveState(
      [live(emv('e'), 1), live(profile('p', { '01': ['e'] }), 10)],
      [{ mchId: 'M9', mchName: 'Legacy shop', profiles: ['p'], emvs: ['e'] }],
    );
    const plan = planChanges(desiredState([], { prune: { emvConfigs: true, acquirerProfiles: true } }), liveNow, context);
    expect(plan.changes).toEqual([]);
    expect(plan.blocked.map((b) => b.address)).toEqual(['acquirer/p', 'emv/e']);
    expect(plan.blocked[0]!.blockers.join()).toContain('M9');
  });

  it('reports an activated device absent from the manifest, and logs it out only when told', () => {
    const base = [live(merchant('m1'), 'M1'), live(device('m1', 't1'), 'T1', { lifecycle: 'active' as const })];
    const reported = planChanges(desiredState([merchant('m1')], { managedDevices: ['m1'] }), liveState(base), context);
    expect(reported.changes).toEqual([]);
    expect(reported.unmanaged.map((u) => u.address)).toEqual(['device/m1/t1']);

    const logout = planChanges(desiredState([merchant('m1')], { managedDevices: ['m1'], prune: { activatedDevices: 'logout' } }), liveState(base), context);
    expect(change(logout, 'device/m1/t1').disposal).toBe('logout');
  });

  it('lists a merchant held by two activated terminals once, with both as blockers', () => {
    const base = [
      live(merchant('m1'), 'M1'),
      live(device('m1', 't1'), 'T1', { lifecycle: 'active' as const }),
      live(device('m1', 't2'), 'T2', { lifecycle: 'logout' as const }),
    ];
    const plan = planChanges(desiredState([], { prune: { merchants: true } }), liveState(base), context);
    expect(plan.blocked.map((b) => b.address)).toEqual(['merchant/m1']);
    expect(plan.blocked[0]!.blockers).toEqual([expect.stringContaining('activated device m1/t1'), expect.stringContaining('activated device m1/t2')]);
  });

  it('blocks deleting a merchant that has an activated terminal unless decommission is allowed', () => {
    const base = [live(merchant('m1'), 'M1'), live(device('m1', 't1'), 'T1', { lifecycle: 'active' as const }), live(device('m1', 't2'), 'CD-2', { lifecycle: 'pending' as const })];
    const blocked = planChanges(desiredState([], { prune: { merchants: true } }), liveState(base), context);
    expect(blocked.changes).toEqual([]);
    expect(blocked.blocked.map((b) => b.address).sort()).toEqual(['device/m1/t2', 'merchant/m1']);

    const allowed = planChanges(desiredState([], { prune: { merchants: true, activatedDevices: 'decommission' } }), liveState(base), context);
    expect(actions(allowed)).toEqual(['delete device/m1/t1', 'delete device/m1/t2', 'delete merchant/m1']);
  });

  it('rejects two bindings of one merchant claiming the same method and currency', () => {
    const desired = desiredState(
      [emv('e'), profile('a', { '01': ['e'] }), profile('b', { '01': ['e'] }), merchant('m1'), binding('m1', 'a', { '01': ['e'] }), binding('m1', 'b', { '01': ['e'] })],
      { managedBindings: ['m1'] },
    );
    const liveNow = liveState([live(emv('e'), 1), live(profile('a', { '01': ['e'] }), 10), live(profile('b', { '01': ['e'] }), 11), live(merchant('m1'), 'M1'), live(binding('m1', 'a', { '01': ['e'] }), '10')]);
    expect(() => planChanges(desired, liveNow, context)).toThrow(/both bind method 01 in USD/);
  });

  it('keeps server-filled device emvParams defaults and compares only the keys the manifest sets', () => {
    const desired = desiredState([merchant('m1'), device('m1', 't1', { emvParams: { terminalCountryCode: '0840' } })], { managedDevices: ['m1'] });
    const liveNow = liveState([
      live(merchant('m1'), 'M1'),
      live(device('m1', 't1', { deviceType: 'COTS', emvParams: { terminalCountryCode: '0840', terminalType: '21' } }), 'CD-1', { lifecycle: 'pending' }),
    ]);
    expect(planChanges(desired, liveNow, context).changes).toEqual([]);
    const changed = desiredState([merchant('m1'), device('m1', 't1', { emvParams: { terminalCountryCode: '0826' } })], { managedDevices: ['m1'] });
    const c = planChanges(changed, liveNow, context).changes[0]!;
    expect(c.patch).toEqual([{ op: 'replace', path: '/emvParams/terminalCountryCode', value: '0826' }]);
    expect(c.after).toEqual({ deviceAlias: 't1', emvParams: { terminalCountryCode: '0826', terminalType: '21' } });
  });
});
