import { groupClient, type GroupClient } from '../backend/configuration-api.js';
import type { ApiClient } from '../api/index.js';
import { readLive, readOwner, type LiveRead } from '../live/read-live.js';
import { describeCharacter, expandTemplate, MULTI_LINE_FIELDS, refusedCharacter } from '../manifest/index.js';
import { addressOf } from '../model/kinds.js';
import { splitPointer } from '../model/pointers.js';
import type { DesiredResource, DesiredState } from '../model/state.js';
import { routeBatches } from '../payments/batch-routes.js';
import { DEFAULT_IMPACT_WINDOW, settlementReadStart } from '../payments/impact-window.js';
import { readSettlementBatches } from '../payments/read-settlements.js';
import { checkDeleteBudget, deleteBudgetOf } from '../plan/delete-budget.js';
import type { PlannedChange, RawPlan } from '../plan/plan.js';
import { planFromDocument } from '../plan/plan-document.js';
import { movedSince, SavedPlanError, type SavedPlan, SavedPlanStaleError } from '../plan/saved-plan.js';
import { guardedAddress, refuseUnsettledSince, sameUnsettledWarning, unsettledByAddress, unsettledChanges, unsettledWarning } from '../plan/settlement-guard.js';
import { checkTerminalBudget, terminalBudgetOf } from '../plan/terminal-budget.js';
import type { PaymentOptions } from './compute-plan.js';
import { describeEnvironment, sameEnvironment } from '../environments/identity.js';
import type { EnvironmentIdentity } from '../environments/types.js';
import { savedPlanReading } from '../service-record/plan-record.js';
import type { ServiceRecordSource } from '../service-record/resolve.js';

export interface PreparedSavedPlan {
  /** The saved plan with its secret values back from the environment: raw again, to carry out. */
  readonly plan: RawPlan;
  readonly desired: DesiredState;
  readonly live: LiveRead;
  /** Secret values read back from the environment, for scrubbing output. */
  readonly secretValues: string[];
  /** The group's client on the API the plan was made through. */
  readonly group: GroupClient;
}

/**
 * The desired state a saved plan needs at apply time: only what decides which live records are
 * read and how a new merchant's automatic binding is reconciled.
 */
function scopeAsDesired(saved: SavedPlan): DesiredState {
  const resources = new Map<string, DesiredResource>();
  for (const address of saved.scope.merchants) {
    resources.set(address, { kind: 'merchant', key: address.slice('merchant/'.length), fields: {} });
  }
  const mid = new Set(saved.scope.midMerchants);
  for (const address of saved.scope.bindings) {
    const key = address.slice('binding/'.length);
    const merchant = key.split('/')[0]!;
    resources.set(address, { kind: 'binding', key, merchant, fields: { acquirer: '', currency: '', ...(mid.has(merchant) ? { mid: '' } : {}) } });
  }
  return {
    ...(saved.scope.group !== undefined ? { group: saved.scope.group } : {}),
    resources,
    managedBindings: new Set(saved.scope.managedBindings),
    managedDevices: new Set(saved.scope.managedDevices),
    prune: { emvConfigs: false, acquirerProfiles: false, merchants: saved.scope.pruneMerchants, activatedDevices: false },
    // The live group is re-keyed by the same moves as at plan time, so its fingerprints and names match.
    ...(saved.scope.moved !== undefined ? { moved: saved.scope.moved } : {}),
    sensitive: new Map(),
  };
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: string): void {
  let current: Record<string, unknown> = target;
  for (const part of path.slice(0, -1)) {
    const next = current[part];
    if (typeof next !== 'object' || next === null) return;
    current = next as Record<string, unknown>;
  }
  current[path[path.length - 1]!] = value;
}

/**
 * Checks a saved plan against the service before anything is written: its deletes within the
 * budget (`maxDeletes`, the run's --max-deletes, else the safety.maxDeletes it was saved with), its
 * changes' terminals within theirs, same service, same group, every live record it was computed
 * from unchanged, no unsettled batch through a guarded change (read again: money moves between
 * plan and apply) unless `payments.allowUnsettled`; then puts the secret values back from the environment.
 * A plan saved for an environment runs only in that environment (`run.environment`: name, base URL
 * and group alike), and `env` is then that environment's values.
 */
