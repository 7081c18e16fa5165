import { ApiError, OutcomeUnknownError, type ApiClient } from '../api/index.js';
import type { BindingRecord, Device, EmvConfig, Merchant } from '../api/wire-types.js';
import type { LiveRead } from '../live/read-live.js';
import { LiveStateError } from '../live/errors.js';
import { deviceResource, emvFields, merchantFields, profileResource } from '../live/normalise-live.js';
import { addressOf, bindingKey } from '../model/kinds.js';
import type { AcquirerFields, BindingFields, DesiredState, DeviceFields, EmvFields, MerchantFields } from '../model/state.js';
import { deviceLifecycle, holdsAlias, isActivated, survivorOf, type Twin } from '../model/twins.js';
import { sameFields } from '../plan/diff.js';
import type { Change, Plan } from '../plan/plan.js';
import { ConcurrentCreateError } from './concurrent-create.js';
import type { IdRegistry } from './id-registry.js';
import { SettledDeviceLists } from './settled-device-lists.js';
import {
  acquirerCreateBody,
  acquirerUpdateBody,
  bindingBody,
  deviceCreateBody,
  deviceUpdateBody,
  emvCreateBody,
  merchantBody,
} from './wire-bodies.js';

export interface OperationContext {
  readonly client: ApiClient;
  readonly ids: IdRegistry;
  readonly live: LiveRead;
  readonly desired: DesiredState;
  readonly plan: Plan;
}

/** What a change did, in a few words, for the progress line. */
export type OperationResult = string;

/**
 * The service says "not found" only in its message (code 10000 covers every refusal), so a delete
 * whose target is already gone is recognised by the text. Gone is what a delete wants.
 */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && /not (be )?found|not exist|does not exist/i.test(error.serviceMessage);
}

/** A create refused because its key is taken: `name exist` (EMV, profile), `payment config exists`, `providerReference … is already used`. */
function isAlreadyExists(error: unknown): boolean {
  return error instanceof ApiError && /exist|already used/i.test(error.serviceMessage) && !isNotFound(error);
}

async function deleteTolerant(action: () => Promise<void>): Promise<OperationResult> {
  try {
    await action();
    return 'deleted';
  } catch (error) {
    if (isNotFound(error)) return 'already gone';
    throw error;
  }
}

/** Rounds of "create, and on an unknown outcome read back" before a create gives up. */
const CREATE_ROUNDS = 4;

/** A create, and how to find the record it would make when the outcome is unknown or the key is taken. */
interface CreateSteps<T> {
  readonly address: string;
  /** False where a taken key is handled by the caller (a binding that exists is written over with PUT). */
  readonly adoptTaken?: false;
  create(): Promise<T>;
  /** The live record under the create's key: as the create's value, its id, and whether its fields are the plan's. */
  find(): Promise<{ value: T; id: string | number; matches: boolean } | undefined>;
}

/** What a create ended with. */
interface Created<T> {
  readonly value: T;
  /** Found under the key rather than answered by this run's create. */
  readonly adopted: boolean;
  /**
   * Adopted after a create whose outcome is unknown: the record may be this run's own (its answer
   * lost) or another run's, and the run cannot tell which.
   */
  readonly unsure: boolean;
}

/**
 * A POST is never repeated blindly (its outcome may be unknown after a cut connection or a
 * gateway error): read back by identity; adopt what exists, create again only when nothing does.
 * What is found then is most likely this run's own record, whose answer was lost, so it is adopted
 * whatever its fields: a service that normalises a field would otherwise fail the change and skip
 * what depends on it, and the next plan shows any difference. A create refused because the key is
 * taken, with no earlier attempt of unknown outcome, met another run's record: it reads back the
 * same way, and adopts the record only when its fields are what the plan wanted.
 */
