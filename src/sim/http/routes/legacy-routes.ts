import { ServiceCode, SimServiceError } from '../../errors.js';
import type { ApiHandler, ApiRoute } from './api-route.js';
import { notImplemented } from './not-implemented.js';

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
  throw notImplemented('legacy API is not simulated yet');
};

export const legacyRoutes: ApiRoute[] = ['acquirer', 'mchInfo', 'emv', 'device'].map(
  (resource): ApiRoute => ({ method: '*', pattern: `/api/v2/${resource}/**`, handler: legacyConfiguration }),
);
