import type { Finding } from '../findings/types.js';
import { didYouMean } from '../manifest/did-you-mean.js';
import { PolicyOverrideError } from './errors.js';
import type { OverrideRequest, PolicyOverrideGrant, PolicyReport } from './types.js';

/**
 * The report with the overrides applied: each finding of an overridden rule whose level is
 * overridable stops blocking and carries `override` (reason, who, when). An override says what it
 * lets through, so one that lets nothing through is refused: a rule no pack of the run has, a
 * rule that is not overridable, a rule that found nothing, a reason left empty, a rule given twice.
 *
 * @throws PolicyOverrideError naming the override and why.
 */
export function applyOverrides(report: PolicyReport, overrides: readonly OverrideRequest[], by: string, at: string): PolicyReport {
  if (overrides.length === 0) return report;
  const rules = new Map<string, Set<string>>();
  for (const pack of report.packs) for (const rule of pack.rules) rules.set(rule.id, (rules.get(rule.id) ?? new Set()).add(rule.level));
  const given = new Map<string, OverrideRequest>();
  for (const override of overrides) {
    const named = `--override ${override.rule}`;
    if (given.has(override.rule)) throw new PolicyOverrideError(`${named} is given twice: override a rule once, with one reason`, { rule: override.rule });
    if (override.reason.trim() === '') {
      throw new PolicyOverrideError(`${named}= has no reason: write why the findings may go ahead (--override ${override.rule}="…"); the journal records it`, { rule: override.rule });
    }
    const levels = rules.get(override.rule);
    if (levels === undefined) {
      const known = [...rules.keys()];
      throw new PolicyOverrideError(
        `${named}: no policy pack of this run has rule ${override.rule}${didYouMean(override.rule, known)}${known.length > 0 ? `; its rules: ${known.join(', ')}` : '; no pack was evaluated'}`,
        { rule: override.rule },
      );
    }
    if (!levels.has('overridable')) {
      throw new PolicyOverrideError(
        `${named}: rule ${override.rule} is ${[...levels].join(' and ')}, not overridable: only an overridable rule's findings can be let through. ` +
          (levels.has('mandatory') ? 'Change the plan so that it passes the rule.' : 'Its findings do not block the apply.'),
        { rule: override.rule },
      );
    }
    if (!report.findings.some((finding) => finding.rule === override.rule && finding.level === 'overridable')) {
      throw new PolicyOverrideError(`${named}: rule ${override.rule} found nothing in this plan, so the override would let nothing through; drop it`, { rule: override.rule });
    }
    given.set(override.rule, override);
  }
  const findings = report.findings.map((finding): Finding => {
    const override = given.get(finding.rule);
    if (override === undefined || finding.level !== 'overridable') return finding;
    return { ...finding, blocking: false, override: { reason: override.reason.trim(), by, at } };
  });
  return { ...report, findings };
}

/** The overrides a report carries, one per rule and pack, with the addresses of what each let through: what the journal records. */
export function overrideGrants(findings: readonly Finding[]): PolicyOverrideGrant[] {
  const grants = new Map<string, { rule: string; pack: string; reason: string; by: string; at: string; addresses: string[] }>();
  for (const finding of findings) {
    if (finding.override === undefined) continue;
    const key = JSON.stringify([finding.pack, finding.rule]);
    let grant = grants.get(key);
    if (grant === undefined) grants.set(key, (grant = { rule: finding.rule, pack: finding.pack, ...finding.override, addresses: [] }));
    if (finding.address !== undefined && !grant.addresses.includes(finding.address)) grant.addresses.push(finding.address);
  }
  return [...grants.values()];
}

/** `--override RULE=REASON` as a request. */
export function parseOverride(text: string): OverrideRequest {
  const at = text.indexOf('=');
  if (at <= 0) throw new PolicyOverrideError(`--override ${text}: write it as RULE=REASON, e.g. --override plan-terminal-reach="new contactless limit, approved in CHG-123"`);
  return { rule: text.slice(0, at).trim(), reason: text.slice(at + 1) };
}
