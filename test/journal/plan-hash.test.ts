import { describe, expect, it } from 'vitest';
import { planHash } from '../../src/journal/plan-hash.js';
import type { Change, Plan } from '../../src/plan/plan.js';
import { publicPlanOfDocument as publicPlan } from '../../src/render/public-plan.js';

const device: Change = {
  address: 'device/coffee-001/till-1',
  kind: 'device',
  key: 'coffee-001/till-1',
  action: 'create',
  before: null,
  after: { deviceAlias: 'till-1', deviceName: 'Till 1', deviceAdmin: 'till-admin-secret-42' },
  patch: [{ op: 'add', path: '/deviceAdmin', value: 'till-admin-secret-42' }],
  dependsOn: ['merchant/coffee-001'],
  reason: 'not in the live group',
  notes: [],
  merchant: 'coffee-001',
};

const base: Plan = {
  formatVersion: 1,
  baseUrl: 'http://127.0.0.1:8080',
  group: { groupId: 'G-00000001', groupName: 'Test' },
  changes: [device],
  unmanaged: [],
  blocked: [],
  summary: { create: 1, update: 0, delete: 0, replace: 0, blocked: 0 },
  sensitive: ['device/coffee-001/till-1#/deviceAdmin'],
};

describe('planHash', () => {
  it('is sha256: and 64 hex digits, the same for the same plan whatever its key order', () => {
    const hash = planHash(base);
    expect(hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reversed(inner)]))
          : value;
    const reordered = reversed(base) as Plan;
    expect(Object.keys(reordered)[0]).toBe('sensitive');
    expect(planHash(reordered)).toBe(hash);
    expect(planHash(structuredClone(base))).toBe(hash);
  });

  it('hashes a plan and its published, redacted copy (what a saved plan stores) the same, and never depends on a secret value', () => {
    expect(planHash(publicPlan(base))).toBe(planHash(base));
    const otherSecret: Plan = { ...base, changes: [{ ...device, after: { ...device.after, deviceAdmin: 'another-secret' }, patch: [{ op: 'add', path: '/deviceAdmin', value: 'another-secret' }] }] };
    expect(planHash(otherSecret)).toBe(planHash(base));
  });

  it('changes with anything that changes what will be done', () => {
    const hash = planHash(base);
    const variants: Plan[] = [
      { ...base, baseUrl: 'http://127.0.0.1:8081' },
      { ...base, group: { ...base.group, groupId: 'G-00000002' } },
      { ...base, changes: [{ ...device, after: { ...device.after, deviceName: 'Till one' } }] },
      { ...base, changes: [{ ...device, action: 'update', liveId: 'D-1' }] },
      { ...base, changes: [{ ...device, dependsOn: [] }] },
      { ...base, changes: [] },
      { ...base, blocked: [{ address: 'acquirer/host-a', kind: 'acquirer', key: 'host-a', action: 'delete', cause: 'protected', pattern: 'acquirer/*', reason: 'protected', blockers: [] }] },
      { ...base, summary: { ...base.summary, create: 2 } },
      { ...base, targets: ['device/coffee-001/till-1'] },
    ];
    for (const variant of variants) expect(planHash(variant)).not.toBe(hash);
  });

  it('leaves out what describes the group but is not done: unmanaged records and warnings', () => {
    const hash = planHash(base);
    expect(planHash({ ...base, unmanaged: [{ address: 'merchant/old', kind: 'merchant', key: 'old' }] })).toBe(hash);
    expect(planHash({ ...base, warnings: [{ message: 'look' }] })).toBe(hash);
  });

  it('leaves out the origin labels of plan --base: the plan reviewed with a base is the plan applied without one', () => {
    expect(planHash({ ...base, changes: base.changes.map((change) => ({ ...change, origin: 'revert' as const })) })).toBe(planHash(base));
  });
});
