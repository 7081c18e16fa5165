import { createReadStream } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { showControls } from '../util/visible-text.js';
import { changeEvidenceSchema } from '../plan/promotion.js';
import { JournalError } from './errors.js';
import { JOURNAL_FORMAT_VERSION, RECORD_PREFIX, type JournalRecord } from './records.js';

/** A record cut short (a crash or a full disk while it was written), skipped and reported. */
export interface TornLine {
  /** 1-based. */
  readonly line: number;
  /** Its length in characters, as read. */
  readonly length: number;
}

export interface ReadJournal {
  /** Every whole record, in file order (runs interleaved as they were written). */
  readonly records: JournalRecord[];
  readonly torn: TornLine[];
  /**
   * Records of a type this version does not know, skipped: a later version adds record types to
   * format 1 (records.ts), and a journal holding one stays readable here.
   */
  readonly skipped?: readonly { readonly line: number; readonly type: string }[];
}

const base = { journalVersion: z.number().int().min(1), run: z.string().min(1), time: z.string() };
const count = z.number().int().min(0);
const recordSchema = z.discriminatedUnion('type', [
  z.looseObject({
    ...base,
    type: z.literal('run-start'),
    paycfgVersion: z.string(),
    baseUrl: z.string(),
    group: z.looseObject({ groupId: z.string(), groupName: z.string() }),
    planHash: z.string(),
    source: z.looseObject({ kind: z.enum(['manifest', 'saved-plan']) }),
    git: z.looseObject({ commit: z.string().nullable(), clean: z.boolean().nullable() }),
    actor: z.looseObject({ name: z.string(), from: z.string() }).nullable(),
  }),
  z.looseObject({
    ...base,
    type: z.literal('change'),
    address: z.string(),
    action: z.string(),
    outcome: z.enum(['done', 'failed', 'skipped']),
    error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  }),
  z.looseObject({
    ...base,
    type: z.literal('run-end'),
    summary: z.looseObject({ done: count, failed: count, skipped: count, notStarted: count, blocked: count }),
    exitCode: z.number().int(),
    interrupted: z.boolean(),
    notStarted: z.array(z.string()),
  }),
  z.looseObject({
    ...base,
    type: z.literal('promotion'),
    from: z.looseObject({ name: z.string(), baseUrl: z.string(), groupId: z.string() }),
    to: z.looseObject({ name: z.string(), baseUrl: z.string(), groupId: z.string() }),
    planHash: z.string(),
    allowedUnproven: z.boolean(),
    changes: z.array(z.looseObject({ address: z.string(), action: z.string(), evidence: changeEvidenceSchema })),
  }),
  z.looseObject({
    ...base,
    type: z.literal('policy-override'),
    rule: z.string(),
    pack: z.string(),
    reason: z.string(),
    actor: z.looseObject({ name: z.string(), from: z.string() }).nullable(),
    addresses: z.array(z.string()),
  }),
]);

const KNOWN_TYPES: ReadonlySet<string> = new Set(recordSchema.options.map((option) => option.shape.type.value));

/**
 * Reads a journal written by `apply --journal`. A line cut short by a crash, at the end or (once
 * later runs appended after it) in the middle, is recognised by its first bytes, skipped and
 * reported in `torn`; the rest is read. A blank line is skipped.
 *
 * @throws JournalError, naming the file and line, for a file that is not a journal (a line that is
 *   not a journal record), a record that does not fit the format, or a record of a newer format.
 */
export async function readJournal(file: string, cwd: string = process.cwd()): Promise<ReadJournal> {
  const shown = showControls(file);
  const records: JournalRecord[] = [];
  const torn: TornLine[] = [];
  const skipped: { line: number; type: string }[] = [];
  let lineNumber = 0;
  const take = (line: string): void => {
    lineNumber += 1;
    if (line.trim() === '') return;
    const at = `${shown}:${lineNumber}`;
    if (!line.startsWith(RECORD_PREFIX)) {
      // A record cut within its first bytes: at the very end, or before the next run's records (the
      // writer starts those on a line of their own).
      if (RECORD_PREFIX.startsWith(line)) {
        torn.push({ line: lineNumber, length: line.length });
        return;
      }
      throw new JournalError(`${at}: not a paycfg journal record${lineNumber === 1 ? ' (is this a journal written by `paycfg apply --journal`?)' : ''}`, { path: file, line: lineNumber });
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      torn.push({ line: lineNumber, length: line.length });
      return;
    }
    const version = (value as { journalVersion?: unknown }).journalVersion;
    if (typeof version === 'number' && version > JOURNAL_FORMAT_VERSION) {
      throw new JournalError(`${at}: a record of journal format ${version}, written by a newer paycfg; this one reads format ${JOURNAL_FORMAT_VERSION}`, { path: file, line: lineNumber });
    }
    const type = (value as { type?: unknown }).type;
    if (typeof type === 'string' && !KNOWN_TYPES.has(type)) {
      skipped.push({ line: lineNumber, type: showControls(type) });
      return;
    }
    const parsed = recordSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue !== undefined && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      throw new JournalError(`${at}: a journal record that does not fit the format${where}: ${showControls(issue?.message ?? 'invalid')}`, { path: file, line: lineNumber });
    }
    records.push(parsed.data as unknown as JournalRecord);
  };

  const stream = createReadStream(path.resolve(cwd, file), { encoding: 'utf8' });
  let carry = '';
  try {
    for await (const chunk of stream) {
      const lines = (carry + (chunk as string)).split('\n');
      carry = lines.pop()!;
      for (const line of lines) take(line);
    }
  } catch (error) {
    if (error instanceof JournalError) throw error;
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (code ?? String(error));
    throw new JournalError(`cannot read the journal ${shown}: ${why}`, { path: file });
  } finally {
    stream.destroy();
  }
  // Text after the last line feed: a record whose writing never finished.
  if (carry !== '') take(carry);
  return { records, torn, ...(skipped.length > 0 ? { skipped } : {}) };
}
