import { addressOf, keyOfAddress, KINDS, type Address, type Kind } from '../model/kinds.js';
import { detachOf, isHeldInUse, referencesFrom, referenceTo } from '../kinds/references.js';
import { hasChildren, kindModule, parentOf } from '../kinds/registry.js';
import { type DesiredResource, type DesiredState, fieldsOf, type LiveResource, type LiveState, type MethodsMap, type PrunePolicy } from '../model/state.js';
import { withoutAllows, type BindingAllowsReading } from './binding-allows.js';
import { DESCRIPTORS } from './descriptors.js';
import { diffFields, sameFields } from './diff.js';
import { keyFieldOf } from './moves.js';
import type { Change } from './plan.js';
import { predictSideEffects } from './predict.js';
import { Protection } from './protect.js';
import { LIVE_ONLY_ORDER } from './plan-changes.js';
import { checkReceiptLogo, groupKeepsLogoFingerprints, UPLOADS } from '../kinds/merchant-logo.js';
import { keyHoldersByOwner, unkeyedHolders, usersIndex, withoutEmv } from './references.js';
import { isMoneyRelevant } from './settlement-guard.js';
import { fieldsOfKind } from '../kinds/of-kind.js';

/**
 * What a plan must read beyond the live group, decided from the manifest and the live records
 * before the one planning (workflow/plan-stages.ts), never from a first plan.
 *
 * The candidates are the changes the planner can make: every desired record the diff finds
 * different from the live one (the same comparison the planner makes: diff.ts sameFields and
 * diffFields, the kinds' immutable fields deciding a replacement), every live-only record the prune
 * policy or the managed binding and device lists delete, and the users a replacement detaches and
 * attaches again. The settlement batches are read when a candidate is money-relevant
 * (settlement-guard.ts isMoneyRelevant, the very rule that judged a plan before), and a terminal
 * budget counts the unread merchants the candidates reach (impact/compute-impact.ts merchantsToCount).
 *
 * Exact, as the planner decides them: `protect:` on a delete, on a replacement and on the bindings a
 * profile's replacement re-binds; a replacement the service would refuse as in use (an unmanaged
 * user, a merchant without providerReference); an EMV config's or profile's delete an unmanaged user
 * or such a merchant holds; a merchant's delete its active terminals hold (no decommission policy).
 *
 * Over-approximated (a read no change of the final plan uses; never the reverse):
 * - `--target`: the candidates are the whole group's, so a targeted plan that keeps none of the
 *   money-relevant ones still reads;
 * - a change the plan drops because it waits for a blocked one (cause `dependency`);
 * - an EMV config's or profile's delete that a record the manifest manages still names (in use);
 * - an EMV config's replacement: the bindings that use it are candidates for the methods it puts
 *   back, even when the reattached binding ends with the methods it has, and when the planner
 *   refuses the replacement (a profile that uses it for every payment method: a PlanError, raised
 *   now after the reads rather than before).
 */
export interface ReadsNeeded {
  /** Whether the settlement batches must be read: a candidate deletes, replaces or re-routes money. */
  readonly settlement: boolean;
  /** The changes the plan can make, as far as they decide the reads; not a plan. */
  readonly candidates: readonly Change[];
}

/**
 * The kinds whose desired-versus-live difference can be money-relevant: a binding's methods, a
 * profile's route, and a replacement (a kind with an immutable field). A merchant's or a device's
 * update never is; without a terminal budget their diffs are skipped, the better part of a large
 * group's records.
 */
const MONEY_KINDS: ReadonlySet<Kind> = new Set(
  KINDS.filter((kind) => (kindModule(kind).settlement?.reroutingFields.length ?? 0) > 0 || Object.values(DESCRIPTORS[kind]).some((d) => d.immutable === true)),
);

/**
 * Pure: the reads a plan of `desired` against `live` needs (see ReadsNeeded). `everyChange`: the
 * candidates must reach every merchant a change of the plan reaches (a terminal budget); without it
 * they are those that decide the settlement read.
 */
export function readsNeeded(desired: DesiredState, live: LiveState & BindingAllowsReading, protect: readonly string[] = [], everyChange = true): ReadsNeeded {
  const candidates = new Candidates(desired, live, new Protection(protect), everyChange ? undefined : MONEY_KINDS).find();
  return { settlement: isMoneyRelevant(candidates), candidates };
}

interface Replaced {
  readonly resource: DesiredResource;
  readonly address: Address;
}

class Candidates {
  private readonly out: Change[] = [];
  private readonly view: ReadonlyMap<string, LiveResource>;
  /** Live-only records the plan deletes (protected ones too: their blocked delete still frees their users). */
  private readonly deleted = new Set<Address>();
  private readonly deletedMerchants = new Set<string>();
  /** Merchants whose delete an activated terminal holds (prune.activatedDevices is not decommission). */
  private readonly heldMerchants = new Set<string>();
  private readonly replaced: Replaced[] = [];
  private usersIndex: Map<Address, LiveResource[]> | undefined;
  private keyHolders: Map<string, LiveResource[]> | undefined;

