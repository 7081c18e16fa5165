/**
 * The benchmark's synthetic PBO group, as plain data: which EMV configs, profiles, merchants,
 * bindings and devices exist and how they refer to each other. The manifest writer, the drift
 * maker and the synthetic wire snapshot all read this one description, so they cannot disagree.
 *
 * Layout: a merchant's binding number s goes through a profile of "slot" s. Slot s routes two card
 * methods in one currency, chosen so that no two slots share a (currency, method) pair (the service
 * refuses one pair on two profiles of a merchant, 01 §4.4). Every profile of a slot carries the
 * slot's methods, each with one EMV config of that method.
 */
import { UsageError } from '../../src/errors.js';
import { networkOfMethod } from '../../src/reference-data/card-networks.js';

export interface GroupSize {
  readonly merchants: number;
  readonly bindingsPerMerchant: number;
  readonly devicesPerMerchant: number;
  readonly profiles: number;
  readonly emvConfigs: number;
  /** Whether every binding sets `mid` (then a plan must read every merchant's binding records). */
  readonly withMid: boolean;
}

export const DEFAULT_GROUP_SIZE: GroupSize = {
  merchants: 2000,
  bindingsPerMerchant: 2,
  devicesPerMerchant: 3,
  profiles: 20,
  emvConfigs: 40,
  withMid: false,
};

const CARD_METHODS = ['01', '02', '03', '04', '05', '06'] as const;
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY'] as const;
/** Methods per slot; CARD_METHODS.length / METHODS_PER_SLOT slots fit in one currency. */
const METHODS_PER_SLOT = 2;
const SLOTS_PER_CURRENCY = CARD_METHODS.length / METHODS_PER_SLOT;
export const MAX_BINDINGS_PER_MERCHANT = SLOTS_PER_CURRENCY * CURRENCIES.length;

/** The variable every device's deviceAdmin comes from, as a real manifest keeps secrets out of git. */
export const TILL_ADMIN_VARIABLE = 'BENCH_TILL_ADMIN';

export interface SlotSpec {
  readonly currency: string;
  readonly methods: readonly string[];
}

