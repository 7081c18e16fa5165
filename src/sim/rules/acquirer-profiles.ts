import { canonicalJson, type JsonObject } from '../core/json.js';
import type { AcqType, AcquirerProfileRecord } from '../core/records.js';
import { invalid } from '../errors.js';
import type { ServiceContext } from './context.js';

export interface AcquirerProfileCreateInput {
  profileName: string;
  currency: string;
  acqType?: AcqType | undefined;
  connUrl?: string | undefined;
  notifyUrl?: string | undefined;
  connExtraParams?: JsonObject | undefined;
  connMessageFormat: string;
  enablerMsgFormat?: string | undefined;
  enablerParams?: string | undefined;
  asDefault?: boolean | undefined;
  asSettleBlock?: boolean | undefined;
  methodList: Record<string, string[]>;
  emvList?: Record<string, number[]> | undefined;
  /** Legacy (/api/v2) connection settings: only the legacy schemas produce them. */
  connTimeout?: number | undefined;
  connRequestTimeout?: number | undefined;
  connRetryCount?: number | undefined;
  connSync?: number | undefined;
  connNll?: string | undefined;
  connInitBatchNo?: string | undefined;
}

/** Partial update: an absent field keeps its value; currency and acqType may only be echoed back. */
export type AcquirerProfileUpdateInput = Partial<AcquirerProfileCreateInput>;

/** Shown as `createdBy`: the reference does not say what the service puts there for API calls. */
const CREATED_BY = 'openapi';

export function listAcquirerProfiles(ctx: ServiceContext, filter: { profileName?: string | undefined }): AcquirerProfileRecord[] {
  const needle = filter.profileName?.toLowerCase();
  const all = [...ctx.group.acquirerProfiles.values()];
  return needle === undefined ? all : all.filter((p) => p.profileName.toLowerCase().includes(needle));
}

export function requireAcquirerProfile(ctx: ServiceContext, rawId: string | number): AcquirerProfileRecord {
  const id = typeof rawId === 'number' ? rawId : /^\d{1,15}$/.test(rawId) ? Number(rawId) : Number.NaN;
  const profile = ctx.group.acquirerProfiles.get(id);
  if (!profile) throw invalid(`acquirer profile ${rawId} not found`);
  return profile;
}

export function createAcquirerProfile(ctx: ServiceContext, input: AcquirerProfileCreateInput): AcquirerProfileRecord {
  const record: AcquirerProfileRecord = {
    profileId: 0,
    groupId: ctx.group.groupId,
    profileName: input.profileName,
    currency: input.currency,
    acqType: input.acqType ?? 'card',
    asDefault: input.asDefault ?? false,
    asSettleBlock: input.asSettleBlock ?? false,
    connMessageFormat: input.connMessageFormat,
    methodList: input.methodList,
    createdBy: CREATED_BY,
    createdAt: ctx.timestamp,
    updatedAt: ctx.timestamp,
  };
  copyOptionalFields(record, input);
  checkProfile(ctx, record);
  record.profileId = ctx.store.nextNumericId();
  save(ctx, record);
  return record;
}

export function updateAcquirerProfile(
  ctx: ServiceContext,
  rawId: string,
  input: AcquirerProfileUpdateInput,
): AcquirerProfileRecord {
  const current = requireAcquirerProfile(ctx, rawId);
  if (input.currency !== undefined && input.currency !== current.currency) throw invalid('currency is immutable');
  if (input.acqType !== undefined && input.acqType !== current.acqType) throw invalid('acqType is immutable');
  const next: AcquirerProfileRecord = { ...current, updatedAt: ctx.timestamp };
  if (input.profileName !== undefined) next.profileName = input.profileName;
  if (input.connMessageFormat !== undefined) next.connMessageFormat = input.connMessageFormat;
  if (input.asDefault !== undefined) next.asDefault = input.asDefault;
  if (input.asSettleBlock !== undefined) next.asSettleBlock = input.asSettleBlock;
  if (input.methodList !== undefined) next.methodList = input.methodList;
  copyOptionalFields(next, input);
  // The partial update is checked as a whole: a PUT must not leave a card method without an EMV.
  checkProfile(ctx, next);
  save(ctx, next);
  return next;
}

export function deleteAcquirerProfile(ctx: ServiceContext, rawId: string): void {
  const profile = requireAcquirerProfile(ctx, rawId);
  if ((ctx.group.bindingsByProfile.get(profile.profileId)?.size ?? 0) > 0) {
    throw invalid('Current acquirer used by merchant');
  }
  ctx.store.deleteAcquirerProfile(profile);
}

/** The default card profile of the group, which new merchants are bound to automatically. */
export function defaultCardProfile(ctx: ServiceContext): AcquirerProfileRecord | undefined {
  for (const profile of ctx.group.acquirerProfiles.values()) {
    if (profile.acqType === 'card' && profile.asDefault) return profile;
  }
  return undefined;
}

