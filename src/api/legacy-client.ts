import { emvConfigsClient, type EmvConfigsClient } from './emv-configs-client.js';
import { seg, type EndpointCalls } from './endpoint-calls.js';
import { WireFormatError } from './errors.js';
import type { IdResult, Page, PageQuery } from './wire-types.js';
import type {
  LegacyAcquirerProfile,
  LegacyAcquirerProfileCreate,
  LegacyAcquirerProfileQuery,
  LegacyAcquirerProfileUpdate,
  LegacyDevice,
  LegacyDeviceCreate,
  LegacyDeviceCreated,
  LegacyDeviceIdResult,
  LegacyDeviceUpdate,
  LegacyMerchant,
  LegacyMerchantCreate,
  LegacyMerchantQuery,
  LegacyMerchantUpdate,
} from './wire-types-legacy.js';

/**
 * The legacy configuration API (`/api/v2`: document 2, 4.4 to 4.6, and `/api/v2/emv`) for groups
 * still on it. A group switched to the current API is refused on every endpoint with code 13310,
 * raised as LegacyApiRejectedError. Legacy lists default to 10 records a page, so the size is
 * always sent (-1 for every record, walked page by page where the service caps it).
 *
 * Where the reference names a field two ways, the client sends one: `mchId` and
 * `activateCodeAlias` on a device create (the reference table's names), `merchantId` on the device
 * list (the machine description's), and reads the create answer's `activationCode` or `activeCode`.
 */

export interface LegacyClient {
  merchants: {
    list(q?: LegacyMerchantQuery & PageQuery): Promise<Page<LegacyMerchant>>;
    listAll(q?: LegacyMerchantQuery): Promise<LegacyMerchant[]>;
    /** Null when no merchant has this id. */
    get(mchId: string): Promise<LegacyMerchant | null>;
    create(body: LegacyMerchantCreate): Promise<LegacyMerchant>;
    /** A partial update: the fields sent change. */
    update(mchId: string, body: LegacyMerchantUpdate): Promise<LegacyMerchant>;
    delete(mchId: string): Promise<void>;
    /** Drops one payment method (a code or a name) from the merchant's binding. */
    unbindMethod(mchId: string, paymentMethod: string): Promise<void>;
  };
  devices: {
    list(merchantId: string, q?: PageQuery): Promise<Page<LegacyDevice>>;
    listAll(merchantId: string): Promise<LegacyDevice[]>;
    create(body: LegacyDeviceCreate): Promise<LegacyDeviceCreated>;
    update(deviceId: string, body: LegacyDeviceUpdate): Promise<LegacyDeviceIdResult>;
    /**
     * 2 logs an activated device out, 3 decommissions it, 0 suspends it; on a `CD-` code, 0 or
     * none deletes the code.
     */
    delete(deviceId: string, deviceStatus?: 0 | 2 | 3): Promise<LegacyDeviceIdResult>;
  };
  acquirerProfiles: {
    list(q?: LegacyAcquirerProfileQuery & PageQuery): Promise<Page<LegacyAcquirerProfile>>;
    listAll(q?: LegacyAcquirerProfileQuery): Promise<LegacyAcquirerProfile[]>;
    create(body: LegacyAcquirerProfileCreate): Promise<IdResult>;
    update(profileId: number | string, body: LegacyAcquirerProfileUpdate): Promise<IdResult>;
    delete(profileId: number | string): Promise<IdResult>;
  };
  /** The current API's shapes and rules, under /api/v2. */
  emvConfigs: EmvConfigsClient;
}

const V2 = '/api/v2';

/** A field the legacy API takes JSON-encoded: an object is encoded, a string sent as it is. */
const encoded = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

function withEncoded<T extends object>(body: T, keys: ReadonlyArray<keyof T>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of keys) {
    if (body[key] !== undefined) out[key as string] = encoded(body[key]);
  }
  return out;
}

