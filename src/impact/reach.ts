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
 * configuration when they next connect). Merchants paycfg cannot key count as merchants; their
 * devices are never read.
 */
export interface Reach {
  readonly merchants: number;
  readonly terminals: number;
  /** False when some merchant reached had its devices left unread: `terminals` counts only those read. */
  readonly terminalsKnown: boolean;
}

const NOTHING: Reach = Object.freeze({ merchants: 0, terminals: 0, terminalsKnown: true });

export class ReachIndex {
  /** providerReference → terminals not decommissioned (0 for a merchant whose devices were not read). */
  private readonly terminals = new Map<string, number>();
  private readonly profileMerchants = new Map<string, Set<string>>();
  private readonly emvProfiles = new Map<string, Set<string>>();
  private readonly emvMerchants = new Map<string, Set<string>>();
  private readonly unkeyedByProfile = new Map<string, Set<string>>();
  private readonly unkeyedByEmv = new Map<string, Set<string>>();

  constructor(private readonly live: LiveState) {
    for (const resource of live.resources.values()) {
      if (resource.kind === 'merchant') {
        if (!this.terminals.has(resource.key)) this.terminals.set(resource.key, 0);
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
    switch (kind) {
      case 'emv': {
        const merchants = new Set(this.emvMerchants.get(key));
        const unkeyed = new Set(this.unkeyedByEmv.get(key));
        for (const profile of this.emvProfiles.get(key) ?? []) {
          for (const ref of this.profileMerchants.get(profile) ?? []) merchants.add(ref);
          for (const id of this.unkeyedByProfile.get(profile) ?? []) unkeyed.add(id);
        }
        return this.merchantsReach(merchants, unkeyed.size);
      }
      case 'acquirer':
        return this.merchantsReach(this.profileMerchants.get(key) ?? new Set(), this.unkeyedByProfile.get(key)?.size ?? 0);
      case 'merchant':
        return this.terminals.has(key) ? this.merchantsReach(new Set([key]), 0) : NOTHING;
      case 'binding':
        return merchant !== undefined && this.terminals.has(merchant) ? this.merchantsReach(new Set([merchant]), 0) : NOTHING;
      case 'device': {
        if (merchant === undefined || !this.terminals.has(merchant)) return NOTHING;
        const device = this.live.resources.get(addressOf('device', key));
        return { merchants: 1, terminals: device !== undefined && device.lifecycle !== 'decommissioned' ? 1 : 0, terminalsKnown: true };
      }
    }
  }

  private merchantsReach(merchants: ReadonlySet<string>, unkeyed: number): Reach {
    let terminals = 0;
    let known = unkeyed === 0;
    for (const ref of merchants) {
      const count = this.terminals.get(ref);
      // A binding of a merchant that is not live (one the service made with a merchant just read) still names it.
      if (count === undefined) continue;
      terminals += count;
      if (!this.live.devicesRead.has(ref)) known = false;
    }
    return { merchants: [...merchants].filter((ref) => this.terminals.has(ref)).length + unkeyed, terminals, terminalsKnown: known };
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
