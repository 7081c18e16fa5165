import { InternalError } from '../../errors.js';
import { SimStateError } from '../errors.js';
import { IdGenerator } from './id-generator.js';
import type { Prng } from './prng.js';
import {
  STORE_SNAPSHOT_VERSION,
  storeSnapshotSchema,
  type AcquirerProfileRecord,
  type BindingRecord,
  type DeviceRecord,
  type EmvConfigRecord,
  type GroupSettings,
  type MerchantRecord,
  type OutboxMail,
  type OutboxMailInput,
  type SettlementBatchRecord,
  type StoreSnapshot,
  type TransactionRecord,
} from './records.js';

/** EMV and profile ids share one sequence, so an id of one kind never names a record of the other. */
const FIRST_NUMERIC_ID = 1001;

/** A real-style merchant id: `M` and an epoch second (10 digits until the year 2286). */
const EPOCH_SECOND_ID = /^M(\d{1,10})$/;

/** Transaction ids are 12 digits from the start: the counter starts at the smallest 12-digit number. */
const FIRST_TRAN_ID = 100_000_000_001;
const LAST_TRAN_ID = 999_999_999_999;
const FIRST_BATCH_ID = 100_001;
/** Trace and batch numbers are 6 digits and wrap from 999999 back to 000001, as terminals count them. */
const SIX_DIGITS = 999_999;

export function bindingKey(profileId: number, currency: string): string {
  return `${profileId}|${currency}`;
}

/**
 * What a settlement batch gathers: one acquirer profile, merchant, terminal and currency, under one
 * acquirer MID and TID: a binding's `mid` or a terminal's `tid` changed mid-batch opens a new batch,
 * so a batch's MID/TID never disagree with its own transactions'.
 */
export interface BatchKey {
  profileId: number;
  mchId: string;
  terminalId: string;
  currency: string;
  acquirerMid: string;
  acquirerTid: string;
}

export function batchKey(key: BatchKey): string {
  return JSON.stringify([key.profileId, key.mchId, key.terminalId, key.currency, key.acquirerMid, key.acquirerTid]);
}

