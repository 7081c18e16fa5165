import type { ApiHandler, ApiRoute } from './api-route.js';
import { notImplemented } from './not-implemented.js';

const notSimulated: ApiHandler = () => {
  throw notImplemented('transactions and settlements are not simulated');
};

export const settlementRoutes: ApiRoute[] = [{ method: '*', pattern: '/api/v2/settlement/**', handler: notSimulated }, { method: '*', pattern: '/api/v2/settle/**', handler: notSimulated }];
