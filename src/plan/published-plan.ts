import { identityFirst } from './identity.js';
import { documentBlock, documentWarning } from './plan-document.js';
import type { Plan, PlannedChange, PublishedPlan, RedactedPlan } from './plan.js';

/**
 * The one place a published plan is made, from a redacted one: the plan in the shape paycfg
 * publishes it (the JSON plan, drift --json, saved plans, and what the text and Markdown read): in
 * each change `before` and `after` list the fields that say which record it is first
 * (plan/identity.ts), then the rest sorted; each change's own keys in one order, what it is before
 * what it does. Pure: patches already hold values typed as `after` (plan/diff.ts fieldPatch).
 */
export function publishedPlan(plan: RedactedPlan): PublishedPlan {
  // What only the planner reads is left behind (a blocked change's role, a warning's cause); a
  // change keeps its role, which the text words a duplicate code's delete by (plan-document.ts
  // drops it from the JSON).
  const { blocked, warnings } = plan;
  return {
    ...plan,
    changes: plan.changes.map(publishedChange),
    ...(blocked.some((entry) => entry.role !== undefined) ? { blocked: blocked.map(documentBlock) } : {}),
    ...(warnings?.some((warning) => warning.cause !== undefined) === true ? { warnings: warnings.map(documentWarning) } : {}),
  } as Plan as PublishedPlan;
}

/**
 * The order a change's own keys are printed in: what it is (and, renamed in place, what it was),
 * then what it does, then why (and, with a base manifest, where it comes from: plan/origin.ts; in a
 * promotion, its evidence from the source environment: plan/promotion.ts).
 */
const CHANGE_KEYS: readonly string[] = [
  'address',
  'movedFrom',
  'kind',
  'key',
  'action',
  'step',
  'disposal',
  'liveId',
  'merchant',
  'predicted',
  'before',
  'after',
  'patch',
  'dependsOn',
  'reason',
  'origin',
  'evidence',
  'notes',
  'impact',
];

function publishedChange(change: PlannedChange): PlannedChange {
  const shown: Record<string, unknown> = {
    ...change,
    before: change.before === null ? null : identityFirst(change.kind, change.before),
    after: change.after === null ? null : identityFirst(change.kind, change.after),
  };
  const out: Record<string, unknown> = {};
  for (const key of CHANGE_KEYS) if (shown[key] !== undefined) out[key] = shown[key];
  // Keys a later version adds, after the known ones.
  for (const key of Object.keys(shown)) if (!(key in out) && shown[key] !== undefined) out[key] = shown[key];
  return out as unknown as PlannedChange;
}
