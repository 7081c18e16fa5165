/**
 * The service record: what paycfg has learnt of the service itself, once, where the reference does
 * not say (01 §2.1 leaves open whose lists a merchant's acquirers[] summary carries). It is a file
 * the team keeps beside its manifests, written by `paycfg probe` against a group where writes are
 * acceptable, and read by every run that reads a live group (plan, apply, drift, export, promote,
 * diff-env, saved plans). Without one, runs learn what they can from each group as before
 * (live/summary-reading.ts).
 */

/**
 * Whose lists a merchant's acquirers[] items carry: `binding` (the binding's own methods and EMV
 * ids) or `profile` (the bound profile's methodList and emvList as they stand). The simulator's
 * `--summary-lists` speaks either.
 */
export type SummaryLists = 'binding' | 'profile';

export const SUMMARY_LISTS: readonly SummaryLists[] = ['binding', 'profile'];

/**
 * What each reading means to a run, in one table: whether a summary item can be trusted for the
 * binding's methods and EMV configs (and so its `allows`), the other reading, what the summary
 * carries, and the reading in words (the record's comment and the CLI say it so).
 */
export const READINGS: Readonly<Record<SummaryLists, { readonly trustsSummary: boolean; readonly other: SummaryLists; readonly carries: string; readonly inWords: string }>> = {
  binding: { trustsSummary: true, other: 'profile', carries: "each binding's own lists", inWords: "a merchant's acquirers[] items carry the binding's own lists" },
  profile: { trustsSummary: false, other: 'binding', carries: "the bound profile's lists", inWords: "a merchant's acquirers[] items carry the bound profile's lists" },
};

/** How the reading was established. */
export type ProbeMethod =
  /** The live group already held a binding that differs from its profile: read, no write. */
  | 'live-group'
  /** A scratch merchant was made, bound to part of a profile, its summary read, and removed again. */
  | 'scratch-merchant';

/** Methods as lists carry them: payment method code → EMV config ids (as the service numbers them). */
export type EmvIdsByMethod = Readonly<Record<string, readonly number[]>>;

/**
 * What was read, so that a reviewer of the record can see why it says what it says. Never a secret:
 * the base URL is kept without user info, query or fragment.
 */
export interface ProbeEvidence {
  readonly baseUrl: string;
  readonly group: string;
  /** ISO 8601, when the summary was read. */
  readonly at: string;
  readonly paycfgVersion: string;
  readonly method: ProbeMethod;
  /** The merchant whose summary was read: its mchId, and its providerReference when it has one. */
  readonly merchant: { readonly mchId: string; readonly providerReference?: string };
  /** The bound profile: its id and name, and the binding's currency. */
  readonly profile: { readonly profileId: number; readonly profileName: string };
  readonly currency: string;
  /** The binding's methods and EMV ids, as its binding record (GET /mchInfo/payment/{mchId}) says. */
  readonly bindingLists: EmvIdsByMethod;
  /** The profile's methods and EMV ids, as the profile list says. */
  readonly profileLists: EmvIdsByMethod;
  /** The summary item's methods and EMV ids, as the merchant's acquirers[] says. */
  readonly summaryLists: EmvIdsByMethod;
  /** Each write sent, in order, as "METHOD /path: what" (none for `live-group`). */
  readonly writes: readonly string[];
}

export interface ServiceRecord {
  readonly version: 1;
  readonly summaryLists: SummaryLists;
  readonly evidence: ProbeEvidence;
}

/** A record as a run holds it: where it came from, for messages and saved plans. */
export interface LoadedServiceRecord {
  readonly record: ServiceRecord;
  /** The file, as the user would name it (relative to the working directory when inside it). */
  readonly file: string;
  /** sha256 of the file's bytes: a saved plan names the record it was made with. */
  readonly sha256: string;
}

/**
 * What a live read is told: the recorded reading and where it came from. Passed to readLive and
 * readAllLive as ReadOptions.recorded.
 */
export interface RecordedReading {
  readonly summaryLists: SummaryLists;
  /** The record file, for messages ("paycfg.service.yaml says …"). */
  readonly source: string;
}

export function recordedReadingOf(loaded: LoadedServiceRecord | undefined): RecordedReading | undefined {
  return loaded === undefined ? undefined : { summaryLists: loaded.record.summaryLists, source: loaded.file };
}
