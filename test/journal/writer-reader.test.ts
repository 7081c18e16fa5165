import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalError } from '../../src/journal/errors.js';
import { readJournal } from '../../src/journal/reader.js';
import { JOURNAL_FORMAT_VERSION, type ChangeRecord } from '../../src/journal/records.js';
import { openJournal } from '../../src/journal/writer.js';

const dir = (): string => mkdtempSync(join(tmpdir(), 'paycfg-journal-'));

const change = (run: string, address: string): ChangeRecord => ({
  journalVersion: JOURNAL_FORMAT_VERSION,
  type: 'change',
  run,
  time: '2026-01-01T00:00:00.000Z',
  address,
  action: 'create',
  outcome: 'done',
  detail: 'created id 1',
  durationMs: 3,
});

describe('openJournal', () => {
  it('creates the file with mode 0600 and appends one line a record, journalVersion first', async () => {
    const file = join(dir(), 'journal.jsonl');
    const journal = await openJournal(file);
    await journal.append(change('r1', 'emv/a'));
    await journal.append(change('r1', 'emv/b'));
    await journal.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\{"journalVersion":1,"type":"change","run":"r1"/);
    expect(lines[2]).toBe('');
    // A second open appends after what is there.
    const again = await openJournal('journal.jsonl', join(file, '..'));
    await again.append(change('r2', 'emv/c'));
    await again.close();
    expect((await readJournal(file)).records.map((r) => (r as ChangeRecord).address)).toEqual(['emv/a', 'emv/b', 'emv/c']);
  });

  it('writes what append() still holds before appendNow\'s last words, so that they are the last line (a second Ctrl-C)', async () => {
    const file = join(dir(), 'journal.jsonl');
    const journal = await openJournal(file);
    await journal.append(change('r1', 'emv/a'));
    // Appended and not awaited: still queued when the process's last words are written.
    const queued = [journal.append(change('r1', 'emv/b')), journal.append(change('r1', 'emv/c'))];
    journal.appendNow(change('r1', 'run-end'));
    await Promise.all(queued);
    await journal.close();
    expect((await readJournal(file)).records.map((r) => (r as ChangeRecord).address)).toEqual(['emv/a', 'emv/b', 'emv/c', 'run-end']);
  });

  it('refuses, with the path and why, what it cannot append to', async () => {
    const base = dir();
    await expect(openJournal(join(base, 'missing', 'j.jsonl'))).rejects.toThrow(`cannot write the journal ${join(base, 'missing', 'j.jsonl')}: its directory does not exist; nothing was changed`);
    await expect(openJournal(base)).rejects.toThrow(`cannot write the journal ${base}: it is a directory; nothing was changed`);
    const manifest = join(base, 'paycfg.yaml');
    writeFileSync(manifest, 'version: 1\n');
    const refused = await openJournal(manifest).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JournalError);
    expect((refused as JournalError).message).toBe(`cannot write the journal ${manifest}: it is not a paycfg journal (its first line is not a journal record); nothing was changed`);
    expect(readFileSync(manifest, 'utf8')).toBe('version: 1\n');
    if (process.getuid?.() !== 0) {
      const locked = join(base, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o500);
      await expect(openJournal(join(locked, 'j.jsonl'))).rejects.toThrow('permission denied; nothing was changed');
    }
  });

  it('after a record cut short, starts the next on a line of its own', async () => {
    const file = join(dir(), 'journal.jsonl');
    writeFileSync(file, `${JSON.stringify(change('r1', 'emv/a'))}\n{"journalVersion":1,"type":"chan`);
    const journal = await openJournal(file);
    await journal.append(change('r2', 'emv/b'));
    await journal.close();
    const read = await readJournal(file);
    expect(read.records.map((r) => r.run)).toEqual(['r1', 'r2']);
    expect(read.torn).toEqual([{ line: 2, length: `{"journalVersion":1,"type":"chan`.length }]);
  });

  it('appends to a file cut within its first record\'s first bytes, or holding blank lines only, and reads it back', async () => {
    for (const start of ['{"jour', '\n\n']) {
      const file = join(dir(), 'journal.jsonl');
      writeFileSync(file, start);
      const journal = await openJournal(file);
      await journal.append(change('r1', 'emv/a'));
      await journal.close();
      const read = await readJournal(file);
      expect(read.records.map((r) => r.run), JSON.stringify(start)).toEqual(['r1']);
      expect(read.torn).toEqual(start === '{"jour' ? [{ line: 1, length: 6 }] : []);
    }
  });
});

describe('readJournal', () => {
  it('reports a last line cut short and reads the rest', async () => {
    const file = join(dir(), 'j.jsonl');
    writeFileSync(file, `${JSON.stringify(change('r1', 'emv/a'))}\n${JSON.stringify(change('r1', 'emv/b')).slice(0, 40)}`);
    const read = await readJournal(file);
    expect(read.records).toHaveLength(1);
    expect(read.torn).toEqual([{ line: 2, length: 40 }]);
    // Cut within the first bytes of the prefix too.
    writeFileSync(file, `${JSON.stringify(change('r1', 'emv/a'))}\n{"jour`);
    expect((await readJournal(file)).torn).toEqual([{ line: 2, length: 6 }]);
    writeFileSync(file, '');
    expect(await readJournal(file)).toEqual({ records: [], torn: [] });
  });

  it('refuses a file that is not a journal, naming the line', async () => {
    const file = join(dir(), 'j.jsonl');
    writeFileSync(file, 'version: 1\n');
    await expect(readJournal(file)).rejects.toThrow(`${file}:1: not a paycfg journal record (is this a journal written by \`paycfg apply --journal\`?)`);
    writeFileSync(file, `${JSON.stringify(change('r1', 'emv/a'))}\n{"level":"info"}\n`);
    await expect(readJournal(file)).rejects.toThrow(`${file}:2: not a paycfg journal record`);
    writeFileSync(file, `${JSON.stringify({ ...change('r1', 'emv/a'), outcome: 'maybe' })}\n`);
    await expect(readJournal(file)).rejects.toThrow(`${file}:1: a journal record that does not fit the format at outcome`);
    writeFileSync(file, `${JSON.stringify({ ...change('r1', 'emv/a'), journalVersion: 2 })}\n`);
    await expect(readJournal(file)).rejects.toThrow(`${file}:1: a record of journal format 2, written by a newer paycfg; this one reads format 1`);
    await expect(readJournal(join(dir(), 'none.jsonl'))).rejects.toThrow('none.jsonl: no such file');
  });

  it('keeps fields and records a later version adds', async () => {
    const file = join(dir(), 'j.jsonl');
    appendFileSync(file, `${JSON.stringify({ ...change('r1', 'emv/a'), later: 'field' })}\n`);
    expect(((await readJournal(file)).records[0] as unknown as { later: string }).later).toBe('field');
  });
});
