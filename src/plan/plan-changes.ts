import { hasChildren, KIND_MODULES, kindModule, parentOf } from '../kinds/registry.js';
import { isUnkeyable } from '../live/unkeyed-records.js';
import { addressOf, duplicateAddress, keyOfAddress, KIND_LABEL, KINDS, type Address, type Kind } from '../model/kinds.js';
import { joinPointer } from '../model/pointers.js';
import {
  type DesiredResource,
  type DesiredState,
  fieldsOf,
  type LiveResource,
  type LiveState,
  type MerchantFields,
  type MethodsMap,
  type PrunePolicy,
} from '../model/state.js';
import { ALLOWS_WRITE_ONLY_NOTE, holdsAllows, withAllowsSent, withoutAllows, type BindingAllowsReading } from './binding-allows.js';
import { DESCRIPTORS } from './descriptors.js';
import { diffFields, fieldPatch, sameFields } from './diff.js';
import { PlanError } from './errors.js';
import { orderChanges } from './order.js';
import {
  disposalOf,
  PLAN_FORMAT_VERSION,
  stepAddress,
  summarise,
  type Plan,
  type PlannedBlock,
  type PlannedChange,
  type PlannedWarning,
  type PlanServiceRecord,
  type RawPlan,
  type UnmanagedCause,
  type UnmanagedResource,
  type UnreadDevices,
} from './plan.js';
import { predictSideEffects } from './predict.js';
import { merchantPartMatcher, Protection, protectedWording } from './protect.js';
import { guardedAddress, shownBatches, unsettledWarning, unsettledWording, type SettlementGuardInput } from './settlement-guard.js';
import { checkReceiptLogo, completeLogoChange, groupKeepsLogoFingerprints, UPLOADS } from '../kinds/merchant-logo.js';
import { keyFieldOf } from './moves.js';
import type { ReferenceFact } from '../kinds/kind-module.js';
import type { GroupApi } from '../backend/configuration-api.js';
import { detachOf, isHeldInUse, referencesFrom, referenceTo } from '../kinds/references.js';
import { keyHoldersByOwner, referencesOf, unkeyedHolders, usersIndex, withoutEmv } from './references.js';
import { lookAlikeWarnings, unkeyedDeviceNote, unkeyedMerchantEntry, type UnkeyedDevice } from './unkeyed.js';
import { fieldsOfKind } from '../kinds/of-kind.js';

export interface PlanContext {
  readonly baseUrl: string;
  readonly group: { readonly groupId: string; readonly groupName: string };
  /** The configuration API the group is read and written through (absent: the current one). */
  readonly api?: GroupApi;
  /** The environment the plan is for (`--env`), by name; absent when the run names none. */
  readonly environment?: string;
  /** The service record the live group was read with; absent when the run had none. */
  readonly serviceRecord?: PlanServiceRecord;
  /** The manifest's `protect:` list: a delete or replacement of a matching live record is blocked. */
  readonly protect?: readonly string[];
  /**
   * The unsettled settlement batches routed through live records, when the run read them: a guarded
   * change (plan/settlement-guard.ts) through which one routes is blocked, or warned about with allowUnsettled.
   */
  readonly settlement?: SettlementGuardInput;
}

type Draft = { -readonly [K in keyof PlannedChange]: PlannedChange[K] };

/** Live-only records are handled parents first (a pruned merchant takes its children along), then in the kinds' order. */
export const LIVE_ONLY_ORDER: readonly Kind[] = [...KIND_MODULES.filter((module) => hasChildren(module.kind)), ...KIND_MODULES.filter((module) => !hasChildren(module.kind))].map(
  (module) => module.kind,
);

/** The kind of the terminals, whose lists are read per parent, and that parent's kind: the plan says whose terminals it left unread. */
const TERMINALS = KIND_MODULES.find((module) => module.terminal === true)!;
const TERMINALS_PARENT: Kind = parentOf(TERMINALS.kind)!.kind as Kind;
const TERMINALS_READ_IN = TERMINALS.readIn!;

const CREATE_REASON = Object.fromEntries(KINDS.map((kind) => [kind, `${KIND_LABEL[kind]} not in the live group`])) as Record<Kind, string>;

/** Secret fields of each kind, from the descriptors: every change of that kind names them as sensitive. */
const SENSITIVE_FIELDS = Object.fromEntries(
  KINDS.map((kind) => [kind, Object.entries(DESCRIPTORS[kind]).filter(([, d]) => d.sensitive === true).map(([field]) => field)]),
) as Record<Kind, string[]>;

/** A plan of the group, as the planner makes it. */
export interface PlannedGroup {
  readonly plan: RawPlan;
}

/**
 * Compares desired with live state and returns the ordered plan. Pure: no I/O, no clock. A live
 * state read by readLive says whether binding `allows` could be read (plan/binding-allows.ts).
 */
export function planChanges(desired: DesiredState, live: LiveState & BindingAllowsReading, context: PlanContext): RawPlan {
  return planGroup(desired, live, context).plan;
}

