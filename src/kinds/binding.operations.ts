import type { BindingRecord } from '../api/wire-types.js';
import { bindingRecordsOf } from '../apply/automatic-binding.js';
import { createdOrAdopted, deleteTolerant } from '../apply/create-once.js';
import type { ApplyRun, KindOperations } from '../apply/kind-operations.js';
import { didOnly } from '../apply/operation-result.js';
import type { BindingFields } from '../model/state.js';
import type { Change } from '../plan/plan.js';
import { bindingBody } from './binding.js';
import { changeFields } from './of-kind.js';

/** Where a binding change writes: its merchant's id, and its key (profile id, currency). */
function target(change: Change, { ids }: ApplyRun): { mchId: string; profileId: string; fields: BindingFields } {
  const mchId = ids.merchant(change.merchant!);
  const fields = changeFields(change, 'binding');
  return { mchId, profileId: String(ids.profile(fields.acquirer)), fields };
}

/**
 * A binding is addressed by its merchant and keyed by (profile, currency); it has no id of its own.
 * The service makes one by itself with a new merchant (the automatic binding), and a create whose
 * answer was lost, or another run at the same time, may have made it too: a taken key is written
 * over with PUT, which makes it match the manifest.
 */
export const bindingOperations: KindOperations<BindingRecord, true> = {
  taken: 'update',
  async post(change, run) {
    const { mchId, fields } = target(change, run);
    await run.client.bindings.create(mchId, bindingBody(fields, run.ids));
    return true;
  },
  // Found after an unknown outcome: this run's own create, most likely; the next plan shows any difference (no readBack).
  async find(change, run) {
    const { mchId, profileId, fields } = target(change, run);
    const found = (await run.client.bindings.listAll(mchId)).find((r) => String(r.acquirerProfileId) === profileId && r.currency === fields.currency);
    return found === undefined ? undefined : { value: true, id: `${profileId}/${fields.currency}`, record: found };
  },
  created: async ({ adopted }) => didOnly(createdOrAdopted(adopted)),
  // PUT replaces the whole (profile, currency) subtree: a mid the manifest does not manage must be sent back as it is.
  async update(change, run) {
    const { mchId, profileId, fields } = target(change, run);
    // A service that answers unset fields as null means no mid: the body then leaves it out.
    const liveMid =
      fields.mid !== undefined
        ? undefined
        : ((await bindingRecordsOf(run, mchId)).find((r) => String(r.acquirerProfileId) === profileId && r.currency === fields.currency)?.mid ?? undefined);
    await run.client.bindings.replace(mchId, bindingBody(fields, run.ids, liveMid));
    return didOnly('updated');
  },
  async delete(change, { client, ids }) {
    const mchId = ids.merchant(change.merchant!);
    const before = changeFields(change, 'binding', 'before');
    const profileId = ids.hasProfile(before.acquirer) ? String(ids.profile(before.acquirer)) : String(change.liveId);
    return deleteTolerant(() => client.bindings.delete(mchId, { acquirerProfileId: profileId, currency: before.currency }));
  },
};
