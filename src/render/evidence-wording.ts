import { showControls } from '../util/visible-text.js';
import { shortPlanHash } from '../journal/plan-hash.js';
import type { Plan } from '../plan/plan.js';
import { evidenceOf, type ChangeEvidence, type PlanPromotion, type UnprovenEvidence } from '../plan/promotion.js';
import { visibleRecordAddress } from './visible-plan.js';

/**
 * The words of a promotion's plan (`paycfg promote`), shared by the text and Markdown renderers and
 * the blocked changes' reasons: each change's evidence from the source environment, and what is
 * held back for the want of it. From a plan already made visible (render/visible-plan), or, for a
 * blocked change's reason, from the evidence the promotion found.
 */

function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** Why a change is not proven in `source`, in words. */
export function unprovenWhy(evidence: UnprovenEvidence, source: string): string {
  switch (evidence.reason) {
    case 'absent':
      return `${source} has no such record (never applied there)`;
    case 'differs':
      return evidence.fields !== undefined && evidence.fields.length > 0
        ? `${source} differs in ${listed(evidence.fields)} (never applied there, or changed since)`
        : `${source}'s record differs from the manifest (never applied there, or changed since)`;
    case 'present':
      return `${source} still holds the record this deletes`;
    case 'missing-values':
      return evidence.variables !== undefined && evidence.variables.length > 0
        ? `${source} declares no value for ${listed(evidence.variables)}, which the manifest needs here`
        : `the manifest, with ${source}'s values, leaves this entry out`;
    default:
      // A plan saved by a later version may give a reason this one does not know.
      return `${source} gives no evidence of it (${showControls(String((evidence as { reason?: unknown }).reason))})`;
  }
}

/** A blocked change's reason, when a promotion holds it back for want of evidence. */
export function unprovenReason(evidence: ChangeEvidence, source: string): string {
  return evidence.status === 'unproven' ? `no evidence that it is live in ${source}: ${unprovenWhy(evidence, source)}` : `no evidence that it is live in ${source}`;
}

/** The way out of a block for want of evidence. */
export function unprovenBlocker(source: string): string {
  return `apply it to ${source} first and promote again, or promote with --allow-unproven to go ahead without evidence`;
}

/** A change's evidence in a line of its own (`evidence: …`) under the change. */
export function evidenceNote(evidence: ChangeEvidence, promotion: PlanPromotion): string {
  const source = promotion.from.name;
  if (evidence.status === 'proven') {
    const own = evidence.ownValues ?? [];
    const target = promotion.to.name;
    const values = own.length > 0 ? `; with ${target}'s own values for ${own.join(', ')}, which ${source} cannot try` : '';
    if (evidence.since === undefined) {
      return own.length > 0 ? `live in ${source} as the manifest has it${values}` : `live in ${source} (its journal records no apply of it)`;
    }
    const from = [...(evidence.run !== undefined ? [`run ${evidence.run}`] : []), ...(evidence.planHash !== undefined ? [`plan ${shortPlanHash(evidence.planHash)}`] : [])];
    return `live in ${source} since ${evidence.since}${from.length > 0 ? ` (${from.join(', ')})` : ''}${values}`;
  }
  const allowed = promotion.allowedUnproven ? '; goes ahead under --allow-unproven' : '';
  return `NOT proven: ${unprovenWhy(evidence, source)}${allowed}`;
}

/** A change's evidence in a few words, for a table cell. */
export function evidenceInBrief(evidence: ChangeEvidence | undefined, promotion: PlanPromotion): string {
  if (evidence === undefined) return '';
  if (evidence.status === 'proven') return evidence.since === undefined ? `live in ${promotion.from.name}` : `live in ${promotion.from.name} since ${evidence.since}`;
  return `NOT proven: ${unprovenWhy(evidence, promotion.from.name)}`;
}

/** The plan's promotion in a sentence, for its heading. */
export function promotionLine(promotion: PlanPromotion): string {
  const { from, to } = promotion;
  return (
    `Promotion from ${from.name} (group ${from.groupId} at ${from.baseUrl}) to ${to.name} (group ${to.groupId} at ${to.baseUrl}): ` +
    `each change says whether it is live in ${from.name}, as the manifest has it there.`
  );
}

/**
 * The records whose changes go ahead without evidence (with --allow-unproven), each once and in
 * the plan's order, as the visible plan shows addresses.
 */
export function unprovenAddresses(plan: Plan): string[] {
  const out = new Set<string>();
  for (const change of plan.changes) if (evidenceOf(change)?.status === 'unproven') out.add(visibleRecordAddress(change));
  return [...out];
}

/** `--allow-unproven: 2 changes go ahead without evidence that they are live in test`, for the records unprovenAddresses lists. */
export function allowedUnprovenSentence(count: number, source: string): string {
  return `--allow-unproven: ${count} change${count === 1 ? ' goes' : 's go'} ahead without evidence that ${count === 1 ? 'it is' : 'they are'} live in ${source}`;
}