async function createOnce<T>(steps: CreateSteps<T>): Promise<Created<T>> {
  let unsure = false;
  for (let round = 1; ; round += 1) {
    try {
      return { value: await steps.create(), adopted: false, unsure: false };
    } catch (error) {
      const taken = steps.adoptTaken !== false && isAlreadyExists(error);
      if (!taken && (!(error instanceof OutcomeUnknownError) || round >= CREATE_ROUNDS)) throw error;
      // A record found after a refusal that followed an unknown outcome may still be this run's own.
      unsure ||= !taken;
      const existing = await steps.find();
      if (existing === undefined) {
        if (taken) throw error;
        continue;
      }
      if (!unsure && !existing.matches) throw new ConcurrentCreateError(steps.address, existing.id);
      return { value: existing.value, adopted: true, unsure };
    }
  }
}

/** How a change's progress line tells what it found. */
function createdOrAdopted(adopted: boolean): string {
  return adopted ? 'adopted' : 'created';
}

/** Runs `work`, a wait, off the run's parallelism slot (see executePlan): other changes go on meanwhile. */
export type WaitOutside = <T>(work: () => Promise<T>) => Promise<T>;

export class ChangeOperations {
  private readonly bindingRecords = new Map<string, Promise<BindingRecord[]>>();
  private readonly emvRecords: Map<string, EmvConfig>;
  /** Addresses of the plan's changes, built once: every merchant create asks about them. */
  private readonly planned: ReadonlySet<string>;
  private readonly settledDevices: SettledDeviceLists;

  constructor(
    private readonly ctx: OperationContext,
    private readonly waitOutside: WaitOutside = (work) => work(),
  ) {
    this.emvRecords = new Map(ctx.live.snapshot.emvConfigs.map((e) => [e.emvName, e]));
    this.planned = new Set(ctx.plan.changes.map((c) => c.address));
    this.settledDevices = new SettledDeviceLists((mchId) => ctx.client.devices.listAll(mchId));
  }

  run(change: Change): Promise<OperationResult> {
    switch (change.kind) {
      case 'emv':
        return this.emv(change);
      case 'acquirer':
        return this.acquirer(change);
      case 'merchant':
        return this.merchant(change);
      case 'binding':
        return this.binding(change);
      case 'device':
        return this.device(change);
    }
  }

  private async emv(change: Change): Promise<OperationResult> {
    const { client, ids } = this.ctx;
    if (change.action === 'delete') {
      const result = await deleteTolerant(() => client.emvConfigs.delete(Number(change.liveId)));
      ids.forgetEmv(change.key);
      return result;
    }
    const fields = change.after as unknown as EmvFields;
    if (change.action === 'update') {
      const liveRecord = this.emvRecords.get(change.key);
      await client.emvConfigs.update(Number(change.liveId), {
        currency: fields.currency ?? liveRecord?.currency,
        params: fields.params !== undefined ? JSON.stringify(fields.params) : (liveRecord?.params ?? '{}'),
      });
      return 'updated';
    }
    const { value, adopted } = await createOnce({
      address: change.address,
      create: () => client.emvConfigs.create(emvCreateBody(change.key, fields)),
      find: async () => {
        const found = (await client.emvConfigs.listAll({ emvName: change.key })).find((e) => e.emvName === change.key);
        if (found === undefined) return undefined;
        return { value: { id: Number(found.id) }, id: found.id, matches: sameFields('emv', change.after!, emvFields(found) as unknown as Record<string, unknown>) };
      },
    });
    ids.setEmv(change.key, value.id);
    return `${createdOrAdopted(adopted)} id ${value.id}`;
  }

  private async acquirer(change: Change): Promise<OperationResult> {
    const { client, ids } = this.ctx;
    if (change.action === 'delete') {
      const result = await deleteTolerant(() => client.acquirerProfiles.delete(Number(change.liveId)));
      ids.forgetProfile(change.key);
      return result;
    }
    const fields = change.after as unknown as AcquirerFields;
    if (change.action === 'update') {
      await client.acquirerProfiles.update(Number(change.liveId), acquirerUpdateBody(fields, ids));
      return 'updated';
    }
    const { value, adopted } = await createOnce({
      address: change.address,
      create: () => client.acquirerProfiles.create(acquirerCreateBody(change.key, fields, ids)),
      find: async () => {
        const found = (await client.acquirerProfiles.listAll({ profileName: change.key })).find((p) => p.profileName === change.key);
        if (found === undefined) return undefined;
        const live = profileResource(found, (id) => ids.emvName(Number(id)) ?? `#${String(id)}`).fields as unknown as Record<string, unknown>;
        return { value: { id: Number(found.profileId) }, id: found.profileId, matches: sameFields('acquirer', change.after!, live) };
      },
    });
    ids.setProfile(change.key, value.id);
    return `${createdOrAdopted(adopted)} id ${value.id}`;
  }

