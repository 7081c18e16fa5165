import { describe, expect, it } from 'vitest';
import { planChanges } from '../../src/plan/plan-changes.js';
import { hasChanges } from '../../src/plan/plan.js';
import { sameName } from '../../src/plan/unkeyed.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

const legacy = { mchId: 'M1000000001', mchName: 'Coffee  Corner ', profiles: ['host-a', 'host-b'], emvs: ['visa'] };

describe('live records paycfg cannot key', () => {
  it('lists a merchant without providerReference as unmanaged, with its id, name and bindings, even under prune.merchants', () => {
    for (const prune of [false, true]) {
      const plan = planChanges(desiredState([emv('visa')], { prune: { merchants: prune } }), liveState([live(emv('visa'), 1)], [legacy]), context);
      expect(plan.changes).toEqual([]);
      expect(plan.unmanaged).toEqual([
        {
          address: 'merchant/~M1000000001',
          kind: 'merchant',
          key: '~M1000000001',
          liveId: 'M1000000001',
          name: 'Coffee  Corner ',
          note: expect.stringMatching(/^it has no providerReference, .*; its 2 bindings and its devices \(not read\) are left alone with it\. Set its providerReference in the service/),
        },
      ]);
      // The renderers print the address, id and name before the note: the note does not repeat the id.
      expect(plan.unmanaged[0]!.note).not.toContain('M1000000001');
      expect(plan.warnings).toBeUndefined();
    }
  });

  it('lists a merchant whose providerReference starts with ~ as unkeyed, by its id, even under prune.merchants, and warns on a look-alike create', () => {
    const tilde = { mchId: 'M2', mchName: 'Legacy', profiles: [], emvs: [], providerReference: '~M1' };
    const plain = { mchId: 'M1', mchName: 'Plain', profiles: [], emvs: [] };
    const plan = planChanges(
      desiredState([merchant('legacy-001', { mchName: 'legacy' })], { prune: { merchants: true } }),
      liveState([], [tilde, plain]),
      context,
    );
    expect(plan.changes.map((c) => `${c.action} ${c.address}`)).toEqual(['create merchant/legacy-001']);
    // `~M1` is M2's reference, and M1 is another merchant: each is shown by its own id, never the same address.
    expect(plan.unmanaged).toEqual([
      {
        address: 'merchant/~M1',
        kind: 'merchant',
        key: '~M1',
        liveId: 'M1',
        name: 'Plain',
        note: expect.stringMatching(/^it has no providerReference/),
      },
      {
        address: 'merchant/~M2',
        kind: 'merchant',
        key: '~M2',
        liveId: 'M2',
        name: 'Legacy',
        note: expect.stringMatching(/^its providerReference "~M1" starts with "~", which no key of a manifest may, .*Change its providerReference in the service/),
      },
    ]);
    expect(plan.warnings).toEqual([
      { address: 'merchant/legacy-001', message: expect.stringContaining('merchant M2 ("Legacy") with providerReference "~M1", which paycfg cannot key;') },
    ]);
  });

  it('warns on a create whose merchant name is that of an unkeyed live merchant, in any case and spacing', () => {
    const plan = planChanges(
      desiredState([merchant('coffee-001', { mchName: 'coffee corner' }), merchant('tea-001', { mchName: 'Tea Corner' })]),
      liveState([], [legacy]),
      context,
    );
    expect(plan.changes.map((c) => `${c.action} ${c.address}`)).toEqual(['create merchant/coffee-001', 'create merchant/tea-001']);
    expect(plan.warnings).toEqual([{ address: 'merchant/coffee-001', message: expect.any(String) }]);
    const message = plan.warnings![0]!.message;
    expect(message).toContain('merchant M1000000001 ("Coffee  Corner ") without a providerReference');
    expect(message).toContain('set its providerReference to "coffee-001" in the service');
  });

  it('lists an activated device without deviceAlias with its id and name, and warns on a device create of that name', () => {
    const desired = desiredState([merchant('m1'), device('m1', 'till-1', { deviceName: 'Front Till' }), device('m1', 'till-2')], { managedDevices: ['m1'] });
    const liveNow = liveState([
      live(merchant('m1'), 'M1'),
      { ...live(device('m1', '~T9'), 'T9', { lifecycle: 'active' }), fields: { deviceAlias: '', deviceName: 'front till' } },
    ]);
    const plan = planChanges(desired, liveNow, context);
    expect(plan.changes.map((c) => `${c.action} ${c.address}`)).toEqual(['create device/m1/till-1', 'create device/m1/till-2']);
    expect(plan.unmanaged).toEqual([
      {
        address: 'device/m1/~T9',
        kind: 'device',
        key: 'm1/~T9',
        liveId: 'T9',
        name: 'front till',
        note: expect.stringContaining('It has no deviceAlias, so no manifest device can match it'),
      },
    ]);
    expect(plan.warnings).toEqual([{ address: 'device/m1/till-1', message: expect.stringContaining('set its deviceAlias to "till-1" in the service') }]);
  });

  it('lists a device with an alias by its address, with its id and name', () => {
    const plan = planChanges(
      desiredState([merchant('m1')], { managedDevices: ['m1'] }),
      liveState([live(merchant('m1'), 'M1'), live(device('m1', 'shop', { deviceName: 'Shop till' }), 'T1', { lifecycle: 'active' })]),
      context,
    );
    expect(plan.unmanaged).toEqual([{ address: 'device/m1/shop', kind: 'device', key: 'm1/shop', liveId: 'T1', name: 'Shop till', note: expect.any(String) }]);
  });

  it('compares names loosely: case, surrounding and repeated spaces, compatibility forms', () => {
    expect(sameName('Coffee  Corner ', 'coffee corner')).toBe(true);
    expect(sameName('ＣＯＦＦＥＥ', 'coffee')).toBe(true);
    expect(sameName('Coffee Corner', 'Coffee Corners')).toBe(false);
  });
});

describe('hasChanges', () => {
  it('counts a blocked change: the group does not match the manifest while one stands', () => {
    const desired = desiredState([emv('visa')], { prune: { acquirerProfiles: true } });
    const plan = planChanges(desired, liveState([live(emv('visa'), 1), live(profile('host-a', { '01': ['visa'] }), 10)], [legacy]), context);
    expect(plan.changes).toEqual([]);
    expect(plan.blocked.map((b) => b.address)).toEqual(['acquirer/host-a']);
    expect(hasChanges(plan)).toBe(true);
    // The summary counts it too: a consumer of the JSON deciding "changes?" from the counts agrees with hasChanges.
    expect(plan.summary).toEqual({ create: 0, update: 0, delete: 0, replace: 0, blocked: 1 });
    expect(hasChanges(planChanges(desiredState([emv('visa')]), liveState([live(emv('visa'), 1)]), context))).toBe(false);
  });

  it('counts a change', () => {
    expect(hasChanges(planChanges(desiredState([emv('visa'), binding('m1', 'p', {})]), liveState([]), context))).toBe(true);
  });
});
