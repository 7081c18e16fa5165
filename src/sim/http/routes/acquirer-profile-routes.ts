import {
  acquirerProfileView,
  createAcquirerProfile,
  deleteAcquirerProfile,
  listAcquirerProfiles,
  updateAcquirerProfile,
} from '../../rules/acquirer-profiles.js';
import { success } from '../envelope.js';
import { acquirerProfileCreateSchema, acquirerProfileUpdateSchema } from '../schemas/acquirer-profile.js';
import { parseInput } from '../validation.js';
import { API_V1, pageOf, param, queryText, type ApiRoute } from './api-route.js';

export const acquirerProfileRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: `${API_V1}/acquirer`,
    handler: (r) => pageOf(r, listAcquirerProfiles(r.ctx, { profileName: queryText(r, 'profileName') }), acquirerProfileView),
  },
  {
    method: 'POST',
    pattern: `${API_V1}/acquirer`,
    handler: (r) => {
      const profile = createAcquirerProfile(r.ctx, parseInput(acquirerProfileCreateSchema(r.ctx.methods), r.body()));
      return success({ id: profile.profileId });
    },
  },
  {
    method: 'PUT',
    pattern: `${API_V1}/acquirer/{profileId}`,
    handler: (r) => {
      updateAcquirerProfile(r.ctx, param(r, 'profileId'), parseInput(acquirerProfileUpdateSchema(r.ctx.methods), r.body()));
      return success();
    },
  },
  {
    method: 'DELETE',
    pattern: `${API_V1}/acquirer/{profileId}`,
    handler: (r) => {
      deleteAcquirerProfile(r.ctx, param(r, 'profileId'));
      return success();
    },
  },
];
