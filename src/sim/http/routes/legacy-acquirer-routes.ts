import { deleteAcquirerProfile, listAcquirerProfiles, requireAcquirerProfile } from '../../rules/acquirer-profiles.js';
import { createLegacyProfile, legacyProfileView, updateLegacyProfile } from '../../rules/legacy/acquirer-profiles.js';
import { success } from '../envelope.js';
import { legacyProfileCreateSchema, legacyProfileUpdateSchema } from '../schemas/legacy-acquirer-profile.js';
import { parseInput } from '../validation.js';
import { param, queryText, type ApiRoute } from './api-route.js';
import { legacyPageOf, legacyRoute } from './legacy-api-route.js';

/** `/api/v2/acquirer` (document 2, 4.6): create, update and delete answer `{id}`. */
export const legacyAcquirerRoutes: ApiRoute[] = [
  legacyRoute('GET', '/acquirer', (r) =>
    legacyPageOf(r, listAcquirerProfiles(r.ctx, { profileName: queryText(r, 'profileName') }), (p) => legacyProfileView(r.ctx, p)),
  ),
  legacyRoute('POST', '/acquirer', (r) => {
    const profile = createLegacyProfile(r.ctx, parseInput(legacyProfileCreateSchema(r.ctx.methods), r.body()));
    return success({ id: profile.profileId });
  }),
  legacyRoute('PUT', '/acquirer/{profileId}', (r) => {
    const profile = updateLegacyProfile(r.ctx, param(r, 'profileId'), parseInput(legacyProfileUpdateSchema(r.ctx.methods), r.body()));
    return success({ id: profile.profileId });
  }),
  legacyRoute('DELETE', '/acquirer/{profileId}', (r) => {
    const { profileId } = requireAcquirerProfile(r.ctx, param(r, 'profileId'));
    deleteAcquirerProfile(r.ctx, String(profileId));
    return success({ id: profileId });
  }),
];
