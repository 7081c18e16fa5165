import type { PolicyReport } from './types.js';

export * from './types.js';
export { PolicyBlockedError, PolicyModuleError, PolicyOverrideError } from './errors.js';
export { evaluatePolicies, type EvaluationContext } from './evaluate.js';
export { applyOverrides, overrideGrants, parseOverride } from './overrides.js';
export { DEFAULT_POLICY_TIMEOUT_MS } from './module-runner.js';
export { BUILTIN_PACK, packSourcesOfFlags, packSourcesOfPlan, planPolicyPackOf } from './pack-sources.js';
export { policyEnvironmentOf } from './environment.js';
export { createHelpers } from './helpers.js';

/** Whether anything in the report stops an apply. */
export function blocksApply(report: Pick<PolicyReport, 'findings'>): boolean {
  return report.findings.some((finding) => finding.blocking);
}
