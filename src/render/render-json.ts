import type { Plan } from '../plan/plan.js';
import { stringifyJson } from '../util/visible-text.js';
import { publicPlan } from './public-plan.js';

/**
 * The public JSON form of a plan (schemas/plan.schema.json, render/public-plan); control and
 * bidirectional characters are \u-escaped, C1 and bidi included (JSON.stringify leaves those raw).
 */
export function renderPlanJson(plan: Plan): string {
  return `${stringifyJson(publicPlan(plan), 2)}\n`;
}
