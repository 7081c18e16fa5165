import { ServiceCode, SimServiceError } from '../../errors.js';
import { DEFAULT_LEGACY_GROUPS, type LegacyGroupsPolicy } from '../legacy-groups.js';
import { acquirerProfileRoutes } from './acquirer-profile-routes.js';
import type { ApiRoute } from './api-route.js';
import { deviceRoutes } from './device-routes.js';
import { emvConfigRoutes } from './emv-config-routes.js';
import { legacyRoutes } from './legacy-routes.js';
import { merchantBindingRoutes } from './merchant-binding-routes.js';
import { merchantRoutes } from './merchant-routes.js';
import { orderRoutes } from './order-routes.js';
import { ownerPostRoute, ownerRoutes } from './owner-routes.js';
import { settlementRoutes } from './settlement-routes.js';

/** The readings of the service that change which routes exist or whom they serve; fixed when the simulator starts. */
export interface RouteSettings {
  /** whom the current API serves; every group when absent */
  readonly legacyGroups?: LegacyGroupsPolicy | undefined;
  /** also answer `POST /api/v2/current` */
  readonly ownerPost?: boolean | undefined;
}

export const CURRENT_API_DISABLED_MESSAGE = 'This group has not been switched to multiple acquirers; use the legacy API /api/v2';

/**
 * With `current-api=refuse`, a group on the legacy API is refused on every current configuration
 * route before anything else is looked at, as a switched group is on the legacy routes.
 */
function refusingLegacyGroups(route: ApiRoute): ApiRoute {
  return {
    ...route,
    handler: (r) => {
      if (r.ctx.group.settings.apiVersion === 'legacy') throw new SimServiceError(ServiceCode.CurrentApiDisabled, CURRENT_API_DISABLED_MESSAGE);
      return route.handler(r);
    },
  };
}

/** Every `/api` route of one simulator. */
export function apiRoutes(settings: RouteSettings): ApiRoute[] {
  const current = [...acquirerProfileRoutes, ...emvConfigRoutes, ...merchantRoutes, ...merchantBindingRoutes, ...deviceRoutes];
  return [
    ...((settings.legacyGroups ?? DEFAULT_LEGACY_GROUPS).currentApi === 'refuse' ? current.map(refusingLegacyGroups) : current),
    ...ownerRoutes,
    ...(settings.ownerPost === true ? [ownerPostRoute] : []),
    ...legacyRoutes,
    ...orderRoutes,
    ...settlementRoutes,
  ];
}
