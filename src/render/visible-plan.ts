import type { Plan } from '../plan/plan.js';
import { showControls } from '../util/visible-text.js';

/**
 * The plan's words as the text and Markdown renderers show them: every string that can hold text
 * from the service (the group's name, keys and addresses built from live records, reasons, notes,
 * blockers, warnings, targets, the names of unmanaged records) with control and bidirectional
 * characters written as escapes (util/visible-text).
 * Field values are left as they are: format-value shows them through JSON, escaped the same way.
 */
export function visiblePlan(plan: Plan): Plan {
  const t = (text: string): string => showControls(text);
  return {
    ...plan,
    baseUrl: t(plan.baseUrl),
    group: { groupId: t(plan.group.groupId), groupName: t(plan.group.groupName) },
    changes: plan.changes.map((change) => ({
      ...change,
      address: t(change.address),
      key: t(change.key),
      reason: t(change.reason),
      notes: change.notes.map(t),
      dependsOn: change.dependsOn.map(t),
      ...(typeof change.liveId === 'string' ? { liveId: t(change.liveId) } : {}),
      ...(change.merchant !== undefined ? { merchant: t(change.merchant) } : {}),
    })),
    unmanaged: plan.unmanaged.map((u) => ({
      ...u,
      address: t(u.address),
      key: t(u.key),
      ...(u.note !== undefined ? { note: t(u.note) } : {}),
      ...(u.name !== undefined ? { name: t(u.name) } : {}),
      ...(typeof u.liveId === 'string' ? { liveId: t(u.liveId) } : {}),
    })),
    blocked: plan.blocked.map((b) => ({ ...b, address: t(b.address), key: t(b.key), reason: t(b.reason), blockers: b.blockers.map(t) })),
    ...(plan.targets !== undefined ? { targets: plan.targets.map(t) } : {}),
    ...(plan.warnings !== undefined
      ? { warnings: plan.warnings.map((w) => ({ message: t(w.message), ...(w.address !== undefined ? { address: t(w.address) } : {}) })) }
      : {}),
  };
}
