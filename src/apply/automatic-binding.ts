import type { BindingRecord } from '../api/wire-types.js';
import { addressOf, bindingKey } from '../model/kinds.js';
import { deleteTolerant } from './create-once.js';
import type { ApplyRun } from './kind-operations.js';

/**
 * A new merchant may come with a binding the service made by itself (01 §4.3). Bindings the plan
 * already handles are left to their changes; one the manifest does not want and the plan did not
 * foresee is removed here, before any binding change of the merchant runs. Returns what the
 * merchant's progress line adds (nothing when none was removed).
 */
export async function reconcileAutomaticBindings(run: ApplyRun, ref: string, mchId: string): Promise<string> {
  if (!run.desired.managedBindings.has(ref)) return '';
  const removed: string[] = [];
  const kept: BindingRecord[] = [];
  for (const record of await run.client.bindings.listAll(mchId)) {
    const profile = run.ids.profileName(record.acquirerProfileId) ?? record.acquirerProfileName ?? `#${record.acquirerProfileId}`;
    const address = addressOf('binding', bindingKey(ref, profile, record.currency));
    if (run.planned.has(address) || run.desired.resources.has(address)) {
      kept.push(record);
      continue;
    }
    await deleteTolerant(() => run.client.bindings.delete(mchId, { acquirerProfileId: String(record.acquirerProfileId), currency: record.currency }));
    removed.push(address);
  }
  // What the merchant's binding changes would read again: they run after this, and nothing else
  // has changed the new merchant's bindings since.
  run.bindingRecords.set(mchId, Promise.resolve(kept));
  return removed.length > 0 ? `; removed unforeseen automatic ${removed.join(', ')}` : '';
}

/** A merchant's binding records, read once per run (or primed by its create's reconciliation). */
export function bindingRecordsOf(run: ApplyRun, mchId: string): Promise<BindingRecord[]> {
  let records = run.bindingRecords.get(mchId);
  if (records === undefined) run.bindingRecords.set(mchId, (records = run.client.bindings.listAll(mchId)));
  return records;
}
