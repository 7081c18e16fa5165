import type { Operation } from 'fast-json-patch';
import type { Finding, SkippedRule } from '../findings/types.js';
import type { ChangeImpact } from '../impact/types.js';
import type { Address, Kind } from '../model/kinds.js';
import type { ChangeOrigin } from './origin.js';
import type { ChangeEvidence, PlanPromotion } from './promotion.js';
import type { SummaryLists } from '../service-record/types.js';

/**
 * The plan is a plain value: renderers read it, `apply` executes it, `--json` prints it and
 * `--out` saves it. Its JSON form is a public format (schemas/plan.schema.json); bump
 * PLAN_FORMAT_VERSION on any incompatible change.
 */
export const PLAN_FORMAT_VERSION = 1;

export type Action = 'create' | 'update' | 'delete' | 'replace';

/** The steps of a replacement, as a change's `step` names them (in the JSON too). */
export type ChangeStep = 'detach' | 'replace-old';

/**
 * A change's part that `step` does not name and the JSON spells in its address alone
 * (`#duplicate-<id>`): the delete of a duplicate pending code. Held in memory (PlannedChange,
 * PlannedBlock); a plan document read back gets it from its address (plan-document.ts), the one
 * place that reads an address's suffix.
 */
export type ChangeRole = 'duplicate';

/** Why a warning is given, where a program must find it again (a saved plan's warnings against the batches read at apply time). */
export type WarningCause = 'unsettled';

/** How a device leaves: a pending code is deleted; an activated terminal is logged out or decommissioned. */
export type DeviceDisposal = 'delete' | 'logout' | 'decommission';

export interface Change {
  /**
   * `<kind>/<key>`, the address of the record it acts on (addressOf(kind, key)), with a suffix for
   * a change that is not the record's own: `#old` and `#detach` (`step` says which), and
   * `#duplicate-<id>` (a duplicate pending code's delete; PlannedChange `role`). Read no part from
   * the suffix: the fields say it.
   */
  readonly address: Address;
  readonly kind: Kind;
  readonly key: string;
  readonly action: Action;
  /** Managed fields as they are live (null for a create). Secret values are redacted by renderers. */
  readonly before: Record<string, unknown> | null;
  /** Managed fields as they will be written (null for a delete). */
  readonly after: Record<string, unknown> | null;
  /** RFC 6902 patch from `before` to `after`, over canonical values. */
  readonly patch: Operation[];
  /** Addresses of the changes that must finish before this one starts. */
  readonly dependsOn: Address[];
  /** Why this change exists, in words. */
  readonly reason: string;
  /** Side effects the service will perform as a result (asDefault handover, automatic binding). */
  readonly notes: string[];
  /**
   * Set when the change renames the live record in place (the manifest's `moved:`): the address it
   * had. The change is an update of its key field (profileName, providerReference, deviceAlias),
   * never a delete and a create.
   */
  readonly movedFrom?: Address;
  /** The service id of the live record this change acts on. */
  readonly liveId?: string | number;
  /** providerReference of the owning merchant, for bindings and devices. */
  readonly merchant?: string;
  readonly disposal?: DeviceDisposal;
  /** Set when the live record is one the service creates by itself (the automatic binding). */
  readonly predicted?: boolean;
  /** `detach`: a temporary update/delete so that a replaced resource can be deleted; `replace-old`: the delete half of a replacement. */
  readonly step?: ChangeStep;
  /** What the change reaches in the live group (merchants, terminals) and, when the plan read settlement data, the traffic through it. */
  readonly impact?: ChangeImpact;
  /** With `plan --base`: whether the change under review brings it, or it reverts a change made outside paycfg (plan/origin.ts). */
  readonly origin?: ChangeOrigin;
  /** On a promotion's plan (`paycfg promote`): whether the same change is live in the source environment, and since when (plan/promotion.ts). */
  readonly evidence?: ChangeEvidence;
}

/**
 * Why a binding or device the manifest does not name is left alone rather than deleted, when that
 * is its merchant's doing: the merchant is not in the manifest (`merchant-not-managed`), or its
 * entry has no `bindings:` / `devices:` key, so that list is not managed (`list-not-managed`; an
 * empty list, `devices: []`, would manage it and delete what is live). Later causes are added to
 * this list, never renamed.
 */
export type UnmanagedCause = 'merchant-not-managed' | 'list-not-managed';

export interface UnmanagedResource {
  readonly address: Address;
  readonly kind: Kind;
  readonly key: string;
  readonly note?: string;
  /** The live record's id: the only handle on a record the manifest cannot name (no key). */
  readonly liveId?: string | number;
  /** Its name, so that a reviewer can tell which record it is. */
  readonly name?: string;
  /** providerReference of the owning merchant, for bindings and devices. */
  readonly merchant?: string;
  readonly cause?: UnmanagedCause;
}

/**
 * The devices of a live merchant the plan did not read: the manifest does not manage them (the
 * merchant is not in it, or has no `devices:` key), and a plan reads only what it may change.
 * `paycfg drift` reads them, and lists each device instead.
 */
