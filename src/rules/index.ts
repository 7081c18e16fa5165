import { ManifestError } from '../manifest/diagnostics.js';
import type { LoadedManifest } from '../manifest/load-manifest.js';
import { runPaymentRules } from './run.js';
import type { RulesReport } from './types.js';

export * from './types.js';
export { PAYMENT_RULES, PAYMENT_RULE_DESCRIPTORS, paymentRule, rulesOfKind } from './catalogue.js';

/**
 * Runs every built-in payment rule over a loaded manifest. Pure, synchronous, sends nothing. A value
 * from a variable or a secret field is never shown (`<secret value>`); a value holding a missing
 * variable's placeholder (`--allow-missing-env`) is not checked.
 */
export function checkPaymentRules(loaded: Pick<LoadedManifest, 'manifest' | 'locate' | 'secrets' | 'missingVariables'>): RulesReport {
  return runPaymentRules(loaded);
}

/**
 * checkPaymentRules, then a ManifestError (every rule error as file:line:col: path: message [rule])
 * when any error remains; returns the report otherwise. What validate, plan and apply call.
 */
export function assertPaymentRules(loaded: Pick<LoadedManifest, 'manifest' | 'locate' | 'secrets' | 'missingVariables' | 'files'>): RulesReport {
  const report = checkPaymentRules(loaded);
  if (report.errors.length > 0) throw new ManifestError(report.errors, loaded.files);
  return report;
}
