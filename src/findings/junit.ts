import { showControls } from '../util/visible-text.js';
import { packsOfRules, rulesOfReport, type ReportRule } from './report-rules.js';
import type { Finding, FindingsReport, SkippedRule } from './types.js';
import { xmlAttribute, xmlText } from './xml-text.js';

/**
 * A findings report as JUnit XML, for the CI systems that show test reports (GitLab's merge-request
 * test widget through `artifacts: reports: junit:`, Jenkins, Azure DevOps, CircleCI). The shape is
 * the one Surefire writes and Jenkins' xunit plugin describes in junit-10.xsd (the schema the tests
 * check against, test/fixtures/junit/):
 *
 * - one `<testsuite>` per pack (`paycfg/payment-rules`, `paycfg/plan-rules`, a PBO's pack), one
 *   `<testcase>` per rule that ran, `classname` the pack and `name` the rule id;
 * - a rule with a blocking finding (a manifest error, a mandatory finding, an overridable one not
 *   overridden) fails: a `<failure>` whose `type` is the level, whose `message` is the first
 *   blocking finding and whose text lists every blocking finding, one a line, as
 *   `file:line:col: address: message [level]`;
 * - what does not block (a warning, an advisory finding, an overridden one with who overrode it,
 *   when and why) and the records the manifest switched the rule off for (`skipRules:`, with the
 *   reason) are written in the case's `<system-out>`, passing or failing;
 * - no case is `<skipped>`: a rule switched off for some records still checked the others, and a
 *   rule a pack's levels switch off (`off`) does not run, so it is not in the report at all.
 *
 * A report with no rule is an empty `<testsuites>`. Every text is shown as paycfg shows text it did
 * not write (controls as escapes), then XML-escaped (xml-text).
 */

export function findingsJunit(report: FindingsReport): string {
  const packs = packsOfRules(rulesOfReport(report));
  const failing = (rule: ReportRule) => rule.findings.some((finding) => finding.blocking);
  const total = packs.reduce((sum, pack) => sum + pack.rules.length, 0);
  const failures = packs.reduce((sum, pack) => sum + pack.rules.filter(failing).length, 0);
  const head = `<testsuites name="paycfg" tests="${total}" failures="${failures}" errors="0"`;
  if (packs.length === 0) return `<?xml version="1.0" encoding="UTF-8"?>\n${head}/>\n`;
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `${head}>`];
  for (const { pack, rules } of packs) {
    lines.push(`  <testsuite name="${attribute(pack)}" tests="${rules.length}" failures="${rules.filter(failing).length}" errors="0">`);
    for (const rule of rules) lines.push(...testCase(rule));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function testCase(rule: ReportRule): string[] {
  const open = `    <testcase classname="${attribute(rule.pack)}" name="${attribute(rule.id)}"`;
  const blocking = rule.findings.filter((finding) => finding.blocking);
  const output = [...rule.findings.filter((finding) => !finding.blocking).map(findingLine), ...rule.skipped.map(skippedLine)];
  if (blocking.length === 0 && output.length === 0) return [`${open}/>`];
  const lines = [`${open}>`];
  const first = blocking[0];
  if (first !== undefined) {
    const more = blocking.length > 1 ? ` (and ${blocking.length - 1} more)` : '';
    lines.push(`      <failure type="${attribute(first.level)}" message="${attribute(`${findingLine(first)}${more}`)}">${xmlText(blocking.map(findingLine).join('\n'))}</failure>`);
  }
  if (output.length > 0) lines.push(`      <system-out>${xmlText(output.join('\n'))}</system-out>`);
  lines.push('    </testcase>');
  return lines;
}

/** `paycfg.yaml:12:5: emv/visa-usd: message [level]`, as validate prints a rule's diagnostic; an override after the level. */
function findingLine(finding: Finding): string {
  const where = finding.location === undefined ? '' : `${visible(finding.location.file)}:${finding.location.line}:${finding.location.col}: `;
  const address = finding.address === undefined ? '' : `${visible(finding.address)}: `;
  const override = finding.override === undefined ? '' : `, overridden by ${visible(finding.override.by)} at ${visible(finding.override.at)}: ${visible(finding.override.reason)}`;
  return `${where}${address}${visible(finding.message)} [${finding.level}${override}]`;
}

/** `paycfg.yaml:3:5: emv/visa-usd: switched off in the manifest: reason`. */
function skippedLine(skip: SkippedRule): string {
  const where = skip.location === undefined ? '' : `${visible(skip.location.file)}:${skip.location.line}:${skip.location.col}: `;
  return `${where}${visible(skip.address)}: switched off in the manifest: ${visible(skip.reason)}`;
}

/** One line of text paycfg did not write: every control (newlines too) as an escape, so no line can be forged. */
function visible(value: string): string {
  return showControls(value, { unicodeEscapes: true });
}

function attribute(value: string): string {
  return xmlAttribute(visible(value));
}
