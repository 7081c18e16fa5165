import { identityFirst } from './identity.js';
import { documentBlock, documentWarning } from './plan-document.js';
import type { Finding, FindingLevel, SkippedRule } from '../findings/types.js';
import { scrubFindings } from '../render/redact.js';
import type { Plan, PlannedChange, PlanPolicyPack, PublishedPlan, RedactedPlan } from './plan.js';

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
  const published = {
    ...plan,
    changes: plan.changes.map(publishedChange),
    ...(blocked.some((entry) => entry.role !== undefined) ? { blocked: blocked.map(documentBlock) } : {}),
    ...(warnings?.some((warning) => warning.cause !== undefined) === true ? { warnings: warnings.map(documentWarning) } : {}),
    ...(plan.findings !== undefined && plan.findings.length > 0 ? { findings: orderedFindings(plan.findings).map(publishedFinding) } : {}),
  };
  return withoutEmptyChecks(published) as Plan as PublishedPlan;
}

/** The plan without an empty list of findings, skipped rules or packs: each is absent when there is none, as a plan made before them. */
function withoutEmptyChecks<P extends Pick<Plan, 'findings' | 'skippedRules' | 'policyPacks'>>(plan: P): P {
  if (plan.findings?.length !== 0 && plan.skippedRules?.length !== 0 && plan.policyPacks?.length !== 0) return plan;
  const out: Record<string, unknown> = { ...plan };
  for (const key of ['findings', 'skippedRules', 'policyPacks'] as const) if (plan[key]?.length === 0) delete out[key];
  return out as P;
}

/** What the checks of a run found, to attach to its plan: each list may be empty, and is then left out of the plan. */
export interface PlanFindings {
  readonly findings?: readonly Finding[];
  readonly skippedRules?: readonly SkippedRule[];
  readonly policyPacks?: readonly PlanPolicyPack[];
}

/**
 * A published plan with what the checks found (the policy packs read the published plan, so their
 * findings come after it): every form of `secrets` (the manifest's secret values, the token)
 * masked in their texts as redactPlan masks the plan's own, the findings in the published order.
 * Empty lists are left out, so that a run that named no pack and found nothing publishes the plan
 * it did before. The plan's hash does not cover them (journal/plan-hash.ts).
 */
export function withFindings(plan: PublishedPlan, found: PlanFindings, secrets: readonly string[]): PublishedPlan {
  const present = <T>(list: readonly T[] | undefined): T[] | undefined => (list === undefined || list.length === 0 ? undefined : [...list]);
  const findings = present(found.findings);
  const skippedRules = present(found.skippedRules);
  const policyPacks = present(found.policyPacks);
  if (findings === undefined && skippedRules === undefined && policyPacks === undefined) return plan;
  const scrubbed = scrubFindings({ ...(findings !== undefined ? { findings } : {}), ...(skippedRules !== undefined ? { skippedRules } : {}) }, secrets);
  return {
    ...plan,
    ...(scrubbed.findings !== undefined ? { findings: orderedFindings(scrubbed.findings).map(publishedFinding) } : {}),
    ...(scrubbed.skippedRules !== undefined ? { skippedRules: scrubbed.skippedRules } : {}),
    ...(policyPacks !== undefined ? { policyPacks } : {}),
  };
}

/**
 * Where a finding stands for the reviewer: what blocks the apply first (a mandatory finding, an
 * overridable one not overridden; a manifest rule's error, which never reaches a plan paycfg
 * makes), then what was overridden for this apply, then the rest (warnings, advisories).
 */
export type FindingGroup = 'blocking' | 'overridden' | 'other';

export function findingGroup(finding: Pick<Finding, 'blocking' | 'override'>): FindingGroup {
  if (finding.blocking === true) return 'blocking';
  return finding.override !== undefined ? 'overridden' : 'other';
}

const GROUP_RANK: Readonly<Record<FindingGroup, number>> = { blocking: 0, overridden: 1, other: 2 };
const LEVEL_RANK: Readonly<Record<FindingLevel, number>> = { error: 0, mandatory: 1, overridable: 2, warning: 3, advisory: 4 };

/**
 * The findings in the order every output lists them: by group (findingGroup), then by level, the
 * heavier first; within a level, in the order the checks found them. A level a later version adds
 * comes after the known ones.
 */
export function orderedFindings<F extends Pick<Finding, 'blocking' | 'override' | 'level'>>(findings: readonly F[]): F[] {
  const rank = (finding: F): number => GROUP_RANK[findingGroup(finding)] * 10 + (LEVEL_RANK[finding.level] ?? 9);
  return findings.map((finding, index) => ({ finding, index, rank: rank(finding) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.finding);
}

/** The order of a finding's keys: which rule, its weight, what it is about, what it says, then how it was let through. */
const FINDING_KEYS: readonly string[] = ['rule', 'pack', 'level', 'blocking', 'address', 'location', 'message', 'override'];

function publishedFinding(finding: Finding): Finding {
  const shown = finding as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of FINDING_KEYS) if (shown[key] !== undefined) out[key] = shown[key];
  for (const key of Object.keys(shown)) if (!(key in out) && shown[key] !== undefined) out[key] = shown[key];
  return out as unknown as Finding;
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