export interface UnreadDevices {
  readonly merchant: string;
  readonly cause: UnmanagedCause;
  /** Its terminals (devices not decommissioned), when this run counted them (a terminal budget); absent when unknown. */
  readonly terminals?: number;
}

/** Something a reviewer must see before approving, though it changes nothing by itself. */
export interface PlanWarning {
  /** The change or resource it is about, when there is one. */
  readonly address?: Address;
  readonly message: string;
  /** Unsettled batches through the change's record, let through by --allow-unsettled. */
  readonly batches?: UnsettledBatch[];
}

/**
 * Why a change is blocked, as a word a program can branch on (`reason` says it in words):
 * - `in-use`: the service would refuse it, since something the manifest does not manage still uses the record;
 * - `protected`: the record matches the manifest's `protect:` list (`pattern` says which entry);
 * - `dependency`: it must wait for another blocked change (`blockers` names it);
 * - `unsettled`: money not yet settled (an open or failed settlement batch, `batches` lists them) routes through the record;
 * - `unproven`: a promotion's change with no evidence that it is live in the source environment (`evidence` says why).
 * Later kinds are added to this list, never renamed.
 */
export type BlockCause = 'in-use' | 'protected' | 'dependency' | 'unsettled' | 'unproven';

/** An unsettled settlement batch as a blocked change or a warning names it: enough to find and settle it. */
export interface UnsettledBatch {
  readonly batchId: string;
  /** 0 open, 2 settlement failed. */
  readonly state: number;
  readonly paymentCount: number;
  /** Its payments' total, in major units of `currency`. */
  readonly amount: number;
  readonly currency: string;
}

export interface BlockedChange {
  readonly address: Address;
  readonly kind: Kind;
  readonly key: string;
  readonly action: Action;
  /** As on the change: a terminal's logout or decommission (action `delete`) says which. */
  readonly disposal?: DeviceDisposal;
  readonly cause: BlockCause;
  /** With cause `protected`: the entry of `protect:` the record matches (the first, when several do). */
  readonly pattern?: string;
  /** With cause `unsettled`: the batches that route through the record, oldest first. */
  readonly batches?: UnsettledBatch[];
  readonly reason: string;
  /** What stands in the way, in words (a merchant outside the manifest, a blocked prerequisite), and how to unblock it. */
  readonly blockers: string[];
  /** With `plan --base`, as on a change. */
  readonly origin?: ChangeOrigin;
  /** On a promotion's plan: the evidence of the change it holds back (with cause `unproven`, why it is not proven). */
  readonly evidence?: ChangeEvidence;
}

/** The address of a replacement's step on a record: `<record>#old`, `<record>#detach`. */
export function stepAddress(record: Address, step: ChangeStep): Address {
  return `${record}${step === 'replace-old' ? '#old' : '#detach'}`;
}

/** A blocked delete of a terminal keeps how its change would dispose of it (logout, decommission). */
export function disposalOf(change: Pick<Change, 'disposal'>, action: Action): { disposal?: DeviceDisposal } {
  return action === 'delete' && change.disposal !== undefined ? { disposal: change.disposal } : {};
}

export interface PlanSummary {
  create: number;
  update: number;
  delete: number;
  replace: number;
  /** Changes apply will not try (`blocked`): drift as much as the others (see hasChanges). */
  blocked: number;
}

export interface Plan {
  readonly formatVersion: typeof PLAN_FORMAT_VERSION;
  readonly baseUrl: string;
  readonly group: { readonly groupId: string; readonly groupName: string };
  /**
   * The configuration API the group was read through and the apply writes through: set only for a
   * group on the legacy API (`/api/v2`), so that a plan of a group on the current API reads, hashes
   * and saves as it did before the legacy API was served.
   */
  readonly api?: 'legacy';
  /**
   * The environment the plan was made for (`--env`), by name: its group and base URL are the
   * plan's. Absent for a plan made without one, so that such a plan reads, hashes and saves as before.
   */
  readonly environment?: string;
  /**
   * The service record the live group was read with (service-record/): the file as the run named it,
   * the sha256 of its bytes, and the reading it records. `apply PLANFILE` reads the group with the
   * same reading. Absent for a plan made without one, so that such a plan reads, hashes and saves as before.
   */
  readonly serviceRecord?: PlanServiceRecord;
  readonly changes: Change[];
  readonly unmanaged: UnmanagedResource[];
  /** Merchants whose unmanaged devices this run did not read, by providerReference; absent when there are none. */
  readonly unreadDevices?: UnreadDevices[];
  readonly blocked: BlockedChange[];
  readonly summary: PlanSummary;
  /** JSON pointers (`<address>#/<field>...`) whose values are secret. */
  readonly sensitive: string[];
  /** The --target addresses that limited this plan: set only on a partial plan. */
  readonly targets?: Address[];
  /** What a reviewer must know before approving (a create that looks like an unkeyed live record). */
  readonly warnings?: PlanWarning[];
  /**
   * The plan's hash (journal/plan-hash.ts), set on the plan paycfg publishes: the reviewer reads it on
   * the plan, the journal of the apply that carries the plan out records the same one.
   */
  readonly planHash?: string;
  /** Set on a promotion's plan (`paycfg promote`): the environment its evidence comes from and the one it applies to. */
  readonly promotion?: PlanPromotion;
  /**
   * What the checks found: the payment rules' warnings over the manifest (src/rules/) and the policy
   * packs' findings over this plan (src/policy/). Absent when there are none. Not hashed: apply
   * evaluates the packs again on the plan it carries out.
   */
  readonly findings?: Finding[];
  /** Payment rules the manifest switched off for a record, each with its reason (`skipRules:`). Absent when none. */
  readonly skippedRules?: SkippedRule[];
  /**
   * The policy packs this plan was checked with, as the run named them: a saved plan keeps them, so
   * that `apply PLANFILE` and `paycfg check PLANFILE` evaluate the same packs. Absent when none was named.
   */
  readonly policyPacks?: PlanPolicyPack[];
}

