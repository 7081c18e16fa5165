import { describe, expect, it } from 'vitest';
import { failedDriftCheck, observeDrift } from '../../src/alerts/index.js';
import type { GroupState } from '../../src/alerts/state.js';
import { stepGroup } from '../../src/alerts/transitions.js';
import { driftPlan, SUBJECT, update } from './fixtures.js';

const at = new Date('2026-11-28T17:00:00Z');
const driftA = observeDrift(SUBJECT, driftPlan({ changes: [update('merchant/m1', 'contactName', 'x')] }), { checkedAt: at, ignoreUnmanaged: false });
const driftB = observeDrift(SUBJECT, driftPlan({ changes: [update('merchant/m2', 'contactName', 'x')] }), { checkedAt: at, ignoreUnmanaged: false });
const clean = observeDrift(SUBJECT, driftPlan(), { checkedAt: at, ignoreUnmanaged: false });
const failed = failedDriftCheck(SUBJECT, { code: 'TRANSPORT', message: 'unreachable' }, at);

function told(notified: GroupState['notified']): GroupState {
  return { baseUrl: 'https://pay.example.com', group: 'G-00000001', lastCheckedAt: '2026-11-28T16:00:00.000Z', checkErrors: 0, ...(notified ? { notified } : {}) };
}
const fp = (observation: typeof driftA) => observation.drift!.fingerprint;

describe('stepGroup', () => {
  it.each([
    ['no state, drifted', undefined, driftA, 'newly-drifted'],
    ['no state, clean', undefined, clean, undefined],
    ['state without a notification, drifted', told(undefined), driftA, 'newly-drifted'],
    ['told clean, drifted', told({ drifted: false }), driftA, 'newly-drifted'],
    ['told clean, clean', told({ drifted: false }), clean, undefined],
    ['told drifted, the same drift', told({ drifted: true, fingerprint: fp(driftA) }), driftA, undefined],
    ['told drifted, another drift', told({ drifted: true, fingerprint: fp(driftA) }), driftB, 'changed'],
    ['told drifted, clean', told({ drifted: true, fingerprint: fp(driftA) }), clean, 'resolved'],
    ['told drifted, the check failed', told({ drifted: true, fingerprint: fp(driftA) }), failed, undefined],
    ['no state, the check failed', undefined, failed, undefined],
  ] as const)('%s: %s', (_name, previous, observation, kind) => {
    const step = stepGroup(previous, observation);
    expect(step.transition?.kind).toBe(kind);
    if (kind !== undefined) expect(step.transition?.subject).toBe(SUBJECT);
  });

  it('told: notified advances; untold: it stays, so the next run posts again', () => {
    const step = stepGroup(told({ drifted: true, fingerprint: fp(driftA) }), driftB);
    expect(step.told.notified).toEqual({ drifted: true, fingerprint: fp(driftB) });
    expect(step.untold.notified).toEqual({ drifted: true, fingerprint: fp(driftA) });
    expect(step.untold).toMatchObject({ drifted: true, fingerprint: fp(driftB), lastSuccessAt: at.toISOString() });
    expect(stepGroup(step.untold, driftB).transition?.kind).toBe('changed');
    expect(stepGroup(step.told, driftB).transition).toBeUndefined();
  });

  it('a failed check keeps the verdict, the last success and what was told, and counts the error', () => {
    const previous: GroupState = { ...told({ drifted: true, fingerprint: 'f' }), lastSuccessAt: '2026-11-28T16:00:00.000Z', drifted: true, fingerprint: 'f', checkErrors: 4 };
    const step = stepGroup(previous, failed);
    expect(step.told).toEqual({ ...previous, name: 'acme', lastCheckedAt: at.toISOString(), checkErrors: 5 });
    expect(step.untold).toEqual(step.told);
  });
});
