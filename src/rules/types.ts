import type { Finding, RuleDescriptor, RuleSeverity, SkippedRule } from '../findings/types.js';
import type { Diagnostic } from '../manifest/diagnostics.js';

/**
 * The built-in payment rules: offline checks over a loaded manifest of what a payments reviewer
 * would catch (contactless limits out of order, an AID of another network, a terminal's currency
 * not its merchant's). Each kind's rules live beside it (src/kinds/<kind>.rules.ts); this folder
 * runs them, honours `skipRules`, and reports.
 */

export const PAYMENT_RULES_PACK = 'paycfg/payment-rules';

/** A rule finding at a manifest position: a Diagnostic (file:line:col: path: message) with its rule. */
export interface RuleDiagnostic extends Diagnostic {
  readonly rule: string;
  readonly severity: RuleSeverity;
}

export interface RulesReport {
  /** Every rule that ran. */
  readonly rules: readonly RuleDescriptor[];
  /** Severity error, not switched off: the manifest is invalid. */
  readonly errors: readonly RuleDiagnostic[];
  /** Severity warning, not switched off. */
  readonly warnings: readonly RuleDiagnostic[];
  /** Rules a record switched off, with its reason. */
  readonly skipped: readonly SkippedRule[];
  /** The errors and warnings as findings (errors blocking, warnings not), each with its address and location. */
  readonly findings: readonly Finding[];
}
