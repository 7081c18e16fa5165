/** Promotion with proof (`paycfg promote --from A --to B`): the target's plan, each change with its evidence from the source. */
export { promote, publishPromotion, type PromoteOptions, type PromotionPlan, type PromotionSide } from './promote.js';
export { PromotionError, SourceManifestError } from './errors.js';
export { savedPromotionPlan, writeSavedPromotion, type SavedPromotionPlan } from './saved-promotion.js';