/** planChanges: the workflow plans a group once, with everything it read (workflow/plan-stages.ts). */
export function planGroup(desired: DesiredState, live: LiveState & BindingAllowsReading, context: PlanContext): PlannedGroup {
  const protection = new Protection(context.protect ?? []);
  const builder = new PlanBuilder(desired, live, protection, context.settlement);
  builder.diffDesired();
  builder.handleLiveOnly();
  builder.detachUsersOfReplacements();
  // Before the service's own refusals: a protected record's entry says first that it is protected,
  // then that money routes through it.
  builder.blockProtected();
  builder.blockUnsettled();
  builder.blockDeletesHeldOutside();
  builder.listUnkeyedMerchants();
  const unreadDevices = builder.unreadDevices();
  const blocked = builder.blocked;
  const changes = orderChanges(builder.changes(), desired, builder.view, blocked);
  // A change let through by --allow-unsettled may still wait on a blocked one: its warning goes with it.
  // In the plan's order, as a reviewer reads the changes.
  const guardWarnings = inPlanOrder(builder.unsettledWarnings, changes);
  const sensitive = new Set<string>(desired.sensitive.keys());
  for (const change of changes) {
    const fields = SENSITIVE_FIELDS[change.kind];
    if (fields.length === 0) continue;
    const address = addressOf(change.kind, change.key);
    for (const field of fields) sensitive.add(joinPointer(address, [field]));
  }
  // The one place a plan is made from the manifest and the live group: it starts raw.
  const plan = {
    formatVersion: PLAN_FORMAT_VERSION,
    baseUrl: context.baseUrl,
    group: { groupId: context.group.groupId, groupName: context.group.groupName },
    ...(context.api === 'legacy' ? { api: 'legacy' as const } : {}),
    ...(context.environment !== undefined ? { environment: context.environment } : {}),
    ...(context.serviceRecord !== undefined ? { serviceRecord: context.serviceRecord } : {}),
    changes,
    unmanaged: builder.unmanaged.sort((a, b) => a.address.localeCompare(b.address)),
    ...(unreadDevices.length > 0 ? { unreadDevices } : {}),
    blocked: blocked.sort((a, b) => a.address.localeCompare(b.address)),
    summary: summarise(changes, blocked),
    sensitive: [...sensitive].sort(),
    ...withWarnings([...lookAlikeWarnings(changes, live, builder.unkeyedDevices), ...unmatchedProtection(protection, desired, live), ...guardWarnings]),
  } as Plan as RawPlan;
  return { plan };
}

/**
 * Patterns of `protect:` that name nothing; the known addresses are walked only when there is a list.
 * The bindings and devices of a merchant are read only when the manifest manages them: a pattern
 * that may reach one the run did not read cannot be said to match nothing.
 */
function unmatchedProtection(protection: Protection, desired: DesiredState, live: LiveState): PlannedWarning[] {
  if (protection.isEmpty) return [];
  const liveParents: string[] = [];
  for (const resource of live.resources.values()) if (hasChildren(resource.kind)) liveParents.push(resource.key);
  const unknowable = (pattern: string): boolean => {
    const kind = pattern.slice(0, pattern.indexOf('/'));
    const readIn = KIND_MODULES.find((module) => module.kind === kind)?.readIn;
    if (readIn === undefined) return false;
    const read = live[readIn];
    const reaches = merchantPartMatcher(pattern);
    return liveParents.some((parent) => !read.has(parent) && reaches(parent));
  };
  return protection.unmatchedWarnings(
    (function* () {
      yield* desired.resources.keys();
      yield* live.resources.keys();
      // A pattern written for a record's old name still protects it once a move re-keys it.
      for (const resource of live.resources.values()) if (resource.readAs !== undefined) yield resource.readAs;
    })(),
    unknowable,
  );
}

/** The field is left out when there is nothing to say, so that a plan without warnings keeps its old JSON form. */
function withWarnings(warnings: PlannedWarning[]): { warnings?: PlannedWarning[] } {
  return warnings.length === 0 ? {} : { warnings };
}

class PlanBuilder {
  private readonly drafts = new Map<Address, Draft>();
  readonly unmanaged: UnmanagedResource[] = [];
  /** Live devices without a deviceAlias that stay (they are listed as unmanaged), for the look-alike warnings. */
  readonly unkeyedDevices: UnkeyedDevice[] = [];
  readonly blocked: PlannedBlock[] = [];
  /** Changes let through by --allow-unsettled, with the batches they go ahead despite. */
  readonly unsettledWarnings: PlannedWarning[] = [];
  private readonly blockedAt = new Map<string, PlannedBlock>();
  readonly view: ReadonlyMap<string, LiveResource>;
  private readonly clearsDefaultOf: ReadonlyMap<string, string[]>;
  private readonly defaultCardProfile: string | undefined;
  private readonly autoBound: ReadonlySet<string>;
  private readonly deletedMerchants = new Set<string>();

  constructor(
    private readonly desired: DesiredState,
    private readonly live: LiveState & BindingAllowsReading,
    private readonly protection: Protection,
    private readonly settlement: SettlementGuardInput | undefined,
  ) {
    const predictions = predictSideEffects(desired, live);
    this.view = predictions.live;
    this.clearsDefaultOf = predictions.clearsDefaultOf;
    this.defaultCardProfile = predictions.defaultCardProfile;
    this.autoBound = predictions.autoBound;
  }

  changes(): Draft[] {
    return [...this.drafts.values()];
  }

