import type { Device } from '../api/wire-types.js';
import { ConcurrentCreateError } from '../apply/concurrent-create.js';
import { createdOrAdopted, deleteTolerant } from '../apply/create-once.js';
import type { ApplyRun, KindOperations } from '../apply/kind-operations.js';
import { createdRecord, didOnly } from '../apply/operation-result.js';
import { LiveStateError } from '../live/errors.js';
import { deviceResource } from '../live/normalise-live.js';
import { deviceLifecycle, holdsAlias, isActivated, survivorOf, type Twin } from '../model/twins.js';
import { sameFields } from '../plan/diff.js';
import type { Change } from '../plan/plan.js';
import { deviceCreateBody, deviceUpdateBody } from './device.js';
import { changeFields } from './of-kind.js';

/** What a device create answers: its code, and the profile the provisioning push went to (null: none bound yet). */
interface CreatedDevice {
  readonly id: string;
  readonly activationCode: string;
  readonly profileId: string | null;
}

export const deviceOperations: KindOperations<Device, CreatedDevice> = {
  post: (change, { client, ids }) => client.devices.create(deviceCreateBody(ids.merchant(change.merchant!), changeFields(change, 'device'), ids)),
  // The one that stays, never simply the first listed: within a second the list's order is not the rule's.
  async find(change, { client, ids }) {
    const twins = twinsIn(await client.devices.listAll(ids.merchant(change.merchant!)), changeFields(change, 'device').deviceAlias);
    if (twins.length === 0) return undefined;
    const found = survivorOf(twins.map(asTwin)).record;
    return { value: { id: found.deviceId, activationCode: '', profileId: found.profileId ?? null }, id: found.deviceId, record: found };
  },
  readBack: (record, change, { ids }) => readBack(change, record, ids.profileNamesById()),
  // Only a code this run's create answered is surely its own; one it adopted may be another run's.
  async created({ value, adopted, unsure }, change, run) {
    const mchId = run.ids.merchant(change.merchant!);
    const kept = adopted
      ? await keepSurvivor(run, change, mchId, value.id, unsure ? "its create's answer was lost" : 'its create was refused')
      : { id: value.id, profileId: value.profileId, note: await keepOneDevice(run, change, mchId, value.id) };
    return createdRecord(
      adopted,
      kept.id,
      `${createdOrAdopted(adopted)} ${kept.id}${kept.profileId === null ? ' (no acquirer bound yet: provisioning push skipped)' : ''}${kept.note}`,
    );
  },
  // The live extParams keys other than `acquirers` are kept: the PUT writes extParams whole.
  async update(change, { client, ids, live }) {
    const deviceId = String(change.liveId ?? '');
    await client.devices.update(deviceId, deviceUpdateBody(changeFields(change, 'device'), ids, live.deviceExtParams.get(deviceId)));
    return didOnly('updated');
  },
  delete(change, { client }) {
    const deviceId = String(change.liveId ?? '');
    if (change.disposal === 'logout') return client.devices.delete(deviceId, { deviceStatus: 2 }).then(() => didOnly('logged out'));
    if (change.disposal === 'decommission') return client.devices.delete(deviceId, { deviceStatus: 3 }).then(() => didOnly('decommissioned'));
    return deleteTolerant(() => client.devices.delete(deviceId));
  },
};

function readBack(change: Change, device: Device, profileNames: ReadonlyMap<string, string>): Record<string, unknown> | undefined {
  return deviceResource(change.merchant!, device, profileNames)?.resource.fields as unknown as Record<string, unknown> | undefined;
}

function deviceMatches(run: ApplyRun, change: Change, device: Device): boolean {
  const live = readBack(change, device, run.ids.profileNamesById());
  return live !== undefined && sameFields(change.kind, change.after!, live);
}

/**
 * The merchant's devices under the change's alias, read once the list can hold every record of
 * this run's create's second (SETTLE_MS), from the read the merchant's other checks share (see
 * settled-device-lists.ts), waited for off the run's parallelism slot.
 */
async function settledTwins(run: ApplyRun, change: Change, mchId: string, own: string): Promise<Device[]> {
  const alias = changeFields(change, 'device').deviceAlias;
  const twins = twinsIn(await run.waitOutside(() => run.settledDevices.read(mchId)), alias);
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
async function keepOneDevice(run: ApplyRun, change: Change, mchId: string, own: string): Promise<string> {
  const twins = await settledTwins(run, change, mchId, own);
  const survivor = survivorOf(twins.map(asTwin));
  if (survivor.id === own) return '';
  if (twins.some((d) => d.deviceId === own)) await deleteTolerant(() => run.client.devices.delete(own));
  if (!deviceMatches(run, change, survivor.record)) throw new ConcurrentCreateError(change.address, survivor.id, `; this run deleted its own code ${own}`);
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
async function keepSurvivor(run: ApplyRun, change: Change, mchId: string, adopted: string, why: string): Promise<{ id: string; profileId: string | null; note: string }> {
  const twins = await settledTwins(run, change, mchId, adopted);
  const survivor = survivorOf(twins.map(asTwin));
  const profileId = survivor.record.profileId ?? null;
  if (twins.length === 1) return { id: survivor.id, profileId, note: '' };
  const others = twins.filter((d) => d.deviceId !== survivor.id).map((d) => d.deviceId);
  const note =
    `; ${why}, so this run cannot tell which of the ${twins.length} codes with its alias is its own: ` +
    `it kept ${survivor.id}, the one that stays, and deleted none (${others.join(', ')} left for the run that made ${others.length === 1 ? 'it' : 'them'}, or the next plan, to delete)`;
  return { id: survivor.id, profileId, note };
}

/** A device as the twin rule weighs it, carrying its record. */
function asTwin(device: Device): Twin & { readonly record: Device } {
  return { id: device.deviceId, createdAt: device.createdAt, activated: isActivated(deviceLifecycle(device)), record: device };
}

/** The devices under an alias; a decommissioned terminal has given its alias up. */
function twinsIn(devices: readonly Device[], alias: string): Device[] {
  return devices.filter((d) => d.deviceAlias === alias && holdsAlias(deviceLifecycle(d)));
}
