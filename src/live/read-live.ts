import type { ConfigurationClient, GroupClient } from '../backend/configuration-api.js';
import type { AcquirerProfile, BindingRecord, Device, EmvConfig, Merchant, OwnerInfo } from '../api/wire-types.js';
import { fieldsOfKind, ofKind } from '../kinds/of-kind.js';
import { addressOf } from '../model/kinds.js';
import { canonicalMethodCode } from '../model/canonical.js';
import type { DesiredState, LiveState, MethodsMap } from '../model/state.js';
import type { BindingAllowsReading } from '../plan/binding-allows.js';
import { applyMoves } from '../plan/moves.js';
import { mapWithConcurrency } from '../util/map-with-concurrency.js';
import { GroupMismatchError } from './errors.js';
import { LiveAssembler, type WireLists } from './normalise-live.js';
import { READINGS, type RecordedReading } from '../service-record/types.js';
import { recordContradicted } from './record-contradicted.js';
import {
  bindingRecordsNeed,
  checkedReading,
  recordContradiction,
  summaryCandidate,
  type RecordsNeed,
  type SummaryCandidate,
  type SummaryReading,
} from './summary-reading.js';

export interface LiveRead {
  readonly owner: OwnerInfo;
  /** With whether this run can know a binding's `allows` (only a proven summary shows them). */
  readonly state: LiveState & Required<BindingAllowsReading>;
  /**
   * The EMV configs and profiles as read: apply builds full-replace bodies and its id registry from
   * them. Binding records are kept only for export (readAllLive), which writes from them; merchant and
   * device records are not kept (see LiveAssembler).
   */
  readonly snapshot: Omit<WireLists, 'merchants'>;
  /** deviceId → live extParams, where a device PUT must carry more than `acquirers` (see LiveAssembler.addDevices). */
  readonly deviceExtParams: ReadonlyMap<string, Record<string, unknown>>;
  /** Whether this run saw that the acquirers[] summary carries the binding's lists (see summary-reading.ts). */
  readonly summaryReading: SummaryReading;
  /**
   * The live group under the names it was read by, when the manifest's moves re-keyed `state`
   * (absent when they changed nothing): `plan --base` re-keys it by the base manifest's own moves.
   */
  readonly stateAsRead?: LiveState & Required<BindingAllowsReading>;
}

/** What export reads: everything, with the merchant and device records as read. */
export interface LiveReadWithDevices extends LiveRead {
  readonly merchants: readonly Merchant[];
  /** mchId → devices as read, for every merchant with a providerReference. */
  readonly devices: ReadonlyMap<string, readonly Device[]>;
}

export interface ReadOptions {
  /** Reads in flight at once for the per-merchant lists. */
  readonly concurrency: number;
  /**
   * Read the devices of every merchant, also those the manifest does not manage (`paycfg drift`,
   * which lists each such device): one more list per merchant than a plan sends.
   */
  readonly everyDevice?: boolean;
  /**
   * The service record's reading (service-record/), when the run has one: whose lists the
   * acquirers[] summary carries is then known, not learnt from this group; the group's own
   * evidence is still checked against it (summary-reading.ts).
   */
  readonly recorded?: RecordedReading;
  /**
   * Hash each merchant and device record as it is read (default true). Only a saved plan reads
   * their fingerprints (plan --out, a promotion saved, apply of a saved plan): a run that saves
   * none skips the hashing (about 0.2 s of a 6 s unchanged plan of 2,000 merchants at 10 ms), and
   * its resources carry NOT_HASHED, which a saved plan refuses.
   */
  readonly hashRecords?: boolean;
}

/**
 * Reads the owner first, so that a run against the wrong group stops before anything else is read.
 * With `environment` (the name of the environment the run is for, whose group `expectedGroup` is),
 * the refusal names the environment and its token rather than a manifest's pin.
 */