export function legacyClient(calls: EndpointCalls): LegacyClient {
  const { call, callVoid, getOrNull } = calls;
  const record = (schema: 'legacy-merchant' | 'id-result') => ({ kind: 'record', schema }) as const;

  const merchantList = calls.list<LegacyMerchant, LegacyMerchantQuery>({
    endpoint: `${V2}/mchInfo`,
    path: () => `${V2}/mchInfo`,
    schema: 'legacy-merchant',
    keyOf: (m) => m.mchId,
    firstPageSize: -1,
  });
  const deviceList = calls.list<LegacyDevice, object>({
    endpoint: `${V2}/device`,
    path: () => `${V2}/device`,
    schema: 'legacy-device',
    keyOf: (d) => d.deviceId,
    firstPageSize: -1,
    scoped: (merchantId) => ({ merchantId }),
  });
  const profileList = calls.list<LegacyAcquirerProfile, LegacyAcquirerProfileQuery>({
    endpoint: `${V2}/acquirer`,
    path: () => `${V2}/acquirer`,
    schema: 'legacy-acquirer-profile',
    keyOf: (p) => String(p.profileId),
    firstPageSize: -1,
  });

  return {
    merchants: {
      list: (q) => merchantList.page('', q),
      listAll: (q) => merchantList.all('', q),
      get: (mchId) => getOrNull<LegacyMerchant>(`${V2}/mchInfo/{mchId}`, `${V2}/mchInfo/${seg(mchId)}`, 'legacy-merchant'),
      create: (body) => call<LegacyMerchant>('POST', `${V2}/mchInfo`, `${V2}/mchInfo`, record('legacy-merchant'), { body }),
      update: (mchId, body) =>
        call<LegacyMerchant>('PUT', `${V2}/mchInfo/{mchId}`, `${V2}/mchInfo/${seg(mchId)}`, record('legacy-merchant'), { body }),
      delete: (mchId) => callVoid('DELETE', `${V2}/mchInfo/{mchId}`, `${V2}/mchInfo/${seg(mchId)}`),
      unbindMethod: (mchId, paymentMethod) =>
        callVoid('DELETE', `${V2}/mchInfo/payment/{mchId}/{paymentMethod}`, `${V2}/mchInfo/payment/${seg(mchId)}/${seg(paymentMethod)}`),
    },

    devices: {
      list: (merchantId, q) => deviceList.page(merchantId, q),
      listAll: (merchantId) => deviceList.all(merchantId, undefined),
      create: async (body) => {
        const created = await call<{ id: string; activationCode?: string; activeCode?: string }>(
          'POST',
          `${V2}/device`,
          `${V2}/device`,
          { kind: 'record', schema: 'legacy-device-created' },
          { body: withEncoded(body, ['methodList', 'extParams']) },
        );
        const activationCode = [created.activationCode, created.activeCode].find((code) => typeof code === 'string' && code !== '');
        if (activationCode === undefined) {
          // Without the code the terminal cannot be activated: a create answer the client cannot use.
          throw new WireFormatError({
            method: 'POST',
            path: `${V2}/device`,
            endpoint: `POST ${V2}/device`,
            pointer: '/data/activationCode',
            problem: 'the created code is missing (neither activationCode nor activeCode)',
          });
        }
        return { id: created.id, activationCode };
      },
      update: (deviceId, body) =>
        call<LegacyDeviceIdResult>('PUT', `${V2}/device/{deviceId}`, `${V2}/device/${seg(deviceId)}`, record('id-result'), {
          body: withEncoded(body, ['emvParams', 'methodList', 'extParams']),
        }),
      delete: (deviceId, deviceStatus) =>
        call<LegacyDeviceIdResult>('DELETE', `${V2}/device/{deviceId}`, `${V2}/device/${seg(deviceId)}`, record('id-result'), {
          query: { deviceStatus },
        }),
    },

    acquirerProfiles: {
      list: (q) => profileList.page('', q),
      listAll: (q) => profileList.all('', q),
      create: (body) => call<IdResult>('POST', `${V2}/acquirer`, `${V2}/acquirer`, record('id-result'), { body }),
      update: (profileId, body) =>
        call<IdResult>('PUT', `${V2}/acquirer/{profileId}`, `${V2}/acquirer/${seg(profileId)}`, record('id-result'), { body }),
      delete: (profileId) => call<IdResult>('DELETE', `${V2}/acquirer/{profileId}`, `${V2}/acquirer/${seg(profileId)}`, record('id-result')),
    },

    emvConfigs: emvConfigsClient(calls, V2),
  };
}
