import type { LoadedManifest } from '../manifest/load-manifest.js';
import type { RulesReport } from './types.js';

export * from './types.js';

/**
 * Runs every built-in payment rule over a loaded manifest. Pure, synchronous, sends nothing.
 * CONTRACT STUB (issue 32): the rules helper replaces the body.
 */
export function checkPaymentRules(_loaded: Pick<LoadedManifest, 'manifest' | 'locate' | 'secrets' | 'missingVariables'>): RulesReport {
  return { rules: [], errors: [], warnings: [], skipped: [], findings: [] };
}

/**
 * checkPaymentRules, then a ManifestError (every rule error as file:line:col: path: message [rule])
 * when any error remains; returns the report otherwise. What validate, plan and apply call.
 * CONTRACT STUB (issue 32).
 */
export function assertPaymentRules(loaded: Pick<LoadedManifest, 'manifest' | 'locate' | 'secrets' | 'missingVariables' | 'files'>): RulesReport {
  return checkPaymentRules(loaded);
}
