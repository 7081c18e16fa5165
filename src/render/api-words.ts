import type { Plan } from '../plan/plan.js';

/**
 * What the header of a plan, a drift report and apply's prompt add after the group's address: the
 * API the group is read and written through, named only when it is the legacy one (the current
 * API's plans read as they always did).
 */
export function throughApi(plan: Pick<Plan, 'api'>): string {
  return plan.api === 'legacy' ? ' through the legacy API (/api/v2)' : '';
}