export async function readOwner(client: Pick<ConfigurationClient, 'owner' | 'baseUrl'>, expectedGroup: string | undefined, environment?: string): Promise<OwnerInfo> {
  const owner = await client.owner();
  if (expectedGroup !== undefined && owner.groupId !== expectedGroup && environment !== undefined) {
    throw new GroupMismatchError(
      `environment ${environment} manages group ${expectedGroup} at ${client.baseUrl}, but its token belongs to group ${owner.groupId} ` +
        `("${owner.groupName ?? ''}"); nothing else was read, nothing was changed. Check where environment ${environment} takes its token from (its token: entry in the environments or fleet file).`,
      { expected: expectedGroup, actual: owner.groupId, environment },
    );
  }
  if (expectedGroup !== undefined && owner.groupId !== expectedGroup) {
    throw new GroupMismatchError(
      `the manifest is pinned to group ${expectedGroup}, but the token belongs to group ${owner.groupId} ` +
        `("${owner.groupName ?? ''}") at ${client.baseUrl}; nothing was read or changed. Check PAYCFG_TOKEN and PAYCFG_BASE_URL.`,
      { expected: expectedGroup, actual: owner.groupId },
    );
  }
  return owner;
}

/**
 * Reads what the plan needs and no more: the three group-wide lists, then per merchant only what
 * the list records do not already carry. Binding records are read for the managed merchants whose
 * manifest sets a `mid` (the acquirers[] summary has none) and, unless the run saw that the summary
 * carries the binding's own lists (and checked it with one merchant's records) or its service
 * record says so, for the merchants with bindings whose bindings the plan shows
 * (summary-reading.ts); devices only for merchants whose devices are managed or that prune deletes
 * (or, with `everyDevice`, for every merchant). Under a service record, a binding record read
 * that shows the other reading refuses the run (ServiceRecordContradictedError).
 */
export async function readLive(client: ConfigurationClient, desired: DesiredState, owner: OwnerInfo, options: ReadOptions): Promise<LiveRead> {
  const needsMid = new Set<string>();
  for (const binding of ofKind(desired.resources.values(), 'binding')) if (binding.fields.mid !== undefined) needsMid.add(binding.merchant!);
  // A merchant the manifest renames is read as the one it names (its `to`), when that is not live too.
  const renamed = new Map<string, string>();
  for (const move of ofKind(desired.moved ?? [], 'merchant')) renamed.set(move.from.slice('merchant/'.length), move.to.slice('merchant/'.length));
  const read = await readLists(client, owner, options, ({ emvConfigs }) => {
    const emvMayGo = emvConfigMayGo(desired, emvConfigs);
    return ({ ref: liveRef, hasBindings }) => {
      const ref = renamed.get(liveRef) ?? liveRef;
      const inManifest = desired.resources.has(addressOf('merchant', ref));
      const managed = inManifest && desired.managedBindings.has(ref);
      const pruned = !inManifest && desired.prune.merchants;
      return {
        bindings: bindingRecordsNeed({ setsMid: managed && needsMid.has(ref), bindingsShown: managed || pruned || emvMayGo, hasBindings }),
        devices: (inManifest && desired.managedDevices.has(ref)) || pruned || options.everyDevice === true,
      };
    };
  });
  // Re-keyed here, once, so that the plan, apply's ids, the settlement routes and the impact all
  // see the live group under the names the manifest gives it (plan/moves.ts).
  const state = applyMoves(read.state, desired.moved);
  return state === read.state ? read : { ...read, state, stateAsRead: read.state };
}

/**
 * Whether the plan may delete or replace a live EMV config: one the manifest leaves out under
 * prune.emvConfigs, or one whose immutable payment method it changes. Then the bindings that use it
 * matter to the plan, wherever they are.
 */
function emvConfigMayGo(desired: DesiredState, emvConfigs: readonly EmvConfig[]): boolean {
  return emvConfigs.some((emv) => {
    const wanted = desired.resources.get(addressOf('emv', emv.emvName));
    if (wanted === undefined) return desired.prune.emvConfigs;
    return (fieldsOfKind(wanted, 'emv')).paymentMethod !== canonicalMethodCode(emv.paymentMethod);
  });
}

/**
 * Every merchant's binding records and devices, whatever a manifest would manage: what export
 * writes from. Under a service record every merchant's records are checked against its summary.
 */
