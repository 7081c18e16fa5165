import { PAYMENT_RULES_PACK } from '../rules/types.js';
import type { Finding, FindingsReport, RuleDescriptor, SkippedRule } from './types.js';

/**
 * The rules of a findings report, each with what it found and the records it was switched off for:
 * what SARIF's rule list and JUnit's test cases are written from. Rules come in the report's order;
 * a rule that a finding or a skip names but the report does not list (a plan whose rule catalogue
 * the run did not have) is added after them, in the order first named, with its id for its title,
 * so that every result and every finding has its rule.
 */
export interface ReportRule extends RuleDescriptor {
  readonly findings: readonly Finding[];
  readonly skipped: readonly SkippedRule[];
}

/** Rule ids are unique within a pack, not across packs. */
function ruleKey(pack: string, id: string): string {
  return `${pack}\u0000${id}`;
}

export function rulesOfReport(report: FindingsReport): ReportRule[] {
  const rules = new Map<string, { descriptor: RuleDescriptor; findings: Finding[]; skipped: SkippedRule[] }>();
  const add = (descriptor: RuleDescriptor) => {
    const key = ruleKey(descriptor.pack, descriptor.id);
    let entry = rules.get(key);
    if (entry === undefined) {
      entry = { descriptor, findings: [], skipped: [] };
      rules.set(key, entry);
    }
    return entry;
  };
  for (const rule of report.rules) add(rule);
  for (const finding of report.findings) {
    add({ id: finding.rule, pack: finding.pack, title: finding.rule, level: finding.level }).findings.push(finding);
  }
  for (const skip of report.skipped) {
    // `skipRules:` switches off a payment rule (the manifest's own rules); a skip names no pack.
    const descriptor = rules.get(ruleKey(PAYMENT_RULES_PACK, skip.rule))?.descriptor ??
      [...rules.values()].find((entry) => entry.descriptor.id === skip.rule)?.descriptor ?? { id: skip.rule, pack: PAYMENT_RULES_PACK, title: skip.rule, level: 'warning' };
    add(descriptor).skipped.push(skip);
  }
  return [...rules.values()].map(({ descriptor, findings, skipped }) => ({
    id: descriptor.id,
    pack: descriptor.pack,
    title: descriptor.title,
    level: descriptor.level,
    findings,
    skipped,
  }));
}

/** The packs of the rules, in the order first met, each with its rules. */
export function packsOfRules(rules: readonly ReportRule[]): { readonly pack: string; readonly rules: readonly ReportRule[] }[] {
  const packs = new Map<string, ReportRule[]>();
  for (const rule of rules) {
    const list = packs.get(rule.pack) ?? [];
    list.push(rule);
    packs.set(rule.pack, list);
  }
  return [...packs].map(([pack, list]) => ({ pack, rules: list }));
}