export async function prepareSavedPlan(
  saved: SavedPlan,
  apiClient: ApiClient,
  env: Readonly<Record<string, string | undefined>>,
  concurrency: number,
  maxDeletes?: number,
  payments: Pick<PaymentOptions, 'allowUnsettled' | 'maxAffectedTerminals' | 'now'> = {},
  run: {
    readonly environment?: EnvironmentIdentity;
    /** The service record the apply is given (command line, environment): it must record the saved plan's reading. */
    readonly recordSources?: readonly (ServiceRecordSource | undefined)[];
    /** Where a relative record is named from, in messages; default the process's working directory. */
    readonly cwd?: string;
  } = {},
): Promise<PreparedSavedPlan> {
  // First, before any request: a plan of one environment is never carried out in another.
  refuseOtherEnvironment(saved, apiClient.baseUrl, run.environment);
  // Offline too: the group is read with the plan's reading, and a record given here must agree with it.
  const recorded = await savedPlanReading(saved.plan.serviceRecord, run.recordSources ?? [], run.cwd ?? process.cwd());
  // Before any request: the plan's changes (and the impact they were saved with) are all it takes.
  checkDeleteBudget(saved.plan, deleteBudgetOf(maxDeletes, saved.safety?.maxDeletes, 'saved plan'));
  checkTerminalBudget(saved.plan, terminalBudgetOf(payments.maxAffectedTerminals, saved.safety?.maxAffectedTerminals, 'saved plan'));
  if (apiClient.baseUrl !== saved.plan.baseUrl) {
    throw new SavedPlanError(`the plan was made against ${saved.plan.baseUrl}, not ${apiClient.baseUrl}; make a new plan for this service`);
  }
  const values = new Map<string, string>();
  const missing: string[] = [];
  const refused: string[] = [];
  for (const secret of saved.secrets) {
    const expanded = expandTemplate(secret.template, env);
    if (expanded.missing.length > 0) {
      missing.push(...expanded.missing.map((v) => `${v}${expanded.empty.includes(v) ? ' (set but empty)' : ''} (for ${secret.pointer})`));
      continue;
    }
    // The environment of the apply is not the one `validate` saw: its values get the manifest's character rule again.
    const { path } = splitPointer(secret.pointer);
    const bad = refusedCharacter(expanded.text, MULTI_LINE_FIELDS.has(path[path.length - 1] ?? ''));
    if (bad !== undefined) refused.push(`${secret.pointer}: its environment variables hold ${describeCharacter(bad.char)}`);
    else values.set(secret.pointer, expanded.text);
  }
  if (missing.length > 0) {
    throw new SavedPlanError(`the saved plan takes secret values from the environment, and these variables are not set, or empty: ${missing.join(', ')}. Nothing was changed.`);
  }
  if (refused.length > 0) {
    throw new SavedPlanError(`secret values from the environment hold characters a manifest may not: ${refused.join('; ')}. Nothing was changed.`);
  }

  const desired = scopeAsDesired(saved);
  const owner = await readOwner(apiClient, saved.plan.group.groupId, run.environment?.name);
  // Through the API the plan was made through: a group switched since answers 13310 on this read.
  const client = groupClient(apiClient, saved.plan.api ?? 'current', owner);
  const live = await readLive(client, desired, owner, { concurrency, ...(recorded !== undefined ? { recorded } : {}) });
  const moved = movedSince(saved, live.state);
  if (moved.length > 0) throw new SavedPlanStaleError(moved);

  // Read in as a plan (plan-document.ts): each change's role and each warning's cause as fields.
  let plan = planFromDocument(saved.plan);
  // The same single read as plan's, only when the saved plan has something the guard holds back.
  if (plan.changes.some((c) => guardedAddress(c) !== undefined)) {
    const batches = await readSettlementBatches(client, settlementReadStart(payments.now ?? new Date(), DEFAULT_IMPACT_WINDOW));
    const found = unsettledChanges(plan.changes, unsettledByAddress(routeBatches(batches, live.state, saved.scope.moved).byAddress));
    if (payments.allowUnsettled !== true) refuseUnsettledSince(found);
    else if (found.length > 0) {
      // A batch the plan already warned of, in the same state, is not warned of twice.
      const known = plan.warnings ?? [];
      const added = found.map((f) => unsettledWarning(f.address, f.batches)).filter((w) => !known.some((k) => sameUnsettledWarning(k, w)));
      plan = { ...plan, warnings: [...known, ...added] };
    }
  }

  // Grouped by address once: a large plan has tens of thousands of changes and of secrets.
  const byAddress = new Map<string, { path: string[]; value: string }[]>();
  for (const [pointer, value] of values) {
    const { address, path } = splitPointer(pointer);
    const list = byAddress.get(address);
    if (list === undefined) byAddress.set(address, [{ path, value }]);
    else list.push({ path, value });
  }
  const changes: PlannedChange[] = plan.changes.map((change) => {
    const secrets = byAddress.get(addressOf(change.kind, change.key));
    if (change.after === null || secrets === undefined) return change;
    const after = structuredClone(change.after);
    for (const { path, value } of secrets) setAt(after, path, value);
    return { ...change, after };
  });
  return { plan: { ...plan, changes }, desired, live, secretValues: [...values.values()], group: client };
}

/**
 * Refuses a saved plan taken to another environment than the one it was made for (another name,
 * base URL or group), or to a run with an environment when it was made without one, and the other
 * way round: naming all three of both sides. Nothing has been read then. `runBaseUrl`: where a
 * run without an environment connects, when known.
 */
export function refuseOtherEnvironment(saved: SavedPlan, runBaseUrl: string | undefined, runEnvironment: EnvironmentIdentity | undefined): void {
  const savedEnvironment = saved.environment;
  if (sameEnvironment(savedEnvironment, runEnvironment)) return;
  const made =
    savedEnvironment !== undefined
      ? `the plan was made for ${describeEnvironment(savedEnvironment)}`
      : `the plan was made without an environment (for group ${saved.plan.group.groupId} at ${saved.plan.baseUrl})`;
  const here =
    runEnvironment !== undefined
      ? `this run is for ${describeEnvironment(runEnvironment)}`
      : `this run names no environment (--env${runBaseUrl !== undefined ? `; it connects to ${runBaseUrl}` : ''})`;
  const wayOn =
    savedEnvironment !== undefined
      ? `Apply it with --env ${savedEnvironment.name}${runEnvironment !== undefined ? `, or make a plan for ${runEnvironment.name} with \`paycfg plan --env ${runEnvironment.name} --out FILE\`` : ''}.`
      : `Make a plan for ${runEnvironment?.name ?? 'this run'} with \`paycfg plan --env ${runEnvironment?.name ?? 'NAME'} --out FILE\`.`;
  throw new SavedPlanError(`${made}, but ${here}; nothing was read or changed. ${wayOn}`, {
    saved: savedEnvironment ?? null,
    run: runEnvironment ?? null,
  });
}
