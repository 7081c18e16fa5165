import { groupClient } from '../backend/configuration-api.js';
import { resolveGroupApi } from '../backend/detect-api.js';
import type { ApiName } from '../manifest/api-choice.js';
import type { ApiClient, BindingRecord, Device, Merchant, OwnerInfo } from '../api/index.js';
import { normaliseLive } from '../live/normalise-live.js';
import { readAllLive, readOwner } from '../live/read-live.js';
import type { LiveState } from '../model/state.js';
import type { EnvironmentIdentity } from '../environments/types.js';
import { recordedReadingOf, type LoadedServiceRecord } from '../service-record/types.js';
import { mapWithConcurrency } from '../util/map-with-concurrency.js';
import type { UnkeyedMerchant } from './build-manifest.js';
import { ENTRY_SCHEMAS, acceptsKey } from './schema-fit.js';

/** Everything an export is built from. Read-only: an export sends GET requests and nothing else. */
export interface ExportSource {
  readonly owner: OwnerInfo;
  readonly live: LiveState;
  /**
   * Whether a binding's `allows` cannot be read: only a merchant summary proven to carry the
   * bindings' own lists shows them (binding records have none; live/summary-reading.ts).
   */
  readonly bindingAllowsUnknown: boolean;
  readonly unkeyed: { readonly merchants: readonly UnkeyedMerchant[]; readonly live: LiveState };
}

/**
 * The group through the API it is on (`api`, else asked of the service beside the owner read): an
 * export of a group on the legacy API reads its legacy records, as current ones. With
 * `environment`, the owner is read first, and a token of another group than the environment's is
 * refused before anything else is read. With `serviceRecord`, every binding record read is checked
 * against its summary item under the recorded reading (live/read-live.ts readAllLive).
 */
export async function readExportSource(
  apiClient: ApiClient,
  options: { readonly concurrency: number; readonly api?: ApiName; readonly environment?: EnvironmentIdentity; readonly serviceRecord?: LoadedServiceRecord },
): Promise<ExportSource> {
  const { environment } = options;
  // An environment's token is checked before anything else is read, as a plan's.
  const [owner, api] =
    environment !== undefined
      ? await readOwner(apiClient, environment.groupId, environment.name).then(async (owner) => [owner, await resolveGroupApi(apiClient, options.api ?? 'detect')] as const)
      : await Promise.all([readOwner(apiClient, undefined), resolveGroupApi(apiClient, options.api ?? 'detect')]);
  const client = groupClient(apiClient, api, owner);
  const recorded = recordedReadingOf(options.serviceRecord);
  const { state, snapshot, merchants: merchantRecords, devices: deviceRecords } = await readAllLive(client, owner, {
    concurrency: options.concurrency,
    ...(recorded !== undefined ? { recorded } : {}),
  });

  const unkeyable = merchantRecords.filter((m) => !acceptsKey(ENTRY_SCHEMAS.merchant, 'providerReference', m.providerReference ?? undefined));
  // The planner's reader skips merchants without a reference; read theirs here (the others are already read).
  const unread = unkeyable.filter((m) => !snapshot.bindings.has(m.mchId) || !deviceRecords.has(m.mchId));
  const bindings = new Map<string, readonly BindingRecord[]>();
  const devices = new Map<string, readonly Device[]>();
  for (const m of unkeyable) {
    const b = snapshot.bindings.get(m.mchId);
    const d = deviceRecords.get(m.mchId);
    if (b !== undefined) bindings.set(m.mchId, b);
    if (d !== undefined) devices.set(m.mchId, d);
  }
  await mapWithConcurrency(unread, options.concurrency, async (m) => {
    const [b, d] = await Promise.all([client.bindings.listAll(m.mchId), client.devices.listAll(m.mchId)]);
    bindings.set(m.mchId, b);
    devices.set(m.mchId, d);
  });

  // Normalised with the mchId standing in for the reference, so the same builder writes them.
  const standIns: Merchant[] = unkeyable.map((m) => ({ ...m, providerReference: m.mchId }));
  const unkeyedLive = normaliseLive({
    emvConfigs: snapshot.emvConfigs,
    acquirerProfiles: snapshot.acquirerProfiles,
    merchants: standIns,
    bindings,
    devices,
  });
  const merchants: UnkeyedMerchant[] = unkeyable.map((m) => ({
    mchId: m.mchId,
    mchName: m.mchName,
    ...(m.providerReference !== undefined && m.providerReference !== null ? { providerReference: m.providerReference } : {}),
  }));
  return { owner, live: state, bindingAllowsUnknown: state.bindingAllowsWriteOnly, unkeyed: { merchants, live: unkeyedLive } };
}
