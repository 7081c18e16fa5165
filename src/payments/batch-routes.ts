import { fieldsOfKind, ofKind } from '../kinds/of-kind.js';
import { addressOf, keyOfAddress, type Address } from '../model/kinds.js';
import type { Move } from '../model/moves.js';
import type { LiveResource, LiveState, MerchantFields } from '../model/state.js';
import type { PlanWarning } from '../plan/plan.js';
import type { SettlementBatchFacts } from './settlement-batch.js';

/**
 * Which settlement batches route through which live resource. A batch names its route only as the
 * acquirer saw it (profile name, mid, tid, merchant name, currency), never by the service's ids, so
 * the match is by those fields; when a batch may belong to several resources it counts for each
 * (the settlement guard errs on the side of blocking).
 */
export interface BatchRoutes {
  /** Live address (`acquirer/<name>`, `binding/<ref>/<profile>/<currency>`, `merchant/<ref>`, `device/<ref>/<alias>`) → its batches, in read order. */
  readonly byAddress: ReadonlyMap<Address, readonly SettlementBatchFacts[]>;
  /** A merchant name shared by several live merchants that a batch could not tell apart by `mid`: one warning per name. */
  readonly warnings: readonly PlanWarning[];
}

const NONE: readonly SettlementBatchFacts[] = Object.freeze([]);

/** The batches that route through a live resource (none when it has none). */
export function batchesThrough(routes: BatchRoutes, address: Address): readonly SettlementBatchFacts[] {
  return routes.byAddress.get(address) ?? NONE;
}

interface MerchantEntry {
  readonly ref: string;
  readonly name: string | undefined;
  /** `profile\0currency` → the live binding's address and mid. */
  readonly bindings: Map<string, { address: Address; mid: string; currency: string }>;
  readonly devices: LiveResource<'device'>[];
  /** Per profile, cached: tid → device addresses, and the devices with no tid for it. */
  readonly byProfile: Map<string, { byTid: Map<string, Address[]>; noTid: Address[] }>;
}

/** A candidate owner of a batch: a keyed merchant, or one paycfg cannot key (named only in warnings). */
type Owner = { keyed: MerchantEntry } | { unkeyed: { mchId: string; mchName: string } };

/** Stands for "whichever profile" in the mid index: a batch whose profile is not live. */
const ANY_PROFILE = '\u0001any';

function pairKey(a: string, b: string): string {
  return [a, b].join('\0');
}

/**
 * Routes each batch through the live resources it may belong to:
 * - profile: its `profileName`;
 * - merchant: its `mchName` is the merchant's live name, or its `acquirerMid` is the non-empty `mid` of one
 *   of the merchant's bindings for its profile (a name alone suffices even where no binding of that profile
 *   is left: the batch may have opened before the binding went);
 * - binding (m, p, c): the batch's profile and currency are p and c, and it is m's by the binding's own
 *   non-empty `mid` or by m's name;
 * - terminal of m: m matches, and the terminal's `tid` for the batch's profile equals `acquirerTid`; a
 *   terminal with no tid for that profile, or a batch with no tid, matches every terminal of m (conservative).
 */
