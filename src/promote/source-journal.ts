import { stat } from 'node:fs/promises';
import path from 'node:path';
import { readJournal } from '../journal/reader.js';
import type { JournalRecord } from '../journal/records.js';

/** What the source's journal says of a change: the last time a run of the source's group did it. */
export interface JournalEvidence {
  /** The change record's time (ISO 8601). */
  readonly since: string;
  /** The run's id. */
  readonly run: string;
  /** The plan the run applied. */
  readonly planHash: string;
}

/**
 * The last done change of each address, in the runs of the source's group at its base URL, apart
 * by what it left: `present`, a create, update or replacement (the record is there, as that run
 * wrote it); `gone`, a delete. A replacement's detach and old half are neither: they prove nothing
 * of the record the change writes.
 */
export interface JournalIndex {
  readonly present: ReadonlyMap<string, JournalEvidence>;
  readonly gone: ReadonlyMap<string, JournalEvidence>;
}

export const NO_JOURNAL: JournalIndex = { present: new Map(), gone: new Map() };

/** Where the source's journal's runs count: the group they applied to, and the service (a base URL as the client or the environments file spells it). */
export interface JournalScope {
  readonly groupId: string;
  readonly baseUrls: readonly string[];
}

/**
 * The source's journal, indexed. A journal that does not exist yet is a source never applied to
 * with it: no evidence of when, and no error. Any other problem (not a journal, a newer format) is
 * the reader's JournalError: evidence from a file that cannot be read is not evidence.
 */
export async function readSourceJournal(file: string | undefined, scope: JournalScope, cwd: string): Promise<JournalIndex> {
  if (file === undefined) return NO_JOURNAL;
  // Any other problem than its absence is the reader's to report.
  const exists = await stat(path.resolve(cwd, file)).then(
    () => true,
    (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
  );
  if (!exists) return NO_JOURNAL;
  const { records } = await readJournal(file, cwd);
  return indexJournal(records, scope);
}

/**
 * Each address's last `change` record with outcome `done`, in a run whose run-start names the
 * source's group and base URL: a run against another group (a journal shared by environments,
 * or the target's own runs) proves nothing of the source. Records are taken in file order, which
 * is the order they were written.
 */
export function indexJournal(records: readonly JournalRecord[], scope: JournalScope): JournalIndex {
  const urls = new Set(scope.baseUrls.map(withoutTrailingSlash));
  const runs = new Map<string, string>();
  const present = new Map<string, JournalEvidence>();
  const gone = new Map<string, JournalEvidence>();
  for (const record of records) {
    if (record.type === 'run-start') {
      if (record.group.groupId === scope.groupId && urls.has(withoutTrailingSlash(record.baseUrl))) runs.set(record.run, record.planHash);
    } else if (record.type === 'change' && record.outcome === 'done' && record.step === undefined) {
      const planHash = runs.get(record.run);
      if (planHash !== undefined) (record.action === 'delete' ? gone : present).set(record.address, { since: record.time, run: record.run, planHash });
    }
  }
  return { present, gone };
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
