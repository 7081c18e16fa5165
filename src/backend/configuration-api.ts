/**
 * The configuration API a group is served through, as the planner, apply and export use it: the
 * current API's members and record shapes, whichever API the group is on. A group on the current
 * API (`/api/openapi/v1`) is served by the client's own members, request for request; a group
 * still on the legacy API (`/api/v2`) by the legacy adapter, which reads legacy records as current
 * ones and turns current-shape writes into legacy requests (src/kinds/<kind>.legacy.ts).
 */
import type { ApiClient } from '../api/client.js';
import type { OwnerInfo } from '../api/wire-types.js';
import type { ApiName } from '../manifest/api-choice.js';
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
  DeviceQuery,
  DeviceUpdate,
  EmvConfig,
  EmvConfigCreate,
  EmvConfigQuery,
  EmvConfigUpdate,
  IdResult,
  Merchant,
  MerchantCreate,
  MerchantQuery,
} from '../api/wire-types.js';
import { legacyConfigurationApi } from './legacy-configuration-api.js';

/** The same names as a manifest's `api:` (manifest/api-choice.ts). */
export type GroupApi = ApiName;

/** The configuration members paycfg's pipeline uses, in the current API's shapes. */
export interface ConfigurationApi {
  emvConfigs: {
    listAll(q?: EmvConfigQuery): Promise<EmvConfig[]>;
    create(body: EmvConfigCreate): Promise<IdResult>;
    update(emvId: number, body: EmvConfigUpdate): Promise<void>;
    delete(emvId: number): Promise<void>;
  };
  acquirerProfiles: {
    listAll(q?: AcquirerProfileQuery): Promise<AcquirerProfile[]>;
    create(body: AcquirerProfileCreate): Promise<IdResult>;
    update(profileId: number | string, body: AcquirerProfileUpdate): Promise<void>;
    delete(profileId: number | string): Promise<void>;
  };
  merchants: {
    /** The legacy list filters by name and id only. */
    listAll(q?: Pick<MerchantQuery, 'mchName' | 'mchId'>): Promise<Merchant[]>;
    /** Null when no merchant has this id. */
    get(mchId: string): Promise<Merchant | null>;
    create(body: MerchantCreate): Promise<Merchant>;
    /** Full replace of the profile fields (not the payment config). */
    replace(mchId: string, body: MerchantCreate): Promise<Merchant>;
    delete(mchId: string): Promise<void>;
  };
  bindings: {
    listAll(mchId: string): Promise<BindingRecord[]>;
    create(mchId: string, body: BindingWrite): Promise<void>;
    /** Replaces the whole subtree of body.acquirerProfileId + body.currency. */
    replace(mchId: string, body: BindingWrite): Promise<void>;
    delete(mchId: string, key: BindingKey): Promise<void>;
  };
  devices: {
    listAll(mchId: string, q?: DeviceQuery): Promise<Device[]>;
    create(body: DeviceCreate): Promise<DeviceCreated>;
    update(deviceId: string, body: DeviceUpdate): Promise<void>;
    /** deviceStatus 2 logs an activated device out, 3 decommissions it; omit for a pending code. */
    delete(deviceId: string, options?: { deviceStatus?: 2 | 3 }): Promise<void>;
  };
}

/** The configuration members of ApiClient, and its legacy clients: what a GroupClient serves in their place. */
type ConfigurationMembers = keyof ConfigurationApi | 'legacy' | 'legacyBinding';

/**
 * What the live read, apply and export take: the client's other members (owner, transactions,
 * settlements, stats…), the group's configuration API, and which API that is.
 */
export type GroupClient = Omit<ApiClient, ConfigurationMembers> & ConfigurationApi & { readonly api: GroupApi };

/**
 * The parameter type of the pipeline's stages (live read, apply, export, terminal count): a
 * GroupClient, whose `api` they do not need (the configuration members are the API's), or an
 * ApiClient itself, whose configuration members are the current API's (library callers and tests
 * hand one in). One stage looks: the live read, to leave a service record aside on a legacy group,
 * whose acquirers[] summary is the adapter's own, not the service's (live/read-live.ts recordedFor).
 */
export type ConfigurationClient = Omit<GroupClient, 'api'>;

/**
 * The client for a group on `api`. On `current` the configuration members are the client's own;
 * on `legacy` they are the legacy adapter's, which holds what it reads once per run (the profile
 * list): make one GroupClient per run. `known` is the owner the run has read already.
 */
export function groupClient(client: ApiClient, api: GroupApi, known?: Pick<OwnerInfo, 'groupId'>): GroupClient {
  const { baseUrl, transactions, settlements } = client;
  const shared = { baseUrl, transactions, settlements, stats: () => client.stats(), close: () => client.close() };
  if (api === 'current') {
    const { emvConfigs, acquirerProfiles, merchants, bindings, devices } = client;
    return { ...shared, owner: () => client.owner(), emvConfigs, acquirerProfiles, merchants, bindings, devices, api };
  }
  // The legacy writes that name the group send the owner's id: the run's owner read gives it
  // (`known`, or this client's own owner read), so that none costs a request more.
  let groupId: string | undefined = known?.groupId;
  const owner = async () => {
    const info = await client.owner();
    groupId = info.groupId;
    return info;
  };
  const knownGroupId = async (): Promise<string> => groupId ?? (await owner()).groupId;
  return { ...shared, owner, ...legacyConfigurationApi(client, knownGroupId), api };
}
