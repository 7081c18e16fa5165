import type { ConfigurationClient } from '../backend/configuration-api.js';
import { deviceLifecycle, holdsAlias } from '../model/twins.js';
import { mapWithConcurrency } from '../util/map-with-concurrency.js';

/**
 * The terminals of merchants whose devices the live read left out (the manifest does not manage
 * them), for a terminal budget that must not pass on a count it does not have: one device list per
 * merchant, read as the live read reads them, `concurrency` at a time. A terminal is a device not
 * decommissioned (pending codes and logged-out terminals included), as impact/reach.ts counts them.
 * Returns mchId → count; nothing of the devices is kept.
 */
export async function countTerminals(client: Pick<ConfigurationClient, 'devices'>, mchIds: readonly string[], concurrency: number): Promise<Map<string, number>> {
  const counts = await mapWithConcurrency(mchIds, concurrency, async (mchId) => {
    const devices = await client.devices.listAll(mchId);
    return devices.filter((device) => holdsAlias(deviceLifecycle(device))).length;
  });
  return new Map(mchIds.map((mchId, index) => [mchId, counts[index]!]));
}
