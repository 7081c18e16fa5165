import type { Address } from '../model/kinds.js';

/**
 * What paycfg's checks find, in one shape for every reporter (the plan's text, Markdown and JSON,
 * SARIF, JUnit): the built-in payment rules over the manifest (src/rules/) and the policy packs over
 * the plan (src/policy/). A finding names its rule by a stable id; reports group by it.
 */

/** A manifest rule's severity: an error makes the manifest invalid (validate exits 1, plan refuses); a warning is shown. */
export type RuleSeverity = 'error' | 'warning';

/**
 * A policy rule's level, as Sentinel names them:
 * - `advisory`: shown, never blocks;
 * - `mandatory`: blocks the apply;
 * - `overridable`: blocks the apply unless overridden, by rule id, with a written reason (the journal records who and when).
 */
export type PolicyLevel = 'advisory' | 'mandatory' | 'overridable';

export const POLICY_LEVELS: readonly PolicyLevel[] = ['advisory', 'mandatory', 'overridable'];

/** A finding's weight: a manifest rule's severity, or a policy rule's level. */
export type FindingLevel = RuleSeverity | PolicyLevel;

/** A place in a manifest file, 1-based, as validate prints it. */
export interface FindingLocation {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** A rule as reports describe it: docs/rules.md, SARIF's `tool.driver.rules`, JUnit's test cases. */
export interface RuleDescriptor {
  /** Stable id, kebab case, e.g. `emv-contactless-limits`; never renamed once released. */
  readonly id: string;
  /** The pack it belongs to: `paycfg/payment-rules` (manifest), `paycfg/plan-rules` (built-in plan pack) or a PBO's pack name. */
  readonly pack: string;
  /** One line: what the rule checks, and why a reviewer cares. */
  readonly title: string;
  readonly level: FindingLevel;
}

/** How an overridable finding was let through at apply (`--override RULE=REASON`). */
export interface FindingOverride {
  readonly reason: string;
  /** Who overrode it (the journal's actor name). */
  readonly by: string;
  /** When, ISO 8601 UTC. */
  readonly at: string;
}

export interface Finding {
  readonly rule: string;
  readonly pack: string;
  readonly level: FindingLevel;
  /** One line; names values only where they are not secret. */
  readonly message: string;
  /** The record it is about, when it is about one (`emv/visa-usd`). */
  readonly address?: Address;
  /** Where in the manifest, when the run knows (validate, plan; `check` with the manifest). */
  readonly location?: FindingLocation;
  /** Whether it stops an apply: an error, a mandatory finding, an overridable one not overridden. */
  readonly blocking: boolean;
  readonly override?: FindingOverride;
}

/** A rule switched off for one record in the manifest (`skipRules: [{rule, reason}]`), which the plan shows. */
export interface SkippedRule {
  readonly rule: string;
  readonly address: Address;
  readonly reason: string;
  readonly location?: FindingLocation;
}

/** Everything one run checked and found: what SARIF and JUnit are written from. */
export interface FindingsReport {
  /** Every rule that ran, found something or not (JUnit's passing cases; SARIF's rule list). */
  readonly rules: readonly RuleDescriptor[];
  readonly findings: readonly Finding[];
  readonly skipped: readonly SkippedRule[];
}
