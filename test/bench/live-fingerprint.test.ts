/**
 * Live fingerprints are computed on first read (src/live/normalise-live.ts) so that a plain plan
 * does not hash every record of the group, except merchants' and devices', hashed as they are
 * normalised because their wire records are not kept. They must still be the same values, and travel with the
 * resource wherever it is copied or serialised (saved plans compare them).
 */
import { describe, expect, it } from 'vitest';
import { buildGroupSpec, DEFAULT_GROUP_SIZE } from '../../scripts/bench/group-shape.js';
import { syntheticWireSnapshot } from '../../scripts/bench/synthetic-wire.js';
import { fingerprint, normaliseLive } from '../../src/live/normalise-live.js';
import { addressOf } from '../../src/model/kinds.js';
import { desiredState } from '../plan/states.js';
import { planChanges } from '../../src/plan/plan-changes.js';

const spec = buildGroupSpec({ ...DEFAULT_GROUP_SIZE, merchants: 3, withMid: true });
const wire = syntheticWireSnapshot(spec, { drift: false, deviceAdmin: 'pw-1234' });

describe('live fingerprints', () => {
  it('are the hashes of the wire records each resource was read from', () => {
    const live = normaliseLive(wire).resources;
    const emv = wire.emvConfigs[0]!;
    expect(live.get(addressOf('emv', emv.emvName))!.fingerprint).toBe(fingerprint(emv));
    const profile = wire.acquirerProfiles[0]!;
    expect(live.get(addressOf('acquirer', profile.profileName))!.fingerprint).toBe(fingerprint(profile));
    const merchant = wire.merchants[0]!;
    const { acquirers, supportedPayments: _s, ...profileFields } = merchant;
    expect(live.get(addressOf('merchant', merchant.providerReference!))!.fingerprint).toBe(fingerprint(profileFields));
    const device = wire.devices.get(merchant.mchId)![0]!;
    expect(live.get(addressOf('device', `${merchant.providerReference}/${device.deviceAlias}`))!.fingerprint).toBe(fingerprint(device));
    const record = wire.bindings.get(merchant.mchId)![0]!;
    const binding = live.get(addressOf('binding', `${merchant.providerReference}/${record.acquirerProfileName}/${record.currency}`))!;
    expect(binding.fingerprint).toBe(fingerprint(acquirers![0], record));
  });

  it('survive spreads and JSON, and do not change between reads', () => {
    const [resource] = normaliseLive(wire).resources.values();
    const first = resource!.fingerprint;
    expect({ ...resource! }.fingerprint).toBe(first);
    expect(JSON.parse(JSON.stringify(resource)).fingerprint).toBe(first);
    expect(resource!.fingerprint).toBe(first);
    expect(Object.keys(resource!)).toContain('fingerprint');
  });

  it('are not computed by planning, even for the live resources the manifest does not name (merchants, devices and bindings read from their records are hashed on reading)', () => {
    const live = normaliseLive(wire);
    const plan = planChanges(desiredState([]), live, { baseUrl: 'http://127.0.0.1:1', group: { groupId: 'G-00000001', groupName: 'x' } });
    expect(plan.unmanaged.length).toBeGreaterThan(0);
    const resources = [...live.resources.values()];
    const fromRecords = new Set([...wire.bindings.keys()].map((mchId) => wire.merchants.find((m) => m.mchId === mchId)?.providerReference));
    const readNow = (r: { kind: string; merchant?: string }) =>
      r.kind === 'device' || r.kind === 'merchant' || (r.kind === 'binding' && fromRecords.has(r.merchant));
    const hashed = resources.filter((r) => !readNow(r) && Object.getOwnPropertyDescriptor(r, 'fingerprint')?.get === undefined);
    expect(hashed).toEqual([]);
    const early = resources.filter(readNow);
    expect(new Set(early.map((r) => r.kind))).toEqual(new Set(['device', 'merchant', 'binding']));
    expect(early.every((r) => typeof Object.getOwnPropertyDescriptor(r, 'fingerprint')?.value === 'string')).toBe(true);
  });
});
