import { currentOwnerView } from '../../rules/groups.js';
import { success } from '../envelope.js';
import type { ApiHandler, ApiRoute } from './api-route.js';

const ownerView: ApiHandler = (r) => success(currentOwnerView(r.ctx.group, r.ctx.wireStyle));

export const ownerRoutes: ApiRoute[] = [
  // Stays on /api/v2 for both API versions; GET (the reference's endpoint table) unless ownerPostRoute is added.
  { method: 'GET', pattern: '/api/v2/current', handler: ownerView },
];

/** The same read as POST, as one example in the reference sends it (`--owner-post`). */
export const ownerPostRoute: ApiRoute = { method: 'POST', pattern: '/api/v2/current', handler: ownerView };
