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
  LegacyEmvConfig,
  LegacyEmvConfigCreate,
  LegacyEmvConfigUpdate,
  LegacyMerchant,
  LegacyMerchantCreate,
  LegacyMerchantQuery,
  LegacyMerchantUpdate,
  LegacyPaymentBinding,
} from './wire-types-legacy.js';

/**
 * The legacy configuration API (`/api/v2`: document 2, 4.4 to 4.6, `/api/v2/emv`, and what the
 * public onboarding client sends) for groups still on it. A group switched to the current API is
 * refused on every endpoint with code 13310, raised as LegacyApiRejectedError. Legacy lists default
 * to 10 records a page, so the size is always sent (-1 for every record, walked page by page where
 * the service caps it).
 *
 * Where the reference names a field two ways, the client sends one: `mchId` and
 * `activateCodeAlias` on a device create (the reference table's names), `merchantId` on the device
 * list (the machine description's), and reads the create answer's `activationCode` or `activeCode`.
 * A device's `methodList` and `extParams` (and `emvParams` on update) are objects to the public
 * client and JSON-encoded strings to the reference: given as objects, they are sent JSON-encoded
 * unless the call asks for objects (LegacyObjects); a string is sent as it is. An EMV config's
 * `params` is sent as given.
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
    create(body: LegacyDeviceCreate, options?: LegacyObjects): Promise<LegacyDeviceCreated>;
    update(deviceId: string, body: LegacyDeviceUpdate, options?: LegacyObjects): Promise<LegacyDeviceIdResult>;
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
  /** `/api/v2/emv`: `params` an object, no currency; records carry `aid` and `emvVersion`. */
  emvConfigs: {
    list(q?: LegacyEmvConfigQuery & PageQuery): Promise<Page<LegacyEmvConfig>>;
    listAll(q?: LegacyEmvConfigQuery): Promise<LegacyEmvConfig[]>;
    create(body: LegacyEmvConfigCreate): Promise<IdResult>;
    update(emvId: number, body: LegacyEmvConfigUpdate): Promise<void>;
    delete(emvId: number): Promise<void>;
  };
}

/** How a call sends the objects of its body. */
export interface LegacyObjects {
  /** As objects, as the public client sends them; otherwise JSON-encoded, as the reference types them. */
  readonly asObjects?: boolean;
}

/**
 * POST /api/v2/mchInfo/payment/{mchId}, which binds one payment method of a merchant through a
 * profile (the public client's call; document 2 lists only the DELETE of that path,
 * `legacy.merchants.unbindMethod`).
 */
export interface LegacyBindingClient {
  bindMethod(mchId: string, body: LegacyPaymentBinding): Promise<void>;
}

export interface LegacyEmvConfigQuery {
  paymentMethod?: string;
  emvName?: string;
}

const V2 = '/api/v2';

/** A field the reference types as a JSON-encoded string: an object is encoded unless sent as objects, a string is sent as it is. */
function withObjects<T extends object>(body: T, keys: ReadonlyArray<keyof T>, options: LegacyObjects | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (options?.asObjects === true) return out;
  for (const key of keys) {
    const value = body[key];
    if (value !== undefined && value !== null && typeof value !== 'string') out[key as string] = JSON.stringify(value);
  }
  return out;
}

export function legacyBindingClient({ callVoid }: EndpointCalls): LegacyBindingClient {
  return {
    bindMethod: (mchId, body) => callVoid('POST', `${V2}/mchInfo/payment/{mchId}`, `${V2}/mchInfo/payment/${seg(mchId)}`, { body }),
  };
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
  const emvList = calls.list<LegacyEmvConfig, LegacyEmvConfigQuery>({
    endpoint: `${V2}/emv`,
    path: () => `${V2}/emv`,
    schema: 'legacy-emv-config',
    keyOf: (e) => String(e.id),
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
      create: async (body, options) => {
        const created = await call<{ id: string; activationCode?: string; activeCode?: string; profileId?: string | number | null }>(
          'POST',
          `${V2}/device`,
          `${V2}/device`,
          { kind: 'record', schema: 'legacy-device-created' },
          { body: withObjects(body, ['methodList', 'extParams'], options) },
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
        const profileId = created.profileId === undefined ? {} : { profileId: created.profileId === null ? null : String(created.profileId) };
        return { id: created.id, activationCode, ...profileId };
      },
      update: (deviceId, body, options) =>
        call<LegacyDeviceIdResult>('PUT', `${V2}/device/{deviceId}`, `${V2}/device/${seg(deviceId)}`, record('id-result'), {
          body: withObjects(body, ['emvParams', 'methodList', 'extParams'], options),
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

    emvConfigs: {
      list: (q) => emvList.page('', q),
      listAll: (q) => emvList.all('', q),
      create: (body) => call<IdResult>('POST', `${V2}/emv`, `${V2}/emv`, record('id-result'), { body }),
      update: (emvId, body) => callVoid('PUT', `${V2}/emv/{emvId}`, `${V2}/emv/${seg(emvId)}`, { body }),
      delete: (emvId) => callVoid('DELETE', `${V2}/emv/{emvId}`, `${V2}/emv/${seg(emvId)}`),
    },
  };
}