/** The service record a plan was read with, as the plan names it. */
export interface PlanServiceRecord {
  /** The record's file, relative to the working directory of the run that made the plan when inside it, with `/` separators. */
  readonly file: string;
  /** The hex SHA-256 of the file's bytes. */
  readonly sha256: string;
  /** Whose lists the record says a merchant's summary carries. */
  readonly summaryLists: SummaryLists;
}

/** A policy pack as a plan records it (src/policy/types.ts PackSource). */
export interface PlanPolicyPack {
  /**
   * `builtin`, or the module's path relative to the working directory of the run that made the plan
   * (a CI job that applies it checks the repository out elsewhere), with `/` separators.
   */
  readonly pack: string;
  readonly namedAt: string;
  readonly levels?: Readonly<Record<string, 'advisory' | 'mandatory' | 'overridable' | 'off'>>;
  readonly config?: Readonly<Record<string, unknown>>;
}

/**
 * Whether the live group differs from the manifest: a change to make, or one the service would
 * refuse. A blocked change is drift as much as a planned one (the group does not match), so
 * `plan --detailed-exitcode` exits 2 on it as `drift` does; `apply` exits 1, having left it undone.
 */
export function hasChanges(plan: Plan): boolean {
  return plan.changes.length > 0 || plan.blocked.length > 0;
}

/** Whether `paycfg drift` reports drift: a change, a blocked change, or (unless ignored) a record the manifest does not manage. */
export function hasDrifted(plan: Plan, ignoreUnmanaged: boolean): boolean {
  return hasChanges(plan) || (!ignoreUnmanaged && plan.unmanaged.length > 0);
}

/** The counts of a plan: a consumer that reads them agrees with hasChanges (any count above 0). */
export function summarise(changes: readonly Change[], blocked: readonly BlockedChange[]): PlanSummary {
  const summary: PlanSummary = { create: 0, update: 0, delete: 0, replace: 0, blocked: blocked.length };
  for (const change of changes) {
    // The delete half of a replacement is counted once, as the replacement.
    if (change.step === 'replace-old') continue;
    summary[change.action] += 1;
  }
  return summary;
}

declare const STAGE: unique symbol;

/**
 * A plan on its way out, typed by how far it came, so that nothing shows a plan it may not:
 * - `raw`: as the planner made it (plan-changes.ts planChanges), or as a plan document read back
 *   comes in (plan-document.ts): secret values in clear, fields in the diff's order;
 * - `redacted`: every secret value masked (render/redact.ts redactPlan, from a raw plan);
 * - `published`: redacted, and shaped as paycfg publishes it (published-plan.ts publishedPlan, from a
 *   redacted plan): what the renderers, `--json`, the saved-plan writer and the journal take.
 * Each is made in one place, from the stage before. The stage is a type alone: at run time a
 * staged plan is the plain value a Plan is.
 */
export type PlanStage = 'raw' | 'redacted' | 'published';

/** A change as paycfg holds it: its role a field, set where the planner makes it. Not in the JSON (plan-document.ts). */
export interface PlannedChange extends Change {
  readonly role?: ChangeRole;
}

/** A blocked change as the planner holds it: the role of the change it holds back. Not published (published-plan.ts). */
export interface PlannedBlock extends BlockedChange {
  readonly role?: ChangeRole;
}

/** A warning as paycfg holds it: what it is about as fields (address, cause), not its words. Not published. */
export interface PlannedWarning extends PlanWarning {
  readonly cause?: WarningCause;
}

export type StagedPlan<S extends PlanStage> = Omit<Plan, 'changes' | 'blocked' | 'warnings'> & {
  readonly changes: PlannedChange[];
  readonly blocked: PlannedBlock[];
  readonly warnings?: PlannedWarning[];
  readonly [STAGE]: S;
};

export type RawPlan = StagedPlan<'raw'>;
export type RedactedPlan = StagedPlan<'redacted'>;
export type PublishedPlan = StagedPlan<'published'>;
