import type { Plan } from '../plan/plan.js';
import { publishedPlan } from '../plan/published-plan.js';
import { redactPlan } from './redact.js';

/**
 * A plan as paycfg shows it: secrets redacted, then shaped as it is published
 * (plan/published-plan.ts). What the JSON plan prints and what the text and Markdown read.
 */
export function publicPlan(plan: Plan): Plan {
  return publishedPlan(redactPlan(plan));
}
