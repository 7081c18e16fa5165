import type { ApiClient } from '../api/index.js';
import type { BindingRecord, Device, Merchant, OwnerInfo } from '../api/wire-types.js';
import { addressOf } from '../model/kinds.js';
import type { BindingFields, DesiredState, LiveState } from '../model/state.js';
import { mapWithConcurrency } from '../util/map-with-concurrency.js';
import { GroupMismatchError } from './errors.js';
import { normaliseLive, type WireSnapshot } from './normalise-live.js';

export interface LiveRead {
  readonly owner: OwnerInfo;
  readonly state: LiveState;
  readonly snapshot: WireSnapshot;
}

export interface ReadOptions {
  /** Reads in flight at once for the per-merchant lists. */
  readonly concurrency: number;
  /** Read every merchant's binding records and devices, whatever the manifest manages (export). */
  readonly everything?: boolean;
}

/** Reads the owner first, so that a run against the wrong group stops before anything else is read. */
export async function readOwner(client: ApiClient, expectedGroup: string | undefined): Promise<OwnerInfo> {
  const owner = await client.owner();
  if (expectedGroup !== undefined && owner.groupId !== expectedGroup) {
    throw new GroupMismatchError(
      `the manifest is pinned to group ${expectedGroup}, but the token belongs to group ${owner.groupId} ` +
        `("${owner.groupName ?? ''}") at ${client.baseUrl}; nothing was read or changed. Check PAYCFG_TOKEN and PAYCFG_BASE_URL.`,
      { expected: expectedGroup, actual: owner.groupId },
    );
  }
  return owner;
}

/**
 * Reads what the plan needs and no more: the three group-wide lists, then per merchant only what
 * the list records do not already carry. The merchant list's acquirers[] summary holds every
 * binding but its `mid`, so binding records are read only for merchants whose manifest sets a
 * `mid`; devices only for merchants whose devices are managed or that prune deletes.
 */
export async function readLive(client: ApiClient, desired: DesiredState, owner: OwnerInfo, options: ReadOptions): Promise<LiveRead> {
  const [emvConfigs, acquirerProfiles, merchants] = await Promise.all([
    client.emvConfigs.listAll(),
    client.acquirerProfiles.listAll(),
    client.merchants.listAll(),
  ]);

  const needsMid = new Set<string>();
  for (const resource of desired.resources.values()) {
    if (resource.kind === 'binding' && (resource.fields as BindingFields).mid !== undefined) needsMid.add(resource.merchant!);
  }
  const bindingReads: Merchant[] = [];
  const deviceReads: Merchant[] = [];
  for (const merchant of merchants) {
    const ref = merchant.providerReference;
    if (ref === undefined || ref === null || ref === '') continue;
    if (options.everything === true) {
      bindingReads.push(merchant);
      deviceReads.push(merchant);
      continue;
    }
    const inManifest = desired.resources.has(addressOf('merchant', ref));
    if (inManifest && desired.managedBindings.has(ref) && needsMid.has(ref)) bindingReads.push(merchant);
    if ((inManifest && desired.managedDevices.has(ref)) || (!inManifest && desired.prune.merchants)) deviceReads.push(merchant);
  }

  const bindings = new Map<string, readonly BindingRecord[]>();
  const devices = new Map<string, readonly Device[]>();
  await Promise.all([
    mapWithConcurrency(bindingReads, options.concurrency, async (m) => void bindings.set(m.mchId, await client.bindings.listAll(m.mchId))),
    mapWithConcurrency(deviceReads, options.concurrency, async (m) => void devices.set(m.mchId, await client.devices.listAll(m.mchId))),
  ]);

  const snapshot: WireSnapshot = { emvConfigs, acquirerProfiles, merchants, bindings, devices };
  return { owner, state: normaliseLive(snapshot), snapshot };
}
