import type { Diagnostic } from '../manifest/diagnostics.js';
import type { Plan } from '../plan/plan.js';
import { PAYMENT_RULES_PACK, type RuleDiagnostic, type RulesReport } from '../rules/types.js';
import type { Finding, FindingsReport, RuleDescriptor } from './types.js';

/**
 * The findings report of a run, from what the command has at hand, for `--sarif` and `--junit`
 * (cli/report-options writeFindingsReports):
 *
 * - `validate` of a manifest that loaded and passed the payment rules: findingsOfRulesReport of the
 *   rules' report (its warnings, the records that switched a rule off);
 * - `validate` (or `plan`) of a manifest refused with a ManifestError: findingsOfManifestDiagnostics
 *   of its diagnostics with the rule catalogue. Only a diagnostic that carries its rule (a payment
 *   rule's, RuleDiagnostic) is a finding; a YAML or format error is not, and when there is no rule
 *   diagnostic the rules did not run (they run after the manifest loads), so the report is empty;
 * - `plan` and `check`: findingsOfPlan, the plan's findings (the rules' warnings and the packs'
 *   findings) and skipped rules, with the descriptors of the rules that ran (the payment rules'
 *   catalogue and each evaluated pack's rules, PolicyReport.packs[].rules), so that a rule that
 *   found nothing is a passing JUnit case too.
 */

export function findingsOfRulesReport(report: Pick<RulesReport, 'rules' | 'findings' | 'skipped'>): FindingsReport {
  return { rules: report.rules, findings: report.findings, skipped: report.skipped };
}

/** A diagnostic that a payment rule made: it names its rule and severity. */
export function isRuleDiagnostic(diagnostic: Diagnostic): diagnostic is RuleDiagnostic {
  const { rule, severity } = diagnostic as Partial<RuleDiagnostic>;
  return typeof rule === 'string' && (severity === 'error' || severity === 'warning');
}

/**
 * The payment rules' findings among a refused manifest's diagnostics (ManifestError.diagnostics),
 * with validate's warnings when it has them. `rules` is the catalogue of the payment rules: every
 * rule ran when any of them found something.
 */
export function findingsOfManifestDiagnostics(diagnostics: readonly Diagnostic[], rules: readonly RuleDescriptor[]): FindingsReport {
  const findings = diagnostics.filter(isRuleDiagnostic).map(
    (d): Finding => ({
      rule: d.rule,
      pack: PAYMENT_RULES_PACK,
      level: d.severity,
      message: d.message,
      location: { file: d.file, line: d.line, col: d.col },
      blocking: d.severity === 'error',
    }),
  );
  return { rules: findings.length === 0 ? [] : rules, findings, skipped: [] };
}

/** A plan's findings and skipped rules, with the descriptors of the rules that ran. */
export function findingsOfPlan(plan: Pick<Plan, 'findings' | 'skippedRules'>, rules: readonly RuleDescriptor[] = []): FindingsReport {
  return { rules, findings: plan.findings ?? [], skipped: plan.skippedRules ?? [] };
}