export function routeBatches(batches: readonly SettlementBatchFacts[], live: LiveState, moves: readonly Move[] = []): BatchRoutes {
  // A batch keeps the profile name it opened under: after a rename (a `moved:` entry, applied now or
  // kept from an earlier apply) its old name still routes to the renamed profile.
  const formerNames = new Map<string, string>();
  for (const move of ofKind(moves, 'acquirer')) formerNames.set(keyOfAddress(move.from), keyOfAddress(move.to));
  for (const resource of ofKind(live.resources.values(), 'acquirer')) {
    if (resource.movedFrom !== undefined) formerNames.set(keyOfAddress(resource.movedFrom), resource.key);
  }
  const underCurrentName = (batch: SettlementBatchFacts): SettlementBatchFacts => {
    const current = formerNames.get(batch.profileName);
    return current === undefined ? batch : { ...batch, profileName: current };
  };
  const merchants = new Map<string, MerchantEntry>();
  const profiles = new Set<string>();
  const byName = new Map<string, Owner[]>();
  /** `profile\0mid` → merchants with a binding of that profile and mid. */
  const byMid = new Map<string, MerchantEntry[]>();

  const entryOf = (ref: string): MerchantEntry => {
    let entry = merchants.get(ref);
    if (entry === undefined) {
      const merchant = live.resources.get(addressOf('merchant', ref)) as LiveResource<'merchant'> | undefined;
      entry = {
        ref,
        name: (merchant?.fields as MerchantFields | undefined)?.mchName,
        bindings: new Map(),
        devices: [],
        byProfile: new Map(),
      };
      merchants.set(ref, entry);
    }
    return entry;
  };

  const resources = [...live.resources.values()];
  for (const profile of ofKind(resources, 'acquirer')) profiles.add(profile.key);
  for (const merchant of ofKind(resources, 'merchant')) entryOf(merchant.key);
  const ofLiveMerchant = (resource: LiveResource): boolean => resource.merchant !== undefined && merchants.has(resource.merchant);
  for (const binding of ofKind(resources, 'binding')) {
    if (!ofLiveMerchant(binding)) continue;
    const entry = entryOf(binding.merchant!);
    const fields = binding.fields;
    const mid = fields.mid ?? '';
    entry.bindings.set(pairKey(fields.acquirer, fields.currency), { address: addressOf('binding', binding.key), mid, currency: fields.currency });
    if (mid !== '') {
      push(byMid, pairKey(fields.acquirer, mid), entry);
      push(byMid, pairKey(ANY_PROFILE, mid), entry);
    }
  }
  for (const device of ofKind(resources, 'device')) if (ofLiveMerchant(device)) entryOf(device.merchant!).devices.push(device);
  for (const entry of merchants.values()) if (entry.name !== undefined) push(byName, entry.name, { keyed: entry });
  for (const unkeyed of live.unkeyedMerchants) push(byName, unkeyed.mchName, { unkeyed });

  const byAddress = new Map<Address, SettlementBatchFacts[]>();
  /** Names several merchants share, with the batches that could not be told apart. */
  const ambiguous = new Map<string, { owners: Owner[]; batchIds: string[] }>();
  const route = (address: Address, batch: SettlementBatchFacts): void => push(byAddress, address, batch);

  /** Profile names that no live profile has, with the batches that name them. */
  const strangers = new Map<string, string[]>();
  for (const read of batches) {
    const batch = underCurrentName(read);
    // A profile name no live profile has: renamed outside paycfg, or its moved: entry left the manifest.
    // Its batch may be any profile's, so it counts for whatever else matches it (the guard errs on the side of blocking).
    const known = profiles.has(batch.profileName);
    if (known) route(addressOf('acquirer', batch.profileName), batch);
    else push(strangers, batch.profileName, batch.batchId);

    const owners = new Set<MerchantEntry>();
    const named = byName.get(batch.mchName) ?? [];
    for (const owner of named) if ('keyed' in owner) owners.add(owner.keyed);
    if (batch.acquirerMid !== '') {
      for (const entry of byMid.get(pairKey(known ? batch.profileName : ANY_PROFILE, batch.acquirerMid)) ?? []) owners.add(entry);
    }
    if (named.length > 1 && !resolvedByMid(batch, named)) {
      const seen = ambiguous.get(batch.mchName) ?? { owners: named, batchIds: [] };
      seen.batchIds.push(batch.batchId);
      ambiguous.set(batch.mchName, seen);
    }

    for (const entry of owners) {
      route(addressOf('merchant', entry.ref), batch);
      const candidates = known
        ? [entry.bindings.get(pairKey(batch.profileName, batch.currency))]
        : [...entry.bindings.values()].filter((b) => b.currency === batch.currency);
      for (const binding of candidates) {
        if (binding !== undefined && (entry.name === batch.mchName || (binding.mid !== '' && binding.mid === batch.acquirerMid))) {
          route(binding.address, batch);
        }
      }
      for (const address of known ? terminalsOf(entry, batch) : terminalsOfAnyProfile(entry, batch)) route(address, batch);
    }
  }

  const warnings: PlanWarning[] = [];
  for (const [name, { owners, batchIds }] of ambiguous) warnings.push(ambiguityWarning(name, owners, batchIds));
  for (const [name, batchIds] of strangers) warnings.push(strangerWarning(name, batchIds));
  return { byAddress, warnings };
}

