import type { Plan, PlanServiceRecord } from '../plan/plan.js';

/**
 * What the header of a plan, a drift report and apply's prompt add after the group's address: the
 * API the group is read and written through, named only when it is the legacy one (the current
 * API's plans read as they always did).
 */
export function throughApi(plan: Pick<Plan, 'api'>): string {
  return plan.api === 'legacy' ? ' through the legacy API (/api/v2)' : '';
}

/**
 * What the header of a plan, a drift report and apply's prompt put before the group's address when
 * the plan was made for an environment (`--env`): `environment production: `. Nothing otherwise,
 * so that a plan without one reads as it always did.
 */
export function forEnvironment(plan: Pick<Plan, 'environment'>): string {
  return plan.environment !== undefined ? `environment ${plan.environment}: ` : '';
}

/**
 * The line a plan's header adds when the live group was read with a service record: which file, and
 * the reading it records. None without a record, so that such a plan reads as it always did.
 */
export function serviceRecordWords(record: PlanServiceRecord, file: (name: string) => string = (name) => name): string {
  return `Service record: ${file(record.file)} (summary lists: ${record.summaryLists})`;
}
