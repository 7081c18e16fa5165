import { createHash } from 'node:crypto';
import type { AcquirerProfile, BindingRecord, Device, EmvConfig, Merchant, MerchantAcquirerSummary } from '../api/wire-types.js';
import { acquirer } from '../kinds/acquirer.js';
import { recordBindingFields, recordProfileName, summaryBindingFields } from '../kinds/binding.js';
import { device } from '../kinds/device.js';
import { emv } from '../kinds/emv.js';
import type { LiveContext } from '../kinds/field-facts.js';
import { jsonObject } from '../kinds/live-values.js';
import { merchantFields } from '../kinds/merchant.js';
import { ofKind } from '../kinds/of-kind.js';
import { parentOf } from '../kinds/registry.js';
import { stableStringify } from '../model/canonical.js';
import { addressOf, bindingKey, deviceKey, KIND_PLURAL } from '../model/kinds.js';
import { NOT_HASHED, type BindingFields, type EmvFields, type LiveResource, type LiveState, type MethodsMap } from '../model/state.js';
import { compareTwins, deviceLifecycle, holdsAlias, isActivated, survivorOf } from '../model/twins.js';
import { unkeyedKey } from '../model/unkeyed-key.js';
import { isUnkeyable, type UnkeyedLiveMerchant } from './unkeyed-records.js';
import { LiveStateError } from './errors.js';
import { checkRecord } from './record-check.js';

export { merchantFields };

/** The group lists and binding records read from the service, before normalisation. */
export interface WireLists {
  readonly emvConfigs: readonly EmvConfig[];
  readonly acquirerProfiles: readonly AcquirerProfile[];
  readonly merchants: readonly Merchant[];
  /** mchId → binding records, for the merchants whose records were read (see summary-reading.ts). */
  readonly bindings: ReadonlyMap<string, readonly BindingRecord[]>;
}

/** Every wire record read from the service, before normalisation. */
export interface WireSnapshot extends WireLists {
  /** mchId → devices, for the merchants whose devices were read. */
  readonly devices: ReadonlyMap<string, readonly Device[]>;
}

export function fingerprint(...records: unknown[]): string {
  return createHash('sha256').update(stableStringify(records)).digest('base64url').slice(0, 22);
}

/** Where a resource keeps the wire records its fingerprint hashes; not enumerable, so never copied or shown. */
const SOURCES = Symbol('wire records');

type Unhashed = Omit<LiveResource, 'fingerprint'> & { [SOURCES]?: readonly unknown[] };

/**
 * Fingerprints are read only when a plan is saved or a saved plan is checked, and hashing every
 * record of a large group costs about as much as the diff itself: each is computed on its first
 * read, then kept as an own enumerable property (so spreads and JSON carry it). The getter is one
 * shared function: a closure per resource would give every resource its own hidden class, about
 * 5 KB each (50 MB at 10,000 merchants). Merchants and devices are the exception: their wire
 * records are most of a group's, and are not kept (see LiveAssembler), so each is hashed when it is
 * normalised.
 */
function computeFingerprint(this: Unhashed): string {
  const value = fingerprint(...(this[SOURCES] ?? []));
  Object.defineProperty(this, 'fingerprint', { value, enumerable: true, writable: false, configurable: false });
  return value;
}

function withFingerprint(resource: Omit<LiveResource, 'fingerprint'>, sources: readonly unknown[]): LiveResource {
  Object.defineProperty(resource, SOURCES, { value: sources, enumerable: false });
  return Object.defineProperty(resource, 'fingerprint', { enumerable: true, configurable: true, get: computeFingerprint }) as LiveResource;
}

/** No profile or EMV config to name: what reading a record that names none needs. */
const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** Profile id (as text) → name, as device extParams and binding summaries need them. */
function profileNamesOf(profiles: readonly AcquirerProfile[]): ReadonlyMap<string, string> {
  return new Map(profiles.map((p) => [String(p.profileId), p.profileName]));
}

/** The whole snapshot at once (export, tests); the planner's reader feeds a LiveAssembler as records arrive. */
export function normaliseLive(snapshot: WireSnapshot): LiveState {
  const assembler = new LiveAssembler(snapshot);
  for (const [mchId, records] of snapshot.bindings) assembler.addBindingRecords(mchId, records);
  for (const [mchId, devices] of snapshot.devices) assembler.addDevices(mchId, devices);
  return assembler.state();
}

