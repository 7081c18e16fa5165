import type { JsonObject } from '../../core/json.js';
import { canonicalJson } from '../../core/json.js';
import type { AcquirerProfileRecord } from '../../core/records.js';
import {
  createAcquirerProfile,
  updateAcquirerProfile,
  type AcquirerProfileCreateInput,
  type AcquirerProfileUpdateInput,
} from '../acquirer-profiles.js';
import type { ServiceContext } from '../context.js';
import { checkCallerGroup } from './common.js';

/**
 * The legacy acquirer profile (document 2, 2.5) over the current API's profile record: created and
 * updated by the current API's rules (unique name, methods and EMV ids checked, currency immutable),
 * plus the legacy connection settings the record keeps for this view. The legacy API knows card
 * profiles only: one created here is `card`, and the view has no `acqType`.
 */

export type LegacyProfileCreateInput = Omit<AcquirerProfileCreateInput, 'acqType' | 'asDefault' | 'asSettleBlock' | 'enablerMsgFormat' | 'enablerParams'> & {
  groupId: string;
  connUrl: string;
  notifyUrl: string;
  emvList: Record<string, number[]>;
};

export type LegacyProfileUpdateInput = Omit<AcquirerProfileUpdateInput, 'acqType' | 'asDefault' | 'asSettleBlock' | 'enablerMsgFormat' | 'enablerParams'> & {
  groupId?: string | undefined;
  currency: string;
  connMessageFormat: string;
};

/** The batch number a profile's first settlement batch takes when it sets none. */
export const FIRST_BATCH_NO = '000001';

export function createLegacyProfile(ctx: ServiceContext, input: LegacyProfileCreateInput): AcquirerProfileRecord {
  const { groupId, ...profile } = input;
  checkCallerGroup(ctx, groupId);
  return createAcquirerProfile(ctx, { ...profile, acqType: 'card' });
}

export function updateLegacyProfile(ctx: ServiceContext, rawId: string, input: LegacyProfileUpdateInput): AcquirerProfileRecord {
  const { groupId, ...changes } = input;
  checkCallerGroup(ctx, groupId);
  return updateAcquirerProfile(ctx, rawId, changes);
}

export function legacyProfileView(ctx: ServiceContext, record: AcquirerProfileRecord): Record<string, unknown> {
  return {
    profileId: record.profileId,
    groupId: record.groupId,
    profileName: record.profileName,
    currency: record.currency,
    connMessageFormat: record.connMessageFormat,
    connUrl: record.connUrl,
    notifyUrl: record.notifyUrl,
    connTimeout: record.connTimeout,
    connRequestTimeout: record.connRequestTimeout,
    connRetryCount: record.connRetryCount,
    connSync: record.connSync,
    connNll: record.connNll,
    connInitBatchNo: record.connInitBatchNo,
    connExtraParams: record.connExtraParams === undefined ? undefined : canonicalJson(record.connExtraParams),
    batchNo: latestBatchNo(ctx, record),
    emvList: sortedObject(record.emvList ?? {}),
    methodList: sortedObject(record.methodList),
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * `batchNo`: the profile's latest batch number, that of the batch it opened last (any terminal);
 * before its first batch, the number a first batch would start from: connInitBatchNo, else 000001.
 */
function latestBatchNo(ctx: ServiceContext, record: AcquirerProfileRecord): string {
  let latest: string | undefined;
  for (const batch of ctx.group.settlementBatches.values()) {
    if (batch.profileId === record.profileId) latest = batch.batchNo;
  }
  return latest ?? record.connInitBatchNo ?? FIRST_BATCH_NO;
}

/** The lists as objects, method codes in order (the current API's JSON strings are sorted too). */
function sortedObject(value: Record<string, unknown>): JsonObject {
  return JSON.parse(canonicalJson(value as JsonObject)) as JsonObject;
}
