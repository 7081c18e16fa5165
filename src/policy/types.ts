import type { Finding, PolicyLevel, RuleDescriptor } from '../findings/types.js';
import type { Plan } from '../plan/plan.js';

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

/**
 * Typed helpers over the plan, handed to every check (src/policy/helpers.ts). The policy helper
 * designs the set; at least: the changes of a kind and action, a field's before and after, the
 * terminals a change reaches and the payments through it in the impact window.
 */
export interface PolicyHelpers {
  readonly [name: string]: unknown;
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