/**
 * A record that could not be normalised, kept in its place: state() throws it where the records
 * are put together in the order they were listed, so that the first problem reported is the same
 * whichever list arrived first (and a key clash listed earlier wins over it, as it should: the
 * user can fix that one).
 */
class Unreadable {
  constructor(readonly error: unknown) {}
}

type Step<T> = T | Unreadable;

function attempt<T>(normalise: () => T): Step<T> {
  try {
    return normalise();
  } catch (error) {
    return new Unreadable(error);
  }
}

interface KeyedMerchant {
  readonly mchId: string;
  readonly ref: string;
  /** The record's acquirers[] entries, which its bindings are made from (and hash); not the record itself. */
  readonly summaries: readonly MerchantAcquirerSummary[];
  readonly resource: LiveResource;
  bindings: Step<readonly LiveResource[]>;
  /** Unset until the merchant's devices are read. */
  devices?: readonly Step<LiveResource | undefined>[];
}

/**
 * Normalises a group's records in the order they arrive: the group lists when they are read, then
 * each merchant's binding records and devices as they come in, while the reader waits on the
 * network for the next ones; `state` only puts the pieces together. At 10,000 merchants this moves
 * most of the work (and the garbage it makes) out of the end of a plan, where its peak memory was.
 */
export class LiveAssembler {
  private readonly base: Step<LiveResource>[] = [];
  /** By mchId, the service's key for a merchant: the per-merchant lists are read by it. */
  private readonly keyed = new Map<string, KeyedMerchant[]>();
  private readonly merchants: Step<KeyedMerchant>[] = [];
  private readonly unkeyed: UnkeyedLiveMerchant[] = [];
  private readonly profileNames: ReadonlyMap<string, string>;
  private readonly emvName: (id: unknown) => string;
  /** Whether merchants and devices are hashed as they are read (ReadOptions.hashRecords). */
  private readonly hashRecords: boolean;

  constructor(lists: Pick<WireLists, 'emvConfigs' | 'acquirerProfiles' | 'merchants'>, options: { readonly hashRecords?: boolean } = {}) {
    this.hashRecords = options.hashRecords ?? true;
    const emvNames = new Map<number, string>();
    for (const emv of lists.emvConfigs) emvNames.set(Number(emv.id), emv.emvName);
    const emvName = (id: unknown): string => emvNames.get(Number(id)) ?? `#${String(id)}`;
    const profileNames = profileNamesOf(lists.acquirerProfiles);
    this.emvName = emvName;
    this.profileNames = profileNames;

    lists.emvConfigs.forEach((record, index) => {
      this.base.push(
        attempt(() => {
          checkRecord('emv', record, index);
          return withFingerprint({ kind: 'emv', key: record.emvName, id: Number(record.id), fields: emvFields(record) }, [record]);
        }),
      );
    });

    lists.acquirerProfiles.forEach((profile, index) => {
      this.base.push(
        attempt(() => {
          checkRecord('acquirer', profile, index);
          return profileResource(profile, emvName);
        }),
      );
    });

    lists.merchants.forEach((merchant, index) => {
      const readable = attempt(() => checkRecord('merchant', merchant, index));
      if (readable instanceof Unreadable) {
        this.merchants.push(readable);
        return;
      }
      const ref = merchant.providerReference;
      const summaries = merchant.acquirers ?? [];
      // A reference that starts with `~` is not a key either: the manifest refuses one, and a plan
      // shows unkeyed records as `~<mchId>`, which such a reference could otherwise take (model/unkeyed-key.ts).
      if (ref === undefined || ref === null || ref === '' || isUnkeyable(ref)) {
        const unkeyed = attempt((): UnkeyedLiveMerchant => ({
          mchId: merchant.mchId,
          mchName: merchant.mchName,
          ...(typeof ref === 'string' && ref !== '' ? { providerReference: ref } : {}),
          profiles: summaries.map((s) => s.profileName ?? profileNames.get(String(s.profileId)) ?? `#${String(s.profileId)}`),
          emvs: summaries.flatMap((s) =>
            Object.values(jsonObject(s.emvList, `emvList of merchant ${merchant.mchId}`) ?? {}).flatMap((ids) => (Array.isArray(ids) ? ids.map(emvName) : [])),
          ),
        }));
        if (unkeyed instanceof Unreadable) this.merchants.push(unkeyed);
        else this.unkeyed.push(unkeyed);
        return;
      }
      const entry: KeyedMerchant = {
        mchId: merchant.mchId,
        ref,
        summaries,
        // Hashed now, as devices are: a merchant record is the largest the reader would otherwise keep.
        resource: { kind: 'merchant', key: ref, id: merchant.mchId, fields: merchantFields(merchant), fingerprint: this.hashRecords ? fingerprint(withoutSummary(merchant)) : NOT_HASHED },
        bindings: attempt(() => bindingsOf({ mchId: merchant.mchId, ref }, summaries, undefined, profileNames, emvName)),
      };
      this.merchants.push(entry);
      const sameId = this.keyed.get(merchant.mchId);
      if (sameId === undefined) this.keyed.set(merchant.mchId, [entry]);
      else sameId.push(entry);
    });
  }

