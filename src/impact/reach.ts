import { forEachName, inUseReferencesFrom, isHeldInUse } from '../kinds/references.js';
import { hasChildren, KIND_MODULES, kindModule, parentOf } from '../kinds/registry.js';
import { addressOf, type Address, type Kind } from '../model/kinds.js';
import { fieldsOf, type LiveState } from '../model/state.js';

/**
 * What a change reaches in the live group, down the dependency chain: an EMV config reaches the
 * profiles and bindings that name it, a profile the merchants bound to it, a merchant its terminals.
 * Built once per plan, then asked once per change.
 *
 * Counted conservatively: a merchant bound to a profile that names an EMV config counts for that
 * config even when its binding binds only part of the profile; a merchant counts all its terminals
 * (those not decommissioned: pending codes and logged-out terminals included, since they take the
 * configuration when they next connect). Merchants paycfg cannot key count as merchants. The
 * terminals of a merchant whose devices the live read left out (the manifest does not manage them)
 * are unknown, unless they were counted apart (CountedTerminals).
 */
export interface Reach {
  readonly merchants: number;
  readonly terminals: number;
  /** False when some merchant reached had its devices left unread: `terminals` counts only those read. */
  readonly terminalsKnown: boolean;
}

const NOTHING: Reach = Object.freeze({ merchants: 0, terminals: 0, terminalsKnown: true });

/**
 * Terminals counted apart from the live read, by the merchant's mchId (live/count-terminals.ts):
 * the devices of merchants the manifest does not manage, read only when a terminal budget needs a
 * real count. A merchant counted here is known, keyed or not.
 */
export type CountedTerminals = ReadonlyMap<string, number>;

/** The kind of the terminals, and the live state's set of the merchants whose terminals were read. */
const TERMINALS = KIND_MODULES.find((module) => module.terminal === true)!;
const TERMINALS_READ_IN = TERMINALS.readIn!;

/** What a record of each kind is to the reach: the unit counted (a merchant), its terminal, another of its children, or a record of its own. */
const ROLE = Object.fromEntries(
  KIND_MODULES.map((module) => [module.kind, hasChildren(module.kind) ? 'parent' : module.terminal === true ? 'terminal' : parentOf(module.kind) !== undefined ? 'child' : 'top']),
) as Readonly<Record<Kind, 'parent' | 'terminal' | 'child' | 'top'>>;

type RecordRef = { readonly kind: Kind; readonly key: string };
/** The users of one record: the merchants that own a child user, and the top-level users, walked on in turn. */
type Users = { readonly owners: Set<string>; readonly through: RecordRef[] };

export class ReachIndex {
  /** providerReference → terminals not decommissioned (0 for a merchant whose devices were not read). */
  private readonly terminals = new Map<string, number>();
  /**
   * Address → the records that hold it in use, as the records a change reaches through them: a
   * child user (a binding) as its owner's key, a top-level user (a profile naming an EMV config)
   * as its address, walked on in turn.
   */
  private readonly users = new Map<Kind, Map<string, Users>>();
  /** Kind → key → the mchIds of the merchants paycfg cannot key that bind the record. */
  private readonly unkeyedBy = new Map<Kind, Map<string, Set<string>>>();

  /** providerReference → the live merchant's mchId, for those whose devices were not read. */
  private readonly unreadIds = new Map<string, string>();

  constructor(
    private readonly live: LiveState,
    private readonly counted: CountedTerminals = new Map(),
  ) {
    const read = live[TERMINALS_READ_IN];
    for (const module of KIND_MODULES) {
      if (isHeldInUse(module.kind)) this.users.set(module.kind, new Map());
      if (module.unkeyedMerchantList !== undefined) this.unkeyedBy.set(module.kind, new Map());
    }
    for (const resource of live.resources.values()) {
      const role = ROLE[resource.kind];
      if (role === 'parent') {
        if (!this.terminals.has(resource.key)) this.terminals.set(resource.key, 0);
        if (read.has(resource.key)) continue;
        const id = String(resource.id);
        const count = counted.get(id);
        if (count === undefined) this.unreadIds.set(resource.key, id);
        else this.terminals.set(resource.key, count);
        continue;
      }
      if (role === 'terminal') {
        if (resource.lifecycle === 'decommissioned' || resource.merchant === undefined) continue;
        this.terminals.set(resource.merchant, (this.terminals.get(resource.merchant) ?? 0) + 1);
        continue;
      }
      const refs = inUseReferencesFrom(resource.kind);
      if (refs.length === 0) continue;
      const child = role === 'child';
      if (child && resource.merchant === undefined) continue;
      const fields = fieldsOf(resource);
      for (const ref of refs) {
        const byName = this.users.get(ref.to)!;
        forEachName(ref, fields[ref.field], (name) => {
          let users = byName.get(name);
          if (users === undefined) byName.set(name, (users = { owners: new Set(), through: [] }));
          if (child) users.owners.add(resource.merchant!);
          else {
            // One record is indexed at a time: a name it gives twice would be the list's last entry.
            const last = users.through[users.through.length - 1];
            if (last?.key !== resource.key || last.kind !== resource.kind) users.through.push({ kind: resource.kind, key: resource.key });
          }
        });
      }
    }
    for (const module of KIND_MODULES) {
      const list = module.unkeyedMerchantList;
      if (list === undefined) continue;
      const byName = this.unkeyedBy.get(module.kind)!;
      for (const unkeyed of live.unkeyedMerchants) for (const name of unkeyed[list]) add(byName, name, unkeyed.mchId);
    }
  }

