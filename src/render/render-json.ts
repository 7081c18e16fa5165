import type { Plan } from '../plan/plan.js';
import { redactPlan } from './redact.js';

/** The public JSON form of a plan (schemas/plan.schema.json), secrets redacted. */
export function renderPlanJson(plan: Plan): string {
  return `${JSON.stringify(redactPlan(plan), null, 2)}\n`;
}