  constructor(
    private readonly desired: DesiredState,
    private readonly live: LiveState & BindingAllowsReading,
    private readonly protection: Protection,
    /** The kinds whose creates and diffs are looked at; every kind when undefined. */
    private readonly kinds: ReadonlySet<Kind> | undefined,
  ) {
    this.view = predictSideEffects(desired, live).live;
  }

  find(): Change[] {
    this.differing();
    const deletes = this.liveOnly();
    for (const change of deletes) if (!this.deleteBlocked(change)) this.out.push(change);
    for (const replaced of this.replaced) this.replacement(replaced);
    return this.out;
  }

  /** The desired records the planner's diff finds different, compared as plan-changes.ts diffDesired compares them. */
  private differing(): void {
    let keepsLogo: boolean | undefined;
    const keepsLogoFingerprints = (): boolean => (keepsLogo ??= groupKeepsLogoFingerprints(this.live));
    for (const [address, resource] of this.desired.resources) {
      if (this.kinds !== undefined && !this.kinds.has(resource.kind)) continue;
      const current = this.view.get(address);
      const owner = resource.merchant !== undefined ? { merchant: resource.merchant } : {};
      if (current === undefined) {
        if (this.kinds !== undefined) continue;
        this.out.push(candidate(address, resource.kind, resource.key, 'create', [], owner));
        continue;
      }
      const desiredFields = fieldsOf(resource);
      const logo = UPLOADS.has(resource.kind) ? checkReceiptLogo(fieldsOfKind(resource, 'merchant'), fieldsOfKind(current, 'merchant'), keepsLogoFingerprints) : undefined;
      const allowsWriteOnly = kindModule(resource.kind).allowsFromSummary === true && this.live.bindingAllowsWriteOnly === true;
      const keyField = current.movedFrom === undefined ? undefined : keyFieldOf(resource.kind);
      const withKey = (record: Record<string, unknown>, key: string): Record<string, unknown> => (keyField === undefined ? record : { ...record, [keyField]: key });
      const liveFields = fieldsOf(current);
      const fields = withKey(allowsWriteOnly ? withoutAllows(desiredFields) : (logo?.compared ?? desiredFields), resource.key);
      const compared = withKey(allowsWriteOnly ? withoutAllows(liveFields) : liveFields, current.movedFrom === undefined ? current.key : keyOfAddress(current.movedFrom));
      if (sameFields(resource.kind, fields, compared)) continue;
      const diff = diffFields(resource.kind, fields, compared);
      if (diff.immutableChanged.length > 0) this.replaced.push({ resource, address });
      else if (diff.patch.length > 0) this.out.push(candidate(address, resource.kind, resource.key, 'update', diff.patch, { ...owner, ...(current.predicted === true ? { predicted: true } : {}) }));
    }
  }

  /** The deletes of live-only records, by the prune policy and the managed binding and device lists (plan-changes.ts handleLiveOnly). */
  private liveOnly(): Change[] {
    const liveOnly = new Map<Kind, [Address, LiveResource][]>(LIVE_ONLY_ORDER.map((kind) => [kind, []]));
    this.view.forEach((resource, address) => {
      if (!this.desired.resources.has(address)) liveOnly.get(resource.kind)!.push([address, resource]);
    });
    const prune = this.desired.prune;
    const deletes: Change[] = [];
    const remove = (address: Address, resource: LiveResource, extra: Partial<Change> = {}): void => {
      this.deleted.add(address);
      deletes.push(candidate(address, resource.kind, resource.key, 'delete', [], { ...(resource.merchant !== undefined ? { merchant: resource.merchant } : {}), ...extra }));
    };
    for (const [kind, resources] of liveOnly) {
      const module = kindModule(kind);
      if (parentOf(kind) === undefined) {
        if (prune[module.manifest.list as keyof PrunePolicy] !== true) continue;
        for (const [address, resource] of resources) {
          remove(address, resource);
          if (hasChildren(kind)) this.deletedMerchants.add(resource.key);
        }
        continue;
      }
      const managed = this.desired[module.manifest.managedIn!];
      for (const [address, resource] of resources) {
        const merchant = resource.merchant!;
        const merchantGoes = this.deletedMerchants.has(merchant);
        if (module.terminal !== true) {
          if (merchantGoes || managed.has(merchant)) remove(address, resource, resource.predicted === true ? { predicted: true } : {});
          continue;
        }
        if (!merchantGoes && !managed.has(merchant)) continue;
        const policy = prune.activatedDevices;
        if (resource.lifecycle === 'pending') remove(address, resource, { disposal: 'delete' });
        else if (policy === 'decommission') remove(address, resource, { disposal: 'decommission' });
        else if (merchantGoes) this.heldMerchants.add(merchant);
        else if (policy === 'logout' && resource.lifecycle === 'active') remove(address, resource, { disposal: 'logout' });
      }
    }
    // A duplicate pending code's delete is neither guarded nor reaching anything: no candidate.
    return deletes;
  }