export async function readAllLive(client: ConfigurationClient, owner: OwnerInfo, options: ReadOptions): Promise<LiveReadWithDevices> {
  const kept: KeptRecords = { merchants: [], devices: new Map() };
  const read = await readLists(client, owner, options, () => () => ({ bindings: 'always', devices: true }), kept);
  return { ...read, ...kept };
}

/**
 * Which per-merchant lists to read, decided once the group lists are in, per merchant with a
 * providerReference (`hasBindings`: its summary lists a binding). Binding records may be wanted only
 * without proof of the binding reading, which is known after the group lists (summary-reading.ts).
 */
type Wanted = (group: {
  readonly emvConfigs: readonly EmvConfig[];
}) => (merchant: { readonly ref: string; readonly hasBindings: boolean }) => { bindings: RecordsNeed; devices: boolean };

/** Records as read, for export, which writes from them. */
interface KeptRecords {
  merchants: readonly Merchant[];
  readonly devices: Map<string, readonly Device[]>;
}

/**
 * The group lists, then per merchant with a providerReference the lists `wanted` asks for, each
 * normalised as it arrives (see LiveAssembler). Merchant and device records are not kept unless
 * `keep` is given: at 10,000 merchants they are most of what a plan would otherwise hold twice.
 */
async function readLists(
  client: ConfigurationClient,
  owner: OwnerInfo,
  options: ReadOptions,
  wanted: Wanted,
  keep?: KeptRecords,
): Promise<LiveRead> {
  const recorded = recordedFor(client, options.recorded);
  const { emvConfigs, acquirerProfiles, assembler, profiles, candidate, bindingReads, deviceReads } = await readGroupLists(client, wanted, keep, options.hashRecords ?? true);
  const bindings = new Map<string, readonly BindingRecord[]>();
  const deviceExtParams = new Map<string, Record<string, unknown>>();
  const readBindings = async (mchId: string): Promise<readonly BindingRecord[]> => {
    const records = await client.bindings.listAll(mchId);
    // Under a service record, every record read is evidence the record must hold (summary-reading.ts).
    if (recorded !== undefined) checkRecorded(recorded, assembler, profiles, mchId, records);
    // Only export writes from the records; a plan keeps what the assembler made of them.
    if (keep !== undefined) bindings.set(mchId, records);
    assembler.addBindingRecords(mchId, records);
    return records;
  };
  // The candidate's records are read at once, beside the other lists, and only once; without a
  // record, the reads that depend on the proof come last in the list, and wait for it. A record
  // says what the proof would: `binding` leaves them out, `profile` reads them without waiting.
  const candidateRecords = candidate === undefined ? undefined : readBindings(candidate.mchId);
  const checked = checkCandidate(assembler, candidate, candidateRecords, recorded);
  const { always, withoutProof } = bindingReads;
  const reads = recorded !== undefined && READINGS[recorded.summaryLists].trustsSummary ? always : [...always, ...withoutProof];
  await Promise.all([
    checked,
    mapWithConcurrency(reads, options.concurrency, async (mchId, index) => {
      if (recorded === undefined && index >= always.length && (await checked).proof !== undefined) return;
      await (mchId === candidate?.mchId ? candidateRecords : readBindings(mchId));
    }),
    mapWithConcurrency(deviceReads, options.concurrency, async (mchId) => {
      const records = await client.devices.listAll(mchId);
      for (const [id, ext] of assembler.addDevices(mchId, records)) deviceExtParams.set(id, ext);
      keep?.devices.set(mchId, records);
    }),
  ]);
  const reading = await checked;
  const allowsKnown = recorded === undefined ? reading.proof !== undefined : READINGS[recorded.summaryLists].trustsSummary;
  return {
    owner,
    state: { ...assembler.state(), bindingAllowsWriteOnly: !allowsKnown },
    snapshot: { emvConfigs, acquirerProfiles, bindings },
    deviceExtParams,
    summaryReading: recorded === undefined ? reading : { ...reading, recorded },
  };
}

