import type { Finding, PolicyLevel, RuleDescriptor } from '../findings/types.js';
import type { Traffic } from '../impact/types.js';
import type { Kind } from '../model/kinds.js';
import type { Action, Change, Plan } from '../plan/plan.js';

/**
 * Policy packs: a PBO's own rules over the documented plan (schemas/plan.schema.json), written in
 * JavaScript or TypeScript as Pulumi CrossGuard packs are, evaluated by `plan`, `apply` and
 * `paycfg check PLANFILE`. paycfg's built-in plan rules are a pack written the same way
 * (src/policy/builtin-pack.ts), the example to copy. This file is the public API of a pack module
 * (`paycfg/policy`); a module needs no runtime import of paycfg: it default-exports a PolicyPack,
 * and gets its helpers as the second argument of each check.
 */

export type { PolicyLevel } from '../findings/types.js';

/** What a rule reads: the plan as `plan --json` prints it (secrets redacted), the pack's config, the environment. */
export interface PolicyInput {
  readonly plan: Plan;
  /** The pack's `config:` in the manifest (or `{}`). */
  readonly config: Readonly<Record<string, unknown>>;
  /** Set when the plan was made for an environment (`--env`). */
  readonly environment?: PolicyEnvironment;
}

export interface PolicyEnvironment {
  readonly name: string;
  /**
   * The other environments of the environments file, each with its values as the file writes them
   * literally (a value read from { env } or { file } is left out: it may be a secret).
   */
  readonly others: readonly { readonly name: string; readonly values: Readonly<Record<string, string>> }[];
  /** This environment's literal values, likewise. */
  readonly values: Readonly<Record<string, string>>;
}

/** One thing a rule found. `address` names the change's record (`merchant/M-1`) when it is about one. */
export interface PolicyViolation {
  readonly message: string;
  readonly address?: string;
}

export interface PolicyRule {
  /** Stable id, unique within the pack, kebab case. */
  readonly id: string;
  /** One line: what it checks. */
  readonly description: string;
  /** The level when the manifest sets none; default `advisory`. */
  readonly level?: PolicyLevel;
  check(input: PolicyInput, helpers: PolicyHelpers): readonly PolicyViolation[] | undefined | void | Promise<readonly PolicyViolation[] | undefined | void>;
}

export interface PolicyPack {
  /** Unique among the packs a run evaluates, e.g. `acme/payments`. */
  readonly name: string;
  readonly rules: readonly PolicyRule[];
}

/** Which changes `helpers.changes()` returns: each given criterion narrows the list; a list means any of its members. */
export interface ChangeFilter {
  readonly kind?: Kind | readonly Kind[];
  readonly action?: Action | readonly Action[];
}

/** A field of a change, before and after (`undefined`: the record does not set it on that side). */
export interface FieldChange {
  readonly before: unknown;
  readonly after: unknown;
  /** Whether the two differ (compared as JSON). */
  readonly changed: boolean;
  /** Whether the value is secret: the plan shows `(sensitive)` in its place, never the value. */
  readonly sensitive: boolean;
}

/** A string value somewhere in a change's `after`, and where: `['acquirerFields', 'host', 0]`. */
export interface AfterString {
  readonly path: readonly (string | number)[];
  readonly value: string;
}

/**
 * Typed helpers over the plan, handed to every check as its second argument (src/policy/helpers.ts),
 * so that a pack needs no runtime import of paycfg. Each reads the plan the check is given; none
 * sends a request. A helper's answer is computed once per plan and shared by every rule.
 */
export interface PolicyHelpers {
  /**
   * The plan's changes, in plan order, narrowed by kind and action:
   * `changes({ kind: 'acquirer', action: ['delete', 'replace'] })`. The delete half of a
   * replacement (`step: 'replace-old'`) and a detach step are left out: the replacement itself
   * stands for the record (and carries its impact).
   */
  changes(filter?: ChangeFilter): readonly Change[];
  /** A field's value before and after the change (`field(change, 'asDefault')`); a nested field by its path (`['acquirerFields', 'tid']`). */
  field(change: Change, name: string | readonly (string | number)[]): FieldChange;
  /** The record a change acts on, `<kind>/<key>`, without a step's suffix (`#old`, `#detach`): the address a violation names. */
  recordAddress(change: Change): string;
  /**
   * The live terminals the change reaches through the dependency chain (EMV config → profiles and
   * bindings → merchants → terminals), from its `impact`; `known: false` when some of them were not
   * read (the count is then a lower bound). 0 for a change with no impact (a create of something new).
   */
  terminalsReached(change: Change): { readonly count: number; readonly known: boolean };
  /**
   * The payments through the change's record over the plan's impact window, from its
   * `impact.payments`; undefined when the plan did not read settlement data for it (a plan reads
   * it only when it deletes, replaces or re-routes money).
   */
  payments(change: Change): Traffic | undefined;
  /** Every string in the change's `after` (secret values are `(sensitive)` there, and left out here), with its path. */
  afterStrings(change: Change): readonly AfterString[];
}

/** Where a run takes a pack from: the manifest's `policies:`, or `--policy PATH`. Saved in a saved plan (`policyPacks`). */
export interface PackSource {
  /** `builtin`, or the module's path (.js, .mjs, .ts, .mts), absolute or relative to `baseDir`. */
  readonly pack: string;
  /** The directory a relative `pack` is read from (the manifest file's, or the working directory). */
  readonly baseDir: string;
  /** Where it was named, for messages: `paycfg.yaml:3:5` or `--policy`. */
  readonly namedAt: string;
  /** Per-rule levels that replace the pack's own; `off` skips the rule. */
  readonly levels?: Readonly<Record<string, PolicyLevel | 'off'>>;
  readonly config?: Readonly<Record<string, unknown>>;
}

/** `--override RULE=REASON`: an overridable rule let through for this apply, and why. */
export interface OverrideRequest {
  readonly rule: string;
  readonly reason: string;
}

export interface PolicyReport {
  readonly packs: readonly { readonly name: string; readonly source: string; readonly rules: readonly RuleDescriptor[] }[];
  /** Each with its level and `blocking`; overridden ones carry `override`. */
  readonly findings: readonly Finding[];
}

/** An override as it was granted at apply, for the journal (`policy-override` record): one per rule and pack. */
export interface PolicyOverrideGrant {
  readonly rule: string;
  readonly pack: string;
  readonly reason: string;
  /** Who overrode it: the journal's actor name. */
  readonly by: string;
  /** When, ISO 8601 UTC. */
  readonly at: string;
  /** The addresses of the findings it let through (empty for a finding about no record). */
  readonly addresses: readonly string[];
}

export type { Finding, FindingLocation, RuleDescriptor } from '../findings/types.js';
export type { Traffic } from '../impact/types.js';
export type { Kind } from '../model/kinds.js';
export type { Action, Change, Plan } from '../plan/plan.js';