  /** The merchants with a providerReference, whose per-merchant lists the reader may ask for. */
  keyedMerchants(): Iterable<{ readonly mchId: string; readonly ref: string }> {
    return this.merchants.filter((entry): entry is KeyedMerchant => !(entry instanceof Unreadable));
  }

  /**
   * What tells whose lists the acquirers[] summary carries (see summary-reading.ts): each listed
   * profile's methods, and each keyed merchant's bindings as its summary gives them. Asked before any
   * binding record is added; records that cannot be read are left out (state() reports them).
   */
  summaryView(): { profiles: ReadonlyMap<string, MethodsMap>; merchants: { mchId: string; ref: string; bindings: readonly LiveResource[] }[] } {
    const profiles = new Map<string, MethodsMap>();
    const readable = this.base.filter((step): step is LiveResource => !(step instanceof Unreadable));
    for (const profile of ofKind(readable, 'acquirer')) profiles.set(profile.key, profile.fields.methods ?? {});
    const merchants: { mchId: string; ref: string; bindings: readonly LiveResource[] }[] = [];
    for (const entry of this.merchants) {
      if (!(entry instanceof Unreadable) && !(entry.bindings instanceof Unreadable)) merchants.push({ mchId: entry.mchId, ref: entry.ref, bindings: entry.bindings });
    }
    return { profiles, merchants };
  }

  /**
   * A merchant's bindings as its binding records alone give them (no summary item, so no allows),
   * to check a summary item against (see summary-reading.ts); undefined when a record cannot be
   * read (state() reports it once the records are added).
   */
  recordBindings(mchId: string, records: readonly BindingRecord[]): readonly LiveResource[] | undefined {
    const entry = this.keyed.get(mchId)?.[0];
    if (entry === undefined) return undefined;
    const made = attempt(() => {
      records.forEach((record, index) => checkRecord('binding', record, index, mchId));
      return bindingsOf(entry, [], records, this.profileNames, this.emvName, false);
    });
    return made instanceof Unreadable ? undefined : made;
  }

  /**
   * A merchant's bindings as its summary alone gives them, made again (its bindings may hold its
   * records by now), to check them against its records under a service record; undefined when the
   * summary cannot be read (state() reports it).
   */
  summaryBindings(mchId: string): readonly LiveResource[] | undefined {
    const entry = this.keyed.get(mchId)?.[0];
    if (entry === undefined) return undefined;
    const made = attempt(() => bindingsOf(entry, entry.summaries, undefined, this.profileNames, this.emvName));
    return made instanceof Unreadable ? undefined : made;
  }

  /** A merchant's binding records (read for `mid`, or for what the summary may hide): its bindings are made again with them. */
  addBindingRecords(mchId: string, records: readonly BindingRecord[]): void {
    for (const entry of this.keyed.get(mchId) ?? []) {
      entry.bindings = attempt(() => {
        records.forEach((record, index) => checkRecord('binding', record, index, mchId));
        return bindingsOf(entry, entry.summaries, records, this.profileNames, this.emvName);
      });
    }
  }

  /**
   * A merchant's device list as read; no device record is kept. Returns deviceId → the live
   * extParams of the devices whose extParams holds more than `acquirers`: a device PUT replaces
   * extParams whole, so apply writes those other keys back unchanged. A device that cannot be read
   * is reported by state().
   */
  addDevices(mchId: string, devices: readonly Device[]): ReadonlyMap<string, Record<string, unknown>> {
    const extParams = new Map<string, Record<string, unknown>>();
    for (const entry of this.keyed.get(mchId) ?? []) {
      entry.devices = resolveTwins(
        devices.map((device, index) =>
          attempt(() => {
            checkRecord('device', device, index);
            const normalised = deviceResource(entry.ref, device, this.profileNames, this.hashRecords);
            if (normalised !== undefined && carriesMore(normalised.ext)) extParams.set(device.deviceId, normalised.ext);
            return normalised?.resource;
          }),
        ),
        devices,
      );
    }
    return extParams;
  }