  private add(change: Omit<Draft, 'dependsOn' | 'notes' | 'patch'> & Partial<Pick<Draft, 'dependsOn' | 'notes' | 'patch'>>): Draft {
    const draft: Draft = {
      dependsOn: [],
      notes: [],
      // An update brings the patch its diff already made; every patch holds values typed as `after` writes them.
      patch: change.patch ?? fieldPatch(change.kind, change.before, change.after),
      ...change,
    };
    this.drafts.set(draft.address, draft);
    return draft;
  }

  /**
   * A create, built in one object (the same fields, in the same order, as `add` makes): a plan into
   * an empty group has one per resource of the manifest.
   */
  private addCreate(address: Address, resource: DesiredResource): Draft {
    const fields = fieldsOf(resource);
    const draft: Draft = {
      dependsOn: [],
      notes: [],
      patch: fieldPatch(resource.kind, null, fields),
      address,
      kind: resource.kind,
      key: resource.key,
      action: 'create',
      before: null,
      after: fields,
      reason: CREATE_REASON[resource.kind],
    };
    if (resource.merchant !== undefined) draft.merchant = resource.merchant;
    this.drafts.set(address, draft);
    return draft;
  }

  /** Whether the service keeps paycfg's logo fingerprints, by what this run read (see kinds/merchant-logo.ts); asked at most once. */
  private keepsLogoFingerprints = (): boolean => {
    const keeps = groupKeepsLogoFingerprints(this.live);
    this.keepsLogoFingerprints = () => keeps;
    return keeps;
  };

  diffDesired(): void {
    // Keys of both maps are addresses; in a large unchanged group almost every resource stops at sameFields.
    for (const [address, resource] of this.desired.resources) {
      const current = this.view.get(address);
      const logo =
        UPLOADS.has(resource.kind)
          ? checkReceiptLogo(fieldsOfKind(resource, 'merchant'), current?.fields as MerchantFields | undefined, () => this.keepsLogoFingerprints())
          : undefined;
      const desiredFields = fieldsOf(resource);
      if (current === undefined) {
        const draft = this.addCreate(address, resource);
        this.annotateCreate(draft);
        if (logo !== undefined) completeLogoChange(draft, logo);
        continue;
      }
      // Binding allows the run could not read are compared on neither side, and sent (plan/binding-allows.ts).
      const allowsWriteOnly = kindModule(resource.kind).allowsFromSummary === true && this.live.bindingAllowsWriteOnly === true;
      // A record the manifest renames (`moved:`) compares its key field too, which is then what changes.
      const keyField = current.movedFrom === undefined ? undefined : keyFieldOf(resource.kind);
      const withKey = (record: Record<string, unknown>, key: string): Record<string, unknown> => (keyField === undefined ? record : { ...record, [keyField]: key });
      const fields = withKey(allowsWriteOnly ? withoutAllows(desiredFields) : (logo?.compared ?? desiredFields), resource.key);
      const liveFields = withKey(
        allowsWriteOnly ? withoutAllows(fieldsOf(current)) : (fieldsOf(current)),
        current.movedFrom === undefined ? current.key : keyOfAddress(current.movedFrom),
      );
      const moved = current.movedFrom === undefined ? {} : { movedFrom: current.movedFrom };
      if (sameFields(resource.kind, fields, liveFields)) continue;
      const owner = resource.merchant !== undefined ? { merchant: resource.merchant } : {};
      const diff = diffFields(resource.kind, fields, liveFields);
      if (diff.immutableChanged.length > 0) {
        const what = diff.immutableChanged.map((f) => `${f} ${JSON.stringify(liveFields[f])} → ${JSON.stringify(fields[f])}`).join(', ');
        this.add({
          address: stepAddress(address, 'replace-old'),
          kind: resource.kind,
          key: resource.key,
          action: 'delete',
          step: 'replace-old',
          before: fieldsOf(current),
          after: null,
          reason: `delete the old ${KIND_LABEL[resource.kind]} so that its replacement can take the name`,
          liveId: current.id,
          ...owner,
        });
        const draft = this.add({
          address,
          kind: resource.kind,
          key: resource.key,
          action: 'replace',
          before: diff.before,
          after: allowsWriteOnly ? withKey(desiredFields, resource.key) : fields,
          patch: diff.patch,
          reason: `${current.movedFrom === undefined ? '' : `moved from ${current.movedFrom}, and `}${what}: cannot change in place (the service treats it as immutable)`,
          dependsOn: [stepAddress(address, 'replace-old')],
          ...moved,
          ...owner,
        });
        this.annotateCreate(draft);
      } else if (diff.patch.length > 0) {
        const predicted = current.predicted === true ? { predicted: true } : {};
        const draft = this.add({
          address,
          kind: resource.kind,
          key: resource.key,
          action: 'update',
          before: diff.before,
          after: allowsWriteOnly ? withAllowsSent(diff.after, desiredFields) : diff.after,
          patch: diff.patch,
          reason: predicted.predicted
            ? `the service binds a new merchant to default card profile "${this.defaultCardProfile}" by itself; adjust it to the manifest`
            : current.movedFrom !== undefined
              ? movedReason(current.movedFrom, diff.patch.length - 1)
              : `${diff.patch.length} field change${diff.patch.length === 1 ? '' : 's'}`,
          ...moved,
          ...(predicted.predicted ? {} : { liveId: current.id }),
          ...predicted,
          ...owner,
        });
        if (logo !== undefined) completeLogoChange(draft, logo);
        // Only where allows are in play: a note on every binding update of such a run would be noise.
        if (allowsWriteOnly && (holdsAllows(desiredFields) || holdsAllows(fieldsOf(current)))) {
          draft.notes.push(ALLOWS_WRITE_ONLY_NOTE);
        }
      }
    }
  }