/**
 * The recorded reading a run uses: the one it was given, unless its group is on the legacy API.
 * There the acquirers[] summary is paycfg's own, built from the merchant's methods and its
 * profiles' lists (kinds/merchant.legacy.ts), as its binding records are: the service's reading
 * does not apply, and the run learns what it can as without a record. A GroupClient says which
 * API it serves; any other client (a library caller's ApiClient) is the current API's.
 */
function recordedFor(client: ConfigurationClient, recorded: RecordedReading | undefined): RecordedReading | undefined {
  if (recorded === undefined) return undefined;
  return (client as Partial<Pick<GroupClient, 'api'>>).api === 'legacy' ? undefined : recorded;
}

/** One merchant's records against its summary items, under the recorded reading: refused when they read otherwise. */
function checkRecorded(
  recorded: RecordedReading,
  assembler: LiveAssembler,
  profiles: ReadonlyMap<string, MethodsMap>,
  mchId: string,
  records: readonly BindingRecord[],
): void {
  const summary = assembler.summaryBindings(mchId);
  const fromRecords = assembler.recordBindings(mchId, records);
  // A summary or a record that cannot be read is evidence of nothing; state() reports it.
  if (summary === undefined || fromRecords === undefined) return;
  const found = recordContradiction(recorded.summaryLists, profiles, summary, fromRecords);
  if (found !== undefined) throw recordContradicted(recorded, mchId, found);
}

/**
 * Rule 1's check: the candidate against its merchant's binding records, once they are read. Under
 * a `profile` record a candidate proves nothing the run uses (its records, checked as they are
 * read, refuse the run when they would prove the binding reading).
 */
async function checkCandidate(
  assembler: LiveAssembler,
  candidate: SummaryCandidate | undefined,
  records: Promise<readonly BindingRecord[]> | undefined,
  recorded: RecordedReading | undefined,
): Promise<SummaryReading> {
  if (candidate === undefined || records === undefined) return { proof: undefined };
  const read = await records;
  if (recorded?.summaryLists === 'profile') return { proof: undefined };
  return checkedReading(candidate, assembler.recordBindings(candidate.mchId, read));
}

/**
 * The three group lists, normalised, the summary item that may prove the binding reading, and the
 * merchants (by mchId) whose lists `wanted` asks for.
 * Apart from readLists so that the merchant records, which are not kept, are not held by its
 * frame while the per-merchant reads run.
 */
async function readGroupLists(
  client: ConfigurationClient,
  wanted: Wanted,
  keep: KeptRecords | undefined,
  hashRecords: boolean,
): Promise<{
  emvConfigs: readonly EmvConfig[];
  acquirerProfiles: readonly AcquirerProfile[];
  assembler: LiveAssembler;
  profiles: ReadonlyMap<string, MethodsMap>;
  candidate: SummaryCandidate | undefined;
  bindingReads: { always: string[]; withoutProof: string[] };
  deviceReads: string[];
}> {
  const [emvConfigs, acquirerProfiles, merchants] = await Promise.all([
    client.emvConfigs.listAll(),
    client.acquirerProfiles.listAll(),
    client.merchants.listAll(),
  ]);
  if (keep !== undefined) keep.merchants = merchants;
  const assembler = new LiveAssembler({ emvConfigs, acquirerProfiles, merchants }, { hashRecords });
  const view = assembler.summaryView();
  const candidate = summaryCandidate(view.profiles, view.merchants);
  const bound = new Set<string>();
  for (const merchant of view.merchants) if (merchant.bindings.length > 0) bound.add(merchant.mchId);
  const bindingReads = { always: [] as string[], withoutProof: [] as string[] };
  const deviceReads: string[] = [];
  const wantedOf = wanted({ emvConfigs });
  for (const { mchId, ref } of assembler.keyedMerchants()) {
    const reads = wantedOf({ ref, hasBindings: bound.has(mchId) });
    if (reads.bindings === 'always') bindingReads.always.push(mchId);
    else if (reads.bindings === 'without-proof') bindingReads.withoutProof.push(mchId);
    if (reads.devices) deviceReads.push(mchId);
  }
  return { emvConfigs, acquirerProfiles, assembler, profiles: view.profiles, candidate, bindingReads, deviceReads };
}
