import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InternalError, PaycfgError } from '../errors.js';
import { formatPosition, type ManifestContext } from '../manifest/index.js';
import type { SecretDefault } from '../manifest/secret-defaults.js';
import { sortKeys } from '../model/canonical.js';
import { ofKind } from '../kinds/of-kind.js';
import { addressOf, duplicateAddress } from '../model/kinds.js';
import { splitPointer } from '../model/pointers.js';
import type { Move } from '../model/moves.js';
import { NOT_HASHED, type DesiredState, type LiveResource, type LiveState } from '../model/state.js';
import type { EnvironmentIdentity } from '../environments/types.js';
import { planHash } from '../journal/plan-hash.js';
import type { Plan, PublishedPlan } from './plan.js';
import { planDocument } from './plan-document.js';
import { SUMMARY_LISTS } from '../service-record/types.js';
import { changeEvidenceSchema, promotionMatchesPlan, type SavedPromotion } from './promotion.js';

/**
 * A plan saved by `plan --out` and carried out later by `apply PLANFILE`. It holds the plan with
 * secret values redacted, where each secret comes from (its `${VAR}` template, re-read from the
 * environment at apply time), the scope of the live read, and a fingerprint of every live record
 * the plan was computed from: apply refuses when any of them moved.
 */
export const SAVED_PLAN_KIND = 'paycfg-saved-plan';

export class SavedPlanError extends PaycfgError {
  readonly code = 'SAVED_PLAN';
}

/** How a stale saved plan's message ends when the caller has no better way on to name. */
export const MAKE_A_NEW_PLAN = 'Make a new plan.';

/**
 * The live group moved since the plan was made: the plan no longer says what apply would do. It
 * holds what moved and the way on its message ends with, so that a caller that knows the commands
 * to run (the CLI) words it once with them (withWayOn).
 */
export class SavedPlanStaleError extends SavedPlanError {
  /** Each live record that moved: `<address> (changed since)`, `(deleted since)` or `(created since)`, sorted. */
  readonly moved: readonly string[];
  /** The message's last line. */
  readonly wayOn: string;

  constructor(moved: readonly string[], wayOn: string = MAKE_A_NEW_PLAN) {
    const shown = moved.slice(0, 20).join('\n  ');
    super(
      `the live group changed since the plan was made, so it no longer describes what apply would do. Nothing was changed. Changed since the plan:\n  ${shown}` +
        `${moved.length > 20 ? `\n  … and ${moved.length - 20} more` : ''}\n${wayOn}`,
      { moved: moved.length },
    );
    this.moved = [...moved];
    this.wayOn = wayOn;
  }

  /** The same error, ending with another way on (the commands that make a new plan of the same manifest). */
  withWayOn(wayOn: string): SavedPlanStaleError {
    return new SavedPlanStaleError(this.moved, wayOn);
  }
}

export interface SavedScope {
  readonly group?: string;
  /** Merchant addresses the manifest names. */
  readonly merchants: string[];
  readonly managedBindings: string[];
  readonly managedDevices: string[];
  /** Binding addresses the manifest names. */
  readonly bindings: string[];
  /** Merchants with a binding whose `mid` the manifest sets (their binding records are read). */
  readonly midMerchants: string[];
  readonly pruneMerchants: boolean;
  /** The manifest's moves: apply re-keys the live group as the plan did (plan/moves.ts). Absent when none. */
  readonly moved?: readonly Move[];
}

/** The limits of the manifest's `safety:` a saved plan keeps. */
export interface SavedSafety {
  readonly maxDeletes?: number;
  readonly maxAffectedTerminals?: number;
}

