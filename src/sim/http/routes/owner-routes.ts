import { ServiceCode, SimServiceError } from '../../errors.js';
import { currentOwnerView } from '../../rules/groups.js';
import { success } from '../envelope.js';
import type { ApiHandler, ApiRoute } from './api-route.js';

/**
 * What the simulator does not implement answers HTTP 501 with code 10000, not 10001: `System Error`
 * is a fault that may go away (clients retry it), and a missing route never does.
 */
function notImplemented(what: string): SimServiceError {
  return new SimServiceError(ServiceCode.Invalid, `Not Implemented: ${what}`, 501);
}

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

const notSimulated: ApiHandler = () => {
  throw notImplemented('transactions and settlements are not simulated');
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
