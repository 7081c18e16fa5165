import type { ApiHandler, ApiRoute } from './api-route.js';
import { notImplemented } from './not-implemented.js';

const notSimulated: ApiHandler = () => {
  throw notImplemented('transactions and settlements are not simulated');
};

export const orderRoutes: ApiRoute[] = [{ method: '*', pattern: '/api/v2/order/**', handler: notSimulated }];
