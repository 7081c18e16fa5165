import type { ApiClient } from '../api/client.js';
import { legacyAcquirerProfiles, legacyProfiles } from '../kinds/acquirer.legacy.js';
import { legacyBindings } from '../kinds/binding.legacy.js';
import { legacyDevices } from '../kinds/device.legacy.js';
import { legacyEmvConfigs } from '../kinds/emv.legacy.js';
import type { LegacyContext } from '../kinds/legacy-context.js';
import { legacyMerchants } from '../kinds/merchant.legacy.js';
import type { ConfigurationApi } from './configuration-api.js';

/**
 * The configuration API of a group on the legacy API: each kind's legacy adapter, over one shared
 * context (the profile list is read once for all of them).
 */
export function legacyConfigurationApi(client: Pick<ApiClient, 'legacy' | 'legacyBinding'>, groupId: () => Promise<string>): ConfigurationApi {
  const { legacy, legacyBinding } = client;
  const context: LegacyContext = { legacy, methodBinding: legacyBinding, groupId, profiles: legacyProfiles(legacy) };
  return {
    emvConfigs: legacyEmvConfigs(context),
    acquirerProfiles: legacyAcquirerProfiles(context),
    merchants: legacyMerchants(context),
    bindings: legacyBindings(context),
    devices: legacyDevices(context),
  };
}
