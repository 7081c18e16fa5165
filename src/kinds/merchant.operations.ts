import type { Merchant } from '../api/wire-types.js';
import { reconcileAutomaticBindings } from '../apply/automatic-binding.js';
import { createdOrAdopted, deleteTolerant } from '../apply/create-once.js';
import type { KindOperations } from '../apply/kind-operations.js';
import { createdRecord, didOnly } from '../apply/operation-result.js';
import { LiveStateError } from '../live/errors.js';
import { merchantFields } from '../live/normalise-live.js';
import { merchantBody } from './merchant.js';
import { changeFields } from './of-kind.js';

export const merchantOperations: KindOperations<Merchant, Merchant> = {
  post: (change, { client }) => client.merchants.create(merchantBody(change.key, changeFields(change, 'merchant'))),
  // Live merchants with the change's providerReference, found through the name filter (the narrowest the list offers).
  async find(change, { client }) {
    const fields = changeFields(change, 'merchant');
    const listed = await client.merchants.listAll(fields.mchName !== undefined ? { mchName: fields.mchName } : undefined);
    const found = listed.filter((m) => m.providerReference === change.key)[0];
    return found === undefined ? undefined : { value: found, id: found.mchId, record: found };
  },
  readBack: (record) => merchantFields(record) as unknown as Record<string, unknown>,
  async created({ value, adopted }, change, run) {
    run.ids.setMerchant(change.key, value.mchId);
    const reconciled = await reconcileAutomaticBindings(run, change.key, value.mchId);
    return createdRecord(adopted, value.mchId, `${createdOrAdopted(adopted)} ${value.mchId}${reconciled}`);
  },
  async update(change, { client }) {
    const mchId = String(change.liveId);
    // Re-read right before the full replace, so a field changed since the plan is not overwritten with a stale value.
    const current = await client.merchants.get(mchId);
    if (current === null) {
      throw new LiveStateError(`merchant "${change.key}" (${mchId}) is no longer in the service, so it was not updated; make a new plan`, { mchId });
    }
    await client.merchants.replace(mchId, merchantBody(change.key, changeFields(change, 'merchant'), current));
    return didOnly('updated');
  },
  // The id is not forgotten, unlike an EMV config's or a profile's: a replacement's create registers the new one over it.
  delete: (change, { client }) => deleteTolerant(() => client.merchants.delete(String(change.liveId))),
};