  private async merchant(change: Change): Promise<OperationResult> {
    const { client, ids } = this.ctx;
    if (change.action === 'delete') return deleteTolerant(() => client.merchants.delete(String(change.liveId)));
    const fields = change.after as unknown as MerchantFields;
    if (change.action === 'update') {
      const mchId = String(change.liveId);
      // Re-read right before the full replace, so a field changed since the plan is not overwritten with a stale value.
      const current = await client.merchants.get(mchId);
      if (current === null) {
        throw new LiveStateError(`merchant "${change.key}" (${mchId}) is no longer in the service, so it was not updated; make a new plan`, { mchId });
      }
      await client.merchants.replace(mchId, merchantBody(change.key, fields, current));
      return 'updated';
    }
    const { value, adopted } = await createOnce({
      address: change.address,
      create: () => client.merchants.create(merchantBody(change.key, fields)),
      find: async () => {
        const found = (await this.merchantsByReference(change.key, fields))[0];
        return found === undefined ? undefined : { value: found, id: found.mchId, matches: sameFields('merchant', change.after!, merchantFields(found) as unknown as Record<string, unknown>) };
      },
    });
    ids.setMerchant(change.key, value.mchId);
    const reconciled = await this.reconcileAutomaticBindings(change.key, value.mchId);
    return `${createdOrAdopted(adopted)} ${value.mchId}${reconciled}`;
  }

  /** Live merchants with the change's providerReference (found through the name filter, the narrowest the list offers). */
  private async merchantsByReference(ref: string, fields: MerchantFields): Promise<Merchant[]> {
    const listed = await this.ctx.client.merchants.listAll(fields.mchName !== undefined ? { mchName: fields.mchName } : undefined);
    return listed.filter((m) => m.providerReference === ref);
  }

  /**
   * A new merchant may come with a binding the service made by itself (01 §4.3). Bindings the plan
   * already handles are left to their changes; one the manifest does not want and the plan did not
   * foresee is removed here, before any binding change of the merchant runs.
   */
  private async reconcileAutomaticBindings(ref: string, mchId: string): Promise<string> {
    if (!this.ctx.desired.managedBindings.has(ref)) return '';
    const removed: string[] = [];
    const kept: BindingRecord[] = [];
    for (const record of await this.ctx.client.bindings.listAll(mchId)) {
      const profile = this.ctx.ids.profileName(record.acquirerProfileId) ?? record.acquirerProfileName ?? `#${record.acquirerProfileId}`;
      const address = addressOf('binding', bindingKey(ref, profile, record.currency));
      if (this.planned.has(address) || this.ctx.desired.resources.has(address)) {
        kept.push(record);
        continue;
      }
      await deleteTolerant(() => this.ctx.client.bindings.delete(mchId, { acquirerProfileId: String(record.acquirerProfileId), currency: record.currency }));
      removed.push(address);
    }
    // What the merchant's binding changes would read again: they run after this, and nothing else
    // has changed the new merchant's bindings since.
    this.bindingRecords.set(mchId, Promise.resolve(kept));
    return removed.length > 0 ? `; removed unforeseen automatic ${removed.join(', ')}` : '';
  }

  private recordsOf(mchId: string): Promise<BindingRecord[]> {
    let records = this.bindingRecords.get(mchId);
    if (records === undefined) this.bindingRecords.set(mchId, (records = this.ctx.client.bindings.listAll(mchId)));
    return records;
  }

