import { InternalError } from '../../errors.js';
import { CARD_NETWORKS } from '../../reference-data/card-networks.js';
import type { Clock } from '../core/clock.js';
import type { PaymentMethodInfo } from '../core/payment-methods.js';
import {
  DeviceStatus,
  TranState,
  type AcquirerProfileRecord,
  type BindingRecord,
  type DeviceRecord,
  type MerchantRecord,
  type TransactionRecord,
} from '../core/records.js';
import type { SimStore } from '../core/store.js';
import { invalid, parameterError } from '../errors.js';
import { enablerFieldNames } from './acquirer-profiles.js';
import { serviceContext, type ServiceContext, type ServiceSettings } from './context.js';
import { deviceMethodCodes } from './device-provisioning.js';
import { deviceId } from './devices.js';
import { isoSeconds, parseIsoDateTime, positiveMinor } from './money.js';
import { lookupDevice } from './owner.js';
import { joinOpenBatch, requestIso } from './settlements.js';

/**
 * `POST /_sim/payments`: what a terminal's payment does. The service has no API that makes one;
 * a terminal does, and the service routes it through the merchant's binding for the (currency,
 * method) and that binding's acquirer profile. Every generated value (approval code, RRN, EMV
 * data) comes from the simulator's seeded generator, so `--seed` reproduces a run.
 */
export interface PaymentInput {
  deviceId: string;
  /** major units */
  amount: number;
  currency?: string | undefined;
  /** a code (`01`) or a network name (`NETWORK_A`) */
  paymentMethod?: string | undefined;
  tranType?: 'SALE' | 'PRE_AUTH' | undefined;
  decline?: boolean | undefined;
  /** any ISO 8601 date-time; default now */
  createdAt?: string | undefined;
}

/** Transaction types as a profile's methodList names them (the legacy API's words). */
export type ProfileTransactionType = 'Sale' | 'Pre-Auth' | 'Void' | 'Refund' | 'Capture';

/**
 * Whether the profile lets `method` do `type`. An empty (or missing) list allows everything, as
 * the current API reserves the lists; a non-empty one allows only what it names, compared without
 * case and punctuation (`Pre-Auth`, `PRE_AUTH` and `preauth` are one name).
 */
export function profileAllows(profile: AcquirerProfileRecord, method: string, type: ProfileTransactionType): boolean {
  const names = profile.methodList[method] ?? [];
  if (names.length === 0) return true;
  const wanted = normalizeTypeName(type);
  return names.some((name) => normalizeTypeName(name) === wanted);
}

