import { ServiceCode, SimServiceError } from '../../errors.js';
import { currentOwnerView } from '../../rules/groups.js';
import { success } from '../envelope.js';
import type { ApiHandler, ApiRoute } from './api-route.js';

/**
 * Legacy configuration endpoints: a group switched to the current API is refused with 13310
 * (reference 9.3), reads included. The legacy behaviour itself is not simulated yet, and says so.
 */
const legacyConfiguration: ApiHandler = (r) => {
  if (r.ctx.group.settings.apiVersion === 'v1') {
    throw new SimServiceError(
      ServiceCode.LegacyApiDisabled,
      'This group uses multiple acquirers; use the new API /api/openapi/v1',
    );
  }
  throw new SimServiceError(ServiceCode.System, 'legacy API is not simulated yet', 501);
};

const notSimulated: ApiHandler = () => {
  throw new SimServiceError(ServiceCode.System, 'transactions and settlements are not simulated', 501);
};

export const ownerRoutes: ApiRoute[] = [
  // Stays on /api/v2 for both API versions; GET only (one example in the reference shows POST).
  { method: 'GET', pattern: '/api/v2/current', handler: (r) => success(currentOwnerView(r.ctx.group, r.ctx.wireStyle)) },
  ...['acquirer', 'mchInfo', 'emv', 'device'].map(
    (resource): ApiRoute => ({ method: '*', pattern: `/api/v2/${resource}/**`, handler: legacyConfiguration }),
  ),
  ...['order', 'settlement', 'settle'].map(
    (resource): ApiRoute => ({ method: '*', pattern: `/api/v2/${resource}/**`, handler: notSimulated }),
  ),
];
