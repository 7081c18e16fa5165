/**
 * Who ran each run, as `paycfg journal` shows it: the variable that named them, or the OS account;
 * journals written before the OS account was recorded still read.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/reader.js';
import { JOURNAL_FORMAT_VERSION } from '../../src/journal/records.js';
import { renderJournalText } from '../../src/journal/render.js';

const start = (run: string, actor: { name: string; from: string } | null) => ({
  journalVersion: JOURNAL_FORMAT_VERSION,
  type: 'run-start',
  run,
  time: '2026-01-01T10:00:00.000Z',
  paycfgVersion: '0.1.0',
  baseUrl: 'http://127.0.0.1:8080',
  group: { groupId: 'G-00000001', groupName: 'Shop' },
  planHash: `sha256:${'ab'.repeat(32)}`,
  source: { kind: 'manifest', files: [{ path: 'paycfg.yaml', sha256: 'cd'.repeat(32) }] },
  git: { commit: null, clean: null, uncommitted: null },
  actor,
  plan: { create: 0, update: 0, delete: 0, replace: 0, blocked: 0 },
  changes: 0,
});

describe('who ran it, in the journal summary', () => {
  it('names the variable or the OS account; reads journals written before, and escapes what a hostile one holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-actor-'));
    const file = join(dir, 'j.jsonl');
    const lines = [
      start('run-old', { name: 'runner', from: 'USER' }),
      start('run-ci', { name: 'octocat', from: 'GITHUB_ACTOR' }),
      start('run-box', { name: 'root', from: 'os-account' }),
      start('run-none', null),
      start('run-evil', { name: 'x', from: 'USER\x1b[2J' }),
    ];
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const text = renderJournalText('j.jsonl', await readJournal(file));
    const who = text.split('\n').filter((line) => line.startsWith('  started '));
    expect(who).toEqual([
      '  started  2026-01-01T10:00:00.000Z by runner (USER)',
      '  started  2026-01-01T10:00:00.000Z by octocat (GITHUB_ACTOR)',
      '  started  2026-01-01T10:00:00.000Z by root (OS account)',
      '  started  2026-01-01T10:00:00.000Z by unknown',
      '  started  2026-01-01T10:00:00.000Z by x (USER\\e[2J)',
    ]);
  });
});