  state(): LiveState {
    const resources = new Map<string, LiveResource>();
    const put = (step: Step<LiveResource | undefined>): void => {
      if (step instanceof Unreadable) throw step.error;
      if (step === undefined) return;
      const address = addressOf(step.kind, step.key);
      const clash = resources.get(address);
      if (clash !== undefined) {
        // A child's key is unique among its parent's records only.
        const parent = parentOf(step.kind);
        const what = parent === undefined ? KIND_PLURAL[step.kind] : `${KIND_PLURAL[step.kind]} of ${parent.label} "${step.merchant}"`;
        throw new LiveStateError(
          `the live group holds two ${what} with the key "${step.key}" (ids ${clash.id} and ${step.id}); ` +
            `paycfg cannot tell which one the manifest means. Rename or remove one of them in the service.`,
        );
      }
      resources.set(address, step);
    };
    for (const step of this.base) put(step);
    const bindingsRead = new Set<string>();
    const devicesRead = new Set<string>();
    const duplicateCodes: LiveResource[] = [];
    for (const entry of this.merchants) {
      if (entry instanceof Unreadable) throw entry.error;
      put(entry.resource);
      if (entry.bindings instanceof Unreadable) throw entry.bindings.error;
      for (const binding of entry.bindings) put(binding);
      bindingsRead.add(entry.ref);
      if (entry.devices === undefined) continue;
      devicesRead.add(entry.ref);
      for (const device of entry.devices) {
        if (device instanceof Unreadable || device?.duplicateOf === undefined) put(device);
        else duplicateCodes.push(device);
      }
    }
    return { resources, unkeyedMerchants: this.unkeyed, bindingsRead, devicesRead, duplicateCodes };
  }
}

/**
 * Devices of one merchant that share an alias (two runs of apply at once both created it, or a
 * person did): the one that stays (see model/twins.ts) keeps the key, the others are marked as
 * duplicates for the plan to delete. Two activated terminals are a clash only a person can settle.
 */
function resolveTwins(steps: Step<LiveResource | undefined>[], devices: readonly Device[]): Step<LiveResource | undefined>[] {
  let byKey: Map<string, number[]> | undefined;
  let shared = false;
  steps.forEach((step, index) => {
    if (step === undefined || step instanceof Unreadable) return;
    byKey ??= new Map();
    const same = byKey.get(step.key);
    if (same === undefined) byKey.set(step.key, [index]);
    else {
      same.push(index);
      shared = true;
    }
  });
  if (!shared || byKey === undefined) return steps;
  for (const indexes of byKey.values()) {
    if (indexes.length < 2) continue;
    const twins = indexes.map((index) => {
      const resource = steps[index] as LiveResource;
      return { index, id: String(resource.id), createdAt: devices[index]!.createdAt, activated: isActivated(resource.lifecycle!) };
    });
    const activated = twins.filter((t) => t.activated);
    if (activated.length > 1) {
      const resource = steps[indexes[0]!] as LiveResource;
      const clash = new Unreadable(
        new LiveStateError(
          `the live group holds two activated devices of merchant "${resource.merchant}" with the key "${resource.key}" ` +
            `(ids ${activated.map((t) => t.id).join(' and ')}); only a person can say which till is real. ` +
            'Rename one of them, or decommission the one that is not in use, in the service.',
          { merchant: resource.merchant, key: resource.key, ids: activated.map((t) => t.id) },
        ),
      );
      for (const index of indexes.slice(1)) steps[index] = clash;
      continue;
    }
    const survivor = survivorOf(twins);
    for (const twin of twins) {
      if (twin === survivor) continue;
      const because = survivor.activated ? 'activated' : compareTwins({ ...survivor, id: '' }, { ...twin, id: '' }) < 0 ? 'older' : 'lower-id';
      steps[twin.index] = { ...(steps[twin.index] as LiveResource), duplicateOf: { id: survivor.id, because } };
    }
  }
  return steps;
}

/** An EMV config record's managed fields; also how apply reads back one it did not create itself. */
export function emvFields(record: EmvConfig): EmvFields {
  return emv.liveFields(record, { where: `EMV config ${record.id}`, emvName: unnamedEmv, profileNames: NO_NAMES });
}

function unnamedEmv(id: unknown): string {
  return `#${String(id)}`;
}

