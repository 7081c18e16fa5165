import { planDocument } from '../plan/plan-document.js';
import type { PublishedPlan } from '../plan/plan.js';
import { stringifyJson } from '../util/visible-text.js';

/**
 * The public JSON form of a published plan (schemas/plan.schema.json, plan/plan-document.ts);
 * control and bidirectional characters are \u-escaped, C1 and bidi included (JSON.stringify leaves
 * those raw).
 */
export function renderPlanJson(plan: PublishedPlan): string {
  return `${stringifyJson(planDocument(plan), 2)}\n`;
}