export interface SavedPlan {
  readonly kind: typeof SAVED_PLAN_KIND;
  readonly formatVersion: 1;
  readonly createdAt: string;
  readonly manifestFiles: string[];
  readonly plan: Plan;
  readonly fingerprints: Record<string, string>;
  readonly scope: SavedScope;
  readonly secrets: { pointer: string; template: string }[];
  /**
   * The manifest's `safety:` when it sets a limit: `apply PLANFILE` has no manifest to read it
   * from, and checks the plan against it unless its own --max-deletes (--max-affected-terminals)
   * says otherwise. A flag given to `plan` is not kept: an override is for the run it was given to.
   */
  readonly safety?: SavedSafety;
  /**
   * The plan's hash (journal/plan-hash): the plan approved in review, named in the journal of the run
   * that applies it. Absent from files saved before it existed.
   */
  readonly planHash?: string;
  /**
   * `sha256:` and the hex SHA-256 of the canonical JSON of `scope` (keys sorted at every level): what
   * apply reads and how it re-keys the live group is the reviewed plan's too, though the plan's hash,
   * shown to reviewers, covers only what the plan does. Absent from files saved before it existed.
   */
  readonly scopeHash?: string;
  /**
   * A promotion's plan (`paycfg promote -o`): the source and target environments, whether unproven
   * changes were allowed, and each change's evidence by address, for the journal of its apply.
   * Absent from any other saved plan.
   */
  readonly promotion?: SavedPromotion;
  /**
   * The environment the plan was made for (`plan --out --env NAME`): its name, base URL and group.
   * `apply PLANFILE` refuses to run it anywhere else, and reads its secrets from that environment's
   * values. Absent for a plan made without an environment, which no run with one applies.
   */
  readonly environment?: EnvironmentIdentity;
}

const savedPlanSchema = z.looseObject({
  kind: z.literal(SAVED_PLAN_KIND),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  manifestFiles: z.array(z.string()),
  plan: z.looseObject({
    formatVersion: z.literal(1),
    baseUrl: z.string(),
    group: z.object({ groupId: z.string(), groupName: z.string() }),
    api: z.literal('legacy').optional(),
    environment: z.string().optional(),
    serviceRecord: z.object({ file: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), summaryLists: z.enum(SUMMARY_LISTS) }).optional(),
    changes: z.array(z.looseObject({ address: z.string(), kind: z.string(), key: z.string(), action: z.string(), dependsOn: z.array(z.string()) })),
    sensitive: z.array(z.string()),
  }),
  fingerprints: z.record(z.string(), z.string()),
  scope: z.object({
    group: z.string().optional(),
    merchants: z.array(z.string()),
    managedBindings: z.array(z.string()),
    managedDevices: z.array(z.string()),
    bindings: z.array(z.string()),
    midMerchants: z.array(z.string()),
    pruneMerchants: z.boolean(),
    moved: z.array(z.object({ kind: z.enum(['acquirer', 'merchant', 'device']), from: z.string(), to: z.string() })).optional(),
  }),
  secrets: z.array(z.object({ pointer: z.string(), template: z.string() })),
  safety: z.object({ maxDeletes: z.number().int().min(0).optional(), maxAffectedTerminals: z.number().int().min(0).optional() }).optional(),
  planHash: z.string().regex(/^sha256:[0-9a-f]{64}$/).optional(),
  scopeHash: z.string().regex(/^sha256:[0-9a-f]{64}$/).optional(),
  promotion: z
    .looseObject({
      from: z.looseObject({ name: z.string(), baseUrl: z.string(), groupId: z.string() }),
      to: z.looseObject({ name: z.string(), baseUrl: z.string(), groupId: z.string() }),
      allowedUnproven: z.boolean(),
      evidence: z.record(z.string(), changeEvidenceSchema),
    })
    .optional(),
  environment: z.object({ name: z.string(), baseUrl: z.string(), groupId: z.string() }).optional(),
});