  private annotateCreate(draft: Draft): void {
    const clears = this.clearsDefaultOf.get(draft.address);
    if (clears !== undefined) {
      draft.notes.push(`the service clears asDefault on ${clears.map((k) => addressOf('acquirer', k)).join(', ')}`);
    }
    if (this.autoBound.has(draft.address)) {
      draft.notes.push(`the service binds it to default card profile "${this.defaultCardProfile}" on create; apply reconciles that binding with the manifest`);
    }
  }

  /** Live resources the manifest does not name: delete, report as unmanaged, or leave alone. */
  handleLiveOnly(): void {
    // One pass over the live view (forEach makes no entry pairs): in a managed group few resources are live only.
    const liveOnly = new Map<Kind, [string, LiveResource][]>(LIVE_ONLY_ORDER.map((kind) => [kind, []]));
    this.view.forEach((resource, address) => {
      if (!this.desired.resources.has(address)) liveOnly.get(resource.kind)!.push([address, resource]);
    });
    for (const [kind, resources] of liveOnly) {
      const module = kindModule(kind);
      for (const [address, resource] of resources) {
        // A predicted record (the automatic binding) does not exist yet: it has no id to show.
        const liveId = resource.predicted === true ? {} : { liveId: resource.id };
        const base = { address, kind, key: resource.key, before: fieldsOf(resource), after: null, ...liveId };
        if (parentOf(kind) === undefined) {
          const list = module.manifest.list as keyof PrunePolicy;
          if (this.desired.prune[list] === true) {
            this.add({ ...base, action: 'delete', reason: `not in the manifest, and prune.${list} is on` });
            if (hasChildren(kind)) this.deletedMerchants.add(resource.key);
          } else {
            // Its id, and a merchant's name: what a reviewer finds it by in the back office.
            const name = module.nameField === undefined ? undefined : ((fieldsOf(resource))[module.nameField] as string | undefined);
            this.unmanaged.push({ address, kind, key: resource.key, ...liveId, ...(name !== undefined ? { name } : {}) });
          }
          continue;
        }
        const merchant = resource.merchant!;
        const merchantGoes = this.deletedMerchants.has(merchant);
        const owner = { merchant };
        if (module.terminal !== true) {
          if (merchantGoes || this.desired.managedBindings.has(merchant)) {
            const predicted = resource.predicted === true;
            this.add({
              ...base,
              ...owner,
              action: 'delete',
              ...(predicted ? { predicted: true } : {}),
              reason: merchantGoes
                ? `its merchant is deleted, and the service refuses that while a binding exists`
                : predicted
                  ? `the service binds a new merchant to default card profile "${this.defaultCardProfile}" by itself; the manifest does not want that binding`
                  : `not in the merchant's bindings in the manifest`,
            });
          } else if (resource.predicted !== true) {
            // The automatic binding of a merchant yet to be created is not live: nothing to leave alone.
            this.unmanaged.push({ address, kind, key: resource.key, ...liveId, merchant, cause: this.childCause(merchant) });
          }
          continue;
        }
        this.handleLiveOnlyDevice(resource, base, merchant, merchantGoes);
      }
    }
    for (const code of this.live.duplicateCodes ?? []) this.deleteDuplicateCode(code);
  }

  /**
   * A pending code beside another device with its alias (two applies at once both created it): the
   * one that stays is the activated terminal, or else the older code, as apply decides after a
   * create; this one goes, rather than the whole group being refused.
   */
  private deleteDuplicateCode(code: LiveResource): void {
    const merchant = code.merchant!;
    const address = duplicateAddress(code.key, String(code.id));
    const alias = (fieldsOfKind(code, 'device')).deviceAlias;
    const kept = code.duplicateOf!;
    const survivor = kept.because === 'activated' ? `activated device ${kept.id}` : `${kept.id} (${kept.because === 'older' ? 'older' : 'same second, lower id'})`;
    if (!this.deletedMerchants.has(merchant) && !this.desired.managedDevices.has(merchant)) {
      this.unmanaged.push({
        address,
        kind: 'device',
        key: code.key,
        liveId: code.id,
        merchant,
        cause: this.childCause(merchant),
        note: `duplicate pending code for alias ${alias}; ${survivor} has the alias`,
      });
      return;
    }
    this.add({
      address,
      kind: 'device',
      key: code.key,
      role: 'duplicate',
      merchant,
      action: 'delete',
      disposal: 'delete',
      before: fieldsOf(code),
      after: null,
      liveId: code.id,
      reason: `duplicate pending code for alias ${alias}: ${survivor} is kept`,
    });
  }