  private async binding(change: Change): Promise<OperationResult> {
    const { client, ids } = this.ctx;
    const mchId = ids.merchant(change.merchant!);
    if (change.action === 'delete') {
      const before = change.before as unknown as BindingFields;
      const profileId = ids.hasProfile(before.acquirer) ? String(ids.profile(before.acquirer)) : String(change.liveId);
      return deleteTolerant(() => client.bindings.delete(mchId, { acquirerProfileId: profileId, currency: before.currency }));
    }
    const fields = change.after as unknown as BindingFields;
    const profileId = String(ids.profile(fields.acquirer));
    // PUT replaces the whole (profile, currency) subtree: a mid the manifest does not manage must be sent back as it is.
    const liveMid = async (): Promise<string | undefined> =>
      // A service that answers unset fields as null means no mid: the body then leaves it out.
      fields.mid !== undefined
        ? undefined
        : ((await this.recordsOf(mchId)).find((r) => String(r.acquirerProfileId) === profileId && r.currency === fields.currency)?.mid ?? undefined);
    const put = async (): Promise<OperationResult> => {
      await client.bindings.replace(mchId, bindingBody(fields, ids, await liveMid()));
      return 'updated';
    };
    if (change.action === 'update') return put();
    const body = bindingBody(fields, ids);
    try {
      const { adopted } = await createOnce<boolean>({
        address: change.address,
        adoptTaken: false,
        create: async () => {
          await client.bindings.create(mchId, body);
          return true;
        },
        // Found after an unknown outcome: this run's own create, most likely; the next plan shows any difference.
        find: async () =>
          (await client.bindings.listAll(mchId)).some((r) => String(r.acquirerProfileId) === profileId && r.currency === fields.currency)
            ? { value: true, id: `${profileId}/${fields.currency}`, matches: true }
            : undefined,
      });
      return createdOrAdopted(adopted);
    } catch (error) {
      // The service made this binding by itself (the automatic binding of a new merchant), or a
      // create whose answer was lost did, or another run at the same time: PUT makes it match the manifest.
      if (isAlreadyExists(error)) return `${await put()} (it existed)`;
      throw error;
    }
  }

  private async device(change: Change): Promise<OperationResult> {
    const { client, ids } = this.ctx;
    const deviceId = String(change.liveId ?? '');
    if (change.action === 'delete') {
      if (change.disposal === 'logout') return client.devices.delete(deviceId, { deviceStatus: 2 }).then(() => 'logged out');
      if (change.disposal === 'decommission') return client.devices.delete(deviceId, { deviceStatus: 3 }).then(() => 'decommissioned');
      return deleteTolerant(() => client.devices.delete(deviceId));
    }
    const fields = change.after as unknown as DeviceFields;
    if (change.action === 'update') {
      await client.devices.update(deviceId, deviceUpdateBody(fields, ids, this.ctx.live.deviceExtParams.get(deviceId)));
      return 'updated';
    }
    const mchId = ids.merchant(change.merchant!);
    const { value, adopted, unsure } = await createOnce({
      address: change.address,
      create: () => client.devices.create(deviceCreateBody(mchId, fields, ids)),
      // The one that stays, never simply the first listed: within a second the list's order is not the rule's.
      find: async () => {
        const twins = await this.deviceTwins(mchId, fields.deviceAlias);
        if (twins.length === 0) return undefined;
        const found = survivorOf(twins.map(asTwin)).record;
        return { value: { id: found.deviceId, activationCode: '', profileId: found.profileId ?? null }, id: found.deviceId, matches: this.deviceMatches(change, found) };
      },
    });
    // Only a code this run's create answered is surely its own; one it adopted may be another run's.
    const kept = adopted
      ? await this.keepSurvivor(change, mchId, value.id, unsure ? "its create's answer was lost" : 'its create was refused')
      : { id: value.id, profileId: value.profileId, note: await this.keepOneDevice(change, mchId, value.id) };
    return `${createdOrAdopted(adopted)} ${kept.id}${kept.profileId === null ? ' (no acquirer bound yet: provisioning push skipped)' : ''}${kept.note}`;
  }

  /** A merchant's devices under an alias, read now. */
  private async deviceTwins(mchId: string, alias: string): Promise<Device[]> {
    return twinsIn(await this.ctx.client.devices.listAll(mchId), alias);
  }

