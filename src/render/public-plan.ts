import { typedPatch } from '../plan/diff.js';
import { identityFirst } from '../plan/identity.js';
import type { Change, Plan } from '../plan/plan.js';
import { redactPlan } from './redact.js';

/**
 * A plan as paycfg shows and publishes it: secrets redacted; in each change `before` and `after`
 * list the fields that say which record it is first (plan/identity.ts), then the rest sorted; and
 * patch values have the types `after` writes (a create's `params` hold numbers where the comparison
 * held their text); each change's own keys in one order, what it is before what it does. What the
 * JSON plan prints and what the text and Markdown read.
 */
export function publicPlan(plan: Plan): Plan {
  const redacted = redactPlan(plan);
  return { ...redacted, changes: redacted.changes.map(presentChange) };
}

/** The order a change's own keys are printed in: what it is, then what it does, then why. */
const CHANGE_KEYS: readonly (keyof Change)[] = [
  'address',
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
  'notes',
];

function presentChange(change: Change): Change {
  const shown: Record<string, unknown> = {
    ...change,
    before: change.before === null ? null : identityFirst(change.kind, change.before),
    after: change.after === null ? null : identityFirst(change.kind, change.after),
    patch: typedPatch(change.kind, change.patch, change.after),
  };
  const out: Record<string, unknown> = {};
  for (const key of CHANGE_KEYS) if (shown[key] !== undefined) out[key] = shown[key];
  // Keys a later version adds, after the known ones.
  for (const key of Object.keys(shown)) if (!(key in out) && shown[key] !== undefined) out[key] = shown[key];
  return out as unknown as Change;
}