  private handleLiveOnlyDevice(
    resource: LiveResource,
    base: Pick<Draft, 'address' | 'kind' | 'key' | 'before' | 'after' | 'liveId'>,
    merchant: string,
    merchantGoes: boolean,
  ): void {
    if (!merchantGoes && !this.desired.managedDevices.has(merchant)) {
      this.listUnmanagedDevice(base.address, resource, merchant);
      return;
    }
    const owner = { merchant };
    if (resource.lifecycle === 'pending') {
      this.add({ ...base, ...owner, action: 'delete', disposal: 'delete', reason: merchantGoes ? 'its merchant is deleted' : 'pending activation code not in the manifest' });
      return;
    }
    const policy = this.desired.prune.activatedDevices;
    if (merchantGoes) {
      if (policy === 'decommission') {
        this.add({ ...base, ...owner, action: 'delete', disposal: 'decommission', reason: 'its merchant is deleted, which the service refuses while a terminal is not decommissioned' });
      } else {
        this.addBlocked(
          { address: addressOf('merchant', merchant), kind: 'merchant', key: merchant, action: 'delete', cause: 'in-use', reason: 'the service refuses to delete a merchant that still has a terminal' },
          `activated device ${resource.key} (${resource.lifecycle}); set prune.activatedDevices: decommission to decommission it`,
        );
      }
      return;
    }
    if (policy === 'decommission') {
      this.add({ ...base, ...owner, action: 'delete', disposal: 'decommission', reason: 'activated device not in the manifest, and prune.activatedDevices is decommission' });
    } else if (policy === 'logout' && resource.lifecycle === 'active') {
      this.add({ ...base, ...owner, action: 'delete', disposal: 'logout', reason: 'activated device not in the manifest, and prune.activatedDevices is logout' });
    } else {
      const note =
        resource.lifecycle === 'logout'
          ? 'logged-out terminal not in the manifest'
          : 'activated terminal not in the manifest; paycfg never removes one unless prune.activatedDevices says so';
      const fields = fieldsOfKind(resource, 'device');
      if (fields.deviceAlias !== '' && !isUnkeyable(fields.deviceAlias)) {
        const name = fields.deviceName;
        this.unmanaged.push({ address: base.address, kind: 'device', key: resource.key, liveId: resource.id, ...(name !== undefined && name !== '' ? { name } : {}), note });
        return;
      }
      // Keyed `~<deviceId>` (live/normalise-live.ts): its id and name are all a reviewer can know it by.
      this.unmanaged.push({
        address: base.address,
        kind: 'device',
        key: resource.key,
        liveId: resource.id,
        ...(fields.deviceName !== undefined ? { name: fields.deviceName } : {}),
        note: `${note}. ${unkeyedDeviceNote(fields.deviceAlias)}`,
      });
      this.unkeyedDevices.push({ merchant, id: resource.id, name: fields.deviceName, ...(fields.deviceAlias !== '' ? { alias: fields.deviceAlias } : {}) });
    }
  }

  /** Why a live binding or device of `merchant` is not managed: its merchant is not in the manifest, or its list is not. */
  private childCause(merchant: string): UnmanagedCause {
    return this.desired.resources.has(addressOf('merchant', merchant)) ? 'list-not-managed' : 'merchant-not-managed';
  }

  /** A device of a merchant whose devices the manifest does not manage, read all the same (drift reads every merchant's). */
  private listUnmanagedDevice(address: Address, resource: LiveResource, merchant: string): void {
    const fields = fieldsOfKind(resource, 'device');
    const name = fields.deviceName !== undefined && fields.deviceName !== '' ? { name: fields.deviceName } : {};
    const unkeyed = fields.deviceAlias === '' || isUnkeyable(fields.deviceAlias);
    this.unmanaged.push({
      address,
      kind: 'device',
      key: resource.key,
      liveId: resource.id,
      ...name,
      merchant,
      cause: this.childCause(merchant),
      ...(unkeyed ? { note: unkeyedDeviceNote(fields.deviceAlias) } : {}),
    });
  }

  /**
   * The live merchants whose devices were not read because the manifest does not manage them (a
   * merchant prune deletes has its devices read): the plan cannot list those devices, so it says
   * whose it left unread.
   */
  unreadDevices(): UnreadDevices[] {
    const unread: UnreadDevices[] = [];
    for (const resource of this.view.values()) {
      if (resource.kind !== TERMINALS_PARENT || resource.predicted === true || this.live[TERMINALS_READ_IN].has(resource.key)) continue;
      if (this.deletedMerchants.has(resource.key)) continue;
      unread.push({ merchant: resource.key, cause: this.childCause(resource.key) });
    }
    return unread.sort((a, b) => a.merchant.localeCompare(b.merchant));
  }

  /**
   * Merchants without a providerReference are listed, whatever prune.merchants says: paycfg cannot
   * name them in a manifest, so it never deletes one.
   */
  listUnkeyedMerchants(): void {
    for (const merchant of this.live.unkeyedMerchants) this.unmanaged.push(unkeyedMerchantEntry(merchant));
  }

  /**
   * Names are unique, so a replaced resource must be deleted before its successor is created, and the
   * service refuses that delete while anything still uses it: every user lets go first (a detach
   * step), and takes the new one once it exists.
   */
  detachUsersOfReplacements(): void {
    const replaced = this.changes().filter((c) => c.step === 'replace-old');
    for (const old of replaced) {
      // A blocked replacement makes no detach step: its users must not let go of what stays.
      if (this.blockProtectedReplacement(old) || this.blockUnsettled(old) || this.blockReplacementInUse(old)) continue;
      for (const user of this.liveUsersOf(old.kind, old.key)) {
        const ref = referenceTo(user.kind, old.kind)!;
        if (ref.inKey === true) this.rebind(old, user);
        else this.detachField(old, user, ref);
      }
    }
  }

