import type { EnvironmentIdentity } from '../environments/types.js';
import type { Action } from '../plan/plan.js';
import type { ChangeEvidence } from '../plan/promotion.js';

/**
 * The records of a journal (`apply --journal FILE`), one JSON object a line. The format is public:
 * later versions add record types and fields, never rename or remove one; an incompatible change
 * bumps JOURNAL_FORMAT_VERSION, and a reader refuses a version it does not know.
 *
 * Every record starts with the key `journalVersion` (the writer builds it first, and JSON keeps
 * key order), so that a line is recognised as a journal record by its first bytes even when it
 * was cut short by a crash, and a file that is not a journal is told apart at its first line.
 *
 * No record holds a secret: no token, no deviceAdmin, passcode or adminPwd. Change records carry
 * no field values at all, only addresses, outcomes and the service's words, which are scrubbed of
 * every secret the run sends and of the token (journal/scrub-text.ts) before they are written.
 */
export const JOURNAL_FORMAT_VERSION = 1;

/** The first bytes of every record the writer writes. */
export const RECORD_PREFIX = '{"journalVersion":';

interface RecordBase {
  readonly journalVersion: typeof JOURNAL_FORMAT_VERSION;
  readonly type: string;
  /** The run's id (a random UUID): records of runs interleaved in one file are told apart by it. */
  readonly run: string;
  /** When the record was written, ISO 8601 in UTC. */
  readonly time: string;
}

/** A manifest file, or the saved plan, as it was when the run started. */
export interface HashedFile {
  /** As given on the command line (relative to the working directory), or `<stdin>`. */
  readonly path: string;
  /** SHA-256 of its bytes, hex; null for standard input whose text was not handed over. */
  readonly sha256: string | null;
}

/** What the run carried out: a manifest (`apply -f`) or a saved plan (`apply PLANFILE`). */
export type RunSource =
  | { readonly kind: 'manifest'; readonly files: readonly HashedFile[] }
  | {
      readonly kind: 'saved-plan';
      readonly file: HashedFile;
      /** The manifest files the plan was made from, as the saved plan names them (not hashed: they may be gone). */
      readonly manifestFiles: readonly string[];
      /** When the plan was saved. */
      readonly createdAt?: string;
    };

/** The git work tree the files are in; every field null when they are in none, or git is absent. */
export interface GitContext {
  /** HEAD's commit (40 hex digits). */
  readonly commit: string | null;
  /** True when `git status` shows no change at all: no modified, staged or untracked file. */
  readonly clean: boolean | null;
  /** The run's files (manifest or saved plan) that differ from the commit or are not in it. */
  readonly uncommitted: readonly string[] | null;
}

/** Who ran it, and what said so: an environment variable, or the OS account the process ran as. */
export interface Actor {
  readonly name: string;
  readonly from: 'GITHUB_ACTOR' | 'GITLAB_USER_LOGIN' | 'USER' | 'os-account';
}

export interface RunStartRecord extends RecordBase {
  readonly type: 'run-start';
  readonly paycfgVersion: string;
  readonly baseUrl: string;
  readonly group: { readonly groupId: string; readonly groupName: string };
  /** Set when the apply wrote through the legacy API (`/api/v2`); absent: the current API. */
  readonly api?: 'legacy';
  /** The environment the run was for (`--env`), by name; absent when it named none. */
  readonly environment?: string;
  /** planHash() of the plan carried out: `sha256:` and 64 hex digits. */
  readonly planHash: string;
  readonly source: RunSource;
  readonly git: GitContext;
  readonly actor: Actor | null;
  /** The plan's counts (create, update, delete, replace, blocked). */
  readonly plan: { readonly create: number; readonly update: number; readonly delete: number; readonly replace: number; readonly blocked: number };
  /** Changes the run will try (the plan's steps, detach and replacement halves included). */
  readonly changes: number;
  /**
   * Every change the run is to make, in plan order: when the process dies mid-run (no run-end
   * record), the changes with no record of their own are the ones that may be half-done.
   */
  readonly planned?: readonly { readonly address: string; readonly action: Action }[];
}

