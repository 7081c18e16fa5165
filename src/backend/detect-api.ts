import type { ApiClient } from '../api/index.js';
import { LegacyApiRejectedError } from '../api/errors.js';
import type { ApiChoice } from '../manifest/api-choice.js';
import type { GroupApi } from './configuration-api.js';

/**
 * Which configuration API serves the group: a legacy read of one merchant. The service answers a
 * group it has switched with code 13310 on every legacy configuration endpoint, reads included
 * (reference 01, 9.3), and serves a group not yet switched; so the answer tells, whatever the
 * current API does with a group on legacy (not shown by the reference). Any other failure (the
 * token refused, the service down) is the run's failure, as the owner read's would be.
 */
export async function detectApi(client: Pick<ApiClient, 'legacy'>): Promise<GroupApi> {
  try {
    await client.legacy.merchants.list({ pageSize: 1 });
    return 'legacy';
  } catch (error) {
    if (error instanceof LegacyApiRejectedError) return 'current';
    throw error;
  }
}


/** The API a run uses: the one chosen, or the service's answer when the choice is to ask. */
export function resolveGroupApi(client: Pick<ApiClient, 'legacy'>, choice: ApiChoice): Promise<GroupApi> {
  return choice === 'detect' ? detectApi(client) : Promise.resolve(choice);
}