/** SavedPlan.scopeHash of a scope. */
export function scopeHash(scope: SavedScope): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(sortKeys(scope))).digest('hex')}`;
}

export function fingerprintsOf(live: LiveState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [address, resource] of live.resources) if (resource.predicted !== true) out[address] = hashed(resource);
  for (const code of live.duplicateCodes ?? []) out[duplicateAddress(code.key, String(code.id))] = hashed(code);
  return out;
}

function hashed(resource: LiveResource): string {
  if (resource.fingerprint !== NOT_HASHED) return resource.fingerprint;
  throw new InternalError(`${resource.kind} ${resource.key} was read without hashing its record (ReadOptions.hashRecords), yet a saved plan needs its fingerprint`);
}

/** What a saved plan is built from: the plan and the stages that made it. */
export interface SavedPlanSource {
  /** Published (secret values redacted, the token masked), without its hash: the saved plan keeps that beside it. */
  readonly plan: PublishedPlan;
  readonly desired: DesiredState;
  readonly live: LiveState;
  /** With where secret fields are written with a default (manifest/secret-defaults.ts): refused whatever the plan writes. */
  readonly manifest: Pick<ManifestContext, 'files'> & { readonly secretDefaults: ReadonlyMap<string, SecretDefault> };
  /** The manifest's safety limits, kept for `apply PLANFILE`. */
  readonly safety?: SavedSafety;
  /** The environment the plan was made for: kept for `apply PLANFILE`, which refuses any other. */
  readonly environment?: EnvironmentIdentity;
}

/**
 * Refuses a manifest that writes a secret field (deviceAdmin, passcode) with a variable's default,
 * anywhere: a saved plan keeps the template of each secret it writes, and would carry the default
 * in clear. Decided on the manifest alone, not on what the plan writes, so that the same manifest
 * is saved or refused whatever the live group holds (a device that drifts must not turn a passing
 * CI job into a failing one). computePlan asks before it reads the live group when the plan is
 * to be saved (forSavedPlan), and buildSavedPlan asks again. Each is named by file:line:col and its variables, never its default.
 */
export function refuseSecretDefaults(defaults: ReadonlyMap<string, SecretDefault>): void {
  if (defaults.size === 0) return;
  const lines = [...defaults.values()].map(
    ({ field, variables, at }) =>
      `${formatPosition(at)}: ${field} takes a default from ${variables.map((v) => `\${${v}:-…}`).join(', ')}; ` +
      `write ${variables.map((v) => `\${${v}}`).join(', ')} without the default, and set ${variables.join(', ')} when you plan and when you apply.`,
  );
  throw new SavedPlanError(
    `${lines.join('\n')}\nA saved plan keeps each secret's template, to read its variables again at apply time, and it is a file that travels ` +
      '(a CI artefact, another machine): a default written in the template would be stored in it in clear. ' +
      'Drop the default and set the variable where you plan and apply, or run `paycfg apply -f` directly, which saves nothing. No plan was saved.',
    { refused: defaults.size },
  );
}

export function buildSavedPlan(run: SavedPlanSource, now: Date = new Date()): SavedPlan {
  refuseSecretDefaults(run.manifest.secretDefaults);
  const secrets: { pointer: string; template: string }[] = [];
  const written = new Set(run.plan.changes.filter((c) => c.after !== null).map((c) => addressOf(c.kind, c.key)));
  for (const [pointer, secret] of run.desired.sensitive) {
    // A secret written in the manifest itself is refused wherever it is, like a default: whether the
    // plan happens to write it today must not decide whether a CI job passes.
    if (secret.kind === 'literal') {
      throw new SavedPlanError(
        `${formatPosition(secret.locate(secret.path))}: this secret is written in the manifest itself, and a saved plan never holds a secret value. ` +
          `Take it from an environment variable (\${VAR}) to save the plan, or run \`paycfg apply -f\` directly.`,
      );
    }
    // Only values the plan writes need to come back at apply time.
    if (!written.has(splitPointer(pointer).address)) continue;
    secrets.push({ pointer, template: secret.template });
  }
  const bindings: string[] = [];
  const midMerchants = new Set<string>();
  for (const binding of ofKind(run.desired.resources.values(), 'binding')) {
    bindings.push(addressOf(binding.kind, binding.key));
    if (binding.fields.mid !== undefined) midMerchants.add(binding.merchant!);
  }
  const merchants = ofKind(run.desired.resources.values(), 'merchant').map((merchant) => addressOf(merchant.kind, merchant.key));
  const scope: SavedScope = {
    ...(run.desired.group !== undefined ? { group: run.desired.group } : {}),
    merchants,
    managedBindings: [...run.desired.managedBindings],
    managedDevices: [...run.desired.managedDevices],
    bindings,
    midMerchants: [...midMerchants],
    pruneMerchants: run.desired.prune.merchants,
    ...(run.desired.moved !== undefined && run.desired.moved.length > 0 ? { moved: [...run.desired.moved] } : {}),
  };
  return {
    kind: SAVED_PLAN_KIND,
    formatVersion: 1,
    createdAt: now.toISOString(),
    manifestFiles: [...run.manifest.files],
    plan: planDocument(run.plan),
    fingerprints: fingerprintsOf(run.live),
    scope,
    secrets,
    ...(run.safety !== undefined && Object.keys(run.safety).length > 0 ? { safety: run.safety } : {}),
    planHash: planHash(run.plan),
    scopeHash: scopeHash(scope),
    ...(run.environment !== undefined ? { environment: { name: run.environment.name, baseUrl: run.environment.baseUrl, groupId: run.environment.groupId } } : {}),
  };
}