/** Digits compared as numbers without converting them: a longer id is a larger one. */
export function compareDigits(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * One PBO group's records. Maps keep creation order (list endpoints answer in creation order) and
 * the per-merchant maps keep a merchant's bindings and devices apart from everyone else's, so the
 * cost of a merchant-level operation does not grow with the size of the group.
 */
export class GroupState {
  settings: GroupSettings;
  readonly emvConfigs = new Map<number, EmvConfigRecord>();
  readonly acquirerProfiles = new Map<number, AcquirerProfileRecord>();
  readonly merchants = new Map<string, MerchantRecord>();
  readonly bindingsByMerchant = new Map<string, Map<string, BindingRecord>>();
  readonly devicesByMerchant = new Map<string, Map<string, DeviceRecord>>();
  readonly merchantIdByProviderReference = new Map<string, string>();
  readonly bindingsByProfile = new Map<number, Set<BindingRecord>>();
  readonly bindingsByEmv = new Map<number, Set<BindingRecord>>();
  /** in creation order (the order they were put), which is not `createdAt` order for backdated payments */
  readonly transactions = new Map<string, TransactionRecord>();
  readonly settlementBatches = new Map<string, SettlementBatchRecord>();

  constructor(settings: GroupSettings) {
    this.settings = settings;
  }

  get groupId(): string {
    return this.settings.groupId;
  }

  bindingsOf(mchId: string): ReadonlyMap<string, BindingRecord> {
    return this.bindingsByMerchant.get(mchId) ?? NO_BINDINGS;
  }

  devicesOf(mchId: string): ReadonlyMap<string, DeviceRecord> {
    return this.devicesByMerchant.get(mchId) ?? NO_DEVICES;
  }
}

const NO_BINDINGS: ReadonlyMap<string, BindingRecord> = new Map();
const NO_DEVICES: ReadonlyMap<string, DeviceRecord> = new Map();

/**
 * The simulator's whole state with referential indexes. It enforces no business rule (that is the
 * rules layer's job); it keeps its indexes true whatever the rules do. Records are replaced, never
 * mutated in place, so an index can always find the previous version to unlink.
 */
export class SimStore {
  private readonly groupsById = new Map<string, GroupState>();
  private readonly merchantsById = new Map<string, MerchantRecord>();
  private readonly devicesByCode = new Map<string, DeviceRecord>();
  private readonly codesByTerminalId = new Map<string, string>();
  private readonly mails: OutboxMail[] = [];
  private nextNumeric = FIRST_NUMERIC_ID;
  /** The highest second a real-style merchant id holds (0 while there is none). */
  private lastMerchantSecond = 0;
  private readonly ids: IdGenerator;
  private readonly transactionsById = new Map<string, TransactionRecord>();
  private readonly batchesById = new Map<string, SettlementBatchRecord>();
  private readonly tranIdsByBatch = new Map<string, Set<string>>();
  /** batchKey → the batch id of that key's open (state 0) batch */
  private readonly openBatchIdByKey = new Map<string, string>();
  private nextTran = FIRST_TRAN_ID;
  private nextBatch = FIRST_BATCH_ID;
  /** terminalId → the last trace number it used */
  private readonly traces = new Map<string, number>();
  /** `profileId|terminalId` → the last batch number used */
  private readonly batchNos = new Map<string, number>();

  constructor(private readonly prng: Prng) {
    this.ids = new IdGenerator(prng);
  }

  // groups

  group(groupId: string): GroupState | undefined {
    return this.groupsById.get(groupId);
  }

  groups(): IterableIterator<GroupState> {
    return this.groupsById.values();
  }

  putGroupSettings(settings: GroupSettings): GroupState {
    const existing = this.groupsById.get(settings.groupId);
    if (existing) {
      existing.settings = settings;
      return existing;
    }
    const group = new GroupState(settings);
    this.groupsById.set(settings.groupId, group);
    return group;
  }

  // identifiers

  nextNumericId(): number {
    const id = this.nextNumeric;
    this.nextNumeric += 1;
    return id;
  }

  /** Reference style: `M` and 12 random digits. */
  newMerchantId(): string {
    return this.ids.unique('M', 12, (id) => this.merchantsById.has(id));
  }

  /**
   * Real style: `M` and the creation epoch second (`M1721816099`). Ids never repeat and never go
   * back: a merchant created in a second already used takes the next second no merchant has had,
   * so a burst of creates runs ahead of the clock, in creation order.
   */
  newMerchantIdAt(epochSecond: number): string {
    let second = Math.max(epochSecond, this.lastMerchantSecond + 1);
    while (this.merchantsById.has(`M${second}`)) second += 1;
    this.lastMerchantSecond = second;
    return `M${second}`;
  }

  newActivationCode(): string {
    return this.ids.unique('', 12, (code) => this.devicesByCode.has(code));
  }

  newTerminalId(): string {
    return this.ids.unique('T', 10, (id) => this.codesByTerminalId.has(id));
  }

  newUuid(): string {
    return this.ids.uuid();
  }

  /** `count` random decimal digits from the seeded generator (RRNs, acquirer reference numbers...). */
  randomDigits(count: number): string {
    return this.ids.digits(count);
  }

  /** `count` random characters of `alphabet` from the seeded generator (approval codes, EMV data). */
  randomChars(count: number, alphabet: string): string {
    let text = '';
    for (let i = 0; i < count; i += 1) text += alphabet.charAt(this.prng.nextInt(alphabet.length));
    return text;
  }

  /** The next transaction id: 12 digits, shared by all groups, never reused. */
  nextTranId(): string {
    if (this.nextTran > LAST_TRAN_ID) throw new InternalError('simulator store: transaction ids are exhausted');
    const id = String(this.nextTran);
    this.nextTran += 1;
    return id;
  }

  /** The next settlement batch id: digits, shared by all groups, never reused. */
  nextBatchId(): string {
    const id = String(this.nextBatch);
    this.nextBatch += 1;
    return id;
  }

  /** The terminal's next trace number, 6 digits (`000001`, then up; after 999999 back to 000001). */
  nextTrace(terminalId: string): string {
    const next = ((this.traces.get(terminalId) ?? 0) % SIX_DIGITS) + 1;
    this.traces.set(terminalId, next);
    return String(next).padStart(6, '0');
  }

  /** The next batch number of a (profile, terminal), 6 digits, counting up like a trace. */
  nextBatchNo(profileId: number, terminalId: string): string {
    const key = `${profileId}|${terminalId}`;
    const next = ((this.batchNos.get(key) ?? 0) % SIX_DIGITS) + 1;
    this.batchNos.set(key, next);
    return String(next).padStart(6, '0');
  }

  // EMV configs and acquirer profiles

  putEmvConfig(record: EmvConfigRecord): void {
    this.requireGroup(record.groupId).emvConfigs.set(record.id, record);
  }

  deleteEmvConfig(record: EmvConfigRecord): void {
    this.requireGroup(record.groupId).emvConfigs.delete(record.id);
  }

  putAcquirerProfile(record: AcquirerProfileRecord): void {
    this.requireGroup(record.groupId).acquirerProfiles.set(record.profileId, record);
  }

  deleteAcquirerProfile(record: AcquirerProfileRecord): void {
    this.requireGroup(record.groupId).acquirerProfiles.delete(record.profileId);
  }

  // merchants

  merchant(mchId: string): MerchantRecord | undefined {
    return this.merchantsById.get(mchId);
  }

  putMerchant(record: MerchantRecord): void {
    const group = this.requireGroup(record.groupId);
    const previous = group.merchants.get(record.mchId);
    if (previous?.providerReference) group.merchantIdByProviderReference.delete(previous.providerReference);
    if (record.providerReference) group.merchantIdByProviderReference.set(record.providerReference, record.mchId);
    group.merchants.set(record.mchId, record);
    this.merchantsById.set(record.mchId, record);
    // Real-style ids restored from a state file count too; a 12-digit reference id is no second.
    const second = EPOCH_SECOND_ID.exec(record.mchId)?.[1];
    if (second !== undefined) this.lastMerchantSecond = Math.max(this.lastMerchantSecond, Number(second));
  }

  /** Removes the merchant with whatever bindings and devices are left under it. */
  deleteMerchant(record: MerchantRecord): void {
    const group = this.requireGroup(record.groupId);
    for (const binding of [...group.bindingsOf(record.mchId).values()]) this.deleteBinding(binding);
    for (const device of [...group.devicesOf(record.mchId).values()]) this.deleteDevice(device);
    group.bindingsByMerchant.delete(record.mchId);
    group.devicesByMerchant.delete(record.mchId);
    if (record.providerReference) group.merchantIdByProviderReference.delete(record.providerReference);
    group.merchants.delete(record.mchId);
    this.merchantsById.delete(record.mchId);
  }

  // bindings (merchant payment config)

  /** Adds or replaces the binding for (mchId, profileId, currency); a replacement keeps its place. */
  putBinding(record: BindingRecord): void {
    const group = this.requireGroup(record.groupId);
    let bindings = group.bindingsByMerchant.get(record.mchId);
    if (!bindings) {
      bindings = new Map();
      group.bindingsByMerchant.set(record.mchId, bindings);
    }
    const key = bindingKey(record.profileId, record.currency);
    const previous = bindings.get(key);
    if (previous) this.unindexBinding(group, previous);
    bindings.set(key, record);
    this.indexBinding(group, record);
  }

  deleteBinding(record: BindingRecord): void {
    const group = this.requireGroup(record.groupId);
    const bindings = group.bindingsByMerchant.get(record.mchId);
    const key = bindingKey(record.profileId, record.currency);
    const stored = bindings?.get(key);
    if (!bindings || !stored) return;
    this.unindexBinding(group, stored);
    bindings.delete(key);
    if (bindings.size === 0) group.bindingsByMerchant.delete(record.mchId);
  }

  private indexBinding(group: GroupState, record: BindingRecord): void {
    addToSetIndex(group.bindingsByProfile, record.profileId, record);
    for (const method of record.paymentMethods) {
      for (const emvId of method.emvIds) addToSetIndex(group.bindingsByEmv, emvId, record);
    }
  }

  private unindexBinding(group: GroupState, record: BindingRecord): void {
    removeFromSetIndex(group.bindingsByProfile, record.profileId, record);
    for (const method of record.paymentMethods) {
      for (const emvId of method.emvIds) removeFromSetIndex(group.bindingsByEmv, emvId, record);
    }
  }

  // devices and activation codes

  deviceByCode(code: string): DeviceRecord | undefined {
    return this.devicesByCode.get(code);
  }

  deviceByTerminalId(terminalId: string): DeviceRecord | undefined {
    const code = this.codesByTerminalId.get(terminalId);
    return code === undefined ? undefined : this.devicesByCode.get(code);
  }

  /** Adds or replaces the device keyed by its activation code; a replacement keeps its place. */
  putDevice(record: DeviceRecord): void {
    const group = this.requireGroup(record.groupId);
    const previous = this.devicesByCode.get(record.code);
    if (previous?.terminalId !== undefined && previous.terminalId !== record.terminalId) {
      this.codesByTerminalId.delete(previous.terminalId);
    }
    if (record.terminalId !== undefined) this.codesByTerminalId.set(record.terminalId, record.code);
    let devices = group.devicesByMerchant.get(record.mchId);
    if (!devices) {
      devices = new Map();
      group.devicesByMerchant.set(record.mchId, devices);
    }
    devices.set(record.code, record);
    this.devicesByCode.set(record.code, record);
  }

  deleteDevice(record: DeviceRecord): void {
    const stored = this.devicesByCode.get(record.code);
    if (!stored) return;
    const group = this.requireGroup(stored.groupId);
    if (stored.terminalId !== undefined) this.codesByTerminalId.delete(stored.terminalId);
    const devices = group.devicesByMerchant.get(stored.mchId);
    devices?.delete(stored.code);
    if (devices?.size === 0) group.devicesByMerchant.delete(stored.mchId);
    this.devicesByCode.delete(stored.code);
  }

  // transactions and settlement batches

  transaction(tranId: string): TransactionRecord | undefined {
    return this.transactionsById.get(tranId);
  }

  /** Adds or replaces a transaction; a replacement keeps its place and may move to another batch. */
  putTransaction(record: TransactionRecord): void {
    const group = this.requireGroup(record.groupId);
    const previous = this.transactionsById.get(record.tranId);
    if (previous?.batchId !== undefined && previous.batchId !== record.batchId) {
      removeFromSetIndex(this.tranIdsByBatch, previous.batchId, record.tranId);
    }
    if (record.batchId !== undefined) addToSetIndex(this.tranIdsByBatch, record.batchId, record.tranId);
    group.transactions.set(record.tranId, record);
    this.transactionsById.set(record.tranId, record);
  }

  /** A group's transactions in creation order. */
  transactionsOf(groupId: string): IterableIterator<TransactionRecord> {
    return this.requireGroup(groupId).transactions.values();
  }

  /** The transactions that joined a batch, in creation order. */
  transactionsOfBatch(batchId: string): TransactionRecord[] {
    const ids = this.tranIdsByBatch.get(batchId);
    if (!ids) return [];
    const records: TransactionRecord[] = [];
    for (const id of ids) {
      const record = this.transactionsById.get(id);
      if (record) records.push(record);
    }
    return records;
  }

  batch(batchId: string): SettlementBatchRecord | undefined {
    return this.batchesById.get(batchId);
  }

  /** Adds or replaces a batch; only a batch in state 0 is its key's open batch. */
  putBatch(record: SettlementBatchRecord): void {
    const group = this.requireGroup(record.groupId);
    const key = batchKey(record);
    if (record.state === 0) this.openBatchIdByKey.set(key, record.batchId);
    else if (this.openBatchIdByKey.get(key) === record.batchId) this.openBatchIdByKey.delete(key);
    group.settlementBatches.set(record.batchId, record);
    this.batchesById.set(record.batchId, record);
  }

  /** A group's batches in creation order. */
  batchesOf(groupId: string): IterableIterator<SettlementBatchRecord> {
    return this.requireGroup(groupId).settlementBatches.values();
  }

  /** The key's batch in state 0 (open, waiting for settlement), if there is one. */
  openBatch(key: BatchKey): SettlementBatchRecord | undefined {
    const batchId = this.openBatchIdByKey.get(batchKey(key));
    return batchId === undefined ? undefined : this.batchesById.get(batchId);
  }

  // outbox (mails the service would have sent)

  /** A mail without `kind` is an activation-code mail (the one kind there was before the others). */
  addMail(mail: OutboxMailInput): void {
    this.mails.push('kind' in mail ? mail : { kind: 'activation-code', ...mail });
  }

  outbox(): readonly OutboxMail[] {
    return this.mails;
  }

  // whole-store operations

  clear(): void {
    this.groupsById.clear();
    this.merchantsById.clear();
    this.devicesByCode.clear();
    this.codesByTerminalId.clear();
    this.mails.length = 0;
    this.nextNumeric = FIRST_NUMERIC_ID;
    this.lastMerchantSecond = 0;
    this.transactionsById.clear();
    this.batchesById.clear();
    this.tranIdsByBatch.clear();
    this.openBatchIdByKey.clear();
    this.nextTran = FIRST_TRAN_ID;
    this.nextBatch = FIRST_BATCH_ID;
    this.traces.clear();
    this.batchNos.clear();
  }

  snapshot(): StoreSnapshot {
    return {
      format: 'paycfg-sim-state',
      version: STORE_SNAPSHOT_VERSION,
      nextNumericId: this.nextNumeric,
      moneyCounters: {
        nextTranId: this.nextTran,
        nextBatchId: this.nextBatch,
        traces: Object.fromEntries(this.traces),
        batchNos: Object.fromEntries(this.batchNos),
      },
      groups: [...this.groupsById.values()].map((group) => ({
        settings: group.settings,
        emvConfigs: [...group.emvConfigs.values()],
        acquirerProfiles: [...group.acquirerProfiles.values()],
        merchants: [...group.merchants.values()],
        bindings: [...group.bindingsByMerchant.values()].flatMap((bindings) => [...bindings.values()]),
        devices: [...group.devicesByMerchant.values()].flatMap((devices) => [...devices.values()]),
        transactions: [...group.transactions.values()],
        settlementBatches: [...group.settlementBatches.values()],
      })),
      outbox: [...this.mails],
    };
  }

  /**
   * Replaces the whole store with a snapshot, validated first: a SimStateError names the first
   * problem and leaves the store as it was.
   */
  restore(input: unknown): void {
    const parsed = storeSnapshotSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? issue.path.map(String).join('.') : '';
      throw new SimStateError(`not a simulator state snapshot${where ? ` (at ${where})` : ''}: ${issue?.message ?? 'invalid'}`);
    }
    const snapshot = parsed.data;
    checkReferences(snapshot);
    this.clear();
    for (const g of snapshot.groups) {
      this.putGroupSettings(g.settings);
      for (const record of g.emvConfigs) this.putEmvConfig(record);
      for (const record of g.acquirerProfiles) this.putAcquirerProfile(record);
      for (const record of g.merchants) this.putMerchant(record);
      for (const record of g.bindings) this.putBinding(record);
      for (const record of g.devices) this.putDevice(record);
      for (const record of g.settlementBatches) this.putBatch(record);
      for (const record of g.transactions) this.putTransaction(record);
    }
    for (const mail of snapshot.outbox) this.mails.push(mail);
    this.restoreMoneyCounters(snapshot);
    const highest = Math.max(
      FIRST_NUMERIC_ID - 1,
      ...snapshot.groups.flatMap((g) => [
        ...g.emvConfigs.map((r) => r.id),
        ...g.acquirerProfiles.map((r) => r.profileId),
      ]),
    );
    this.nextNumeric = Math.max(snapshot.nextNumericId, highest + 1);
  }

  /**
   * Counters continue from the file's, and never behind a record it holds (a hand-edited file, or
   * a version 1 file, which has none).
   */
  private restoreMoneyCounters(snapshot: StoreSnapshot): void {
    const counters = snapshot.moneyCounters;
    const transactions = snapshot.groups.flatMap((g) => g.transactions);
    const batches = snapshot.groups.flatMap((g) => g.settlementBatches);
    // Loops, not Math.max(...): a large history would overflow the argument list.
    this.nextTran = counters?.nextTranId ?? FIRST_TRAN_ID;
    for (const t of transactions) this.nextTran = Math.max(this.nextTran, Number(t.tranId) + 1);
    this.nextBatch = counters?.nextBatchId ?? FIRST_BATCH_ID;
    for (const b of batches) this.nextBatch = Math.max(this.nextBatch, Number(b.batchId) + 1);
    for (const [terminalId, last] of Object.entries(counters?.traces ?? {})) this.traces.set(terminalId, last);
    for (const [key, last] of Object.entries(counters?.batchNos ?? {})) this.batchNos.set(key, last);
    for (const t of transactions) raise(this.traces, t.terminalId, Number(t.trace));
    for (const b of batches) raise(this.batchNos, `${b.profileId}|${b.terminalId}`, Number(b.batchNo));
  }

  private requireGroup(groupId: string): GroupState {
    const group = this.groupsById.get(groupId);
    // The rules layer always resolves the group first; reaching this is a bug in the simulator.
    if (!group) throw new InternalError(`simulator store: unknown group ${groupId}`);
    return group;
  }
}

