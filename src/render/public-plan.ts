import type { Plan, PublishedPlan, RawPlan } from '../plan/plan.js';
import { planFromDocument } from '../plan/plan-document.js';
import { publishedPlan } from '../plan/published-plan.js';
import { redactPlan } from './redact.js';

/**
 * A raw plan as paycfg shows it: secrets redacted, then shaped as it is published
 * (plan/published-plan.ts). What the JSON plan prints and what the text and Markdown read.
 */
export function publicPlan(plan: RawPlan): PublishedPlan {
  return publishedPlan(redactPlan(plan));
}

/**
 * A plan document from outside (a saved plan's, or a plan a library caller hands back) as paycfg
 * shows it: read back as a raw plan (plan/plan-document.ts), then redacted and published again,
 * which leaves a plan already published as it was.
 */
export function publicPlanOfDocument(document: Plan): PublishedPlan {
  return publicPlan(planFromDocument(document));
}