/**
 * A saved plan read back (JSON already parsed), checked against the format; `source` names where it
 * came from in messages.
 */
export function parseSavedPlan(data: unknown, source: string): SavedPlan {
  const parsed = savedPlanSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SavedPlanError(`${source} is not a saved plan of this paycfg version (${issue?.path.join('.') || 'document'}: ${issue?.message ?? 'invalid'})`);
  }
  const saved = data as SavedPlan;
  // The hash names the plan that was reviewed; a plan edited since is not that plan, whatever it now says.
  if (saved.planHash !== undefined && planHash(saved.plan) !== saved.planHash) {
    throw new SavedPlanError(
      `${source} was edited after it was saved: its plan no longer has the hash it was saved with (${saved.planHash}). Make a new plan with \`paycfg plan --out\`.`,
    );
  }
  // The scope decides what apply reads and how it names the live group (its moves): edited, the
  // plan would be checked against another reading of the group than the one it was made from.
  if (saved.scopeHash !== undefined && scopeHash(saved.scope) !== saved.scopeHash) {
    throw new SavedPlanError(
      `${source} was edited after it was saved: its scope (what apply reads, and the moves it re-keys the live group by) no longer has the hash it was saved with (${saved.scopeHash}). Make a new plan with \`paycfg plan --out\`.`,
    );
  }
  // The promotion beside the plan is what its apply's journal records: it must say what the hashed plan says.
  if (saved.promotion !== undefined && (saved.planHash === undefined || !promotionMatchesPlan(saved.promotion, saved.plan))) {
    throw new SavedPlanError(
      `${source} was edited after it was saved: its promotion (environments, evidence) no longer says what its plan says. Make a new promotion plan with \`paycfg promote -o\`.`,
    );
  }
  // The environment is named twice: by the plan (its name, base URL and group, all hashed) and
  // beside it, where apply reads it. Edited on one side, the two no longer say the same.
  const { environment } = saved;
  if (environment !== undefined || saved.plan.environment !== undefined) {
    const agrees =
      environment !== undefined &&
      environment.name === saved.plan.environment &&
      environment.baseUrl === saved.plan.baseUrl &&
      environment.groupId === saved.plan.group.groupId;
    if (!agrees) {
      throw new SavedPlanError(
        `${source} was edited after it was saved: the environment it names (${environment === undefined ? 'none' : `${environment.name}, group ${environment.groupId} at ${environment.baseUrl}`}) ` +
          `is not the one its plan was made for (${saved.plan.environment ?? 'none'}, group ${saved.plan.group.groupId} at ${saved.plan.baseUrl}). Make a new plan with \`paycfg plan --out\`.`,
      );
    }
  }
  return saved;
}

/** Addresses whose live record differs from the one the plan was computed from. */
export function movedSince(saved: SavedPlan, live: LiveState): string[] {
  const now = fingerprintsOf(live);
  const moved: string[] = [];
  for (const [address, fp] of Object.entries(saved.fingerprints)) {
    if (now[address] === undefined) moved.push(`${address} (deleted since)`);
    else if (now[address] !== fp) moved.push(`${address} (changed since)`);
  }
  for (const address of Object.keys(now)) if (saved.fingerprints[address] === undefined) moved.push(`${address} (created since)`);
  return moved.sort();
}
