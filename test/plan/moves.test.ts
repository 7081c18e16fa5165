/**
 * The pure move resolution (plan/moves.ts) and what the planner makes of it: a live record at
 * `from` is re-keyed under `to` with what names it, a move with no live `from` changes nothing,
 * both live is refused naming both, and the plan shows one update of the key field.
 */
import { describe, expect, it } from 'vitest';
import type { Move } from '../../src/model/moves.js';
import { applyMoves } from '../../src/plan/moves.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { PlanError } from '../../src/plan/errors.js';
import { publicPlan as publishedPlan } from '../../src/render/public-plan.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

const PROFILE_MOVE: Move = { kind: 'acquirer', from: 'acquirer/host-a', to: 'acquirer/host-a-usd' };
const MERCHANT_MOVE: Move = { kind: 'merchant', from: 'merchant/coffee-1', to: 'merchant/coffee-001' };

function group(ref = 'coffee-1') {
  const state = liveState(
    [
      live(emv('visa'), 1),
      live(profile('host-a', { '01': ['visa'] }), 10),
      live(profile('host-b', { '01': ['visa'] }), 11),
      live(merchant(ref), 'M1'),
      live(binding(ref, 'host-a', { '01': ['visa'] }), '10'),
      live(device(ref, 'till-1', { acquirerFields: { 'host-a': { tid: '1' }, 'host-b': { tid: '2' } } }), 'D1', { lifecycle: 'active' }),
    ],
    [{ mchId: 'M9', mchName: 'no key', profiles: ['host-a'], emvs: ['visa'] }],
  );
  return { ...state, bindingsRead: new Set([ref]), devicesRead: new Set([ref]) };
}

describe('applyMoves', () => {
  it('re-keys a renamed profile, the bindings that name it and the acquirer fields of devices, keeping ids and fingerprints', () => {
    const moved = applyMoves(group(), [PROFILE_MOVE]);
    expect([...moved.resources.keys()].sort()).toEqual([
      'acquirer/host-a-usd',
      'acquirer/host-b',
      'binding/coffee-1/host-a-usd/USD',
      'device/coffee-1/till-1',
      'emv/visa',
      'merchant/coffee-1',
    ]);
    expect(moved.resources.get('acquirer/host-a-usd')).toMatchObject({ key: 'host-a-usd', id: 10, fingerprint: 'fp-host-a', movedFrom: 'acquirer/host-a', readAs: 'acquirer/host-a' });
    expect(moved.resources.get('binding/coffee-1/host-a-usd/USD')).toMatchObject({
      id: '10',
      readAs: 'binding/coffee-1/host-a/USD',
      fields: { acquirer: 'host-a-usd', currency: 'USD' },
    });
    const till = moved.resources.get('device/coffee-1/till-1')!;
    expect(till.fields).toEqual({ deviceAlias: 'till-1', acquirerFields: { 'host-a-usd': { tid: '1' }, 'host-b': { tid: '2' } } });
    expect(till.readAs).toBeUndefined();
    expect(moved.resources.get('binding/coffee-1/host-a-usd/USD')!.movedFrom).toBeUndefined();
    expect(moved.unkeyedMerchants[0]!.profiles).toEqual(['host-a-usd']);
    // The state given is left as it was.
    expect(group().resources.has('acquirer/host-a')).toBe(true);
  });

  it("re-keys a renamed merchant's bindings and devices and what was read of them; a device move then runs under the new name, and names the address it was read under", () => {
    const moved = applyMoves(group(), [
      { kind: 'device', from: 'device/coffee-001/till-1', to: 'device/coffee-001/front-till' },
      MERCHANT_MOVE,
    ]);
    expect([...moved.resources.keys()].filter((a) => !a.startsWith('acquirer/') && !a.startsWith('emv/')).sort()).toEqual([
      'binding/coffee-001/host-a/USD',
      'device/coffee-001/front-till',
      'merchant/coffee-001',
    ]);
    const till = moved.resources.get('device/coffee-001/front-till')!;
    // The alias in the fields is the live one: the diff writes the new one. The plan names the move
    // by the address the record had (the merchant's old name), not the one the re-keying used.
    expect(till).toMatchObject({ merchant: 'coffee-001', movedFrom: 'device/coffee-1/till-1', readAs: 'device/coffee-1/till-1', fields: { deviceAlias: 'till-1' } });
    expect([...moved.bindingsRead]).toEqual(['coffee-001']);
    expect([...moved.devicesRead]).toEqual(['coffee-001']);
  });

  it('does nothing for a move whose from is not live (applied already, or never there)', () => {
    const state = group('coffee-001');
    expect([...applyMoves(state, [MERCHANT_MOVE]).resources.keys()]).toEqual([...state.resources.keys()]);
    const none = applyMoves(state, [{ kind: 'acquirer', from: 'acquirer/gone', to: 'acquirer/new' }]);
    expect([...none.resources.keys()]).toEqual([...state.resources.keys()]);
  });

  it('refuses a move whose from and to are both live, naming both and their ids', () => {
    expect(() => applyMoves(group(), [{ kind: 'acquirer', from: 'acquirer/host-a', to: 'acquirer/host-b' }])).toThrow(PlanError);
    expect(() => applyMoves(group(), [{ kind: 'acquirer', from: 'acquirer/host-a', to: 'acquirer/host-b' }])).toThrow(
      'moved: acquirer/host-a → acquirer/host-b: both are in the live group (ids 10 and 11), so paycfg cannot tell which record the manifest means.',
    );
  });
});

describe('planChanges with a move', () => {
  it('makes one update of the key field, with the record’s other changes, and nothing for what follows it', () => {
    const desired = desiredState(
      [
        emv('visa'),
        profile('host-a-usd', { '01': ['visa'] }, { connUrl: 'https://new.example' }),
        profile('host-b', { '01': ['visa'] }),
        merchant('coffee-001', { mchName: 'coffee-1' }),
        binding('coffee-001', 'host-a-usd', { '01': ['visa'] }),
        device('coffee-001', 'till-1', { acquirerFields: { 'host-a-usd': { tid: '1' }, 'host-b': { tid: '2' } } }),
      ],
      { managedBindings: ['coffee-001'], managedDevices: ['coffee-001'] },
    );
    const plan = planChanges(desired, { ...applyMoves(group(), [PROFILE_MOVE, MERCHANT_MOVE]), bindingAllowsWriteOnly: false }, context);
    expect(plan.changes.map((c) => [c.address, c.action, c.movedFrom, c.reason, c.patch])).toEqual([
      ['acquirer/host-a-usd', 'update', 'acquirer/host-a', 'moved from acquirer/host-a, and 1 other field change', [
        { op: 'replace', path: '/profileName', value: 'host-a-usd' },
        { op: 'add', path: '/connUrl', value: 'https://new.example' },
      ]],
      ['merchant/coffee-001', 'update', 'merchant/coffee-1', 'moved from merchant/coffee-1', [{ op: 'replace', path: '/providerReference', value: 'coffee-001' }]],
    ]);
    expect(plan.changes[1]!.before).toMatchObject({ providerReference: 'coffee-1' });
    // Published, the key field comes first.
    expect(Object.keys(publishedPlan(plan).changes[1]!.after!)[0]).toBe('providerReference');
  });
});
