import type { EnvironmentIdentity } from '../environments/types.js';
import { planDocument } from '../plan/plan-document.js';
import { savedPromotionOf } from '../plan/promotion.js';
import type { SavedPlan } from '../plan/saved-plan.js';
import { InternalError } from '../errors.js';
import { savedPlanOf, writeSavedPlanDocument, type SavedPlanRun, type WriteSavedPlanOptions } from '../workflow/saved-plan-file.js';

/** A saved promotion plan: a saved plan of the target environment, with the promotion its apply's journal records. */
export type SavedPromotionPlan = SavedPlan & { readonly environment: EnvironmentIdentity; readonly promotion: NonNullable<SavedPlan['promotion']> };

/**
 * The saved plan of a promotion (`paycfg promote -o FILE`): the target's plan as any saved plan
 * holds it (its evidence and promotion are in the plan, so its hash covers them), the target
 * environment it is for (`apply FILE` refuses another), and beside it the promotion with each
 * change's evidence by address.
 */
export function savedPromotionPlan(run: SavedPlanRun, target: EnvironmentIdentity): SavedPromotionPlan {
  const saved = savedPlanOf(run);
  const promotion = savedPromotionOf(planDocument(run.plan));
  if (promotion === undefined) throw new InternalError('a promotion plan without its promotion');
  return { ...saved, environment: target, promotion };
}

/** Writes the saved promotion plan, as `plan --out` writes a saved plan: its owner's alone, never half written. */
export async function writeSavedPromotion(file: string, run: SavedPlanRun, target: EnvironmentIdentity, cwd: string, options: WriteSavedPlanOptions = {}): Promise<void> {
  await writeSavedPlanDocument(file, savedPromotionPlan(run, target), cwd, options);
}
