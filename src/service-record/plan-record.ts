import { SavedPlanError } from '../plan/saved-plan.js';
import type { PlanServiceRecord } from '../plan/plan.js';
import { loadRunRecord, type ServiceRecordSource } from './resolve.js';
import type { LoadedServiceRecord, RecordedReading } from './types.js';

/** The record as a plan names it (Plan.serviceRecord): its file, its bytes' hash, its reading. */
export function planRecordOf(loaded: LoadedServiceRecord): PlanServiceRecord {
  return { file: loaded.file, sha256: loaded.sha256, summaryLists: loaded.record.summaryLists };
}

/**
 * The reading `apply PLANFILE` reads the live group with: the saved plan's, so that the plan is
 * checked against the group as it was read when it was made. A record the apply is given as well
 * (--service-record, $PAYCFG_SERVICE_RECORD, the environment's) is loaded, offline, and must record
 * the same reading: one that says otherwise refuses the apply before any request, naming both.
 * A plan made without a record is applied as it was read: without one, whatever the run is given.
 *
 * @throws SavedPlanError when the given record says otherwise; ServiceRecordError when it cannot be loaded, or two sources name two files.
 */
export async function savedPlanReading(saved: PlanServiceRecord | undefined, given: readonly (ServiceRecordSource | undefined)[], cwd: string): Promise<RecordedReading | undefined> {
  const loaded = await loadRunRecord(given, cwd);
  if (saved === undefined) return undefined;
  if (loaded !== undefined && loaded.record.summaryLists !== saved.summaryLists) {
    throw new SavedPlanError(
      `the plan was made with the service record ${saved.file} (summary lists: ${saved.summaryLists}), but this run is given ${loaded.file}, which records ` +
        `summary lists: ${loaded.record.summaryLists}; nothing was read or changed. The two records describe the service differently: establish the reading again ` +
        '(`paycfg probe`), then make a new plan with the record this run is given.',
      { saved: saved, given: { file: loaded.file, sha256: loaded.sha256, summaryLists: loaded.record.summaryLists } },
    );
  }
  return { summaryLists: saved.summaryLists, source: saved.file };
}
