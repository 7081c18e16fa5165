import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/reader.js';

describe('a journal holding a record type of a later version', () => {
  it('is read, the record skipped and counted with its line, its type escaped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-later-'));
    const file = join(dir, 'journal.jsonl');
    const start = { journalVersion: 1, type: 'run-start', run: 'r1', time: '2026-01-01T00:00:00.000Z', paycfgVersion: '0.1.0', baseUrl: 'https://pay.example', group: { groupId: 'G-00000001', groupName: 'G' }, planHash: 'sha256:x', source: { kind: 'manifest', files: [] }, git: { commit: null, clean: null, uncommitted: null }, actor: null };
    const later = { journalVersion: 1, type: 'approval\u001b[2J', run: 'r1', time: '2026-01-01T00:00:01.000Z', by: 'someone' };
    writeFileSync(file, `${JSON.stringify(start)}\n${JSON.stringify(later)}\n`);
    const read = await readJournal(file);
    expect(read.records.map((r) => r.type)).toEqual(['run-start']);
    expect(read.skipped).toEqual([{ line: 2, type: 'approval\\e[2J' }]);
  });
});
