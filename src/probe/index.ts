/**
 * `paycfg probe`: establishes whose lists a merchant's acquirers[] summary carries (the service
 * record's reading) against a group where writes are acceptable. Prepared in two stages, as an
 * apply is: prepare reads the group and decides (the group's own proof, or the writes a scratch
 * merchant needs), so that the caller can show those writes and ask before any is sent; run then
 * sends them. The record is the caller's to write (service-record/file.ts), from the result.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceRecord } from '../service-record/types.js';
import { serviceRecordOf } from './evidence.js';
import { cleanupPlan, scratchPlan, type ProbePlan } from './plan.js';
import { choosePart, findLiveProof, readProbeGroup, SCRATCH_PREFIX, type LiveProof, type ProbeGroup, type ReadTarget } from './read-group.js';
import { startProbeRun, type ProbeRun, type ProbeRunOptions } from './run.js';

export { SCRATCH_PREFIX, type BindingRef, type LeftoverMerchant, type LiveProof, type ProbeGroup, type ProbePart } from './read-group.js';
export { bindingWords, stepRequest, stepText, type ProbePlan, type ProbeStep } from './plan.js';
export { describeMade, type Made, type ProbeEvent, type ProbeRun, type ProbeRunOptions, type ProbeRunResult, type SentWrite } from './run.js';
export { listsText } from './lists.js';

export interface ProbeOptions extends ReadTarget {
  /** The scratch merchant's providerReference after `paycfg-probe-` (default: 6 random hex digits). */
  readonly suffix?: string;
  /** When the group was read, for a record established from the group itself (default: the clock). */
  readonly now?: () => Date;
}

export type PreparedProbe =
  /** The group already shows the binding reading: the record, with no write. */
  | { readonly kind: 'live-group'; readonly group: ProbeGroup; readonly proof: LiveProof; readonly record: ServiceRecord }
  /** The writes a scratch merchant needs, to be shown and consented to before run() sends them. */
  | { readonly kind: 'scratch'; readonly group: ProbeGroup; readonly plan: ProbePlan; run(options?: ProbeRunOptions): ProbeRun };

/**
 * Reads the group and decides how to establish the reading. Sends GET requests only.
 *
 * @throws ProbeError when no profile offers a part to bind, or the group is on the legacy API; GroupMismatchError when the token is of another group than expected.
 */
export async function prepareProbe(options: ProbeOptions): Promise<PreparedProbe> {
  const { client } = options;
  const group = await readProbeGroup(options);
  const proof = await findLiveProof(client, group);
  if (proof !== undefined) {
    const record = serviceRecordOf({
      summaryLists: 'binding',
      method: 'live-group',
      baseUrl: group.baseUrl,
      group: group.owner.groupId,
      at: (options.now ?? (() => new Date()))(),
      merchant: proof.merchant,
      binding: proof.binding,
      lists: { binding: proof.bindingLists, profile: proof.profileLists, summary: proof.summaryLists },
      writes: [],
    });
    return { kind: 'live-group', group, proof, record };
  }
  const part = choosePart(group);
  const plan = scratchPlan(group, part, `${SCRATCH_PREFIX}${options.suffix ?? randomBytes(3).toString('hex')}`);
  return { kind: 'scratch', group, plan, run: (runOptions) => startProbeRun(client, plan, runOptions) };
}

export interface PreparedCleanup {
  readonly group: ProbeGroup;
  /** The removal of every scratch merchant earlier probes left (none: nothing to do). */
  readonly plan: ProbePlan;
  run(options?: ProbeRunOptions): ProbeRun;
}

/** `paycfg probe --cleanup`: reads the group and plans the removal of what earlier probes left. Sends GET requests only. */
export async function prepareCleanup(options: ReadTarget): Promise<PreparedCleanup> {
  const group = await readProbeGroup(options);
  const plan = cleanupPlan(group);
  return { group, plan, run: (runOptions) => startProbeRun(options.client, plan, runOptions) };
}

