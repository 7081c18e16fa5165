import { formatTimestamp, type Clock } from '../core/clock.js';
import type { ApiVersion, GroupSettings } from '../core/records.js';
import type { GroupState, SimStore } from '../core/store.js';
import type { WireStyle } from '../http/wire-style.js';

export const GROUP_ID_PATTERN = /^G-\d{8}$/;

/** Settings of a group that a valid token names before anyone configured it. */
export function defaultGroupSettings(groupId: string, timestamp: string): GroupSettings {
  return {
    groupId,
    groupName: `PBO ${groupId}`,
    timeZone: 'UTC',
    messageFormat: 'HOSTA_8583',
    qrEnabled: false,
    enablerParams: 'tid,mid',
    apiVersion: 'v1',
    logo: '',
    emailSender: 'noreply@example.com',
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}

/** A valid token for an unknown group creates the group with defaults, as a first portal login would. */
export function ensureGroup(store: SimStore, groupId: string, clock: Clock): GroupState {
  return store.group(groupId) ?? store.putGroupSettings(defaultGroupSettings(groupId, formatTimestamp(clock())));
}

export interface GroupSettingsInput {
  groupId: string;
  groupName?: string | undefined;
  timeZone?: string | undefined;
  messageFormat?: string | undefined;
  qrEnabled?: boolean | undefined;
  enablerParams?: string | undefined;
  apiVersion?: ApiVersion | undefined;
  logo?: string | undefined;
  emailSender?: string | undefined;
}

/** The operator's side (admin surface): creates a group or changes the given settings of one. */
export function upsertGroup(store: SimStore, input: GroupSettingsInput, clock: Clock): GroupSettings {
  const timestamp = formatTimestamp(clock());
  const current = store.group(input.groupId)?.settings ?? defaultGroupSettings(input.groupId, timestamp);
  const next: GroupSettings = { ...current, updatedAt: timestamp };
  for (const key of [
    'groupName',
    'timeZone',
    'messageFormat',
    'qrEnabled',
    'enablerParams',
    'apiVersion',
    'logo',
    'emailSender',
  ] as const) {
    const value = input[key];
    if (value !== undefined) (next as Record<typeof key, unknown>)[key] = value;
  }
  store.putGroupSettings(next);
  return next;
}

/**
 * `GET /api/v2/current`: the owner information of the caller's group. The reference types every
 * field as a string. `real` words them as the live service's capture does: `messageFormat` a
 * JSON-encoded array (`"[\"SVC_ENABLER\"]"`), `emailSender` a JSON-encoded object (`"{}"` unless
 * the setting is one), and `logo` and `timeZone` absent while unset.
 */
export function currentOwnerView(group: GroupState, style: WireStyle): Record<string, string> {
  const s = group.settings;
  if (style === 'reference') {
    return {
      groupName: s.groupName,
      messageFormat: s.messageFormat,
      groupId: s.groupId,
      logo: s.logo,
      timeZone: s.timeZone,
      emailSender: s.emailSender,
      updatedAt: s.updatedAt,
    };
  }
  return {
    groupName: s.groupName,
    messageFormat: encodedList(s.messageFormat),
    groupId: s.groupId,
    ...(s.logo !== '' ? { logo: s.logo } : {}),
    ...(s.timeZone !== '' ? { timeZone: s.timeZone } : {}),
    emailSender: isJsonObjectText(s.emailSender) ? s.emailSender : '{}',
    updatedAt: s.updatedAt,
  };
}

/** A setting already holding a JSON array stays as it is; `A, B` becomes `["A","B"]`. */
function encodedList(setting: string): string {
  if (parsesAs(setting, Array.isArray)) return setting;
  return JSON.stringify(setting.split(',').map((part) => part.trim()).filter((part) => part !== ''));
}

function isJsonObjectText(text: string): boolean {
  return parsesAs(text, (value) => value !== null && typeof value === 'object' && !Array.isArray(value));
}

function parsesAs(text: string, accept: (value: unknown) => boolean): boolean {
  try {
    return accept(JSON.parse(text));
  } catch {
    return false;
  }
}
