import type { ApiRoute } from './api-route.js';
import { legacyAcquirerRoutes } from './legacy-acquirer-routes.js';
import { legacyDeviceRoutes } from './legacy-device-routes.js';
import { legacyEmvRoutes } from './legacy-emv-routes.js';
import { legacyMerchantRoutes } from './legacy-merchant-routes.js';

/**
 * The legacy configuration API (`/api/v2`: mchInfo, device, acquirer, emv; document 2, 4.4 to 4.6)
 * over the same records as the current API. Only groups on `legacy` are served; the others get
 * 13310 on every one of these routes (legacy-api-route.ts). A method or path these routes do not
 * have is 404/405, whatever the group, as on the current API.
 */
export const legacyRoutes: ApiRoute[] = [...legacyMerchantRoutes, ...legacyDeviceRoutes, ...legacyAcquirerRoutes, ...legacyEmvRoutes];