/** Whether a batch's non-empty mid names the binding of exactly one of the merchants that share its name. */
function resolvedByMid(batch: SettlementBatchFacts, named: readonly Owner[]): boolean {
  if (batch.acquirerMid === '') return false;
  let holders = 0;
  for (const owner of named) {
    if (!('keyed' in owner)) continue;
    for (const binding of owner.keyed.bindings.values()) {
      if (binding.mid === batch.acquirerMid) {
        holders += 1;
        break;
      }
    }
  }
  return holders === 1;
}

function terminalsOf(entry: MerchantEntry, batch: SettlementBatchFacts): readonly Address[] {
  if (entry.devices.length === 0) return [];
  let index = entry.byProfile.get(batch.profileName);
  if (index === undefined) {
    index = { byTid: new Map(), noTid: [] };
    for (const device of entry.devices) {
      const tid = (fieldsOfKind(device, 'device')).acquirerFields?.[batch.profileName]?.['tid'];
      const address = addressOf('device', device.key);
      if (typeof tid === 'string' && tid !== '') push(index.byTid, tid, address);
      else index.noTid.push(address);
    }
    entry.byProfile.set(batch.profileName, index);
  }
  if (batch.acquirerTid === '') return entry.devices.map((device) => addressOf('device', device.key));
  return [...(index.byTid.get(batch.acquirerTid) ?? []), ...index.noTid];
}

/** Devices of `entry` whose tid for any profile is the batch's, and those with no tid at all. */
function terminalsOfAnyProfile(entry: MerchantEntry, batch: SettlementBatchFacts): Address[] {
  return entry.devices
    .filter((device) => {
      if (batch.acquirerTid === '') return true;
      const tids = Object.values((fieldsOfKind(device, 'device')).acquirerFields ?? {}).map((fields) => fields['tid']).filter((tid) => typeof tid === 'string' && tid !== '');
      return tids.length === 0 || tids.includes(batch.acquirerTid);
    })
    .map((device) => addressOf('device', device.key));
}

function strangerWarning(profileName: string, batchIds: readonly string[]): PlanWarning {
  const shown = batchIds.slice(0, 5).join(', ') + (batchIds.length > 5 ? ` and ${batchIds.length - 5} more` : '');
  return {
    message:
      `settlement batch${batchIds.length === 1 ? '' : 'es'} ${shown} name${batchIds.length === 1 ? 's' : ''} acquirer profile "${profileName}", which no live profile has ` +
      '(renamed outside paycfg, or its moved: entry left the manifest?): counted for every binding and terminal of the merchant it may belong to, by name, mid and tid. ' +
      `Keep a moved: entry from acquirer/${profileName} until its batches are settled, so that they count for the renamed profile as well.`,
  };
}

function ambiguityWarning(name: string, owners: readonly Owner[], batchIds: readonly string[]): PlanWarning {
  const names = owners.map((owner) =>
    'keyed' in owner ? addressOf('merchant', owner.keyed.ref) : `the merchant ${owner.unkeyed.mchId} (no providerReference paycfg can key)`,
  );
  const first = owners.find((owner): owner is { keyed: MerchantEntry } => 'keyed' in owner);
  const shown = batchIds.length > 5 ? `${batchIds.slice(0, 5).join(', ')} and ${batchIds.length - 5} more` : batchIds.join(', ');
  const message =
    `settlement batch${batchIds.length === 1 ? '' : 'es'} ${shown} of merchant name ${JSON.stringify(name)} may belong to ${names.join(' or ')} ` +
    '(they share the name and the batch carries no mid that tells them apart): counted for each';
  return first === undefined ? { message } : { address: addressOf('merchant', first.keyed.ref), message };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** `acquirer/host-a` → `host-a`. */
