import { z } from 'zod';
import type { EnvironmentIdentity } from '../environments/types.js';
import { sortKeys } from '../model/canonical.js';
import type { Address } from '../model/kinds.js';
import type { Change, Plan } from './plan.js';

/**
 * A promotion (`paycfg promote --from test --to production`) plans the target environment and
 * labels each change with its evidence from the source: whether the same change is live there.
 * These are the plan's words for it, as its JSON spells them (schemas/plan.schema.json); how the
 * evidence is found is src/promote/'s.
 */

/**
 * Why a change is not proven in the source environment, as a word a program can branch on:
 * - `absent`: the source's group has no such record (the change was never applied there);
 * - `differs`: the source's record differs from the manifest in fields the change writes (`fields`):
 *   never applied there, or changed since;
 * - `present`: the change deletes a record the source's group still holds;
 * - `missing-values`: the manifest, loaded with the source's values, leaves the entry out or cannot
 *   compare a field the change writes, because the source declares no value it needs (`variables`).
 * Later reasons are added to this list, never renamed.
 */
export type UnprovenReason = 'absent' | 'differs' | 'present' | 'missing-values';

export const UNPROVEN_REASONS: readonly UnprovenReason[] = ['absent', 'differs', 'present', 'missing-values'];

/** The change is live in the source: its record matches the manifest there in every field the change writes. */
export interface ProvenEvidence {
  readonly status: 'proven';
  /** When the source's journal last records this change done (ISO 8601): the change has been live there since. Absent when its journal does not say. */
  readonly since?: string;
  /** The id of that run in the source's journal. */
  readonly run?: string;
  /** The hash of the plan that run applied. */
  readonly planHash?: string;
  /**
   * Fields the change writes whose value is the target's own (its environment's values make it
   * other than the source's): live in the source as the manifest has them, with the source's
   * values, but the target's value itself was never tried there. Sorted; absent when none.
   */
  readonly ownValues?: readonly string[];
}

export interface UnprovenEvidence {
  readonly status: 'unproven';
  readonly reason: UnprovenReason;
  /** With `differs`: the top-level fields in which the source differs, sorted. */
  readonly fields?: readonly string[];
  /** With `missing-values`: the variables the source declares no value for, sorted. */
  readonly variables?: readonly string[];
}

export type ChangeEvidence = ProvenEvidence | UnprovenEvidence;

/**
 * Evidence as a saved plan or a journal holds it, read back: every field of the shape it must have
 * (a `reason` of a later version is kept, as text), so that nothing rendered from a file is other
 * than text.
 */
export const changeEvidenceSchema = z.union([
  z.looseObject({ status: z.literal('proven'), since: z.string().optional(), run: z.string().optional(), planHash: z.string().optional(), ownValues: z.array(z.string()).optional() }),
  z.looseObject({ status: z.literal('unproven'), reason: z.string(), fields: z.array(z.string()).optional(), variables: z.array(z.string()).optional() }),
]);

/** The plan's promotion: where its evidence comes from and where it is applied. */
export interface PlanPromotion {
  readonly from: EnvironmentIdentity;
  readonly to: EnvironmentIdentity;
  /** `--allow-unproven`: changes without evidence go ahead instead of being blocked. */
  readonly allowedUnproven: boolean;
}

/** What a saved promotion plan keeps beside its plan (`promotion` of the saved plan): the plan's promotion and each change's evidence, by address. */
export interface SavedPromotion extends PlanPromotion {
  readonly evidence: Readonly<Record<Address, ChangeEvidence>>;
}

/** A change or blocked change of a promotion plan. */
export interface WithEvidence {
  readonly evidence?: ChangeEvidence;
}

/** A change's evidence, when the plan is a promotion's. */
export function evidenceOf(entry: object): ChangeEvidence | undefined {
  return (entry as WithEvidence).evidence;
}

/** The saved form of a promotion plan's promotion: its header and every change's evidence. */
export function savedPromotionOf(plan: Plan): SavedPromotion | undefined {
  if (plan.promotion === undefined) return undefined;
  const evidence: Record<Address, ChangeEvidence> = {};
  for (const change of plan.changes) {
    const found = evidenceOf(change);
    if (found !== undefined) evidence[change.address] = found;
  }
  return { ...plan.promotion, evidence };
}

/**
 * Whether a saved plan's `promotion` says what its plan says (the plan is covered by the saved
 * plan's hash, the promotion beside it is not): its header, and each change's evidence, no more.
 */
export function promotionMatchesPlan(promotion: SavedPromotion, plan: Pick<Plan, 'promotion' | 'changes'>): boolean {
  if (plan.promotion === undefined) return false;
  const { evidence, ...header } = promotion;
  if (canonical(header) !== canonical(plan.promotion)) return false;
  const withEvidence = plan.changes.filter((change: Change) => evidenceOf(change) !== undefined);
  if (withEvidence.length !== Object.keys(evidence).length) return false;
  return withEvidence.every((change) => canonical(evidence[change.address]) === canonical(evidenceOf(change)));
}

function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}
