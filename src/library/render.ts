import type { Plan } from '../plan/plan.js';
import { renderPlanText as renderText } from '../render/render-document.js';
import { createStyle } from '../render/style.js';

export interface TextOptions {
  /** ANSI colours, as `paycfg plan` prints at a terminal; default false. */
  readonly color?: boolean;
}

/**
 * A plan as `paycfg plan` prints it, in the manner of `terraform plan`: secrets shown as
 * `(sensitive)`, control characters from the service as escapes. Takes the plan from plan() or
 * apply() (or a raw one: it is redacted here all the same).
 */
export function renderPlanText(plan: Plan, options: TextOptions = {}): string {
  return renderText(plan, createStyle(options.color === true));
}