  private deviceMatches(change: Change, device: Device): boolean {
    const live = deviceResource(change.merchant!, device, this.ctx.ids.profileNamesById());
    return live !== undefined && sameFields('device', change.after!, live.resource.fields as unknown as Record<string, unknown>);
  }

  /**
   * The merchant's devices under the change's alias, read once the list can hold every record of
   * this run's create's second (SETTLE_MS), from the read the merchant's other checks share (see
   * settled-device-lists.ts), waited for off the run's parallelism slot.
   */
  private async settledTwins(change: Change, mchId: string, own: string): Promise<Device[]> {
    const alias = (change.after as unknown as DeviceFields).deviceAlias;
    const twins = twinsIn(await this.waitOutside(() => this.settledDevices.read(mchId)), alias);
    if (twins.length === 0) {
      throw new LiveStateError(`${change.address}: device ${own} was created, then deleted by someone else before the run finished; make a new plan`, { deviceId: own });
    }
    return twins;
  }

  /**
   * Nothing stops two devices with one alias, so two runs that create the same terminal at once
   * both succeed. Once the list can hold every record of this one's second, the rule of
   * model/twins.ts keeps an activated terminal, or else the older code; a run whose own pending
   * code must go deletes it and adopts the one that stays. Every run decides on a list that holds
   * the record that stays, so all of them agree on it.
   */
  private async keepOneDevice(change: Change, mchId: string, own: string): Promise<string> {
    const twins = await this.settledTwins(change, mchId, own);
    const survivor = survivorOf(twins.map(asTwin));
    if (survivor.id === own) return '';
    if (twins.some((d) => d.deviceId === own)) await deleteTolerant(() => this.ctx.client.devices.delete(own));
    if (!this.deviceMatches(change, survivor.record)) throw new ConcurrentCreateError(change.address, survivor.id, `; this run deleted its own code ${own}`);
    const kept = survivor.activated ? `the activated ${survivor.id}` : `${survivor.id} (older, or of the same second with a lower id)`;
    return `; another run created it at the same time: kept ${kept}, deleted this run's ${own}`;
  }

  /**
   * The twin check of a device this run adopted rather than created, mostly after its create's
   * outcome was unknown: the run never learned its own code's id, so any code under the alias may
   * be its own or another run's. It deletes none (apply deletes only its own codes) and adopts the
   * one that stays by the rule, which a run that knows its own code keeps too; a code left beside
   * it is deleted by the run that made it, or else proposed for deletion by the next plan (a
   * duplicate pending code). Its fields are not checked here: after a lost answer it is most
   * likely this run's own, and the next plan shows any difference.
   */
  private async keepSurvivor(change: Change, mchId: string, adopted: string, why: string): Promise<{ id: string; profileId: string | null; note: string }> {
    const twins = await this.settledTwins(change, mchId, adopted);
    const survivor = survivorOf(twins.map(asTwin));
    const profileId = survivor.record.profileId ?? null;
    if (twins.length === 1) return { id: survivor.id, profileId, note: '' };
    const others = twins.filter((d) => d.deviceId !== survivor.id).map((d) => d.deviceId);
    const note =
      `; ${why}, so this run cannot tell which of the ${twins.length} codes with its alias is its own: ` +
      `it kept ${survivor.id}, the one that stays, and deleted none (${others.join(', ')} left for the run that made ${others.length === 1 ? 'it' : 'them'}, or the next plan, to delete)`;
    return { id: survivor.id, profileId, note };
  }
}

/** A device as the twin rule weighs it, carrying its record. */
function asTwin(device: Device): Twin & { readonly record: Device } {
  return { id: device.deviceId, createdAt: device.createdAt, activated: isActivated(deviceLifecycle(device)), record: device };
}

/** The devices under an alias; a decommissioned terminal has given its alias up. */
function twinsIn(devices: readonly Device[], alias: string): Device[] {
  return devices.filter((d) => d.deviceAlias === alias && holdsAlias(deviceLifecycle(d)));
}
