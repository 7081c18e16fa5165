import type { AcquirerProfile } from '../api/wire-types.js';
import { createdOrAdopted, deleteTolerant } from '../apply/create-once.js';
import type { KindOperations } from '../apply/kind-operations.js';
import { createdRecord, didOnly } from '../apply/operation-result.js';
import { profileResource } from '../live/normalise-live.js';
import { acquirerCreateBody, acquirerUpdateBody } from './acquirer.js';
import { changeFields } from './of-kind.js';

export const acquirerOperations: KindOperations<AcquirerProfile, { id: number }> = {
  post: (change, { client, ids }) => client.acquirerProfiles.create(acquirerCreateBody(change.key, changeFields(change, 'acquirer'), ids)),
  async find(change, { client }) {
    const found = (await client.acquirerProfiles.listAll({ profileName: change.key })).find((p) => p.profileName === change.key);
    return found === undefined ? undefined : { value: { id: Number(found.profileId) }, id: found.profileId, record: found };
  },
  // A profile read back names its EMV configs by id: the run's registry names them.
  readBack: (record, _change, { ids }) => profileResource(record, (id) => ids.emvName(Number(id)) ?? `#${String(id)}`).fields as unknown as Record<string, unknown>,
  async created({ value, adopted }, change, { ids }) {
    ids.setProfile(change.key, value.id);
    return createdRecord(adopted, value.id, `${createdOrAdopted(adopted)} id ${value.id}`);
  },
  async update(change, { client, ids }) {
    await client.acquirerProfiles.update(Number(change.liveId), acquirerUpdateBody(changeFields(change, 'acquirer'), ids));
    return didOnly('updated');
  },
  async delete(change, { client, ids }) {
    const result = await deleteTolerant(() => client.acquirerProfiles.delete(Number(change.liveId)));
    ids.forgetProfile(change.key);
    return result;
  },
};
