import { hasChildren, kindModule, parentOf } from '../kinds/registry.js';
import { addressOf, type Kind } from '../model/kinds.js';
import type { AcquirerFields, BindingFields, LiveState, MethodsMap } from '../model/state.js';

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

export class ReachIndex {
  /** providerReference → terminals not decommissioned (0 for a merchant whose devices were not read). */
  private readonly terminals = new Map<string, number>();
  private readonly profileMerchants = new Map<string, Set<string>>();
  private readonly emvProfiles = new Map<string, Set<string>>();
  private readonly emvMerchants = new Map<string, Set<string>>();
  private readonly unkeyedByProfile = new Map<string, Set<string>>();
  private readonly unkeyedByEmv = new Map<string, Set<string>>();

  /** providerReference → the live merchant's mchId, for those whose devices were not read. */
  private readonly unreadIds = new Map<string, string>();

  constructor(
    private readonly live: LiveState,
    private readonly counted: CountedTerminals = new Map(),
  ) {
    for (const resource of live.resources.values()) {
      if (resource.kind === 'merchant') {
        if (!this.terminals.has(resource.key)) this.terminals.set(resource.key, 0);
        if (live.devicesRead.has(resource.key)) continue;
        const id = String(resource.id);
        const count = counted.get(id);
        if (count === undefined) this.unreadIds.set(resource.key, id);
        else this.terminals.set(resource.key, count);
      } else if (resource.kind === 'device') {
        if (resource.lifecycle === 'decommissioned' || resource.merchant === undefined) continue;
        this.terminals.set(resource.merchant, (this.terminals.get(resource.merchant) ?? 0) + 1);
      } else if (resource.kind === 'acquirer') {
        for (const emv of emvsOf((resource.fields as AcquirerFields).methods)) add(this.emvProfiles, emv, resource.key);
      } else if (resource.kind === 'binding' && resource.merchant !== undefined) {
        const fields = resource.fields as BindingFields;
        add(this.profileMerchants, fields.acquirer, resource.merchant);
        for (const emv of emvsOf(fields.methods)) add(this.emvMerchants, emv, resource.merchant);
      }
    }
    for (const unkeyed of live.unkeyedMerchants) {
      for (const profile of unkeyed.profiles) add(this.unkeyedByProfile, profile, unkeyed.mchId);
      for (const emv of unkeyed.emvs) add(this.unkeyedByEmv, emv, unkeyed.mchId);
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
    switch (kind) {
      case 'emv': {
        for (const ref of this.emvMerchants.get(key) ?? []) merchants.add(ref);
        for (const id of this.unkeyedByEmv.get(key) ?? []) unkeyed.add(id);
        for (const profile of this.emvProfiles.get(key) ?? []) {
          for (const ref of this.profileMerchants.get(profile) ?? []) merchants.add(ref);
          for (const id of this.unkeyedByProfile.get(profile) ?? []) unkeyed.add(id);
        }
        break;
      }
      case 'acquirer':
        for (const ref of this.profileMerchants.get(key) ?? []) merchants.add(ref);
        for (const id of this.unkeyedByProfile.get(key) ?? []) unkeyed.add(id);
        break;
      default:
        // A merchant reaches itself, a record of a merchant's reaches its merchant.
        if (hasChildren(kind)) merchants.add(key);
        else if (parentOf(kind) !== undefined && merchant !== undefined) merchants.add(merchant);
    }
    // A binding of a merchant that is not live (one the service made with a merchant just read) still names it.
    for (const ref of merchants) if (!this.terminals.has(ref)) merchants.delete(ref);
    return { merchants, unkeyed };
  }
}

function emvsOf(methods: MethodsMap | undefined): Set<string> {
  const out = new Set<string>();
  for (const method of Object.values(methods ?? {})) for (const emv of method.emvs) out.add(emv);
  return out;
}

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([value]));
  else set.add(value);
}
