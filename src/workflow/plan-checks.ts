import path from 'node:path';
import type { Finding, FindingLocation, SkippedRule } from '../findings/types.js';
import { entryPathsOf } from '../kinds/entry-paths.js';
import { STDIN_NAME } from '../manifest/collect-files.js';
import { formatPosition } from '../manifest/diagnostics.js';
import type { LoadedManifest } from '../manifest/load-manifest.js';
import type { PolicyEntry } from '../manifest/model.js';
import { planDocument } from '../plan/plan-document.js';
import { withFindings } from '../plan/published-plan.js';
import type { Plan, PublishedPlan } from '../plan/plan.js';
import { applyOverrides, evaluatePolicies, planPolicyPackOf, type OverrideRequest, type PackSource, type PolicyEnvironment, type PolicyReport } from '../policy/index.js';
import { PAYMENT_RULES_PACK, type RulesReport } from '../rules/index.js';

/**
 * The checks of a plan once it is made and published: the payment rules' warnings and skipped
 * rules (found on the manifest before any request), and the policy packs the manifest and the run
 * name, evaluated over the published plan. Their findings go on the plan (`findings`,
 * `skippedRules`, `policyPacks`), each located on its manifest entry when the run has the manifest.
 * With no pack named and nothing found, the plan is returned as it was: byte for byte the plan
 * paycfg made before it had checks.
 */

/** Where a finding's address is written in the manifest: kept by a run that names packs, for their findings. */
export type FindingLocator = (addresses: readonly string[]) => ReadonlyMap<string, FindingLocation>;

/** What a plan is checked with. */
export interface PlanChecks {
  /** Payment rules' findings already known (warnings only: an error refused the plan) and the rules switched off for a record. */
  readonly found: readonly Finding[];
  readonly skipped: readonly SkippedRule[];
  /** The packs to evaluate: the manifest's `policies:`, then the run's (`--policy`). */
  readonly packs: readonly PackSource[];
  /** Set when the run has the manifest and names packs. */
  readonly locate?: FindingLocator;
}

export interface PolicyRunOptions {
  /** The run's working directory: a plan records its packs' paths relative to it. */
  readonly cwd: string;
  readonly environment?: PolicyEnvironment;
  readonly timeoutMs?: number;
  /**
   * Values no finding may show: the manifest's secret values and the token. A pack reads the
   * published plan, where they are masked already, but its messages may quote what it read elsewhere.
   */
  readonly secrets?: readonly string[];
  /** `apply --override`: let overridable findings through, by whom and when. */
  readonly overrides?: { readonly requests: readonly OverrideRequest[]; readonly by: string; readonly at: string };
}

/** The plan with its checks' findings, and the policy packs' report (empty when none was named). */
export interface CheckedPlan {
  readonly plan: PublishedPlan;
  readonly policy: PolicyReport;
}

/** The payment rules' part of a run's checks: their warnings as findings, the records' skipped rules. */
export function rulesChecks(report: Pick<RulesReport, 'findings' | 'skipped'>): Pick<PlanChecks, 'found' | 'skipped'> {
  return { found: report.findings.filter((finding) => !finding.blocking), skipped: report.skipped };
}

/** A saved plan's own payment-rule findings and skipped rules: what `apply PLANFILE` and `check` keep of it (its policy findings are evaluated again). */
export function savedChecks(plan: Plan): Pick<PlanChecks, 'found' | 'skipped'> {
  // Findings are not hashed: what a saved file says of them is shown as what it is, a payment rule's
  // warning, never an error, a blocking finding or an override that the journal would record.
  const found = (plan.findings ?? [])
    .filter((finding) => finding.pack === PAYMENT_RULES_PACK)
    .map(({ override: _override, ...finding }): Finding => ({ ...finding, level: 'warning', blocking: false }));
  return { found, skipped: plan.skippedRules ?? [] };
}

/**
 * Evaluates the packs over the plan and puts every finding on it.
 * @throws PolicyModuleError (a pack that cannot be evaluated), PolicyOverrideError (an override that lets nothing through).
 */
export async function checkPlan(plan: PublishedPlan, checks: PlanChecks, options: PolicyRunOptions): Promise<CheckedPlan> {
  const { findings: _findings, skippedRules: _skipped, policyPacks: _packs, ...unchecked } = plan;
  let policy: PolicyReport = { packs: [], findings: [] };
  if (checks.packs.length > 0) {
    policy = await evaluatePolicies(planDocument(unchecked as PublishedPlan), checks.packs, {
      ...(options.environment !== undefined ? { environment: options.environment } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
    if (options.overrides !== undefined) policy = applyOverrides(policy, options.overrides.requests, options.overrides.by, options.overrides.at);
    if (checks.locate !== undefined) policy = { ...policy, findings: located(policy.findings, checks.locate) };
  }
  const findings = [...checks.found, ...policy.findings];
  const packs = checks.packs.map((source) => planPolicyPackOf(source, options.cwd));
  // Masked and ordered as the plan's own texts are; nothing to add gives the plan as it was published.
  const checked = withFindings(unchecked as PublishedPlan, { findings, skippedRules: checks.skipped, policyPacks: packs }, options.secrets ?? []);
  return { plan: checked, policy };
}

/**
 * Each finding whose address is a record the manifest has an entry for, at that entry. A pack names
 * records (helpers.recordAddress); any other address keeps no location.
 */
export function located(findings: readonly Finding[], locate: FindingLocator): Finding[] {
  const wanted = [...new Set(findings.flatMap((finding) => (finding.address !== undefined && finding.location === undefined ? [finding.address] : [])))];
  if (wanted.length === 0) return [...findings];
  const places = locate(wanted);
  return findings.map((finding) => {
    if (finding.address === undefined || finding.location !== undefined) return finding;
    const location = places.get(finding.address);
    return location === undefined ? finding : { ...finding, location };
  });
}

/** A locator over a loaded manifest: the position of each address's entry. Holds the manifest: made only for a run that names packs. */
export function findingLocator(loaded: Pick<LoadedManifest, 'manifest' | 'locate'>): FindingLocator {
  return (addresses) => {
    const out = new Map<string, FindingLocation>();
    for (const [address, at] of entryPathsOf(loaded.manifest, new Set(addresses))) {
      const { file, line, col } = loaded.locate(at);
      out.set(address, { file, line, col });
    }
    return out;
  };
}

/**
 * The manifest's `policies:` as pack sources: a relative path read from the directory of the file
 * that names it (the one file that writes `policies:`; standard input's is the working directory).
 */
export function manifestPackSources(policies: readonly PolicyEntry[] | undefined, locate: LoadedManifest['locate'], cwd: string): PackSource[] {
  if (policies === undefined || policies.length === 0) return [];
  const file = locate(['policies']).file;
  const baseDir = file === STDIN_NAME || file.startsWith('<') ? cwd : path.dirname(path.resolve(cwd, file));
  return policies.map((entry, index) => ({
    pack: entry.pack,
    baseDir,
    namedAt: formatPosition(locate(['policies', index])),
    ...(entry.levels !== undefined ? { levels: entry.levels } : {}),
    ...(entry.config !== undefined ? { config: entry.config } : {}),
  }));
}