/** Every record must sit in the group it names, and bindings and devices under a merchant of it. */
function checkReferences(snapshot: StoreSnapshot): void {
  for (const g of snapshot.groups) {
    const groupId = g.settings.groupId;
    const merchants = new Set(g.merchants.map((m) => m.mchId));
    const records: ReadonlyArray<{ groupId: string; mchId?: string }> = [
      ...g.emvConfigs,
      ...g.acquirerProfiles,
      ...g.merchants,
      ...g.bindings,
      ...g.devices,
      ...g.transactions,
      ...g.settlementBatches,
    ];
    for (const record of records) {
      if (record.groupId !== groupId) {
        throw new SimStateError(`not a simulator state snapshot: a record of group ${groupId} names group ${record.groupId}`);
      }
    }
    for (const record of [...g.bindings, ...g.devices]) {
      if (!merchants.has(record.mchId)) {
        throw new SimStateError(
          `not a simulator state snapshot: a record refers to merchant ${record.mchId}, which group ${groupId} does not have`,
        );
      }
    }
    // Transactions and batches are history: they outlive the merchant and terminal they name, but
    // a transaction's batch and linked sale must be there.
    const batches = new Set(g.settlementBatches.map((b) => b.batchId));
    const transactions = new Set(g.transactions.map((t) => t.tranId));
    for (const record of g.transactions) {
      if (record.batchId !== undefined && !batches.has(record.batchId)) {
        throw new SimStateError(`not a simulator state snapshot: transaction ${record.tranId} names batch ${record.batchId}, which group ${groupId} does not have`);
      }
      if (record.linkedTranId !== undefined && !transactions.has(record.linkedTranId)) {
        throw new SimStateError(
          `not a simulator state snapshot: transaction ${record.tranId} names transaction ${record.linkedTranId}, which group ${groupId} does not have`,
        );
      }
    }
  }
}

function raise(counters: Map<string, number>, key: string, value: number): void {
  if (Number.isInteger(value) && value > (counters.get(key) ?? 0)) counters.set(key, value);
}

function addToSetIndex<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(value);
}

function removeFromSetIndex<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}
