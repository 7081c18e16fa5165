import type { EmvConfig } from '../api/wire-types.js';
import { createdOrAdopted, deleteTolerant } from '../apply/create-once.js';
import type { KindOperations } from '../apply/kind-operations.js';
import { createdRecord, didOnly } from '../apply/operation-result.js';
import { emvFields } from '../live/normalise-live.js';
import { emvCreateBody } from './emv.js';
import { changeFields } from './of-kind.js';

/** The live EMV configs by name, indexed once per read. */
const recordsByName = new WeakMap<readonly EmvConfig[], ReadonlyMap<string, EmvConfig>>();

function liveRecord(configs: readonly EmvConfig[], name: string): EmvConfig | undefined {
  let byName = recordsByName.get(configs);
  if (byName === undefined) recordsByName.set(configs, (byName = new Map(configs.map((e) => [e.emvName, e]))));
  return byName.get(name);
}

export const emvOperations: KindOperations<EmvConfig, { id: number }> = {
  post: (change, { client }) => client.emvConfigs.create(emvCreateBody(change.key, changeFields(change, 'emv'))),
  async find(change, { client }) {
    const found = (await client.emvConfigs.listAll({ emvName: change.key })).find((e) => e.emvName === change.key);
    return found === undefined ? undefined : { value: { id: Number(found.id) }, id: found.id, record: found };
  },
  readBack: (record) => emvFields(record) as unknown as Record<string, unknown>,
  async created({ value, adopted }, change, { ids }) {
    ids.setEmv(change.key, value.id);
    return createdRecord(adopted, value.id, `${createdOrAdopted(adopted)} id ${value.id}`);
  },
  // The PUT takes only the currency and the params: what the change leaves out is sent as it is live.
  async update(change, { client, live }) {
    const fields = changeFields(change, 'emv');
    const record = liveRecord(live.snapshot.emvConfigs, change.key);
    await client.emvConfigs.update(Number(change.liveId), {
      currency: fields.currency ?? record?.currency,
      params: fields.params !== undefined ? JSON.stringify(fields.params) : (record?.params ?? '{}'),
    });
    return didOnly('updated');
  },
  async delete(change, { client, ids }) {
    const result = await deleteTolerant(() => client.emvConfigs.delete(Number(change.liveId)));
    ids.forgetEmv(change.key);
    return result;
  },
};
