import type { Finding, RuleDescriptor, RuleSeverity, SkippedRule } from '../findings/types.js';
import type { Kind } from '../kinds/registry.js';
import type { Diagnostic, ManifestPath } from '../manifest/diagnostics.js';
import type { AcquirerProfileEntry, EmvConfigEntry } from '../manifest/model.js';
import type { ReferenceSource, ReferenceSourceId } from '../reference-data/sources.js';

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

/** A YAML fragment that breaks a rule, and the same made right: docs/rules.md shows both. */
export interface RuleExample {
  readonly wrong: string;
  readonly right: string;
}

/**
 * What a rule reads besides its entry: the EMV configs and profiles by name (each the first entry of
 * its name, as the cross-checks read them), and its parent's entry for a kind written inside
 * another's (a binding's or a device's merchant).
 */
export interface ManifestLookup {
  emv(name: string): EmvConfigEntry | undefined;
  profile(name: string): AcquirerProfileEntry | undefined;
}

/**
 * How a rule reports. Paths are inside the entry (`['params', 'clCVMLimit']`); the engine places
 * them in the file. A value goes into a message only through `shown`, which says `<secret value>`
 * for one built from a variable.
 */
export interface RuleContext<P = unknown> {
  /** The entry the checked one is written in (a binding's merchant), or undefined at the top level. */
  readonly parent: P | undefined;
  readonly lookup: ManifestLookup;
  report(path: ManifestPath, message: string, at?: 'value' | 'key'): void;
  /** Whether the value at `path` inside the entry came from a variable or a secret field: never shown, nor anything computed from it. */
  secret(path: ManifestPath): boolean;
  /** A value of the entry (at `path` inside it) as a message may show it. */
  shown(path: ManifestPath, value: unknown): string;
  /** A value of the parent entry as a message may show it. */
  shownInParent(path: ManifestPath, value: unknown): string;
  /** A value of an EMV config or profile the lookup gave, as a message may show it. */
  shownIn(entry: EmvConfigEntry | AcquirerProfileEntry, path: ManifestPath, value: unknown): string;
  /** Whether a value waits for a missing variable (`--allow-missing-env`): rules skip it. */
  pending(value: unknown): boolean;
}

/** A built-in payment rule over the entries of one kind. */
export interface PaymentRule<E = any, P = any> {
  /** Stable kebab-case id, prefixed by its kind (`emv-…`, `profile-…`, `merchant-…`, `binding-…`, `device-…`). */
  readonly id: string;
  /** The kind whose entries it checks, and whose `skipRules` may switch it off. */
  readonly kind: Kind;
  /** One line: what it checks, and why at this severity. */
  readonly title: string;
  readonly severity: RuleSeverity;
  /** What and why, for docs/rules.md (markdown, a paragraph). */
  readonly description: string;
  readonly example: RuleExample;
  /** The reference data it reads: sources of src/reference-data/sources.ts by id, or its own. */
  readonly sources: readonly (ReferenceSourceId | ReferenceSource)[];
  check(entry: E, context: RuleContext<P>): void;
}