  /** A delete the planner surely blocks: protected, held by an activated terminal, or in use by what the manifest does not manage. */
  private deleteBlocked(change: Change): boolean {
    if (change.predicted !== true && this.protectedBy(change.address) !== undefined) return true;
    if (hasChildren(change.kind)) return this.heldMerchants.has(change.key);
    if (!isHeldInUse(change.kind)) return false;
    return this.usersOf(change.kind, change.key).some((user) => this.unmanagedUser(user)) || unkeyedHolders(this.live, change.kind, change.key).length > 0;
  }

  /**
   * A replacement, unless the planner blocks it before any detach step (protected, or in use by
   * what the manifest does not manage), with the users it detaches and attaches again.
   */
  private replacement({ resource, address }: Replaced): void {
    const kind = resource.kind;
    if (this.protectedBy(address) !== undefined) return;
    const users = this.usersOf(kind, resource.key).filter((user) => !this.deleted.has(addressOf(user.kind, user.key)));
    // A user naming it in its key is deleted and bound again: `protect:` on that user holds the replacement back.
    if (users.some((user) => referenceTo(user.kind, kind)!.inKey === true && this.protectedBy(addressOf(user.kind, user.key)) !== undefined)) return;
    if (users.some((user) => !this.desired.resources.has(addressOf(user.kind, user.key)))) return;
    if (unkeyedHolders(this.live, kind, resource.key).length > 0) return;
    const owner = resource.merchant !== undefined ? { merchant: resource.merchant } : {};
    this.out.push(candidate(address, kind, resource.key, 'replace', [], owner));
    for (const user of users) {
      const userAddress = addressOf(user.kind, user.key);
      const wanted = this.desired.resources.get(userAddress)!;
      const userOwner = user.merchant !== undefined ? { merchant: user.merchant } : {};
      const ref = referenceTo(user.kind, kind)!;
      if (ref.inKey === true) {
        this.out.push(candidate(userAddress, user.kind, user.key, 'create', [], userOwner));
        if (user.merchant !== undefined) this.repointed(user.merchant, kind, resource.key);
        continue;
      }
      // The users that edit it away let go of it and take the new one: their fields as the manifest has them again.
      const liveFields = fieldsOf(user);
      const detach = detachOf(ref);
      const detached = { ...liveFields, [ref.field]: withoutEmv(liveFields[ref.field] as MethodsMap, resource.key, detach.dropEmptyMethod(liveFields)) };
      const patch = diffFields(user.kind, fieldsOf(wanted), detached).patch;
      this.out.push(candidate(userAddress, user.kind, user.key, 'update', patch, userOwner));
    }
  }

  /** The managed records of an owner that name a replaced record by an object's keys (a device's acquirer fields): they are pointed at the new one. */
  private repointed(owner: string, kind: Kind, name: string): void {
    this.keyHolders ??= keyHoldersByOwner(this.view.values());
    for (const record of this.keyHolders.get(owner) ?? []) {
      const address = addressOf(record.kind, record.key);
      const fields = fieldsOf(record);
      const names = referencesFrom(record.kind).some((ref) => ref.holds === 'keys' && ref.to === kind && (fields[ref.field] as Record<string, unknown> | undefined)?.[name] !== undefined);
      if (!names || !this.desired.resources.has(address)) continue;
      this.out.push(candidate(address, record.kind, record.key, 'update', [], { merchant: owner }));
    }
  }

  /** A live user the manifest neither manages nor deletes: it keeps its reference, and the service refuses the delete. */
  private unmanagedUser(user: LiveResource): boolean {
    const address = addressOf(user.kind, user.key);
    return !this.desired.resources.has(address) && !this.deleted.has(address);
  }

  /** The live records that hold a record in use (plan-changes.ts liveUsersOf). */
  private usersOf(kind: Kind, name: string): LiveResource[] {
    this.usersIndex ??= usersIndex(this.live.resources.values());
    return this.usersIndex.get(addressOf(kind, name)) ?? [];
  }

  /** The `protect:` pattern of a live record, by its address or the one a move re-keyed it from. */
  private protectedBy(address: Address): string | undefined {
    if (this.protection.isEmpty) return undefined;
    const readAs = this.view.get(address)?.readAs;
    return this.protection.patternFor(address) ?? (readAs === undefined ? undefined : this.protection.patternFor(readAs));
  }
}

/** A candidate as isMoneyRelevant and merchantsToCount read a change: its record, action, patch and owner. */
function candidate(address: Address, kind: Change['kind'], key: string, action: Change['action'], patch: Change['patch'], extra: Partial<Change>): Change {
  return { address, kind, key, action, before: null, after: null, patch, dependsOn: [], reason: 'a change the plan can make', notes: [], ...extra };
}
