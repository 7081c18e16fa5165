import type { ApiClient, OwnerInfo } from '../api/index.js';
import { groupClient, type GroupApi } from '../backend/configuration-api.js';
import { resolveGroupApi } from '../backend/detect-api.js';
import type { ResolvedEnvironment, ValueSource } from '../environments/types.js';
import { GroupMismatchError } from '../live/errors.js';
import { readAllLive, readOwner } from '../live/read-live.js';
import type { ApiChoice } from '../manifest/index.js';
import type { LiveState } from '../model/state.js';
import type { BindingAllowsReading } from '../plan/binding-allows.js';
import { recordedReadingOf, type LoadedServiceRecord } from '../service-record/types.js';

/** One side of an environment diff: the environment, and a client of its service with its token. */
export interface EnvironmentSide {
  readonly environment: ResolvedEnvironment;
  readonly client: ApiClient;
}

/**
 * The owner of the side's token, read before anything else of its group and refused unless it
 * is the environment's group: a token of the other environment must not even list its records.
 */
export async function checkedOwner(side: EnvironmentSide): Promise<OwnerInfo> {
  const owner = await readOwner(side.client, undefined);
  const { name, group, baseUrl, token } = side.environment.definition;
  if (owner.groupId !== group) {
    throw new GroupMismatchError(
      `environment ${name} manages group ${group} at ${baseUrl}, but its token (${sourceWords(token)}) belongs to group ${owner.groupId} ` +
        `("${owner.groupName ?? ''}"); nothing else was read. Give the environment a token of group ${group}.`,
      { environment: name, expected: group, actual: owner.groupId },
    );
  }
  return owner;
}

function sourceWords(source: ValueSource): string {
  return 'env' in source ? `$${source.env}` : `file ${source.file}`;
}

export interface WholeGroup {
  readonly api: GroupApi;
  readonly state: LiveState & Required<BindingAllowsReading>;
}

/**
 * The whole group, as export reads it (live/read-live.ts readAllLive): every record, every
 * merchant's bindings and devices, through the API the group is on (`choice`: the manifests' `api:`,
 * else asked of the service), with the environment's service record when it has one. Sends GET
 * requests only.
 */
export async function readWholeGroup(client: ApiClient, owner: OwnerInfo, choice: ApiChoice, concurrency: number, serviceRecord?: LoadedServiceRecord): Promise<WholeGroup> {
  const api = await resolveGroupApi(client, choice);
  const recorded = recordedReadingOf(serviceRecord);
  const { state } = await readAllLive(groupClient(client, api, owner), owner, { concurrency, ...(recorded !== undefined ? { recorded } : {}) });
  return { api, state };
}