  /**
   * A user that names the replaced record in a field it can edit (a profile's or binding's methods)
   * lets go of it in an update of that field, and takes the new one in its final change.
   */
  private detachField(old: Draft, user: LiveResource, ref: ReferenceFact): void {
    const oldAddress = addressOf(old.kind, old.key);
    const userAddress = addressOf(user.kind, user.key);
    if (this.drafts.has(stepAddress(userAddress, 'replace-old')) || this.drafts.get(userAddress)?.action === 'delete') return;
    const liveFields = fieldsOf(user);
    const value = liveFields[ref.field] as MethodsMap;
    const detach = detachOf(ref);
    const detached = withoutEmv(value, old.key, detach.dropEmptyMethod(liveFields));
    if (detach.refuseNoMethod === true && Object.keys(detached).length === 0) {
      throw new PlanError(
        `cannot replace ${oldAddress}: ${userAddress} uses it for every payment method, and the service refuses a profile with none. ` +
          `Give the profile another EMV config for those methods first, or replace the profile as well.`,
      );
    }
    // A PUT that replaces the record's whole subtree (a binding's) makes the detach step carry the fields it must keep.
    const carried = Object.fromEntries((kindModule(user.kind).updateCarries ?? []).map((field) => [field, liveFields[field]]));
    this.add({
      address: stepAddress(userAddress, 'detach'),
      kind: user.kind,
      key: user.key,
      action: 'update',
      step: 'detach',
      before: { ...carried, [ref.field]: value },
      after: { ...carried, [ref.field]: detached },
      reason: `stop using ${oldAddress} while it is replaced`,
      liveId: user.id,
      ...(user.merchant !== undefined ? { merchant: user.merchant } : {}),
    });
    this.reattach(user, { ...liveFields, [ref.field]: detached }, `use the new ${oldAddress}`);
  }

  /**
   * A user that names the replaced record in its key (a binding its profile) cannot let go of it in
   * place: it is deleted and made again once the new record exists, and what its owner's records
   * name the old one by (a device's acquirer fields) is pointed at the new one.
   */
  private rebind(old: Draft, user: LiveResource): void {
    const oldAddress = addressOf(old.kind, old.key);
    const userAddress = addressOf(user.kind, user.key);
    if (this.drafts.get(userAddress)?.action === 'delete') return;
    const owner = user.merchant !== undefined ? { merchant: user.merchant } : {};
    this.add({
      address: stepAddress(userAddress, 'detach'),
      kind: user.kind,
      key: user.key,
      action: 'delete',
      step: 'detach',
      before: fieldsOf(user),
      after: null,
      reason: `unbind ${oldAddress} while it is replaced (the service refuses to delete a bound profile)`,
      liveId: user.id,
      ...owner,
    });
    const wanted = this.desired.resources.get(userAddress)!;
    this.add({
      address: userAddress,
      kind: user.kind,
      key: user.key,
      action: 'create',
      before: null,
      after: fieldsOf(wanted),
      reason: `bind the new ${oldAddress}`,
      dependsOn: [stepAddress(userAddress, 'detach')],
      ...owner,
    });
    if (user.merchant !== undefined) this.repointKeys(old, user.merchant);
  }

  /**
   * A replacement the service would refuse: a user of the EMV config or profile that the manifest
   * does not manage cannot be detached, so the old record can never be deleted. Blocked before any
   * detach step is made: the managed users must not let go of a record that stays.
   */
  private blockReplacementInUse(old: Draft): boolean {
    if (!isHeldInUse(old.kind)) return false;
    const blockers: string[] = [];
    // A user the manifest does not manage: one being replaced itself is desired, so it is no blocker.
    for (const user of this.liveUsersOf(old.kind, old.key)) {
      const userAddress = addressOf(user.kind, user.key);
      if (this.drafts.get(userAddress)?.action === 'delete') continue;
      if (!this.desired.resources.has(userAddress)) blockers.push(`${userAddress} ${referenceTo(user.kind, old.kind)!.verb} it and is not managed by the manifest`);
    }
    for (const merchant of unkeyedHolders(this.live, old.kind, old.key)) blockers.push(`merchant ${merchant.mchId} (no providerReference, not managed) binds it`);
    for (const blocker of blockers) this.block(old, blocker);
    return blockers.length > 0;
  }

