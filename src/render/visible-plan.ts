import type { Finding, FindingLocation, SkippedRule } from '../findings/types.js';
import type { ChangeImpact } from '../impact/types.js';
import type { Change, Plan, PlannedChange, PlanPolicyPack, PublishedPlan } from '../plan/plan.js';
import type { ChangeEvidence, PlanPromotion, WithEvidence } from '../plan/promotion.js';
import { addressOf } from '../model/kinds.js';
import { showControls } from '../util/visible-text.js';
import type { BatchView, WithBatches, WithImpact } from './impact-wording.js';

declare const VISIBLE: unique symbol;

/** A published plan with its words made safe for a terminal: what the text and Markdown renderers lay out, and nothing else reads. */
export type VisiblePlan = Omit<Plan, 'changes'> & { readonly changes: PlannedChange[]; readonly [VISIBLE]: true };

/**
 * The plan's words as the text and Markdown renderers show them: every string that can hold text
 * from the service (addresses built from live records, reasons, notes, blockers, warnings,
 * targets) with control and bidirectional characters written as escapes (util/visible-text).
 * Field values are left as they are: format-value shows them through JSON, escaped the same way.
 * So are the strings the renderers quote as values (a change's key, the group's name, the name of
 * an unmanaged record): quoted as JSON from the raw text, a `\` or `"` in them reads as one, where
 * quoting the escaped text would show a backslash and an escape alike. Settlement data comes from
 * the service too: batch ids, currency codes and times in impacts and unsettled batches are escaped.
 */
export function visiblePlan(plan: PublishedPlan): VisiblePlan {
  const t = (text: string): string => showControls(text);
  const visible: Plan = {
    ...plan,
    baseUrl: t(plan.baseUrl),
    group: { groupId: t(plan.group.groupId), groupName: plan.group.groupName },
    ...(plan.environment !== undefined ? { environment: t(plan.environment) } : {}),
    // A file name is the user's, and may hold anything a file name may.
    ...(plan.serviceRecord !== undefined ? { serviceRecord: { ...plan.serviceRecord, file: t(plan.serviceRecord.file) } } : {}),
    changes: plan.changes.map((change) => ({
      ...change,
      address: t(change.address),
      ...(typeof (change as { movedFrom?: unknown }).movedFrom === 'string' ? { movedFrom: t((change as unknown as { movedFrom: string }).movedFrom) } : {}),
      reason: t(change.reason),
      notes: change.notes.map(t),
      dependsOn: change.dependsOn.map(t),
      ...(typeof change.liveId === 'string' ? { liveId: t(change.liveId) } : {}),
      ...(change.merchant !== undefined ? { merchant: t(change.merchant) } : {}),
      ...((change as WithImpact).impact !== undefined ? { impact: visibleImpact((change as WithImpact).impact!, t) } : {}),
      ...visibleEvidence(change, t),
    })),
    unmanaged: plan.unmanaged.map((u) => ({
      ...u,
      address: t(u.address),
      key: t(u.key),
      ...(u.note !== undefined ? { note: t(u.note) } : {}),
      ...(typeof u.liveId === 'string' ? { liveId: t(u.liveId) } : {}),
      ...(u.merchant !== undefined ? { merchant: t(u.merchant) } : {}),
    })),
    ...(plan.unreadDevices !== undefined ? { unreadDevices: plan.unreadDevices.map((u) => ({ ...u, merchant: t(u.merchant) })) } : {}),
    blocked: plan.blocked.map((b) => ({
      ...b,
      address: t(b.address),
      key: t(b.key),
      ...(b.pattern !== undefined ? { pattern: t(b.pattern) } : {}),
      reason: t(b.reason),
      blockers: b.blockers.map(t),
      ...visibleBatches(b as typeof b & WithBatches, t),
      ...visibleEvidence(b, t),
    })),
    ...(plan.targets !== undefined ? { targets: plan.targets.map(t) } : {}),
    ...(plan.promotion !== undefined ? { promotion: visiblePromotion(plan.promotion, t) } : {}),
    ...(plan.warnings !== undefined
      ? { warnings: plan.warnings.map((w) => ({ message: t(w.message), ...(w.address !== undefined ? { address: t(w.address) } : {}), ...visibleBatches(w as typeof w & WithBatches, t) })) }
      : {}),
    ...(plan.findings !== undefined ? { findings: plan.findings.map((finding) => visibleFinding(finding, t)) } : {}),
    ...(plan.skippedRules !== undefined ? { skippedRules: plan.skippedRules.map((skipped) => visibleSkipped(skipped, t)) } : {}),
    ...(plan.policyPacks !== undefined ? { policyPacks: plan.policyPacks.map((pack) => visiblePack(pack, t)) } : {}),
  };
  return visible as Omit<Plan, 'changes'> as VisiblePlan;
}