/** Why a change failed: the service's code and message when it answered, else paycfg's error code and message. */
export interface ChangeFailure {
  /** paycfg's error code (`API`, `TRANSPORT`, `OUTCOME_UNKNOWN`…); `UNKNOWN` for an error that is not paycfg's. */
  readonly code: string;
  /** The service's own code (10000…), when it answered with its envelope. */
  readonly serviceCode?: number;
  readonly httpStatus?: number;
  /** `POST /api/openapi/v1/device`: the request that was refused. */
  readonly request?: string;
  /** The whole message, secrets masked and control characters escaped. */
  readonly message: string;
}

export interface ChangeRecord extends RecordBase {
  readonly type: 'change';
  readonly address: string;
  /** The address the record had, for a rename in place (`moved:`): an auditor sees both names. */
  readonly movedFrom?: string;
  readonly action: Action;
  /** `detach` or `replace-old` for the steps of a replacement. */
  readonly step?: 'detach' | 'replace-old';
  readonly outcome: 'done' | 'failed' | 'skipped';
  /** What was done (`created id 12`, `updated`, `already gone`…), for a done change. */
  readonly detail?: string;
  /** The id of the record a create made (or adopted: `adopted` is then true). */
  readonly createdId?: string;
  readonly adopted?: true;
  readonly error?: ChangeFailure;
  /** Why a change was skipped (`<address> failed`). */
  readonly because?: string;
  /** From its start to its end, whole milliseconds; absent for a skipped change (it never started). */
  readonly durationMs?: number;
}

export interface RunSummary {
  readonly done: number;
  readonly failed: number;
  readonly skipped: number;
  /** Changes never started because the run was stopped. */
  readonly notStarted: number;
  /** Changes of the plan apply did not try (the service would refuse them, or protect: holds them). */
  readonly blocked: number;
}

export interface RunEndRecord extends RecordBase {
  readonly type: 'run-end';
  readonly summary: RunSummary;
  readonly exitCode: number;
  /** True when a signal (or an embedder's AbortSignal) stopped the run: changes in flight finished, none started after. */
  readonly interrupted: boolean;
  /** The signal that stopped it (`SIGINT`, `SIGTERM`), when one did and is known. */
  readonly signal?: string;
  /** The changes never started, by address. */
  readonly notStarted: readonly string[];
  /**
   * Set when a second signal stopped the process at once: the changes that were running then, by
   * address, may be half done (their outcome is unknown; read the live group before trying again).
   */
  readonly inFlight?: readonly string[];
  /** The run failed as a whole (not one change): paycfg's error code and message, scrubbed. */
  readonly error?: { readonly code: string; readonly message: string };
  /** From the run-start record to this one, whole milliseconds. */
  readonly durationMs: number;
}

/**
 * Written right after the run-start record of an apply of a promotion plan (`paycfg promote -o`):
 * the change record an auditor asks for (PCI DSS 6.5.1: each change's approval and testing
 * documented): where the changes were tried and where they go, the plan approved, and each change
 * with the evidence that it is live in the source (the source journal's run and plan hash where
 * known), or that it goes ahead without it. Who and when are the run's (`actor`, `time`).
 */
export interface PromotionRecord extends RecordBase {
  readonly type: 'promotion';
  readonly from: EnvironmentIdentity;
  readonly to: EnvironmentIdentity;
  /** The promotion plan's hash, as in the run-start record. */
  readonly planHash: string;
  /** `--allow-unproven` was given: changes without evidence went ahead. */
  readonly allowedUnproven: boolean;
  readonly actor: Actor | null;
  /** Every change the run is to make, in plan order, with its evidence. */
  readonly changes: readonly { readonly address: string; readonly action: Action; readonly evidence: ChangeEvidence }[];
}

/**
 * Written right after the run-start record (and a promotion's record) of an apply that let an
 * overridable policy finding through (`apply --override RULE=REASON`): one per rule and pack, with
 * the reason as written, who overrode it (the run's actor) and the addresses of what it let through.
 * `time` is when it was granted.
 */
export interface PolicyOverrideRecord extends RecordBase {
  readonly type: 'policy-override';
  /** The rule's id, e.g. `plan-terminal-reach`. */
  readonly rule: string;
  /** The pack it belongs to, e.g. `paycfg/plan-rules`. */
  readonly pack: string;
  /** Why, as `--override` wrote it (secrets the run sends masked). */
  readonly reason: string;
  readonly actor: Actor | null;
  /** The records of the findings let through; empty when they name none. */
  readonly addresses: readonly string[];
}

export type JournalRecord = RunStartRecord | ChangeRecord | RunEndRecord | PromotionRecord | PolicyOverrideRecord;
