import type { Finding, FindingLocation, FindingOverride, SkippedRule } from '../findings/types.js';
import type { Plan, PlanPolicyPack } from '../plan/plan.js';
import { findingGroup, orderedFindings, type FindingGroup } from '../plan/published-plan.js';

/**
 * The words of what the checks found on a plan (the payment rules' warnings, the policy packs'
 * findings, the rules the manifest switched off, the packs evaluated), shared by the text and
 * Markdown renderers as evidence-wording is for a promotion. Each renderer lays the parts out and
 * escapes them its own way; the parts come from a plan already made visible (render/visible-plan).
 */

/**
 * How a renderer sets the parts of a sentence that are not paycfg's own words: `name` an id, an
 * address, a place or a flag (a code span in Markdown), `text` free text from a module or the
 * manifest (escaped in Markdown). The text renderer shows both as they are.
 */
export interface Words {
  name(text: string): string;
  text(text: string): string;
}

const AS_THEY_ARE: Words = { name: (text) => text, text: (text) => text };

function counted(count: number, what: string): string {
  return `${count} ${what}${count === 1 ? '' : 's'}`;
}

function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** `paycfg.yaml:12:5`, as validate prints a place in the manifest. */
export function locationText(location: FindingLocation): string {
  return `${location.file}:${location.line}:${location.col}`;
}

/** How an overridable finding was let through: `overridden by alice at 2025-…: <reason>`. */
export function overrideNote(override: FindingOverride, words: Words = AS_THEY_ARE): string {
  return `overridden by ${words.text(override.by)} at ${words.text(override.at)}: ${words.text(override.reason)}`;
}

/**
 * A finding after its mark: `mandatory plan-… (pack): emv/visa-usd at paycfg.yaml:4:5: message`:
 * its weight and rule first, then what it is about and where the manifest says it, then its words.
 */
export function findingLine(finding: Finding, words: Words = AS_THEY_ARE): string {
  const where = [
    ...(finding.address !== undefined ? [words.name(finding.address)] : []),
    ...(finding.location !== undefined ? [`at ${words.name(locationText(finding.location))}`] : []),
  ];
  return `${words.text(finding.level)} ${words.name(finding.rule)} (${words.text(finding.pack)}): ${where.length > 0 ? `${where.join(' ')}: ` : ''}${words.text(finding.message)}`;
}

/** The headings of the groups, in the order they are read (published-plan findingGroup). */
export const FINDING_HEADING: Readonly<Record<FindingGroup, string>> = {
  blocking: 'Findings that block the apply',
  overridden: 'Findings overridden for this apply',
  other: 'Findings that do not block the apply',
};

export interface FindingsGroup {
  readonly group: FindingGroup;
  readonly findings: readonly Finding[];
}

/** The plan's findings by group, each group in the published order; groups without a finding are left out. */
export function findingsByGroup(plan: Pick<Plan, 'findings'>): FindingsGroup[] {
  const ordered = orderedFindings(plan.findings ?? []);
  const groups: FindingsGroup[] = [];
  for (const group of ['blocking', 'overridden', 'other'] as const) {
    const findings = ordered.filter((finding) => findingGroup(finding) === group);
    if (findings.length > 0) groups.push({ group, findings });
  }
  return groups;
}

/** `emv-aid-network switched off for emv/visa-usd: <reason>`, a skipped rule in words (its place, when known, is the renderer's to add). */
export function skippedLine(skipped: SkippedRule, words: Words = AS_THEY_ARE): string {
  return `${words.name(skipped.rule)} switched off for ${words.name(skipped.address)}: ${words.text(skipped.reason)}`;
}

/** A pack as the run named it: `policies/acme.ts (named at paycfg.yaml:3:5; levels: plan-terminal-reach=mandatory)`. */
export function packLine(pack: PlanPolicyPack, words: Words = AS_THEY_ARE): string {
  const levels = Object.entries(pack.levels ?? {}).map(([rule, level]) => words.name(`${rule}=${level}`));
  return `${words.name(pack.pack)} (named at ${words.name(pack.namedAt)}${levels.length > 0 ? `; levels: ${levels.join(', ')}` : ''})`;
}

/** The heading of the packs list. */
export function packsHeading(count: number): string {
  return `Policy packs evaluated (${count})`;
}

/** The heading of the skipped rules. */
export function skippedHeading(count: number): string {
  return `Rules switched off in the manifest (${count})`;
}

/** Whether `--override` can let a finding through: a mandatory finding (or a manifest error) cannot be. */
function isOverridable(finding: Finding): boolean {
  return finding.level === 'overridable';
}

/** The `--override` flags that would let the blocking overridable findings through, each rule once. */
export function overrideFlags(plan: Pick<Plan, 'findings'>): string[] {
  const rules = new Set<string>();
  for (const finding of plan.findings ?? []) if (finding.blocking && isOverridable(finding)) rules.add(finding.rule);
  return [...rules].map((rule) => `--override ${rule}=<reason>`);
}

/**
 * What the apply of this plan will do about its findings, in words: refused by policy (how many
 * findings block it, which cannot be overridden, and the flags that let the others through), or
 * nothing blocks it. Undefined when the plan has no finding and named no pack.
 */
export function policyVerdict(plan: Pick<Plan, 'findings' | 'policyPacks'>, words: Words = AS_THEY_ARE): { readonly refused: boolean; readonly text: string } | undefined {
  const findings = plan.findings ?? [];
  if (findings.length === 0 && (plan.policyPacks ?? []).length === 0) return undefined;
  const blocking = findings.filter((finding) => finding.blocking);
  if (blocking.length === 0) {
    const overridden = findings.filter((finding) => finding.override !== undefined).length;
    return { refused: false, text: `No finding blocks the apply${overridden > 0 ? ` (${counted(overridden, 'finding')} overridden, above)` : ''}.` };
  }
  const fixed = [...new Set(blocking.filter((finding) => !isOverridable(finding)).map((finding) => finding.rule))].map(words.name);
  const flags = overrideFlags(plan).map(words.name);
  const parts = [`The apply will be refused by policy: ${counted(blocking.length, 'finding')} ${blocking.length === 1 ? 'blocks' : 'block'} it.`];
  if (fixed.length > 0) {
    parts.push(
      `${listed(fixed)} cannot be overridden: change the manifest (or the live group) so that ${fixed.length === 1 ? 'it finds' : 'they find'} nothing, and plan again.`,
    );
  }
  if (flags.length > 0) {
    const what = fixed.length > 0 ? 'the overridable ones' : blocking.length === 1 ? 'it' : 'them';
    parts.push(`To let ${what} through, apply with ${flags.join(' ')} (the journal records each reason, who gave it and when).`);
  }
  return { refused: true, text: parts.join(' ') };
}
