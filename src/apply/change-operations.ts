import { ApiError, OutcomeUnknownError, type ApiClient } from '../api/index.js';
import type { BindingRecord, EmvConfig } from '../api/wire-types.js';
import type { LiveRead } from '../live/read-live.js';
import { LiveStateError } from '../live/errors.js';
import { addressOf, bindingKey } from '../model/kinds.js';
import type { AcquirerFields, BindingFields, DesiredState, DeviceFields, EmvFields, MerchantFields } from '../model/state.js';
import type { Change, Plan } from '../plan/plan.js';
import type { IdRegistry } from './id-registry.js';
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

function isAlreadyExists(error: unknown): boolean {
  return error instanceof ApiError && /exist/i.test(error.serviceMessage) && !isNotFound(error);
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

/**
 * A POST is never repeated blindly (its outcome may be unknown after a cut connection or a
 * gateway error): read back by identity; adopt what exists, create again only when nothing does.
 */
async function createOnce<T>(create: () => Promise<T>, readBack: () => Promise<T | undefined>): Promise<{ value: T; adopted: boolean }> {
  for (let round = 1; ; round += 1) {
    try {
      return { value: await create(), adopted: false };
    } catch (error) {
      if (!(error instanceof OutcomeUnknownError) || round >= CREATE_ROUNDS) throw error;
      const existing = await readBack();
      if (existing !== undefined) return { value: existing, adopted: true };
    }
  }
}

export class ChangeOperations {
  private readonly bindingRecords = new Map<string, Promise<BindingRecord[]>>();
  private readonly emvRecords: Map<string, EmvConfig>;
  /** Addresses of the plan's changes, built once: every merchant create asks about them. */
  private readonly planned: ReadonlySet<string>;

  constructor(private readonly ctx: OperationContext) {
    this.emvRecords = new Map(ctx.live.snapshot.emvConfigs.map((e) => [e.emvName, e]));
    this.planned = new Set(ctx.plan.changes.map((c) => c.address));
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
    const { value, adopted } = await createOnce(
      () => client.emvConfigs.create(emvCreateBody(change.key, fields)),
      async () => {
        const found = (await client.emvConfigs.listAll({ emvName: change.key })).find((e) => e.emvName === change.key);
        return found === undefined ? undefined : { id: Number(found.id) };
      },
    );
    ids.setEmv(change.key, value.id);
    return `${adopted ? 'adopted' : 'created'} id ${value.id}`;
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
    const { value, adopted } = await createOnce(
      () => client.acquirerProfiles.create(acquirerCreateBody(change.key, fields, ids)),
      async () => {
        const found = (await client.acquirerProfiles.listAll({ profileName: change.key })).find((p) => p.profileName === change.key);
        return found === undefined ? undefined : { id: Number(found.profileId) };
      },
    );
    ids.setProfile(change.key, value.id);
    return `${adopted ? 'adopted' : 'created'} id ${value.id}`;
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
    const { value, adopted } = await createOnce(
      () => client.merchants.create(merchantBody(change.key, fields)),
      async () => (await client.merchants.listAll({ mchName: fields.mchName })).find((m) => m.providerReference === change.key),
    );
    ids.setMerchant(change.key, value.mchId);
    const reconciled = await this.reconcileAutomaticBindings(change.key, value.mchId);
    return `${adopted ? 'adopted' : 'created'} ${value.mchId}${reconciled}`;
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
      fields.mid !== undefined ? undefined : (await this.recordsOf(mchId)).find((r) => String(r.acquirerProfileId) === profileId && r.currency === fields.currency)?.mid;
    const put = async (): Promise<OperationResult> => {
      await client.bindings.replace(mchId, bindingBody(fields, ids, await liveMid()));
      return 'updated';
    };
    if (change.action === 'update') return put();
    const body = bindingBody(fields, ids);
    try {
      const { adopted } = await createOnce<boolean>(
        async () => {
          await client.bindings.create(mchId, body);
          return true;
        },
        async () => ((await client.bindings.listAll(mchId)).some((r) => String(r.acquirerProfileId) === profileId && r.currency === fields.currency) ? true : undefined),
      );
      return adopted ? 'adopted' : 'created';
    } catch (error) {
      // The service made this binding by itself (the automatic binding of a new merchant), or a
      // create whose answer was lost did: either way PUT makes it match the manifest.
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
    const { value, adopted } = await createOnce(
      () => client.devices.create(deviceCreateBody(mchId, fields, ids)),
      async () => {
        const found = (await client.devices.listAll(mchId)).find((d) => d.deviceAlias === fields.deviceAlias && d.deviceStatus !== 3);
        return found === undefined ? undefined : { id: found.deviceId, activationCode: '', profileId: found.profileId ?? null };
      },
    );
    return `${adopted ? 'adopted' : 'created'} ${value.id}${value.profileId === null ? ' (no acquirer bound yet: provisioning push skipped)' : ''}`;
  }
}