export function profileResource(profile: AcquirerProfile, emvName: (id: unknown) => string): LiveResource {
  const fields = acquirer.liveFields(profile, { where: `acquirer profile ${profile.profileId}`, emvName, profileNames: NO_NAMES });
  return withFingerprint({ kind: 'acquirer', key: profile.profileName, id: Number(profile.profileId), fields }, [profile]);
}

/** Whether a device's extParams holds more than `acquirers`, which a device PUT rewrites whole. */
function carriesMore(ext: Record<string, unknown> | undefined): ext is Record<string, unknown> {
  return ext !== undefined && Object.keys(ext).some((key) => key !== 'acquirers');
}

/** The acquirers[] summary changes with the bindings; they carry their own fingerprints. */
function withoutSummary(m: Merchant): Omit<Merchant, 'acquirers' | 'supportedPayments'> {
  const { acquirers: _a, supportedPayments: _s, ...rest } = m;
  return rest;
}

/**
 * Bindings come from the merchant's acquirers[] summary (methods, allows, EMV ids: everything but
 * `mid`), merged with the binding records where those were read (for `mid`, or because the summary
 * may carry the profile's lists: summary-reading.ts). A record has no `allows`: they stay the
 * item's, which only a proven summary shows as the binding's (the plan leaves them uncompared
 * otherwise: plan/binding-allows.ts).
 */
function bindingsOf(
  merchant: { readonly mchId: string; readonly ref: string },
  summaries: readonly MerchantAcquirerSummary[],
  records: readonly BindingRecord[] | undefined,
  profileNames: ReadonlyMap<string, string>,
  emvName: (id: unknown) => string,
  kept = true,
): LiveResource[] {
  const { ref } = merchant;
  const out = new Map<string, { fields: BindingFields; id: string; sources: unknown[] }>();
  if (summaries.length > 0) {
    const context: LiveContext = { where: `the acquirers[] summary of merchant ${merchant.mchId}`, emvName, profileNames };
    for (const s of summaries) {
      const fields = summaryBindingFields(s, context);
      out.set(`${fields.acquirer}/${fields.currency}`, { id: String(s.profileId), fields, sources: [s] });
    }
  }
  if (records !== undefined && records.length > 0) {
    const context = { emvName, profileNames };
    for (const r of records) {
      const slot = `${recordProfileName(r, context)}/${r.currency}`;
      const known: MethodsMap = out.get(slot)?.fields.methods ?? {};
      const fields = recordBindingFields(r, known, context);
      out.set(slot, { id: String(r.acquirerProfileId), fields, sources: [...(out.get(slot)?.sources ?? []), r] });
    }
  }
  return [...out.values()].map(({ fields, id, sources }) => {
    const resource = { kind: 'binding' as const, key: bindingKey(ref, fields.acquirer, fields.currency), merchant: ref, id, fields };
    // A binding record is heavier than its summary item, and a plan without proof of the summary's
    // reading reads one list per merchant: hashed now, the records are not kept (about 60 MB at
    // 10,000 merchants), as merchants and devices are not. Bindings made only to be compared
    // (`kept` false) are not kept either: their fingerprint is never asked for.
    return kept && (sources.length > 1 || records !== undefined) ? { ...resource, fingerprint: fingerprint(...sources) } : withFingerprint(resource, sources);
  });
}

export function deviceResource(
  ref: string,
  d: Device,
  profileNames: ReadonlyMap<string, string>,
  hash = true,
): { resource: LiveResource; ext: Record<string, unknown> | undefined } | undefined {
  const lifecycle = deviceLifecycle(d);
  // A decommissioned terminal is gone for every practical purpose: its alias is free again.
  if (!holdsAlias(lifecycle)) return undefined;
  const where = `device ${d.deviceId}`;
  // Parsed once: the fields take acquirers from it, and apply the keys a PUT must carry back.
  const ext = jsonObject(d.extParams, `extParams of ${where}`);
  const fields = device.liveFields(d, { where, emvName: unnamedEmv, profileNames, parsed: { extParams: ext } });
  const alias = fields.deviceAlias;
  // A device without an alias, or whose alias starts with `~`, cannot be named in a manifest; it gets
  // a key nobody can write, from its own id (model/unkeyed-key.ts), so that no two devices share one.
  const key = deviceKey(ref, alias === '' || isUnkeyable(alias) ? unkeyedKey(d.deviceId) : alias);
  return { resource: { kind: 'device', key, merchant: ref, id: d.deviceId, lifecycle, fields, fingerprint: hash ? fingerprint(d) : NOT_HASHED }, ext };
}