/** Names of the per-acquirer fields a device must supply; the group's list when the profile's is blank. */
export function enablerFieldNames(ctx: ServiceContext, profile: AcquirerProfileRecord): string[] {
  const own = profile.enablerParams?.trim() ?? '';
  const list = own !== '' ? own : ctx.group.settings.enablerParams;
  return list
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export function acquirerProfileView(record: AcquirerProfileRecord): Record<string, unknown> {
  return {
    profileId: record.profileId,
    groupId: record.groupId,
    profileName: record.profileName,
    currency: record.currency,
    acqType: record.acqType,
    asDefault: record.asDefault,
    asSettleBlock: record.asSettleBlock,
    connUrl: record.connUrl,
    notifyUrl: record.notifyUrl,
    connExtraParams: record.connExtraParams === undefined ? undefined : canonicalJson(record.connExtraParams),
    connMessageFormat: record.connMessageFormat,
    enablerMsgFormat: record.enablerMsgFormat,
    enablerParams: record.enablerParams,
    methodList: canonicalJson(record.methodList),
    emvList: record.emvList === undefined ? undefined : canonicalJson(record.emvList),
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const LEGACY_CONNECTION_FIELDS = [
  'connTimeout',
  'connRequestTimeout',
  'connRetryCount',
  'connSync',
  'connNll',
  'connInitBatchNo',
] as const;

function copyOptionalFields(target: AcquirerProfileRecord, input: AcquirerProfileUpdateInput): void {
  if (input.connUrl !== undefined) target.connUrl = input.connUrl;
  if (input.notifyUrl !== undefined) target.notifyUrl = input.notifyUrl;
  if (input.connExtraParams !== undefined) target.connExtraParams = input.connExtraParams;
  if (input.enablerMsgFormat !== undefined) target.enablerMsgFormat = input.enablerMsgFormat;
  if (input.enablerParams !== undefined) target.enablerParams = input.enablerParams;
  if (input.emvList !== undefined) target.emvList = input.emvList;
  for (const key of LEGACY_CONNECTION_FIELDS) {
    const value = input[key];
    if (value !== undefined) (target as Record<typeof key, unknown>)[key] = value;
  }
}


function save(ctx: ServiceContext, record: AcquirerProfileRecord): void {
  if (record.asDefault) {
    // Reference 3.3: saving a default clears the flag on the group's other profiles of that acqType.
    for (const other of [...ctx.group.acquirerProfiles.values()]) {
      if (other.profileId !== record.profileId && other.acqType === record.acqType && other.asDefault) {
        ctx.store.putAcquirerProfile({ ...other, asDefault: false, updatedAt: ctx.timestamp });
      }
    }
  }
  ctx.store.putAcquirerProfile(record);
}

function checkProfile(ctx: ServiceContext, profile: AcquirerProfileRecord): void {
  for (const other of ctx.group.acquirerProfiles.values()) {
    if (other.profileId !== profile.profileId && other.profileName === profile.profileName) {
      throw invalid(`profile name exist: ${profile.profileName}`);
    }
  }
  if (profile.acqType === 'qr' && !ctx.group.settings.qrEnabled) {
    throw invalid(`QR support is not enabled for group ${ctx.group.groupId}; acqType qr is refused`);
  }
  const methods = Object.keys(profile.methodList);
  if (methods.length === 0) throw invalid('payment method required: methodList has no payment method');
  for (const code of methods) {
    const info = ctx.methods.info(code);
    if (info?.type !== profile.acqType) {
      throw invalid(`methodList: payment method ${code} is not a ${profile.acqType} method; a ${profile.acqType} profile takes ${profile.acqType} methods only`);
    }
  }
  if (profile.acqType === 'card' && profile.emvList === undefined) {
    throw invalid('EMV required for card: emvList is required when acqType is card');
  }
  const emvList = profile.emvList ?? {};
  for (const [code, ids] of Object.entries(emvList)) {
    if (!(code in profile.methodList)) throw invalid(`emvList: payment method ${code} is not in methodList`);
    for (const id of ids) {
      if (id === 0) continue;
      const emv = ctx.group.emvConfigs.get(id);
      if (!emv) throw invalid(`emvList: EMV config ${id} not found (payment method ${code})`);
      if (emv.paymentMethod !== code) {
        throw invalid(`emvList: EMV config ${id} is for payment method ${emv.paymentMethod}, not ${code}`);
      }
    }
  }
  if (profile.acqType === 'card') {
    for (const code of methods) {
      if (!(emvList[code] ?? []).some((id) => id !== 0)) {
        throw invalid(`EMV required for card: payment method ${code} needs at least one non-zero EMV id in emvList`);
      }
    }
  }
}