  /** What a change to the resource of this kind and key (owned by `merchant`, for bindings and devices) reaches. */
  of(kind: Kind, key: string, merchant: string | undefined): Reach {
    // A terminal reaches itself.
    if (kindModule(kind).terminal === true) {
      if (merchant === undefined || !this.terminals.has(merchant)) return NOTHING;
      const device = this.live.resources.get(addressOf(kind, key));
      return { merchants: 1, terminals: device !== undefined && device.lifecycle !== 'decommissioned' ? 1 : 0, terminalsKnown: true };
    }
    const { merchants, unkeyed } = this.membersOf(kind, key, merchant);
    let terminals = 0;
    let known = true;
    for (const ref of merchants) {
      terminals += this.terminals.get(ref)!;
      if (this.unreadIds.has(ref)) known = false;
    }
    for (const mchId of unkeyed) {
      const count = this.counted.get(mchId);
      if (count === undefined) known = false;
      else terminals += count;
    }
    return { merchants: merchants.size + unkeyed.size, terminals, terminalsKnown: known };
  }

  /**
   * The mchIds of the merchants a change reaches whose terminals are not known (devices not read, not
   * counted apart): what a real count of its terminals must read, one device list each.
   */
  unreadOf(kind: Kind, key: string, merchant: string | undefined): string[] {
    if (kindModule(kind).terminal === true) return [];
    const { merchants, unkeyed } = this.membersOf(kind, key, merchant);
    const out: string[] = [];
    for (const ref of merchants) {
      const id = this.unreadIds.get(ref);
      if (id !== undefined) out.push(id);
    }
    for (const mchId of unkeyed) if (!this.counted.has(mchId)) out.push(mchId);
    return out;
  }

  /** The live merchants a change reaches: keyed ones by providerReference, unkeyed ones by mchId. */
  private membersOf(kind: Kind, key: string, merchant: string | undefined): { merchants: Set<string>; unkeyed: Set<string> } {
    const merchants = new Set<string>();
    const unkeyed = new Set<string>();
    if (hasChildren(kind)) {
      // A merchant reaches itself, a record of a merchant's reaches its merchant.
      merchants.add(key);
    } else if (parentOf(kind) !== undefined) {
      if (merchant !== undefined) merchants.add(merchant);
    } else {
      // What holds the record in use, and what holds those: the merchants bound to it directly first,
      // then, record by record, those bound through a record that names it (a profile naming an EMV config).
      const queue: RecordRef[] = [{ kind, key }];
      const seen = new Set<Address>([addressOf(kind, key)]);
      for (let i = 0; i < queue.length; i++) {
        const at = queue[i]!;
        const users = this.users.get(at.kind)?.get(at.key);
        for (const ref of users?.owners ?? []) merchants.add(ref);
        for (const id of this.unkeyedBy.get(at.kind)?.get(at.key) ?? []) unkeyed.add(id);
        for (const through of users?.through ?? []) {
          const address = addressOf(through.kind, through.key);
          if (seen.has(address)) continue;
          seen.add(address);
          queue.push(through);
        }
      }
    }
    // A binding of a merchant that is not live (one the service made with a merchant just read) still names it.
    for (const ref of merchants) if (!this.terminals.has(ref)) merchants.delete(ref);
    return { merchants, unkeyed };
  }
}

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([value]));
  else set.add(value);
}