  /**
   * Records that name the replaced one by the keys of an object (a device's acquirer fields: the
   * service holds profile ids inside extParams) are pointed at the new record: the owner's managed
   * ones, updated once the new one exists.
   */
  private repointKeys(old: Draft, owner: string): void {
    const oldAddress = addressOf(old.kind, old.key);
    for (const record of this.keyHoldersOf(owner)) {
      for (const ref of referencesFrom(record.kind)) {
        if (ref.holds !== 'keys' || ref.to !== old.kind) continue;
        const fields = fieldsOf(record);
        const value = fields[ref.field] as Record<string, unknown> | undefined;
        const address = addressOf(record.kind, record.key);
        const wanted = this.desired.resources.get(address);
        if (value?.[old.key] === undefined || wanted === undefined) continue;
        const existing = this.drafts.get(address);
        if (existing !== undefined && existing.action !== 'update') continue;
        const wantedFields = fieldsOf(wanted);
        const staleBefore = { ...value };
        const entry = staleBefore[old.key];
        delete staleBefore[old.key];
        staleBefore[`${old.key} (replaced)`] = entry;
        const before = { ...(existing?.before ?? {}), [ref.field]: staleBefore };
        const after = { ...(existing?.after ?? diffFields(record.kind, wantedFields, fields).after), [ref.field]: wantedFields[ref.field] ?? value };
        this.add({
          address,
          kind: record.kind,
          key: record.key,
          action: 'update',
          before,
          after,
          reason: `point its ${inWords(ref.field)} at the new ${oldAddress}`,
          liveId: record.id,
          merchant: owner,
        });
      }
    }
  }

  /** The records of an owner whose kind names others by an object's keys, in the view's order; indexed on the first replacement that asks. */
  private keyHoldersOf(owner: string): readonly LiveResource[] {
    this.keyHolders ??= keyHoldersByOwner(this.view.values());
    return this.keyHolders.get(owner) ?? [];
  }
  private keyHolders: Map<string, LiveResource[]> | undefined;

  /** After a detach, the user's final change starts from the detached fields. */
  private reattach(user: LiveResource, detachedFields: Record<string, unknown>, why: string): void {
    const address = addressOf(user.kind, user.key);
    const wanted = this.desired.resources.get(address)!;
    const diff = diffFields(user.kind, fieldsOf(wanted), detachedFields);
    const existing = this.drafts.get(address);
    this.add({
      address,
      kind: user.kind,
      key: user.key,
      action: existing?.action === 'replace' ? 'replace' : 'update',
      before: diff.before,
      after: diff.after,
      patch: diff.patch,
      reason: why,
      dependsOn: [...(existing?.dependsOn ?? []), stepAddress(address, 'detach')],
      liveId: user.id,
      ...(user.merchant !== undefined ? { merchant: user.merchant } : {}),
    });
  }

  /** Live resources that hold the given record in use (an EMV config's profiles and bindings, a profile's bindings). */
  private liveUsersOf(kind: Kind, name: string): LiveResource[] {
    this.usersIndex ??= usersIndex(this.live.resources.values());
    return this.usersIndex.get(addressOf(kind, name)) ?? [];
  }
  private usersIndex: Map<string, LiveResource[]> | undefined;

  /**
   * A replacement the `protect:` list holds back: the record itself matches, or, for a profile, one
   * of the bindings its replacement deletes and binds again (a detach step) does. Blocked before any
   * detach step is made, so that no user lets go of a record that stays.
   */
  private blockProtectedReplacement(old: Draft): boolean {
    if (this.protection.isEmpty) return false;
    const base = addressOf(old.kind, old.key);
    const own = this.protectedBy(base);
    if (own !== undefined) {
      const wording = protectedWording(own, 'replace');
      this.addProtected(old, base, 'replace', own, wording.reason, wording.blocker);
      return true;
    }
    // A user that names the record in its key is deleted and bound again by the replacement.
    for (const user of this.liveUsersOf(old.kind, old.key)) {
      if (referenceTo(user.kind, old.kind)!.inKey !== true) continue;
      const userAddress = addressOf(user.kind, user.key);
      if (this.drafts.get(userAddress)?.action === 'delete') continue;
      const pattern = this.protectedBy(userAddress);
      if (pattern === undefined) continue;
      this.addProtected(
        old,
        base,
        'replace',
        pattern,
        `replacing it deletes ${userAddress} and binds it again, and ${JSON.stringify(pattern)} in the manifest's protect: list refuses to delete that binding`,
        protectedWording(pattern, 'replace', base).blocker,
      );
      return true;
    }
    return false;
  }

  /**
   * Every delete of a live record the `protect:` list matches, a logout and a decommission included
   * (replacements are held back earlier, by blockProtectedReplacement). A record the service has not
   * made yet (the automatic binding, `predicted`) is not live, and a duplicate pending code leaves
   * its address to the device that stays: neither is held back.
   */
  blockProtected(): void {
    if (this.protection.isEmpty) return;
    for (const change of this.changes()) {
      if (change.action !== 'delete' || change.step !== undefined || change.role === 'duplicate' || change.predicted === true) continue;
      const pattern = this.protectedBy(change.address);
      if (pattern === undefined) continue;
      const wording = protectedWording(pattern, 'delete');
      this.addProtected(change, change.address, 'delete', pattern, wording.reason, wording.blocker);
    }
  }

  /**
   * The pattern that protects a live record: matched with its address, or with the one it was read
   * under when a move re-keyed it (plan/moves.ts), so that renaming a record never lets go of it.
   */
  private protectedBy(address: Address): string | undefined {
    const readAs = this.view.get(address)?.readAs;
    return this.protection.patternFor(address) ?? (readAs === undefined ? undefined : this.protection.patternFor(readAs));
  }

  private addProtected(change: Draft, address: Address, action: 'delete' | 'replace', pattern: string, reason: string, blocker: string): void {
    this.addBlocked({ address, kind: change.kind, key: change.key, action, ...disposalOf(change, action), cause: 'protected', pattern, reason }, blocker);
  }

