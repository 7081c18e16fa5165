/**
 * Fleets: many groups run as one (`paycfg fleet …`). A fleet is a list of targets, each a group with
 * its service, token source, manifests and values: an environment of the environments format, made
 * from a template and per-group values (src/fleet/file), run together with one bound on requests in
 * flight (src/fleet/run), split into shards for a CI matrix or a Kubernetes Indexed Job
 * (src/fleet/shard.ts, src/fleet/matrix), and reported as one summary (src/fleet/summary). The types
 * every stage shares.
 */
import type { SourcePosition } from '../manifest/diagnostics.js';
import type { EnvironmentDefinition, EnvironmentsFile } from '../environments/types.js';

/** One group of the fleet: an environment, named, with the labels a selector picks it by. */
export interface FleetTarget {
  /** As an environment's name: a lowercase letter, then up to 31 lowercase letters, digits, - and _. */
  readonly name: string;
  readonly group: string;
  readonly baseUrl: string;
  /** Free-form labels (tier: gold, region: eu), from the target's entry or columns. */
  readonly labels: Readonly<Record<string, string>>;
  /** The environment this target is: resolveEnvironment(fleet.environments, name) makes it concrete. */
  readonly definition: EnvironmentDefinition;
  /** Where the target is declared: its entry in the fleet file, or its row in a CSV or JSON list. */
  readonly declaredAt: SourcePosition;
}

/** The fleet file (paycfg.fleet.yaml), or an environments file taken as a fleet, loaded and checked. */
export interface FleetFile {
  /** Absolute path. */
  readonly path: string;
  /** As messages show it: relative to the working directory when inside it. */
  readonly name: string;
  /** Every target, in the order declared (inline targets, then each list file's rows, in order). */
  readonly targets: readonly FleetTarget[];
  /** The targets as an environments file, so that an environment's machinery (values, tokens, saved plans, journals) serves each. */
  readonly environments: EnvironmentsFile;
}

/** Which of the fleet's targets a run is for. Every part given must hold (AND). */
export interface TargetSelector {
  /** Target names or groups, `*` a wildcard (`acme-*`, `G-0000001?` is not: only `*`); a target matching any is picked. */
  readonly names?: readonly string[];
  /** label=value pairs the target must all carry. */
  readonly labels?: Readonly<Record<string, string>>;
}

/** One shard of N: 1-based, as `--shard 3/8` writes it. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

export type FleetCommand = 'validate' | 'plan' | 'apply' | 'drift';

/**
 * What became of one target.
 * - ok: valid (validate), nothing to change (plan, drift), or nothing to apply (apply).
 * - changes: plan found changes to make (or blocked ones).
 * - drifted: drift found the group differs from its manifests.
 * - applied: apply carried out every change.
 * - failed: an error (the target's `failure` says which), or apply with a change that failed.
 * - blocked: apply refused before any write by a blocking policy finding.
 * - untouched: apply never started it (a wave halted, or Ctrl-C).
 */
export type FleetTargetStatus = 'ok' | 'changes' | 'drifted' | 'applied' | 'failed' | 'blocked' | 'untouched';

export const FLEET_TARGET_STATUSES: readonly FleetTargetStatus[] = ['ok', 'changes', 'drifted', 'applied', 'failed', 'blocked', 'untouched'];

/** Why a target failed, as the summary groups failures: `token expired: 12 groups`. */
export interface FailureCause {
  /** Stable, for JSON and grouping: `token-expired`, `token-missing`, `unreachable`, `manifest-invalid`, `plan-stale`, `policy-blocked`, … or an error code in lower case. */
  readonly id: string;
  /** In words, for a heading: `token expired`. */
  readonly title: string;
}

/** What a target's plan (or apply) counted. */
export interface FleetTargetCounts {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
  readonly replace: number;
  /** Changes the plan holds back (refused by the service, protect:, unsettled batches). */
  readonly blocked: number;
  /** Live records the manifests do not manage (drift reads them all; plan only those it read). */
  readonly unmanaged: number;
  /** Policy and payment-rule findings on the plan. */
  readonly findings: number;
  /** Of those, the ones that block its apply. */
  readonly blockingFindings: number;
  /** apply: what the run did with the changes. */
  readonly applied?: { readonly done: number; readonly failed: number; readonly skipped: number; readonly notStarted: number };
  /** validate: records in the target's manifests. */
  readonly records?: number;
}

export interface FleetTargetResult {
  readonly name: string;
  readonly group: string;
  readonly baseUrl: string;
  readonly status: FleetTargetStatus;
  /** What `paycfg <command> --env NAME` would have exited with for this target alone; untouched: 0. */
  readonly exitCode: number;
  /** Absent when the target failed before it was planned, or was never started. */
  readonly counts?: FleetTargetCounts;
  readonly failure?: { readonly cause: FailureCause; readonly code: string; readonly message: string };
  /** apply with waves: 0 for the canary wave, then 1, 2, … */
  readonly wave?: number;
  /** plan -o: the saved plan's file, relative to the plan directory. */
  readonly planFile?: string;
  /** The plan's hash (planHash), when a plan was made. */
  readonly planHash?: string;
  /** drift with alerts: what changed since the last run, when something did. */
  readonly transition?: 'newly-drifted' | 'changed' | 'resolved';
  /** Wall time of the target, ms. Not compared when shard reports are merged. */
  readonly durationMs: number;
}

/** The one summary of a fleet run (schemas/fleet-summary.schema.json); `fleet report` merges shards' into one. */
export interface FleetSummary {
  readonly formatVersion: 1;
  readonly kind: 'paycfg-fleet-summary';
  readonly command: FleetCommand;
  /** The fleet file, as messages name it. */
  readonly fleetFile: string;
  /** The shards this summary covers (one for a shard's run, every one for a merged report); absent for a run of the whole fleet. */
  readonly shards?: readonly Shard[];
  /** By name. */
  readonly targets: readonly FleetTargetResult[];
  /** Failures grouped by cause, the largest group first. */
  readonly causes: readonly { readonly cause: FailureCause; readonly targets: readonly string[] }[];
  readonly totals: {
    readonly targets: number;
    readonly byStatus: Readonly<Record<FleetTargetStatus, number>>;
    readonly create: number;
    readonly update: number;
    readonly delete: number;
    readonly replace: number;
  };
  /** apply: the wave that halted the run, and why; the targets after it are `untouched`. */
  readonly halted?: { readonly wave: number; readonly reason: string };
  /** Ctrl-C (or SIGTERM) stopped the run from starting targets. */
  readonly interrupted: boolean;
  /** plan -o: the hash over every target's plan (fleet.json), which `fleet apply DIR` checks. */
  readonly fleetPlanHash?: string;
  /** The fleet run's exit code: 1 when any target failed or was blocked, or the run halted; else 2 when any has changes or drift (plan, drift); else 0. 130 when interrupted. */
  readonly exitCode: number;
  /** Not compared when shard reports are merged. */
  readonly startedAt: string;
  readonly durationMs: number;
}

/** Format version of the summary's JSON. */
export const FLEET_SUMMARY_FORMAT_VERSION = 1;
