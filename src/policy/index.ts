import type { Plan } from '../plan/plan.js';
import type { OverrideRequest, PackSource, PolicyEnvironment, PolicyReport } from './types.js';

export * from './types.js';

/**
 * Evaluates the packs over a published plan document: the built-in pack in this process, a PBO's
 * modules in a worker with a time limit. A pack that cannot be loaded, throws, does not finish or
 * returns what is not a list of violations fails the run (PolicyModuleError, naming the module):
 * nothing is let through silently. CONTRACT STUB (issue 32): the policy engine helper replaces it.
 */
export async function evaluatePolicies(
  _plan: Plan,
  _packs: readonly PackSource[],
  _context: { readonly environment?: PolicyEnvironment; readonly timeoutMs?: number },
): Promise<PolicyReport> {
  return { packs: [], findings: [] };
}

/**
 * The report with the overrides applied: an overridable finding of an overridden rule stops
 * blocking and carries `override`. An override of a rule that is not overridable, or that found
 * nothing, is refused (PolicyOverrideError): an override says what it lets through. CONTRACT STUB.
 */
export function applyOverrides(report: PolicyReport, _overrides: readonly OverrideRequest[], _by: string, _at: string): PolicyReport {
  return report;
}

/** Whether anything in the report stops an apply. */
export function blocksApply(report: Pick<PolicyReport, 'findings'>): boolean {
  return report.findings.some((finding) => finding.blocking);
}
