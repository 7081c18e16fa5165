import { ConfigError } from '../errors.js';
import { checkBaseUrl, checkToken } from './config.js';
import { emvConfigsClient, type EmvConfigsClient } from './emv-configs-client.js';
import { endpointCalls, seg } from './endpoint-calls.js';
import { legacyBindingClient, legacyClient, type LegacyBindingClient, type LegacyClient } from './legacy-client.js';
import { settlementsClient, type SettlementsClient } from './settlements-client.js';
import { EMAIL_OUTCOME_CHECK, transactionsClient, type TransactionsClient } from './transactions-client.js';
import { defaultRetrySettings, type RetrySettings } from './retry-policy.js';
import { createTransport, type RequestLogEvent, type TransportStats } from './transport.js';
import type { ConnectionPools } from './connection-pools.js';
import type { RequestSlots } from './request-slots.js';
import type {
  AcquirerProfile,
  AcquirerProfileCreate,
  AcquirerProfileQuery,
  AcquirerProfileUpdate,
  BindingKey,
  BindingRecord,
  BindingWrite,
  Device,
  DeviceCreate,
  DeviceCreated,
  DeviceEmv,
  DeviceQuery,
  DeviceUpdate,
  IdResult,
  Merchant,
  MerchantCreate,
  MerchantQuery,
  OwnerInfo,
  Page,
  PageQuery,
} from './wire-types.js';

/**
 * A typed client for the configuration API (01-configuration-api.md), GET /api/v2/current, and
 * document 2: transactions, settlements (transactions-client.ts, settlements-client.ts) and the
 * legacy /api/v2 configuration endpoints (legacy-client.ts). One method per endpoint, no knowledge
 * of manifests or plans.
 */