/**
 * A finding's words: its message comes from a policy module (a PBO's code) or a rule quoting the
 * manifest, its rule id and pack from a module too, its override from the command line, and a plan
 * document may come from anywhere: every text is escaped, the location's numbers shown as text.
 */
function visibleFinding(finding: Finding, t: (text: string) => string): Finding {
  const { override } = finding;
  return {
    ...finding,
    rule: t(String(finding.rule)),
    pack: t(String(finding.pack)),
    level: t(String(finding.level)) as Finding['level'],
    message: t(String(finding.message)),
    ...(finding.address !== undefined ? { address: t(String(finding.address)) } : {}),
    ...(finding.location !== undefined ? { location: visibleLocation(finding.location, t) } : {}),
    ...(override !== undefined ? { override: { reason: t(String(override.reason)), by: t(String(override.by)), at: t(String(override.at)) } } : {}),
  };
}

function visibleSkipped(skipped: SkippedRule, t: (text: string) => string): SkippedRule {
  return {
    ...skipped,
    rule: t(String(skipped.rule)),
    address: t(String(skipped.address)),
    reason: t(String(skipped.reason)),
    ...(skipped.location !== undefined ? { location: visibleLocation(skipped.location, t) } : {}),
  };
}

/** A location as the renderers print it (`file:line:col`): a document's numbers may be anything, and are shown escaped. */
function visibleLocation(location: FindingLocation, t: (text: string) => string): FindingLocation {
  const shown = (n: unknown): number => (typeof n === 'number' ? n : (t(String(n)) as unknown as number));
  return { file: t(String(location.file)), line: shown(location.line), col: shown(location.col) };
}

/** A pack as the run named it: its path and where it was named come from the manifest or the command line. */
function visiblePack(pack: PlanPolicyPack, t: (text: string) => string): PlanPolicyPack {
  return {
    ...pack,
    pack: t(String(pack.pack)),
    namedAt: t(String(pack.namedAt)),
    ...(pack.levels !== undefined
      ? { levels: Object.fromEntries(Object.entries(pack.levels).map(([rule, level]) => [t(rule), t(String(level))])) as PlanPolicyPack['levels'] }
      : {}),
  };
}

function visibleBatches(holder: WithBatches, t: (text: string) => string): { batches?: BatchView[] } {
  if (holder.batches === undefined) return {};
  return { batches: holder.batches.map((batch) => ({ ...batch, batchId: t(batch.batchId), currency: t(batch.currency) })) };
}

/** A promotion's evidence: its dates, run ids and plan hashes are read from the source's journal, a file that may come from anywhere. */
function visibleEvidence(holder: WithEvidence, t: (text: string) => string): { evidence?: ChangeEvidence } {
  const evidence = holder.evidence;
  if (evidence === undefined) return {};
  if (evidence.status === 'proven') {
    return {
      evidence: {
        status: 'proven',
        ...(evidence.since !== undefined ? { since: t(evidence.since) } : {}),
        ...(evidence.run !== undefined ? { run: t(evidence.run) } : {}),
        ...(evidence.planHash !== undefined ? { planHash: t(evidence.planHash) } : {}),
        ...(evidence.ownValues !== undefined ? { ownValues: evidence.ownValues.map(t) } : {}),
      },
    };
  }
  return {
    evidence: {
      ...evidence,
      reason: t(evidence.reason) as typeof evidence.reason,
      ...(evidence.fields !== undefined ? { fields: evidence.fields.map(t) } : {}),
      ...(evidence.variables !== undefined ? { variables: evidence.variables.map(t) } : {}),
    },
  };
}

function visiblePromotion(promotion: PlanPromotion, t: (text: string) => string): PlanPromotion {
  const identity = (e: PlanPromotion['from']): PlanPromotion['from'] => ({ name: t(e.name), baseUrl: t(e.baseUrl), groupId: t(e.groupId) });
  return { from: identity(promotion.from), to: identity(promotion.to), allowedUnproven: promotion.allowedUnproven };
}

function visibleImpact(impact: ChangeImpact, t: (text: string) => string): ChangeImpact {
  const payments = impact.payments;
  if (payments === undefined) return impact;
  return {
    ...impact,
    payments: {
      ...payments,
      amounts: Object.fromEntries(Object.entries(payments.amounts).map(([currency, amount]) => [t(currency), amount])),
      last: payments.last === null ? null : t(payments.last),
      ...(payments.window !== undefined ? { window: t(payments.window) } : {}),
    },
  };
}

/** The address of the record a change acts on, shown as visiblePlan shows addresses (its own, a step's, a duplicate code's alike). */
export function visibleRecordAddress(change: Pick<Change, 'kind' | 'key'>): string {
  return showControls(addressOf(change.kind, change.key));
}
