import { describe, expect, it } from 'vitest';
import { isDrifted, observeDrift } from '../../src/alerts/index.js';
import { driftPlan, SUBJECT, unmanaged, update } from './fixtures.js';

const at = new Date('2026-11-28T17:00:00Z');

describe('observeDrift', () => {
  it('counts drifted and unmanaged records by kind, every kind present, a replacement once', () => {
    const plan = driftPlan({
      changes: [
        update('merchant/coffee-001', 'contactName', 'Jane'),
        { ...(update('acquirer/host-a', 'mid', '1') as object), action: 'replace' },
        { ...(update('acquirer/host-a', 'mid', '1') as object), address: 'acquirer/host-a#old', action: 'delete', step: 'replace-old' },
      ],
      blocked: [{ address: 'emv/visa', kind: 'emv', key: 'visa', action: 'delete', cause: 'in-use', reason: '', blockers: [] }],
      unmanaged: [unmanaged('device/coffee-001/till-9')],
    });
    const observation = observeDrift(SUBJECT, plan, { checkedAt: at, ignoreUnmanaged: false });
    expect(observation.subject).toBe(SUBJECT);
    expect(observation.checkedAt).toBe(at);
    expect(observation.drift).toMatchObject({
      drifted: { emv: 1, acquirer: 1, merchant: 1, binding: 0, device: 0 },
      unmanaged: { emv: 0, acquirer: 0, merchant: 0, binding: 0, device: 1 },
      addresses: ['acquirer/host-a', 'device/coffee-001/till-9', 'emv/visa', 'merchant/coffee-001'],
    });
    expect(observation.drift?.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(isDrifted(observation.drift!)).toBe(true);
  });

  it('fingerprints what drifted, not the values: a new value of the same field is the same drift', () => {
    const one = observeDrift(SUBJECT, driftPlan({ changes: [update('merchant/m1', 'passcode', 'secret-1')] }), { checkedAt: at, ignoreUnmanaged: false });
    const two = observeDrift(SUBJECT, driftPlan({ changes: [update('merchant/m1', 'passcode', 'secret-2')] }), { checkedAt: at, ignoreUnmanaged: false });
    const other = observeDrift(SUBJECT, driftPlan({ changes: [update('merchant/m1', 'contactName', 'x')] }), { checkedAt: at, ignoreUnmanaged: false });
    expect(two.drift?.fingerprint).toBe(one.drift?.fingerprint);
    expect(other.drift?.fingerprint).not.toBe(one.drift?.fingerprint);
    expect(JSON.stringify(one)).not.toContain('secret-1');
  });

  it('order does not matter; an unmanaged record does with it, not under --ignore-unmanaged', () => {
    const a = update('merchant/m1', 'contactName', 'x');
    const b = update('merchant/m2', 'contactName', 'y');
    const ab = observeDrift(SUBJECT, driftPlan({ changes: [a, b] }), { checkedAt: at, ignoreUnmanaged: false });
    const ba = observeDrift(SUBJECT, driftPlan({ changes: [b, a] }), { checkedAt: at, ignoreUnmanaged: false });
    expect(ba.drift?.fingerprint).toBe(ab.drift?.fingerprint);
    const stray = observeDrift(SUBJECT, driftPlan({ changes: [a, b], unmanaged: [unmanaged('emv/stray')] }), { checkedAt: at, ignoreUnmanaged: false });
    expect(stray.drift?.fingerprint).not.toBe(ab.drift?.fingerprint);
    const ignored = observeDrift(SUBJECT, driftPlan({ changes: [a, b], unmanaged: [unmanaged('emv/stray')] }), { checkedAt: at, ignoreUnmanaged: true });
    expect(ignored.drift?.fingerprint).toBe(ab.drift?.fingerprint);
    expect(ignored.drift?.addresses).toEqual(['merchant/m1', 'merchant/m2']);
    expect(ignored.drift?.unmanaged['emv']).toBe(1);
  });

  it('a group with only unmanaged records drifted unless they are ignored; an empty plan is clean', () => {
    const plan = driftPlan({ unmanaged: [unmanaged('emv/stray')] });
    expect(isDrifted(observeDrift(SUBJECT, plan, { checkedAt: at, ignoreUnmanaged: false }).drift!)).toBe(true);
    expect(isDrifted(observeDrift(SUBJECT, plan, { checkedAt: at, ignoreUnmanaged: true }).drift!)).toBe(false);
    expect(isDrifted(observeDrift(SUBJECT, driftPlan(), { checkedAt: at, ignoreUnmanaged: false }).drift!)).toBe(false);
  });
});
