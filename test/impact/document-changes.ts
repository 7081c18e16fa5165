/**
 * The impact of changes written by hand as a plan document has them (an address with its suffix,
 * no role): read in as paycfg reads a plan written before (plan/plan-document.ts), then weighed as
 * the planner's own. The tests' changes keep their document form; computeImpact reads roles as fields.
 */
import * as impact from '../../src/impact/compute-impact.js';
import { changeFromDocument } from '../../src/plan/plan-document.js';
import type { Change } from '../../src/plan/plan.js';

type Rest<F> = F extends (changes: never, ...rest: infer R) => unknown ? R : never;

export function computeImpact(changes: readonly Change[], ...rest: Rest<typeof impact.computeImpact>): ReturnType<typeof impact.computeImpact> {
  return impact.computeImpact(changes.map(changeFromDocument), ...rest);
}

export function merchantsToCount(changes: readonly Change[], ...rest: Rest<typeof impact.merchantsToCount>): string[] {
  return impact.merchantsToCount(changes.map(changeFromDocument), ...rest);
}