export interface EmvSpec {
  readonly emvName: string;
  readonly paymentMethod: string;
  readonly currency: string;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface ProfileSpec {
  readonly profileName: string;
  readonly slot: number;
  readonly currency: string;
  /** method code → EMV config names */
  readonly methods: Readonly<Record<string, readonly string[]>>;
}

export interface BindingSpec {
  readonly acquirer: string;
  readonly currency: string;
  readonly mid?: string;
  readonly methods: Readonly<Record<string, readonly string[]>>;
}

export interface DeviceSpec {
  readonly deviceAlias: string;
  readonly deviceName: string;
  readonly methods: readonly string[];
  /** profile name → enabler fields */
  readonly acquirerFields: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly emvParams: Readonly<Record<string, string>>;
}

export interface MerchantSpec {
  readonly providerReference: string;
  readonly mchName: string;
  readonly currency: string;
  readonly contactName: string;
  readonly contactEmail: string;
  readonly mcc: string;
  readonly country: string;
  readonly state: number;
  readonly bindings: readonly BindingSpec[];
  readonly devices: readonly DeviceSpec[];
}

export interface GroupSpec {
  readonly size: GroupSize;
  readonly emvConfigs: readonly EmvSpec[];
  readonly profiles: readonly ProfileSpec[];
  readonly merchants: readonly MerchantSpec[];
}

export function slotOf(slot: number): SlotSpec {
  const currency = CURRENCIES[Math.floor(slot / SLOTS_PER_CURRENCY)]!;
  const first = (slot % SLOTS_PER_CURRENCY) * METHODS_PER_SLOT;
  return { currency, methods: CARD_METHODS.slice(first, first + METHODS_PER_SLOT) };
}

export function checkGroupSize(size: GroupSize): void {
  const b = size.bindingsPerMerchant;
  if (size.merchants < 1) throw new UsageError('a group needs at least one merchant');
  if (b < 0 || b > MAX_BINDINGS_PER_MERCHANT) throw new UsageError(`bindings per merchant must be 0..${MAX_BINDINGS_PER_MERCHANT}`);
  const slots = Math.max(1, b);
  if (size.profiles < slots) throw new UsageError(`${b} bindings per merchant need at least ${slots} profiles (one per slot)`);
  if (size.emvConfigs < slots * METHODS_PER_SLOT) {
    throw new UsageError(`${slots} profile slots need at least ${slots * METHODS_PER_SLOT} EMV configs (one per slot and method)`);
  }
  if (size.devicesPerMerchant < 0) throw new UsageError('devices per merchant cannot be negative');
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Builds the whole group description; deterministic for a given size. */
export function buildGroupSpec(size: GroupSize): GroupSpec {
  checkGroupSize(size);
  const slots = Math.max(1, size.bindingsPerMerchant);

  // EMV config i serves slot i % slots and that slot's method number floor(i / slots) % 2.
  const emvConfigs: EmvSpec[] = [];
  const emvsBySlotMethod = new Map<string, string[]>();
  for (let i = 0; i < size.emvConfigs; i += 1) {
    const slot = slotOf(i % slots);
    const method = slot.methods[Math.floor(i / slots) % METHODS_PER_SLOT]!;
    const emvName = `emv-${pad(i, 3)}`;
    emvConfigs.push({
      emvName,
      paymentMethod: method,
      currency: slot.currency,
      // The AID of the method's network (its RID, 1010 and the config's number): the payment rules check that it is the method's.
      params: { aid: `${networkOfMethod(method)!.rids[0]}1010${pad(i, 2)}`, appVersion: '0002', clFloorLimit: 0, clTransLimit: 99999999, clCVMLimit: 100000 },
    });
    const key = `${i % slots}/${method}`;
    emvsBySlotMethod.set(key, [...(emvsBySlotMethod.get(key) ?? []), emvName]);
  }

  const profiles: ProfileSpec[] = [];
  const profilesBySlot: ProfileSpec[][] = Array.from({ length: slots }, () => []);
  for (let p = 0; p < size.profiles; p += 1) {
    const slotIndex = p % slots;
    const slot = slotOf(slotIndex);
    const rank = Math.floor(p / slots);
    const methods: Record<string, string[]> = {};
    for (const method of slot.methods) {
      const candidates = emvsBySlotMethod.get(`${slotIndex}/${method}`)!;
      methods[method] = [candidates[rank % candidates.length]!];
    }
    const profile: ProfileSpec = { profileName: `host-${pad(p, 3)}`, slot: slotIndex, currency: slot.currency, methods };
    profiles.push(profile);
    profilesBySlot[slotIndex]!.push(profile);
  }

  const merchants: MerchantSpec[] = [];
  for (let j = 0; j < size.merchants; j += 1) {
    const ref = `m-${pad(j, 6)}`;
    const bound: ProfileSpec[] = [];
    for (let s = 0; s < size.bindingsPerMerchant; s += 1) {
      const candidates = profilesBySlot[s]!;
      bound.push(candidates[j % candidates.length]!);
    }
    const bindings: BindingSpec[] = bound.map((profile, s) => ({
      acquirer: profile.profileName,
      currency: profile.currency,
      ...(size.withMid ? { mid: `${pad(j, 9)}${pad(s, 3)}` } : {}),
      methods: profile.methods,
    }));
    const methods = [...new Set(bound.flatMap((p) => Object.keys(p.methods)))].sort();
    const devices: DeviceSpec[] = [];
    for (let d = 1; d <= size.devicesPerMerchant; d += 1) {
      const acquirerFields: Record<string, Record<string, string>> = {};
      bound.forEach((profile, s) => {
        acquirerFields[profile.profileName] = { tid: `${pad(j % 100_000, 5)}${pad(d, 3)}`, mid: `${pad(j, 9)}${pad(s, 3)}` };
      });
      devices.push({
        deviceAlias: `till-${d}`,
        deviceName: `Till ${d} of ${ref}`,
        methods,
        acquirerFields,
        emvParams: { terminalCountryCode: '0840', txnCurrencyCode: '0840' },
      });
    }
    merchants.push({
      providerReference: ref,
      mchName: `Merchant ${pad(j, 6)}`,
      currency: 'USD',
      contactName: `Contact ${pad(j, 6)}`,
      contactEmail: `owner-${pad(j, 6)}@shop.example`,
      mcc: '5814',
      country: 'US',
      state: 1,
      bindings,
      devices,
    });
  }
  return { size, emvConfigs, profiles, merchants };
}

/** The merchants the drift touches: about 1 in 100, spread over the group, at least one. */
export function driftedMerchantIndexes(merchants: number, percent = 1): number[] {
  const count = Math.max(1, Math.round((merchants * percent) / 100));
  const step = merchants / count;
  return Array.from({ length: count }, (_, i) => Math.floor(i * step + step / 2));
}
