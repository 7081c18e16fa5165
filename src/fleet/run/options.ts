/** What a fleet run takes and gives back: the options of runFleet, its events and its result. */
import type { AlertOptions, AlertReport } from '../../alerts/index.js';
import type { Finding } from '../../findings/types.js';
import type { Diagnostic } from '../../manifest/diagnostics.js';
import type { ServiceRecordOption } from '../../service-record/resolve.js';
import type { FleetCommand, FleetFile, FleetSummary, FleetTarget, FleetTargetResult, Shard } from '../types.js';

/** Defaults, as the CLI documents them. */
export const DEFAULT_FLEET_MAX_IN_FLIGHT = 32;
export const DEFAULT_PARALLEL_TARGETS = 8;

/** How `fleet apply` goes in waves: a canary set first, then batches. */
export interface WaveOptions {
  /** The canary wave: this many targets (the first in the fleet's order), or these names. */
  readonly canary?: number | readonly string[];
  /** Each later wave: this many targets, or this percent of those left after the canary (rounded up, at least 1). */
  readonly size?: { readonly count: number } | { readonly percent: number };
}

/** A target starting or ending, for a progress display. */
export type FleetTargetEvent =
  | { readonly type: 'target-start'; readonly target: FleetTarget; readonly wave?: number }
  | {
      readonly type: 'target-end';
      readonly result: FleetTargetResult;
      /** validate: the target's warnings (secrets written with a default, payment rules' warnings), as `paycfg validate` prints them. */
      readonly warnings?: readonly Diagnostic[];
      /** plan: the policy findings on the target's plan. */
      readonly findings?: readonly Finding[];
    }
  | { readonly type: 'wave-start'; readonly wave: number; readonly targets: readonly string[] };

export interface FleetRunOptions {
  readonly command: FleetCommand;
  readonly fleet: FleetFile;
  /** The targets to run (selected, and sharded): in the fleet's order. */
  readonly targets: readonly FleetTarget[];
  /** The shard this run is, when it is one. */
  readonly shard?: Shard;
  readonly cwd: string;
  /** Where token and value sources `{ env }` are read. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Requests in flight over the whole fleet at once; default DEFAULT_FLEET_MAX_IN_FLIGHT. */
  readonly maxInFlight?: number;
  /** Targets run at once; default DEFAULT_PARALLEL_TARGETS. */
  readonly parallelTargets?: number;
  /** Requests in flight for one group at once (each group's --parallelism); default 8. */
  readonly parallelism?: number;
  /** validate: values whose source gives nothing are placeholders. */
  readonly allowMissingEnv?: boolean;
  /** plan, apply, drift: as the single commands take them. */
  readonly policy?: readonly string[];
  readonly impactWindow?: string;
  readonly allowUnsettled?: boolean;
  readonly maxDeletes?: number;
  readonly maxAffectedTerminals?: number;
  readonly ignoreUnmanaged?: boolean;
  /** plan, apply, drift: the service record every target's group is read with (as `--service-record`); a target's environment may name the same file, never another. */
  readonly serviceRecord?: ServiceRecordOption;
  /** plan: save one plan per target here, and fleet.json with the fleet plan hash. */
  readonly planDir?: string;
  /** plan -o: replace files that are saved plans already there. */
  readonly force?: boolean;
  /** apply: apply exactly the plans saved here by `fleet plan -o`. */
  readonly savedPlanDir?: string;
  /** apply: waves. */
  readonly waves?: WaveOptions;
  /** Aborting it stops starting targets; running ones finish (the first Ctrl-C). */
  readonly stopStarting?: AbortSignal;
  /** Aborting it stops running applies between changes, as apply's own Ctrl-C does (the second Ctrl-C). */
  readonly stopRunning?: AbortSignal;
  readonly onEvent?: (event: FleetTargetEvent) => void;
  /**
   * Called with each target's token as its client is made, and with each value its `{ env }` and
   * `{ file }` sources gave: what the CLI masks in everything it prints from then on (io.hideInOutput),
   * as every single-group command masks its token.
   */
  readonly hideSecret?: (value: string) => void;
  /** drift: metrics, webhook and the state file (src/alerts). */
  readonly alerts?: AlertOptions;
}

/** The summary, and for drift with alerts what the alerts did. */
export interface FleetRunResult {
  readonly summary: FleetSummary;
  readonly alerts?: AlertReport;
}