  /**
   * The settlement guard. With a change: that change (a replacement's old half, before its detach
   * steps are made; true when it is blocked). Without: every guarded delete, a logout and a
   * decommission included. A change through which an unsettled batch routes is blocked (cause
   * `unsettled`, with the batches), or, with allowUnsettled, goes ahead with a warning.
   */
  blockUnsettled(only?: Draft): boolean {
    if (this.settlement === undefined || this.settlement.unsettled.size === 0) return false;
    let blockedAny = false;
    for (const change of only === undefined ? this.changes() : [only]) {
      if (only === undefined && change.step === 'replace-old') continue;
      const address = guardedAddress(change);
      if (address === undefined) continue;
      const batches = this.settlement.unsettled.get(address);
      if (batches === undefined || batches.length === 0) continue;
      const shown = shownBatches(batches);
      const already = this.blockedAt.get(address);
      if (this.settlement.allowUnsettled === true) {
        if (already === undefined) this.unsettledWarnings.push(unsettledWarning(address, shown));
        continue;
      }
      const action = change.step === 'replace-old' ? 'replace' : change.action === 'delete' ? 'delete' : 'replace';
      const wording = unsettledWording(change.disposal !== undefined && change.disposal !== 'delete' ? change.disposal : action, shown);
      this.addBlocked(
        { address, kind: change.kind, key: change.key, action, ...disposalOf(change, action), cause: 'unsettled', batches: shown, reason: wording.reason },
        ...wording.blockers,
      );
      blockedAny = true;
    }
    return blockedAny;
  }

  /** A delete the service would refuse because something outside the manifest still uses the resource. */
  blockDeletesHeldOutside(): void {
    for (const change of this.changes()) {
      if (change.action !== 'delete' || change.step !== undefined) continue;
      if (!isHeldInUse(change.kind)) continue;
      for (const user of this.liveUsersOf(change.kind, change.key)) {
        const userAddress = addressOf(user.kind, user.key);
        const userChange = this.drafts.get(userAddress);
        const stillUses =
          userChange === undefined
            ? true
            : userChange.action !== 'delete' && referencesOf(user.kind, userChange.after, user.merchant).includes(change.address);
        if (stillUses) this.block(change, this.describeOutsideUser(user));
      }
      for (const merchant of unkeyedHolders(this.live, change.kind, change.key)) {
        this.block(change, `merchant ${merchant.mchId} ("${merchant.mchName}", no providerReference, not managed) binds it`);
      }
    }
  }

  /** Why a live user of a resource is out of the manifest's reach, in words. */
  private describeOutsideUser(user: LiveResource): string {
    const address = addressOf(user.kind, user.key);
    const parent = parentOf(user.kind);
    if (parent !== undefined) {
      const merchant = user.merchant!;
      return this.desired.resources.has(addressOf(parent.kind, merchant))
        ? `${address} uses it, and the manifest does not manage the bindings of merchant "${merchant}"`
        : `merchant "${merchant}" (not in the manifest) uses it through ${address}`;
    }
    return `${address} (not in the manifest) uses it`;
  }

  private block(change: Draft, blocker: string): void {
    this.addBlocked(
      {
        address: change.step === 'replace-old' ? addressOf(change.kind, change.key) : change.address,
        kind: change.kind,
        key: change.key,
        action: change.step === 'replace-old' ? 'replace' : change.action,
        ...disposalOf(change, change.step === 'replace-old' ? 'replace' : change.action),
        cause: 'in-use',
        reason: `the service refuses to delete a ${KIND_LABEL[change.kind]} that is still in use`,
      },
      blocker,
    );
  }

  /** One entry per blocked address: a second reason to block it adds blockers, not an entry. */
  private addBlocked(entry: Omit<PlannedBlock, 'blockers'>, ...blockers: string[]): void {
    const existing = this.blockedAt.get(entry.address);
    if (existing !== undefined) {
      for (const blocker of blockers) if (!existing.blockers.includes(blocker)) existing.blockers.push(blocker);
      return;
    }
    const added: PlannedBlock = { ...entry, blockers: [...blockers] };
    this.blockedAt.set(entry.address, added);
    this.blocked.push(added);
  }
}

/** A field's name in a reason's words: `acquirerFields` → `acquirer fields`. */
function inWords(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

/** A move's reason; the same PUT carries the record's other field changes. */
function movedReason(from: Address, others: number): string {
  return others <= 0 ? `moved from ${from}` : `moved from ${from}, and ${others} other field change${others === 1 ? '' : 's'}`;
}

/**
 * The warnings whose change is in the plan, in the plan's order. The index of the plan's records is
 * built only when there is a warning: a plan into an empty group has 60,060 changes at 10,000
 * merchants, and the index was a twentieth of its planning.
 */
function inPlanOrder(warnings: readonly PlannedWarning[], changes: readonly PlannedChange[]): PlannedWarning[] {
  if (warnings.length === 0) return [];
  const position = new Map<Address, number>();
  changes.forEach((c, i) => position.set(addressOf(c.kind, c.key), i));
  return warnings.filter((w) => position.has(w.address!)).sort((a, b) => position.get(a.address!)! - position.get(b.address!)!);
}
