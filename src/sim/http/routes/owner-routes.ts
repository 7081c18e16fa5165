import { currentOwnerView } from '../../rules/groups.js';
import { success } from '../envelope.js';
import type { ApiRoute } from './api-route.js';

export const ownerRoutes: ApiRoute[] = [
  // Stays on /api/v2 for both API versions; GET only (one example in the reference shows POST).
  { method: 'GET', pattern: '/api/v2/current', handler: (r) => success(currentOwnerView(r.ctx.group, r.ctx.wireStyle)) },
];
