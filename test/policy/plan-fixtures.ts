/** Hand-made plan documents for the policy tests: the JSON plan's shape, only what a rule reads. */
import type { Change, Plan } from '../../src/plan/plan.js';

export function change(partial: Partial<Change> & Pick<Change, 'kind' | 'key' | 'action'>): Change {
  return {
    address: `${partial.kind}/${partial.key}`,
    before: partial.action === 'create' ? null : {},
    after: partial.action === 'delete' ? null : {},
    patch: [],
    dependsOn: [],
    reason: 'test',
    notes: [],
    ...partial,
  };
}

export function planOf(changes: Change[], more: Partial<Plan> = {}): Plan {
  const summary = { create: 0, update: 0, delete: 0, replace: 0, blocked: 0 };
  for (const c of changes) if (c.step === undefined) summary[c.action] += 1;
  return {
    formatVersion: 1,
    baseUrl: 'http://127.0.0.1:1',
    group: { groupId: 'G-00000001', groupName: 'Test' },
    changes,
    unmanaged: [],
    blocked: [],
    summary,
    sensitive: [],
    ...more,
  };
}
