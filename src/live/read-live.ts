import type { ApiClient } from '../api/index.js';
import type { AcquirerProfile, BindingRecord, Device, EmvConfig, Merchant, OwnerInfo } from '../api/wire-types.js';
import { addressOf } from '../model/kinds.js';
import type { BindingFields, DesiredState, LiveState } from '../model/state.js';
import { mapWithConcurrency } from '../util/map-with-concurrency.js';
import { GroupMismatchError } from './errors.js';
import { LiveAssembler, type WireLists } from './normalise-live.js';

export interface LiveRead {
  readonly owner: OwnerInfo;
  readonly state: LiveState;
  /**
   * The EMV configs, profiles and binding records as read: apply builds full-replace bodies and its
   * id registry from them. Merchant and device records are not kept (see LiveAssembler).
   */
  readonly snapshot: Omit<WireLists, 'merchants'>;
  /** deviceId → live extParams, where a device PUT must carry more than `acquirers` (see LiveAssembler.addDevices). */
  readonly deviceExtParams: ReadonlyMap<string, Record<string, unknown>>;
}

/** What export reads: everything, with the merchant and device records as read. */
export interface LiveReadWithDevices extends LiveRead {
  readonly merchants: readonly Merchant[];
  /** mchId → devices as read, for every merchant with a providerReference. */
  readonly devices: ReadonlyMap<string, readonly Device[]>;
}

export interface ReadOptions {
  /** Reads in flight at once for the per-merchant lists. */
  readonly concurrency: number;
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
  const needsMid = new Set<string>();
  for (const resource of desired.resources.values()) {
    if (resource.kind === 'binding' && (resource.fields as BindingFields).mid !== undefined) needsMid.add(resource.merchant!);
  }
  return readLists(client, owner, options, (ref) => {
    const inManifest = desired.resources.has(addressOf('merchant', ref));
    return {
      bindings: inManifest && desired.managedBindings.has(ref) && needsMid.has(ref),
      devices: (inManifest && desired.managedDevices.has(ref)) || (!inManifest && desired.prune.merchants),
    };
  });
}

/** Every merchant's binding records and devices, whatever a manifest would manage: what export writes from. */
export async function readAllLive(client: ApiClient, owner: OwnerInfo, options: ReadOptions): Promise<LiveReadWithDevices> {
  const kept: KeptRecords = { merchants: [], devices: new Map() };
  const read = await readLists(client, owner, options, () => ({ bindings: true, devices: true }), kept);
  return { ...read, ...kept };
}

/** Records as read, for export, which writes from them. */
interface KeptRecords {
  merchants: readonly Merchant[];
  readonly devices: Map<string, readonly Device[]>;
}

/**
 * The group lists, then per merchant with a providerReference the lists `wanted` asks for, each
 * normalised as it arrives (see LiveAssembler). Merchant and device records are not kept unless
 * `keep` is given: at 10,000 merchants they are most of what a plan would otherwise hold twice.
 */
async function readLists(
  client: ApiClient,
  owner: OwnerInfo,
  options: ReadOptions,
  wanted: (ref: string) => { bindings: boolean; devices: boolean },
  keep?: KeptRecords,
): Promise<LiveRead> {
  const { emvConfigs, acquirerProfiles, assembler, bindingReads, deviceReads } = await readGroupLists(client, wanted, keep);
  const bindings = new Map<string, readonly BindingRecord[]>();
  const deviceExtParams = new Map<string, Record<string, unknown>>();
  await Promise.all([
    mapWithConcurrency(bindingReads, options.concurrency, async (mchId) => {
      const records = await client.bindings.listAll(mchId);
      bindings.set(mchId, records);
      assembler.addBindingRecords(mchId, records);
    }),
    mapWithConcurrency(deviceReads, options.concurrency, async (mchId) => {
      const records = await client.devices.listAll(mchId);
      for (const [id, ext] of assembler.addDevices(mchId, records)) deviceExtParams.set(id, ext);
      keep?.devices.set(mchId, records);
    }),
  ]);
  return { owner, state: assembler.state(), snapshot: { emvConfigs, acquirerProfiles, bindings }, deviceExtParams };
}

/**
 * The three group lists, normalised, and the merchants (by mchId) whose lists `wanted` asks for.
 * Apart from readLists so that the merchant records, which are not kept, are not held by its
 * frame while the per-merchant reads run.
 */
async function readGroupLists(
  client: ApiClient,
  wanted: (ref: string) => { bindings: boolean; devices: boolean },
  keep: KeptRecords | undefined,
): Promise<{
  emvConfigs: readonly EmvConfig[];
  acquirerProfiles: readonly AcquirerProfile[];
  assembler: LiveAssembler;
  bindingReads: string[];
  deviceReads: string[];
}> {
  const [emvConfigs, acquirerProfiles, merchants] = await Promise.all([
    client.emvConfigs.listAll(),
    client.acquirerProfiles.listAll(),
    client.merchants.listAll(),
  ]);
  if (keep !== undefined) keep.merchants = merchants;
  const assembler = new LiveAssembler({ emvConfigs, acquirerProfiles, merchants });
  const bindingReads: string[] = [];
  const deviceReads: string[] = [];
  for (const { mchId, ref } of assembler.keyedMerchants()) {
    const reads = wanted(ref);
    if (reads.bindings) bindingReads.push(mchId);
    if (reads.devices) deviceReads.push(mchId);
  }
  return { emvConfigs, acquirerProfiles, assembler, bindingReads, deviceReads };
}