export interface ApiClientOptions {
  baseUrl: string;
  token: string;
  /** Requests on the wire at once (undici pool connections). Default 8. */
  maxInFlight?: number;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  retry?: { maxAttempts?: number; maxElapsedMs?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** Check every response against schemas/api and raise WireFormatError on a mismatch. */
  strictApi?: boolean;
  /** Where the token came from, as the advice of a refused token names it (default: PAYCFG_TOKEN or the file given with --token-file). */
  tokenPlace?: string;
  /** Allow plain http:// to a host other than loopback (the token travels unencrypted). */
  allowInsecureHttp?: boolean;
  /** Called once per attempt; the event holds no secret. */
  onRequest?: (event: RequestLogEvent) => void;
  /** Uniform in [0, 1), for retry jitter; injectable in tests. */
  random?: () => number;
  /** A bound on requests in flight shared with other clients (a fleet run's global bound). */
  sharedSlots?: RequestSlots;
  /** Connection pools shared with other clients (a fleet run's): borrowed, not closed by close(). */
  sharedPools?: ConnectionPools;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** GET /api/v2/current: the PBO group the token belongs to. */
  owner(): Promise<OwnerInfo>;
  acquirerProfiles: {
    list(q?: AcquirerProfileQuery & PageQuery): Promise<Page<AcquirerProfile>>;
    listAll(q?: AcquirerProfileQuery): Promise<AcquirerProfile[]>;
    create(body: AcquirerProfileCreate): Promise<IdResult>;
    update(profileId: number | string, body: AcquirerProfileUpdate): Promise<void>;
    delete(profileId: number | string): Promise<void>;
  };
  emvConfigs: EmvConfigsClient;
  merchants: {
    list(q?: MerchantQuery & PageQuery): Promise<Page<Merchant>>;
    listAll(q?: MerchantQuery): Promise<Merchant[]>;
    /** Null when no merchant has this id. */
    get(mchId: string): Promise<Merchant | null>;
    create(body: MerchantCreate): Promise<Merchant>;
    /** Full replace of the profile fields (not the payment config). */
    replace(mchId: string, body: MerchantCreate): Promise<Merchant>;
    delete(mchId: string): Promise<void>;
  };
  bindings: {
    list(mchId: string, q?: PageQuery): Promise<Page<BindingRecord>>;
    listAll(mchId: string): Promise<BindingRecord[]>;
    create(mchId: string, body: BindingWrite): Promise<void>;
    /** Replaces the whole subtree of body.acquirerProfileId + body.currency. */
    replace(mchId: string, body: BindingWrite): Promise<void>;
    delete(mchId: string, key: BindingKey): Promise<void>;
  };
  devices: {
    list(mchId: string, q?: DeviceQuery & PageQuery): Promise<Page<Device>>;
    listAll(mchId: string, q?: DeviceQuery): Promise<Device[]>;
    /** Accepts a `CD-` id or a bare activation code; null when unknown. */
    get(deviceId: string): Promise<Device | null>;
    create(body: DeviceCreate): Promise<DeviceCreated>;
    update(deviceId: string, body: DeviceUpdate): Promise<void>;
    /** deviceStatus 2 logs an activated device out, 3 decommissions it; omit for a pending code. */
    delete(deviceId: string, options?: { deviceStatus?: 2 | 3 }): Promise<void>;
    /** Marks an activation code idle, freeing it for re-activation. */
    idle(code: string): Promise<void>;
    sendActivationCode(body: { deviceId: string; email: string }): Promise<void>;
    /** The resolved EMV values currently pushed to the device; null when unknown. */
    emv(deviceId: string): Promise<DeviceEmv | null>;
  };
  /** Transactions (/api/v2/order), for every group. */
  transactions: TransactionsClient;
  /** Settlement batches (/api/v2/settlement), for every group. */
  settlements: SettlementsClient;
  /** The legacy configuration API (/api/v2), for groups still on it; others get LegacyApiRejectedError. */
  legacy: LegacyClient;
  /** The legacy API's binding of one method to a merchant (POST /api/v2/mchInfo/payment/{mchId}), for groups still on it. */
  legacyBinding: LegacyBindingClient;
  /** Requests sent so far (every attempt counts), by method, and how many were retries. */
  stats(): TransportStats;
  close(): Promise<void>;
}

const V1 = '/api/openapi/v1';

/**
 * The reference documents `pageSize=-1` for every list except merchant payment config; that one
 * is walked from page 1 with this size (the walker still follows a smaller server cap).
 */
const BINDING_PAGE_SIZE = 100;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = checkBaseUrl(options.baseUrl, options.allowInsecureHttp === true);
  const token = checkToken(options.token, 'the client options');
  const maxInFlight = options.maxInFlight ?? 8;
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1) {
    throw new ConfigError(`maxInFlight must be a whole number of at least 1, got ${maxInFlight}`);
  }
  const retry: RetrySettings = { ...defaultRetrySettings, ...definedOnly(options.retry ?? {}) };
  const transport = createTransport({
    baseUrl,
    token,
    maxInFlight,
    timeouts: {
      connectMs: options.timeouts?.connectMs ?? 10_000,
      headersMs: options.timeouts?.headersMs ?? 30_000,
      bodyMs: options.timeouts?.bodyMs ?? 30_000,
    },
    retry,
    strictApi: options.strictApi === true,
    allowInsecureHttp: options.allowInsecureHttp === true,
    onRequest: options.onRequest,
    random: options.random ?? Math.random,
    tokenPlace: options.tokenPlace,
    sharedSlots: options.sharedSlots,
    sharedPools: options.sharedPools,
  });

  const calls = endpointCalls(transport);
  const { call, callVoid, getOrNull, list } = calls;

  const profilesList = list<AcquirerProfile, AcquirerProfileQuery>({
    endpoint: `${V1}/acquirer`,
    path: () => `${V1}/acquirer`,
    schema: 'acquirer-profile',
    keyOf: (p) => String(p.profileId),
    firstPageSize: -1,
  });
  const merchantList = list<Merchant, MerchantQuery>({
    endpoint: `${V1}/mchInfo`,
    path: () => `${V1}/mchInfo`,
    schema: 'merchant',
    keyOf: (m) => m.mchId,
    firstPageSize: -1,
  });
  const bindingList = list<BindingRecord, object>({
    endpoint: `${V1}/mchInfo/payment/{mchId}`,
    path: (mchId) => `${V1}/mchInfo/payment/${seg(mchId)}`,
    schema: 'binding-record',
    keyOf: (b) => `${b.acquirerProfileId}\u0000${b.currency}`,
    firstPageSize: BINDING_PAGE_SIZE,
  });
  const deviceList = list<Device, DeviceQuery>({
    endpoint: `${V1}/device`,
    path: () => `${V1}/device`,
    schema: 'device',
    keyOf: (d) => d.deviceId,
    firstPageSize: -1,
    scoped: (mchId) => ({ mchId }),
  });

  return {
    baseUrl,
    owner: () => call<OwnerInfo>('GET', '/api/v2/current', '/api/v2/current', { kind: 'record', schema: 'owner-info' }),

    acquirerProfiles: {
      list: (q) => profilesList.page('', q),
      listAll: (q) => profilesList.all('', q),
      create: (body) => call<IdResult>('POST', `${V1}/acquirer`, `${V1}/acquirer`, { kind: 'record', schema: 'id-result' }, { body }),
      update: (profileId, body) => callVoid('PUT', `${V1}/acquirer/{profileId}`, `${V1}/acquirer/${seg(profileId)}`, { body }),
      delete: (profileId) => callVoid('DELETE', `${V1}/acquirer/{profileId}`, `${V1}/acquirer/${seg(profileId)}`),
    },

    emvConfigs: emvConfigsClient(calls, V1),

    merchants: {
      list: (q) => merchantList.page('', q),
      listAll: (q) => merchantList.all('', q),
      get: (mchId) => getOrNull<Merchant>(`${V1}/mchInfo/{mchId}`, `${V1}/mchInfo/${seg(mchId)}`, 'merchant'),
      create: (body) => call<Merchant>('POST', `${V1}/mchInfo`, `${V1}/mchInfo`, { kind: 'record', schema: 'merchant' }, { body }),
      replace: (mchId, body) =>
        call<Merchant>('PUT', `${V1}/mchInfo/{mchId}`, `${V1}/mchInfo/${seg(mchId)}`, { kind: 'record', schema: 'merchant' }, { body }),
      delete: (mchId) => callVoid('DELETE', `${V1}/mchInfo/{mchId}`, `${V1}/mchInfo/${seg(mchId)}`),
    },

    bindings: {
      list: (mchId, q) => bindingList.page(mchId, q),
      listAll: (mchId) => bindingList.all(mchId, undefined),
      create: (mchId, body) => callVoid('POST', `${V1}/mchInfo/payment/{mchId}`, `${V1}/mchInfo/payment/${seg(mchId)}`, { body }),
      replace: (mchId, body) => callVoid('PUT', `${V1}/mchInfo/payment/{mchId}`, `${V1}/mchInfo/payment/${seg(mchId)}`, { body }),
      delete: (mchId, key) =>
        callVoid('DELETE', `${V1}/mchInfo/payment/{mchId}`, `${V1}/mchInfo/payment/${seg(mchId)}`, {
          query: { acquirerProfileId: key.acquirerProfileId, currency: key.currency },
        }),
    },

    devices: {
      list: (mchId, q) => deviceList.page(mchId, q),
      listAll: (mchId, q) => deviceList.all(mchId, q),
      get: (deviceId) => getOrNull<Device>(`${V1}/device/{deviceId}`, `${V1}/device/${seg(deviceId)}`, 'device'),
      create: (body) =>
        call<DeviceCreated>('POST', `${V1}/device`, `${V1}/device`, { kind: 'record', schema: 'device-created' }, { body }),
      update: (deviceId, body) => callVoid('PUT', `${V1}/device/{deviceId}`, `${V1}/device/${seg(deviceId)}`, { body }),
      delete: (deviceId, opts) =>
        callVoid('DELETE', `${V1}/device/{deviceId}`, `${V1}/device/${seg(deviceId)}`, {
          query: { deviceStatus: opts?.deviceStatus },
        }),
      idle: (code) => callVoid('DELETE', `${V1}/device/{code}/idle`, `${V1}/device/${seg(code)}/idle`),
      sendActivationCode: (body) =>
        callVoid('POST', `${V1}/device/code`, `${V1}/device/code`, { body, outcomeCheck: EMAIL_OUTCOME_CHECK }),
      emv: (deviceId) => getOrNull<DeviceEmv>(`${V1}/device/emv/{deviceId}`, `${V1}/device/emv/${seg(deviceId)}`, 'device-emv'),
    },

    transactions: transactionsClient(calls),
    settlements: settlementsClient(calls),
    legacy: legacyClient(calls),
    legacyBinding: legacyBindingClient(calls),

    stats: () => transport.stats(),
    close: () => transport.close(),
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
