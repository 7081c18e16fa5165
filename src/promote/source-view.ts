import type { ApiClient } from '../api/index.js';
import { groupClient } from '../backend/configuration-api.js';
import { resolveGroupApi } from '../backend/detect-api.js';
import { buildDesiredState } from '../desired/build-desired.js';
import type { ResolvedEnvironment } from '../environments/types.js';
import { GroupMismatchError } from '../live/errors.js';
import { readLive, readOwner } from '../live/read-live.js';
import { effectiveApi, loadManifest, ManifestError, type ApiChoice } from '../manifest/index.js';
import type { DesiredState, LiveState } from '../model/state.js';
import { PlanError } from '../plan/errors.js';
import { planGroup } from '../plan/plan-changes.js';
import type { RawPlan } from '../plan/plan.js';
import { loadRunRecord, sourceOfEnvironment, sourceOfManifest, type ServiceRecordSource } from '../service-record/resolve.js';
import { recordedReadingOf, type LoadedServiceRecord } from '../service-record/types.js';
import { PromotionError, SourceManifestError } from './errors.js';

/**
 * "The source view": the target's manifests as the source environment would have them (its own
 * values), planned against the source's live group. A change it makes is where the source differs
 * from the manifest: no change at an address, on the fields the target's change writes, is the
 * evidence that the change is live in the source.
 */
export interface SourceView {
  /** The target's manifests loaded with the source's values; an entry that waits for a value the source lacks is left out. */
  readonly desired: DesiredState;
  /** Variables the manifests name that the source declares no value for. */
  readonly missingVariables: readonly string[];
  /** The source's live group, as the manifests scope it. */
  readonly live: LiveState;
  /** The manifests planned against it, purely (no protect: list, no settlement guard): how the source differs. */
  readonly plan: RawPlan;
  /** The base URL and group as the source's client reads them (what its journal's runs record). */
  readonly baseUrl: string;
  readonly groupId: string;
}

/** The source view's desired state, loaded offline: refused before any request when the manifests do not load with the source's values. */
export interface SourceDesired {
  readonly desired: DesiredState;
  readonly missingVariables: readonly string[];
  /** The manifests' `api:`, else to be asked of the service. */
  readonly api: ApiChoice;
  /** The service record the source's group is read with: the run's (`given`), the source environment's, the manifests'. */
  readonly serviceRecord?: LoadedServiceRecord;
}

/**
 * Loads the target's manifests with the source's values. A value the source does not declare is no
 * error: an entry whose checked value waits for it is left out, any other value holds a
 * placeholder, and the evidence says so (judge-evidence.ts) rather than comparing it. The source's
 * record is loaded here too, offline: the run's (`given`: the command line's), the source
 * environment's and the manifests' must name one file.
 */
export async function loadSourceDesired(target: ResolvedEnvironment, source: ResolvedEnvironment, cwd: string, given?: ServiceRecordSource): Promise<SourceDesired> {
  let loaded: Omit<SourceDesired, 'serviceRecord'> & { readonly record: ServiceRecordSource | undefined };
  try {
    const { manifest, secrets, locate, missingVariables } = await loadManifest(target.definition.manifests, {
      env: { ...source.variables },
      cwd,
      allowMissingEnv: true,
      // The environments file may sit in a folder the manifests are read from: it is not one of them.
      exclude: [target.file.path],
    });
    const record = sourceOfManifest(manifest.serviceRecord, locate, cwd);
    loaded = { desired: buildDesiredState({ manifest, secrets, locate }), missingVariables, api: effectiveApi(undefined, manifest), record };
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    throw new SourceManifestError(source.definition.name, target.definition.name, error.diagnostics, error.files);
  }
  const { record, ...rest } = loaded;
  const serviceRecord = await loadRunRecord([given, sourceOfEnvironment(source.definition), record], cwd);
  return { ...rest, ...(serviceRecord !== undefined ? { serviceRecord } : {}) };
}

/**
 * Reads the source's live group once, as a plan would (the owner first: a token of another group
 * is refused before any other read), and plans the source desired state against it, purely.
 */
export async function readSourceView(loaded: SourceDesired, source: ResolvedEnvironment, client: ApiClient, concurrency: number): Promise<SourceView> {
  const { name, group: groupId } = source.definition;
  const owner = await readOwner(client, undefined);
  if (owner.groupId !== groupId) {
    throw new GroupMismatchError(
      `the token of environment ${name} belongs to group ${owner.groupId} ("${owner.groupName ?? ''}") at ${client.baseUrl}, but environment ${name} manages group ${groupId}; ` +
        `nothing was read or changed. Check where environment ${name} takes its token from in ${source.file.name}.`,
      { environment: name, expected: groupId, actual: owner.groupId },
    );
  }
  const api = await resolveGroupApi(client, loaded.api);
  const group = groupClient(client, api, owner);
  const recorded = recordedReadingOf(loaded.serviceRecord);
  const live = await readLive(group, loaded.desired, owner, { concurrency, ...(recorded !== undefined ? { recorded } : {}) });
  let plan: RawPlan;
  try {
    plan = planGroup(loaded.desired, live.state, {
      baseUrl: group.baseUrl,
      group: { groupId: owner.groupId, groupName: owner.groupName ?? '' },
      ...(api === 'legacy' ? { api } : {}),
    }).plan;
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    throw new PromotionError(
      `the manifests cannot be planned against the group of environment ${name}, so no change can be shown live there: ${error.message}. Nothing was changed.`,
      { environment: name },
    );
  }
  return { desired: loaded.desired, missingVariables: loaded.missingVariables, live: live.state, plan, baseUrl: group.baseUrl, groupId: owner.groupId };
}