function normalizeTypeName(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

/**
 * A network's account prefix for masked numbers (`476173******0119`), an IIN of the network of the
 * method (01 Visa, 02 Mastercard, 03 UnionPay, 04 American Express, 05 Discover, 06 JCB: see
 * reference-data/card-networks.ts); QR wallets get a neutral one.
 */
const ACCOUNT_PREFIXES: Readonly<Record<string, string>> = Object.fromEntries(CARD_NETWORKS.map((network) => [network.method, network.sampleIin]));
const QR_ACCOUNT_PREFIX = '880000';
/** An approval code's characters, for payments and the refunds the acquirer approves alike. */
export const APPROVAL_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HEX = '0123456789ABCDEF';

export function makePayment(
  store: SimStore,
  clock: Clock,
  settings: ServiceSettings,
  input: PaymentInput,
): { ctx: ServiceContext; transaction: TransactionRecord } {
  const device = requireActiveTerminal(store, input.deviceId);
  const group = store.group(device.groupId);
  // A device always sits in a group of the store; a missing one is a simulator bug, not a refusal.
  if (!group) throw new InternalError(`simulator store: device ${input.deviceId} names unknown group ${device.groupId}`);
  const ctx = serviceContext(store, group, clock, settings);
  const terminalId = deviceId(device);
  const merchant = ctx.store.merchant(device.mchId);
  if (!merchant) throw invalid(`merchant ${device.mchId} of terminal ${terminalId} not found`);
  if (merchant.state !== 1) throw invalid(`merchant ${merchant.mchId} is inactive (state ${merchant.state}); it cannot take payments`);

  const currency = input.currency ?? defaultCurrency(ctx, merchant);
  const bindings = [...ctx.group.bindingsOf(merchant.mchId).values()].filter((b) => b.currency === currency);
  const method = input.paymentMethod === undefined ? defaultMethod(ctx, device, merchant.mchId, currency, bindings) : requireMethod(ctx, input.paymentMethod);
  const terminalMethods = deviceMethodCodes(device.methodList);
  if (terminalMethods.length > 0 && !terminalMethods.includes(method.code)) {
    throw invalid(`payment method ${method.code} (${method.name}) is not in the methodList of terminal ${terminalId} (${terminalMethods.join(', ')})`);
  }
  const binding = bindings.find((b) => b.paymentMethods.some((m) => m.code === method.code));
  if (!binding) {
    throw invalid(`no binding of merchant ${merchant.mchId} for payment method ${method.code} (${method.name}) in currency ${currency}`);
  }
  const profile = ctx.group.acquirerProfiles.get(binding.profileId);
  if (!profile) throw invalid(`acquirer profile ${binding.profileId} of merchant ${merchant.mchId}'s binding not found`);
  const tranType = input.tranType ?? 'SALE';
  const typeName: ProfileTransactionType = tranType === 'SALE' ? 'Sale' : 'Pre-Auth';
  if (!profileAllows(profile, method.code, typeName)) {
    throw invalid(
      `acquirer profile ${profile.profileName} (${profile.profileId}) does not allow ${typeName} for payment method ${method.code}: its methodList allows ${(profile.methodList[method.code] ?? []).join(', ')}`,
    );
  }
  const acqTid = terminalTid(ctx, device, profile);
  const acqMid = acquirerMid(binding, device, profile, merchant);
  const amountMinor = positiveMinor('amount', input.amount, currency);
  const createdAt = paymentTime(ctx, input.createdAt);

  const emv = firstEmvConfig(ctx, binding, method.code);
  const aid = typeof emv?.params['aid'] === 'string' ? emv.params['aid'] : '';
  const isCard = method.type === 'card';
  const declined = input.decline === true;
  // Counters and random draws come after every check: a refused payment uses up nothing.
  const transaction: TransactionRecord = {
    tranId: ctx.store.nextTranId(),
    groupId: ctx.group.groupId,
    mchId: merchant.mchId,
    mchName: merchant.mchName,
    terminalId,
    deviceCode: device.code,
    profileId: profile.profileId,
    currency,
    paymentMethod: method.code,
    tranType,
    state: declined ? TranState.DECLINED : TranState.APPROVED,
    amountMinor,
    approvalCode: declined ? '' : ctx.store.randomChars(6, APPROVAL_ALPHABET),
    rrn: ctx.store.randomDigits(12),
    trace: ctx.store.nextTrace(terminalId),
    accountMasked: `${ACCOUNT_PREFIXES[method.code] ?? QR_ACCOUNT_PREFIX}******${ctx.store.randomDigits(4)}`,
    acqMid,
    acqTid,
    aid,
    appName: method.name,
    entryMode: isCard ? 'CONTACTLESS' : 'QR',
    cvmPerformed: isCard ? cardholderVerification(amountMinor, emv?.params['clCVMLimit']) : 'NO_CVM',
    tsi: isCard ? 'E800' : '',
    tvr: isCard ? (declined ? '0000048000' : '0000000000') : '',
    tc: isCard ? ctx.store.randomChars(16, HEX) : '',
    atc: isCard ? ctx.store.randomChars(4, HEX) : '',
    hostMessageFormat: profile.connMessageFormat,
    callbackUrl: profile.notifyUrl ?? '',
    actions: [],
    createdAt,
    updatedAt: createdAt,
  };
  // A pre-authorisation joins a batch when it is captured; a declined payment never does.
  if (!declined && tranType === 'SALE') {
    const batch = joinOpenBatch(ctx, transaction, createdAt);
    if (batch) transaction.batchId = batch.batchId;
  }
  ctx.store.putTransaction(transaction);
  return { ctx, transaction };
}

function requireActiveTerminal(store: SimStore, id: string): DeviceRecord {
  const device = lookupDevice(store, id);
  if (!device) throw invalid(`terminal ${id} not found`);
  const why: Record<number, string> = {
    [DeviceStatus.Inactive]: 'it is a pending activation code',
    [DeviceStatus.Logout]: 'it is logged out',
    [DeviceStatus.Decommission]: 'it is decommissioned',
  };
  // A device that logged in once and is inactive again was suspended (legacy DELETE ?deviceStatus=0).
  const suspended = 'it is suspended (it logs in again with its activation code)';
  const reason =
    device.terminalId === undefined
      ? why[DeviceStatus.Inactive]
      : device.deviceStatus === DeviceStatus.Inactive
        ? suspended
        : why[device.deviceStatus];
  if (reason !== undefined) throw invalid(`terminal ${deviceId(device)} is not activated: ${reason}`);
  return device;
}

function requireMethod(ctx: ServiceContext, text: string): PaymentMethodInfo {
  const code = ctx.methods.codeOf(text);
  const info = code === undefined ? undefined : ctx.methods.info(code);
  if (info) return info;
  throw parameterError('paymentMethod', `has unknown payment method "${text}" (a code such as 01 or a name such as NETWORK_A)`);
}

/** The terminal's first method, else the first method (in code order) the merchant has bound in the currency. */
function defaultMethod(ctx: ServiceContext, device: DeviceRecord, mchId: string, currency: string, bindings: readonly BindingRecord[]): PaymentMethodInfo {
  const first = deviceMethodCodes(device.methodList)[0];
  if (first !== undefined) return requireMethod(ctx, first);
  const codes = bindings.flatMap((b) => b.paymentMethods.map((m) => m.code)).sort();
  const code = codes[0];
  if (code === undefined) throw invalid(`no binding of merchant ${mchId} with a payment method in currency ${currency}`);
  return requireMethod(ctx, code);
}

/**
 * The merchant's currency, unless it has no binding in it and its bindings are all in one other
 * currency (a merchant created through the legacy API gets USD, whatever its profiles' currency):
 * then that one.
 */
function defaultCurrency(ctx: ServiceContext, merchant: MerchantRecord): string {
  const bound = new Set([...ctx.group.bindingsOf(merchant.mchId).values()].map((b) => b.currency));
  const [only] = bound;
  return !bound.has(merchant.currency) && bound.size === 1 && only !== undefined ? only : merchant.currency;
}

/** A field of the terminal's acquirer fields for the profile (`extParams.acquirers.<profileId>.<name>`), when set. */
function terminalAcquirerField(device: DeviceRecord, profile: AcquirerProfileRecord, name: 'tid' | 'mid'): string | undefined {
  const acquirers = device.extParams?.['acquirers'];
  const entry = acquirers !== null && typeof acquirers === 'object' && !Array.isArray(acquirers) ? acquirers[String(profile.profileId)] : undefined;
  const value = entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? entry[name] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The MID the acquirer knows the merchant by: the binding's `mid`; a binding made through the
 * legacy API has none, so then the terminal's `mid` for the profile, then the merchant's legacy
 * `extParams.acqMid`; `""` when none is set.
 */
function acquirerMid(binding: BindingRecord, device: DeviceRecord, profile: AcquirerProfileRecord, merchant: MerchantRecord): string {
  const candidates = [binding.mid, terminalAcquirerField(device, profile, 'mid'), merchant.legacyExtParams?.['acqMid']];
  return candidates.find((mid): mid is string => mid !== undefined && mid !== '') ?? '';
}

/**
 * The terminal's `tid` for the profile (`extParams.acquirers.<profileId>.tid`); required when the
 * profile's (or the group's) enablerParams names `tid`, `""` when it is not required and not set.
 */
function terminalTid(ctx: ServiceContext, device: DeviceRecord, profile: AcquirerProfileRecord): string {
  const tid = terminalAcquirerField(device, profile, 'tid');
  if (tid !== undefined) return tid;
  if (enablerFieldNames(ctx, profile).includes('tid')) {
    throw invalid(
      `terminal ${deviceId(device)} has no tid for acquirer profile ${profile.profileName} (${profile.profileId}): extParams.acquirers.${profile.profileId}.tid is required by its enablerParams`,
    );
  }
  return '';
}

function firstEmvConfig(ctx: ServiceContext, binding: BindingRecord, code: string) {
  const emvId = binding.paymentMethods.find((m) => m.code === code)?.emvIds[0];
  return emvId === undefined ? undefined : ctx.group.emvConfigs.get(emvId);
}

/**
 * `NO_CVM` up to the EMV config's contactless CVM limit (`clCVMLimit`, minor units, a number or a
 * digit string), `ONLINE_PIN` above it or when the config sets none.
 */
function cardholderVerification(amountMinor: number, limit: unknown): string {
  const value = typeof limit === 'number' ? limit : typeof limit === 'string' && /^\d{1,15}$/.test(limit.trim()) ? Number(limit) : undefined;
  return value !== undefined && amountMinor <= value ? 'NO_CVM' : 'ONLINE_PIN';
}

/** `createdAt` as the records write it: the given date-time (not in the future), or the request time. */
function paymentTime(ctx: ServiceContext, text: string | undefined): string {
  const now = requestIso(ctx);
  if (text === undefined) return now;
  const ms = parseIsoDateTime(text);
  if (ms === undefined) throw parameterError('createdAt', `must be an ISO 8601 date-time such as 2026-11-25T10:15:00Z, got "${text}"`);
  const at = isoSeconds(ms);
  if (at > now) throw parameterError('createdAt', `must not be in the future (${at} is after ${now})`);
  return at;
}
