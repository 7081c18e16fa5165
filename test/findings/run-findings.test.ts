import { describe, expect, it } from 'vitest';
import { findingsJunit } from '../../src/findings/junit.js';
import { findingsOfManifestDiagnostics, findingsOfPlan, findingsOfRulesReport, isRuleDiagnostic } from '../../src/findings/run-findings.js';
import { findingsSarif } from '../../src/findings/sarif.js';
import type { RuleDescriptor } from '../../src/findings/types.js';
import { diagnostic, ManifestError } from '../../src/manifest/diagnostics.js';
import type { RuleDiagnostic } from '../../src/rules/types.js';
import { FULL_REPORT } from './reports.js';
import { junitSchemaErrors, sarifSchemaErrors } from './schemas.js';

const CATALOGUE: RuleDescriptor[] = FULL_REPORT.rules.filter((rule) => rule.pack === 'paycfg/payment-rules');

function ruleDiagnostic(file: string, line: number, col: number, rule: string, severity: 'error' | 'warning', text: string): RuleDiagnostic {
  return { ...diagnostic({ file, line, col }, ['emvConfigs', 0, 'contactless', 'cvmLimit'], text), rule, severity };
}

describe('the findings report of a run', () => {
  it('of a manifest refused by the payment rules: each rule diagnostic a finding at its place, with the catalogue of the rules', async () => {
    const error = new ManifestError(
      [
        ruleDiagnostic('manifests/emv.yaml', 12, 7, 'emv-contactless-limits', 'error', 'the CVM limit 5000 is above the transaction limit 4000 [emv-contactless-limits]'),
        ruleDiagnostic('manifests/emv.yaml', 14, 7, 'merchant-mcc-known', 'warning', '9999 is not a code of ISO 18245 [merchant-mcc-known]'),
      ],
      ['manifests/emv.yaml'],
    );
    const report = findingsOfManifestDiagnostics(error.diagnostics, CATALOGUE);
    expect(report.rules).toBe(CATALOGUE);
    expect(report.skipped).toEqual([]);
    expect(report.findings).toEqual([
      {
        rule: 'emv-contactless-limits',
        pack: 'paycfg/payment-rules',
        level: 'error',
        message: 'emvConfigs[0].contactless.cvmLimit: the CVM limit 5000 is above the transaction limit 4000 [emv-contactless-limits]',
        location: { file: 'manifests/emv.yaml', line: 12, col: 7 },
        blocking: true,
      },
      {
        rule: 'merchant-mcc-known',
        pack: 'paycfg/payment-rules',
        level: 'warning',
        message: 'emvConfigs[0].contactless.cvmLimit: 9999 is not a code of ISO 18245 [merchant-mcc-known]',
        location: { file: 'manifests/emv.yaml', line: 14, col: 7 },
        blocking: false,
      },
    ]);
    expect(sarifSchemaErrors(findingsSarif(report, { toolVersion: '0', cwd: '/repo', manifestFiles: error.files }))).toEqual([]);
    const junit = findingsJunit(report);
    expect(await junitSchemaErrors(junit)).toEqual([]);
    expect(junit).toContain('<testsuites name="paycfg" tests="4" failures="1" errors="0">');
  });

  it('of a manifest refused before the rules ran (YAML, format, references): empty, since no rule ran', () => {
    const diagnostics = [diagnostic({ file: 'paycfg.yaml', line: 3, col: 1 }, ['merchants'], 'expected a list')];
    expect(diagnostics.some(isRuleDiagnostic)).toBe(false);
    expect(findingsOfManifestDiagnostics(diagnostics, CATALOGUE)).toEqual({ rules: [], findings: [], skipped: [] });
  });

  it('tells a rule diagnostic by its rule and severity', () => {
    const plain = diagnostic({ file: 'a.yaml', line: 1, col: 1 }, [], 'm');
    expect(isRuleDiagnostic(plain)).toBe(false);
    expect(isRuleDiagnostic({ ...plain, rule: 'emv-x', severity: 'error' } as RuleDiagnostic)).toBe(true);
    expect(isRuleDiagnostic({ ...plain, rule: 'emv-x', severity: 'fatal' } as unknown as RuleDiagnostic)).toBe(false);
  });

  it('of a valid manifest: the rules report’s rules, findings and skipped rules', () => {
    const rules = { rules: CATALOGUE, errors: [], warnings: [], findings: FULL_REPORT.findings.slice(2, 3), skipped: FULL_REPORT.skipped };
    expect(findingsOfRulesReport(rules)).toEqual({ rules: CATALOGUE, findings: FULL_REPORT.findings.slice(2, 3), skipped: FULL_REPORT.skipped });
  });

  it('of a plan: its findings and skipped rules, with the rules that ran; a plan with none gives an empty report', () => {
    expect(findingsOfPlan({})).toEqual({ rules: [], findings: [], skipped: [] });
    expect(findingsOfPlan({ findings: [...FULL_REPORT.findings], skippedRules: [...FULL_REPORT.skipped] }, FULL_REPORT.rules)).toEqual(FULL_REPORT);
  });
});
