import { addressOf, type Address, type Kind } from '../model/kinds.js';
import { forEachName, forEachReference, inUseReferencesFrom, referencesFrom } from '../kinds/references.js';
import { kindModule } from '../kinds/registry.js';
import { fieldsOf, type LiveResource, type LiveState, type MethodsMap } from '../model/state.js';

/**
 * The names a resource's fields refer to, as addresses. This is what orders creates after the
 * things they name and deletes after the things that stop naming them.
 */
export function referencesOf(kind: Kind, fields: Record<string, unknown> | null, merchant?: string): Address[] {
  const refs = new Set<Address>();
  forEachReference(kind, fields, merchant, (ref) => void refs.add(ref));
  return [...refs];
}

/**
 * The live records that hold each record in use (the `inUse` references), by the address they
 * name, in live order; each user once per record it names. Built once per state: the planner and
 * the reads it needs ask it once per delete and replacement.
 */
export function usersIndex(resources: Iterable<LiveResource>): Map<Address, LiveResource[]> {
  const index = new Map<Address, LiveResource[]>();
  for (const resource of resources) {
    const refs = inUseReferencesFrom(resource.kind);
    if (refs.length === 0) continue;
    const fields = fieldsOf(resource);
    for (const ref of refs) {
      forEachName(ref, fields[ref.field], (name) => {
        const address = addressOf(ref.to, name);
        let list = index.get(address);
        if (list === undefined) index.set(address, (list = []));
        // One resource is indexed at a time: a name it gives twice would be the list's last entry.
        if (list[list.length - 1] !== resource) list.push(resource);
      });
    }
  }
  return index;
}

/** Removes every use of one EMV config from a methods map; a card method left with no EMV is dropped. */
export function withoutEmv(methods: MethodsMap, emvName: string, dropEmptyMethods: boolean): MethodsMap {
  const out: MethodsMap = {};
  for (const [code, entry] of Object.entries(methods)) {
    const emvs = entry.emvs.filter((e) => e !== emvName);
    if (emvs.length === 0 && entry.emvs.length > 0 && dropEmptyMethods) continue;
    out[code] = { emvs, allows: entry.allows };
  }
  return out;
}

/** The merchants paycfg cannot key that bind the named record (through the list the record's kind says), in live order. */
export function unkeyedHolders(live: Pick<LiveState, 'unkeyedMerchants'>, kind: Kind, name: string): LiveState['unkeyedMerchants'] {
  const list = kindModule(kind).unkeyedMerchantList;
  return list === undefined ? [] : live.unkeyedMerchants.filter((merchant) => merchant[list].includes(name));
}

/**
 * The records that name others by an object's keys (a device's acquirer fields), by owner, in the
 * given order: what a replacement re-points among the owner's records. Built once per plan on the
 * first replacement that asks, not a scan of the group per rebound user.
 */
export function keyHoldersByOwner(resources: Iterable<LiveResource>): Map<string, LiveResource[]> {
  const index = new Map<string, LiveResource[]>();
  for (const resource of resources) {
    if (resource.merchant === undefined || !referencesFrom(resource.kind).some((ref) => ref.holds === 'keys')) continue;
    let list = index.get(resource.merchant);
    if (list === undefined) index.set(resource.merchant, (list = []));
    list.push(resource);
  }
  return index;
}
